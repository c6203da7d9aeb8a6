import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { buildCostQuery, settingsFromQuery, settingsToQuery } from './build-settings'
import { displaySecurity, timeAgo } from '../../components/industry/shared'
import type { BuildCostResponse } from '../../../schemas/industry'
import { expectCardAndMenuEntry } from './e2e-helpers'
import { emptyAlertRegion, gate } from '../../components/error-alert.testing.js'

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const iskValue = (text: string | null) => Number((text ?? '').replace(/ ISK$/, '').replace(/,/g, ''))
const materialRows = (page: Page) => page.locator('.materials-table tbody tr')

async function pickBlueprint(page: Page, search: string, name: string) {
  await page.getByTestId('blueprint-picker').fill(search)
  await page.getByRole('listbox', { name: 'Blueprint' }).getByRole('option', { name, exact: true }).click()
}

describe('/industry', () => {
  it("starts with the spec's defaults and asks for a blueprint", async () => {
    // The cost indices arrive with the industry-inputs job at server start: wait for Jita's before the page loads its list.
    await expect
      .poll(
        async () => {
          const systems = (await (await fetch(`${baseUrl}/api/industry/systems`)).json()) as Array<{ system_name: string; manufacturing_index: number | null }>
          return systems.some((s) => s.system_name === 'Jita' && s.manufacturing_index !== null)
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true)
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/industry')
    await page.getByRole('heading', { name: 'Industry build cost' }).waitFor()
    expect(await page.getByTestId('build-status').textContent()).toBe('Pick a blueprint to see what it costs to build.')
    expect(await page.getByLabel('ME', { exact: true }).inputValue()).toBe('0')
    expect(await page.getByLabel('Runs').inputValue()).toBe('1')
    await expect.poll(() => page.getByTestId('system-picker').inputValue()).toBe('Jita')
    expect(await page.getByLabel('Structure', { exact: true }).inputValue()).toBe('Non-Bonused Structure')
    expect(await page.getByLabel('Structure', { exact: true }).locator('option').allTextContents()).toEqual([
      'Non-Bonused Structure',
      'Raitaru',
      'Azbel',
      'Sotiyo',
    ])
    expect(await page.getByLabel('Station prices').inputValue()).toBe('60003760')
    expect(await page.getByTestId('job-cost-override').getAttribute('step')).toBe('0.0001')
    expect(await page.getByTestId('job-cost-override').getAttribute('min')).toBe('0')
    // the override is a fraction, so the system's index it stands in for is shown as one too (not as a percent)
    await expect.poll(() => page.getByTestId('job-cost-override').getAttribute('placeholder')).toMatch(/^0\.\d{4}$/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('builds a searched blueprint: materials, totals that add up, job cost; ME and runs recompute', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/industry')
    await pickBlueprint(page, 'rifter', 'Rifter Blueprint')
    await page.getByTestId('build-result').waitFor()
    expect(await page.locator('.build-result h2').textContent()).toBe('Rifter Blueprint × 1')
    expect(await materialRows(page).count()).toBe(4)
    const costs = (await materialRows(page).locator('td:nth-child(5)').allTextContents()).map(iskValue)
    expect(iskValue(await page.getByTestId('materials-total').textContent())).toBeCloseTo(
      costs.reduce((a, b) => a + b, 0),
      2,
    )
    const job = iskValue(await page.getByTestId('job-cost').textContent())
    expect(job).toBeGreaterThan(0)
    expect(iskValue(await page.getByTestId('build-total').textContent())).toBeCloseTo(
      iskValue(await page.getByTestId('materials-total').textContent()) + job,
      2,
    )
    expect(page.url()).toContain('blueprint=691')

    const quantities = async () =>
      Object.fromEntries(
        await materialRows(page).evaluateAll((trs) => trs.map((tr) => [tr.children[0].textContent, Number(tr.children[1].textContent!.replace(/,/g, ''))])),
      )
    expect(await quantities()).toEqual({ Tritanium: 32_000, Pyerite: 6_000, Mexallon: 2_500, Isogen: 500 })
    await page.getByLabel('ME', { exact: true }).fill('10')
    await page.getByLabel('Runs').fill('3')
    await expect.poll(() => page.locator('.build-result h2').textContent()).toBe('Rifter Blueprint × 3')
    // ceil(base × 3 × 0.9)
    await expect.poll(quantities).toEqual({ Tritanium: 86_400, Pyerite: 16_200, Mexallon: 6_750, Isogen: 1_350 })
    expect(page.url()).toMatch(/me=10&runs=3/)

    // A number beyond the bounds stays as typed until the box is left, so the box says which number is used meanwhile.
    const me = page.getByLabel('ME', { exact: true })
    await me.fill('15')
    const meNote = page.getByTestId('note-me')
    await expect.poll(() => meNote.textContent()).toBe('Using 10: at most 10.')
    expect(await meNote.getAttribute('aria-live')).toBe('polite')
    expect(await me.getAttribute('aria-describedby')).toBe(await meNote.getAttribute('id'))
    const runsNote = page.getByTestId('note-runs')
    await page.getByLabel('Runs').fill('')
    await expect.poll(() => runsNote.textContent()).toBe('Using 1 until a number is typed.')
    await page.getByLabel('Runs').fill('2.5')
    await expect.poll(() => runsNote.textContent()).toBe('Using 2: whole numbers only.')
    await page.getByLabel('Runs').blur()
    await expect.poll(() => page.getByLabel('Runs').inputValue()).toBe('2')
    expect(await me.inputValue()).toBe('10')
    expect([await meNote.textContent(), await runsNote.textContent()]).toEqual(['', ''])
    expect(await me.getAttribute('aria-describedby')).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  })

  it('uses a job cost index override, another system and a structure, and warns where a structure cannot stand', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    await page.getByTestId('job-cost-override').fill('0.05')
    await expect.poll(() => page.locator('.build-summary').textContent()).toContain('5.00% (override)')
    await page.getByLabel('Structure', { exact: true }).selectOption('Sotiyo')
    await expect.poll(() => page.getByTestId('build-warnings').textContent()).toContain('A Sotiyo cannot be anchored in high-security space (Jita).')
    await page.getByTestId('system-picker').fill('Thera')
    await page.getByRole('listbox', { name: 'System' }).getByRole('option').filter({ hasText: 'Thera' }).first().click()
    await expect.poll(() => page.locator('.build-line').textContent()).toContain('Sotiyo in Thera (wormhole)')
    expect(await page.getByTestId('build-warnings').count()).toBe(0)
    await context.close()
  })

  it('marks a materials total that counts unpriced materials as 0', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/buildcost?*', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as BuildCostResponse
      body.materials[0].price.buy = null
      await route.fulfill({ response, json: body })
    })
    await page.goto('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    expect(await page.getByTestId('missing-buy-total').getAttribute('title')).toBe('1 material(s) have no buy orders at this hub and count as 0')
    expect(await page.getByTestId('missing-sell-total').count()).toBe(0)
    await context.close()
  })

  it('reads n/a, not 0.00 ISK, for every total that has no price at all, and says the data is not there yet', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/systems', async (route) => {
      const systems = (await (await route.fetch()).json()) as Array<{ manufacturing_index: number | null }>
      await route.fulfill({ json: systems.map((s) => ({ ...s, manufacturing_index: null, reaction_index: null })) })
    })
    // What the API answers on a fresh start with ESI unreachable: no hub, adjusted or index data, every sum 0.
    await page.route('**/api/industry/buildcost?*', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as BuildCostResponse
      for (const m of body.materials) Object.assign(m, { price: { sell: null, buy: null }, costSell: 0, adjustedPrice: null })
      body.missingPrices = body.missingAdjustedPrices = body.materials.map((m) => m.typeID)
      body.totalCost = { sell: 0, buy: 0 }
      body.jobCost = { avg: 0, estimatedItemValue: 0, costIndex: null, costIndexSource: 'missing', gross: 0, facilityTax: 0, sccSurcharge: 0 }
      for (const p of body.products) p.price = { sell: null, buy: null }
      body.ages = { ...body.ages, pricesAt: null, adjustedPricesAt: null, costIndicesAt: null }
      await route.fulfill({ response, json: body })
    })
    await page.goto('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    expect(new Set(await materialRows(page).locator('td:nth-child(5)').allTextContents())).toEqual(new Set(['n/a']))
    for (const id of ['materials-total', 'job-cost', 'build-total', 'per-unit']) expect(await page.getByTestId(id).textContent()).toBe('n/a')
    expect(await page.locator('.build-summary').textContent()).not.toContain('0.00 ISK')
    expect(await page.getByTestId('build-margin').count()).toBe(0)
    const sources = await page.getByTestId('data-sources').textContent()
    expect(sources).toContain('at Jita 4-4, not taken yet')
    expect(sources).toMatch(/adjusted prices \(not fetched yet\); cost indices come from ESI \(not fetched yet\)/)
    expect(sources).not.toContain('never')
    // no snapshot says nothing about the hub's orders: the marks must not claim Jita has no Tritanium orders
    const marks = await page.getByTestId('missing-price').evaluateAll((els) => els.map((e) => e.getAttribute('title')))
    expect(marks.length).toBe(9)
    expect(new Set(marks)).toEqual(new Set(['No market snapshot yet: prices have not been loaded from ESI']))
    // nor that ESI has no index for Jita: the indices were never fetched
    expect(await page.getByTestId('job-cost-index').textContent()).toBe('not fetched yet')
    await page.getByTestId('system-picker').fill('Amamake')
    expect(await page.getByRole('listbox', { name: 'System' }).getByRole('option').filter({ hasText: 'Amamake' }).first().textContent()).toContain(
      'Heimatar · not fetched yet',
    )
    await context.close()
  })

  it('says the system picker indices are not fetched yet before any blueprint is built, when ESI has sent none', async () => {
    // A fresh start with ESI unreachable: no system has an index. With no build cost answer yet to say so, the list
    // itself shows it; 'no index' for Jita and every other system would read as a fact about the systems.
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/systems', async (route) => {
      const systems = (await (await route.fetch()).json()) as Array<{ manufacturing_index: number | null }>
      await route.fulfill({ json: systems.map((s) => ({ ...s, manufacturing_index: null, reaction_index: null })) })
    })
    await page.goto('/industry')
    await expect.poll(() => page.getByTestId('system-picker').inputValue()).toBe('Jita')
    await page.getByTestId('system-picker').fill('Amamake')
    expect(await page.getByRole('listbox', { name: 'System' }).getByRole('option').filter({ hasText: 'Amamake' }).first().textContent()).toContain(
      'Heimatar · not fetched yet',
    )
    await context.close()
  })

  it('still says "no index" for a system ESI left out while others have one', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/systems', async (route) => {
      const systems = (await (await route.fetch()).json()) as Array<{ system_name: string; manufacturing_index: number | null }>
      await route.fulfill({
        json: systems.map((s) => (s.system_name === 'Amamake' ? { ...s, manufacturing_index: null } : { ...s, manufacturing_index: 0.0123 })),
      })
    })
    await page.goto('/industry')
    await expect.poll(() => page.getByTestId('system-picker').inputValue()).toBe('Jita')
    await page.getByTestId('system-picker').fill('Amamake')
    expect(await page.getByRole('listbox', { name: 'System' }).getByRole('option').filter({ hasText: 'Amamake' }).first().textContent()).toContain(
      'Heimatar · no index',
    )
    await page.getByTestId('system-picker').fill('Jit')
    expect(await page.getByRole('listbox', { name: 'System' }).getByRole('option').filter({ hasText: 'The Forge' }).first().textContent()).toContain(
      'The Forge · 1.23%',
    )
    await context.close()
  })

  it('keeps a partly priced total with its mark, and reads n/a only for the material without a price', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/buildcost?*', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as BuildCostResponse
      const [first] = body.materials
      body.totalCost.sell -= first.costSell
      Object.assign(first, { price: { ...first.price, sell: null }, costSell: 0 })
      body.missingPrices = [first.typeID]
      await route.fulfill({ response, json: body })
    })
    await page.goto('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    const costs = await materialRows(page).locator('td:nth-child(5)').allTextContents()
    expect(costs.filter((c) => c === 'n/a')).toHaveLength(1)
    expect(await page.getByTestId('missing-sell-total').count()).toBe(1)
    expect(await page.getByTestId('build-total').textContent()).toMatch(/^[\d,]+\.\d\d ISK$/)
    await context.close()
  })

  it('shows the reason when the build cost call refuses the input', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    await page.getByTestId('job-cost-override').fill('-1')
    await expect.poll(() => page.getByTestId('build-error').textContent()).toMatch(/The job cost override must be at least 0/)
    await page.getByTestId('job-cost-override').fill('0.02')
    await page.getByTestId('build-result').waitFor()
    expect(await page.getByTestId('build-error').count()).toBe(0)
    await context.close()
  })

  it('explains a cost index typed as the percent the game shows ("5") beside the box, and asks nothing until it is a fraction', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const asked: string[] = []
    page.on('request', (r) => r.url().includes('/api/industry/buildcost?') && asked.push(new URL(r.url()).searchParams.get('jobCostOverride') ?? ''))
    await page.goto('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    const note = page.getByTestId('override-note')
    await page.getByTestId('job-cost-override').fill('5')
    await expect.poll(() => note.textContent()).toBe('The index is a fraction: 5 would be 500.00%. For 5% enter 0.05.')
    expect(await note.getAttribute('class')).toContain('warning-text')
    expect(await note.getAttribute('aria-live')).toBe('polite')
    expect(await page.getByTestId('job-cost-override').getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => page.getByTestId('build-result').count()).toBe(0)
    expect(await page.getByTestId('build-status').textContent()).toBe('Fix the job cost index override to see the build cost.')
    expect(await page.getByTestId('build-error').count()).toBe(0)
    expect(asked).not.toContain('5')
    await page.getByTestId('job-cost-override').fill('0.05')
    await expect.poll(() => note.textContent()).toBe('= 5.00% of the estimated item value')
    await expect.poll(() => page.locator('.build-summary').textContent()).toContain('5.00% (override)')
    await context.close()
  })

  it('says the server could not be reached, not "Failed to fetch" or a bare "HTTP 502", when the build cost call fails', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let answer: 'down' | 'gateway' = 'down'
    await page.route('**/api/industry/buildcost?*', (route) =>
      answer === 'down' ? route.abort('internetdisconnected') : route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    )
    await page.goto('/industry?blueprint=691')
    await expect
      .poll(() => page.getByTestId('build-error').textContent())
      .toBe('The server could not be reached, so there is no build cost. Check your connection; any change asks again.')
    answer = 'gateway'
    await page.getByLabel('Runs').fill('2')
    await expect
      .poll(() => page.getByTestId('build-error').textContent())
      .toBe('The server could not calculate the build cost (HTTP 502). Try again in a minute.')
    await context.close()
  })

  it('never breaks an amount mid-number on a 320 px phone, even for 100,000 runs', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.setViewportSize({ width: 320, height: 700 })
    await page.goto('/industry?blueprint=691&runs=100000&me=10')
    await expect.poll(() => page.getByTestId('build-total').textContent()).toMatch(/^[\d,]+\.\d\d ISK$/)
    // For each amount, how many lines its digits (the text before ' ISK') take on screen.
    const lines = await page.locator('.build-summary dd').evaluateAll((dds) =>
      dds.flatMap((dd) => {
        const text = [...dd.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /\d ISK/.test(n.textContent ?? ''))
        if (!text) return []
        const range = document.createRange()
        range.setStart(text, 0)
        range.setEnd(text, text.textContent!.indexOf(' ISK'))
        return [[text.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size]]
      }),
    )
    expect(lines.length).toBeGreaterThan(5)
    expect(lines.filter(([, n]) => n !== 1)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    await context.close()
  })

  it('reads each failure out from an alert region that is on the page from the start, a second identical one too', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let hold = gate()
    await page.route('**/api/industry/buildcost?*', async (route) => {
      await hold.wait
      await route.fulfill({ status: 500, json: { error: 'Internal server error' } })
    })
    await page.goto('/industry?blueprint=691')
    await page.getByRole('heading', { name: 'Industry build cost' }).waitFor()
    const held = await emptyAlertRegion(page, 'build-error')
    hold.open()
    await expect.poll(held).toBe('Internal server error')
    // the same sentence again: the region empties while the call runs, so the new failure is a change to read out
    hold = gate()
    await page.getByRole('spinbutton', { name: 'ME', exact: true }).fill('5')
    await expect.poll(held).toBe('')
    hold.open()
    await expect.poll(held).toBe('Internal server error')
    await context.close()
  })

  it('lists the blueprints by name', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/industry')
    await page.getByTestId('blueprint-picker').click()
    const options = page.getByRole('listbox', { name: 'Blueprint' }).getByRole('option')
    await expect.poll(() => options.count()).toBe(50)
    const names = await options.allTextContents()
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    await context.close()
  })

  it('says the lists are still loading on a slow connection, instead of "No matches."', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const hold = gate()
    await page.route('**/api/industry/blueprints', async (route) => {
      await hold.wait
      await route.continue()
    })
    await page.route('**/api/industry/systems', async (route) => {
      await hold.wait
      await route.continue()
    })
    await page.goto('/industry')
    await page.getByTestId('blueprint-picker').fill('rifter')
    expect(await page.locator('.blueprint-picker .search-select-note').textContent()).toBe('Loading blueprints…')
    await page.getByTestId('system-picker').click()
    expect(await page.locator('.system-picker .search-select-note').textContent()).toBe('Loading systems…')
    hold.open()
    await page.getByTestId('blueprint-picker').fill('rifter')
    await page.getByRole('listbox', { name: 'Blueprint' }).getByRole('option', { name: 'Rifter Blueprint', exact: true }).waitFor()
    await context.close()
  })

  it('names a linked blueprint in its box before (or without) the blueprint list, as the result does', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/blueprints', (route) => route.fulfill({ status: 500, json: { error: 'Internal server error' } }))
    await page.goto('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    // the box was empty while the result below it was a Rifter's: a screen reader heard an empty Blueprint box
    expect(await page.getByTestId('blueprint-picker').inputValue()).toBe('Rifter Blueprint')
    await context.close()
  })

  it('with the keyboard only: Tab goes from an open search list to the next box, and Escape closes it keeping the focus', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/industry')
    const active = () =>
      page.evaluate(
        () =>
          (document.activeElement as HTMLInputElement | null)?.dataset.testid ??
          document.activeElement?.getAttribute('name') ??
          document.activeElement?.tagName,
      )
    const blueprint = page.getByTestId('blueprint-picker')
    await blueprint.focus()
    await blueprint.pressSequentially('rifter')
    await page.getByRole('listbox', { name: 'Blueprint' }).getByRole('option', { name: 'Rifter Blueprint', exact: true }).waitFor()
    // the scrolling list was a Tab stop of its own, and it vanished as the box lost the focus: the focus fell to the page
    await page.keyboard.press('Tab')
    expect(await active()).toBe('me')
    const system = page.getByTestId('system-picker')
    await system.focus()
    await page.getByRole('listbox', { name: 'System' }).getByRole('option').first().waitFor()
    await page.keyboard.press('Tab')
    expect(await active()).toBe('job-cost-override')

    // Escape closes the list and puts the choice back, and the focus stays in the box (it used to go to the page)
    await blueprint.focus()
    await blueprint.pressSequentially('rif')
    await page.keyboard.press('Escape')
    expect(await page.getByRole('listbox', { name: 'Blueprint' }).count()).toBe(0)
    expect(await active()).toBe('blueprint-picker')
    expect(await blueprint.inputValue()).toBe('')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.url()).toMatch(/blueprint=\d+/)
    await context.close()
  })

  it('drops an address override a number box cannot show, instead of failing every call with an empty box', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/industry?blueprint=691&jobCostOverride=abc')
    await page.getByTestId('build-result').waitFor()
    expect(await page.getByTestId('build-error').count()).toBe(0)
    expect(await page.locator('.build-summary').textContent()).not.toContain('(override)')
    expect(page.url()).not.toContain('jobCostOverride')
    await context.close()
  })

  it('shows a loading flag while calculating', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/buildcost?*', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500))
      await route.continue()
    })
    await page.goto('/industry?blueprint=691')
    await expect.poll(() => page.getByTestId('build-status').textContent()).toBe('Calculating…')
    await page.getByTestId('build-result').waitFor()
    // the status region (there from the start) says, for screen readers, that the cost arrived
    expect(await page.getByTestId('build-status').getAttribute('aria-live')).toBe('polite')
    await expect.poll(() => page.getByTestId('build-status').textContent()).toBe('Build cost updated for 1 × Rifter.')
    await context.close()
  })

  it('leaves the lists empty, without a message, when they cannot be loaded', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/industry/blueprints', (route) => route.fulfill({ status: 500, json: { error: 'Internal server error' } }))
    await page.route('**/api/industry/systems', (route) => route.abort())
    await page.goto('/industry')
    await page.getByTestId('blueprint-picker').fill('rifter')
    expect(await page.getByRole('listbox', { name: 'Blueprint' }).getByRole('option').count()).toBe(0)
    expect(await page.locator('.search-select-note').textContent()).toBe('No matches.')
    // the page's one alert region stays empty
    expect(await page.getByRole('alert').allTextContents()).toEqual([''])
    await context.close()
  })

  it('is in the menu under Calculators as Industry, and on the landing page', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await expectCardAndMenuEntry(page, 'Industry build cost', 'Industry', '/industry')
    await context.close()
  })
})

describe('build settings in the address', () => {
  it('round-trips, leaves defaults out and refuses values out of range', () => {
    const s = settingsFromQuery(new URLSearchParams('blueprint=691&me=10&runs=5&structure=Azbel&system=30000144&jobCostOverride=0.05&rig=T2&facilityTax=1.5'))
    expect(settingsFromQuery(settingsToQuery(s))).toEqual(s)
    expect(settingsToQuery(settingsFromQuery(new URLSearchParams('blueprint=691'))).toString()).toBe('blueprint=691')
    expect(settingsFromQuery(new URLSearchParams('me=11&runs=0&structure=Keepstar&station=1'))).toMatchObject({
      me: 0,
      runs: 1,
      structure: 'Non-Bonused Structure',
      station: 60003760,
      system: 'Jita',
    })
    for (const bad of ['abc', '0x10', 'Infinity', '1,5', '%20'])
      expect(settingsFromQuery(new URLSearchParams(`jobCostOverride=${bad}`)).jobCostOverride, bad).toBe('')
    for (const shown of ['0.05', '.05', '5e-2', '-1', '5'])
      expect(settingsFromQuery(new URLSearchParams(`jobCostOverride=${shown}`)).jobCostOverride).toBe(shown)
    expect(buildCostQuery(settingsFromQuery(new URLSearchParams('blueprint=691')))).toBe(
      'blueprint=691&me=0&runs=1&station=60003760&structure=Non-Bonused+Structure&system=Jita',
    )
  })

  it('shows security the way the game rounds it, and ages in words', () => {
    expect(displaySecurity(0.9459)).toBe('0.9')
    expect(displaySecurity(0.04)).toBe('0.1')
    expect(displaySecurity(-0.27)).toBe('-0.3')
    expect(timeAgo(null)).toBe('never')
    expect(timeAgo(new Date(Date.now() - 12 * 60_000).toISOString())).toBe('12 min ago')
  })
})
