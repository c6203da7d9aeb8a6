import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import axe from 'axe-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { PiCalcResponse } from '../../../schemas/pi.js'
import { emptyAlertRegion, gate } from '../../components/error-alert.testing.js'

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const HEADERS = [
  'Item Name',
  'Batch Qty',
  'Lowest Seller (unit)',
  'Highest Buyer (unit)',
  'Value x Batch',
  'Ingredient 1',
  'Ingredient 2',
  'Ingredient 3',
  'Profit P0-This x Batch',
  'Profit Prev-This x Batch',
  'Profit / hour',
]

const section = (page: Page, tier: string) => page.locator('section.pi-tier').filter({ has: page.getByRole('button', { name: new RegExp(`^${tier} ·`) }) })
const toggle = (page: Page, tier: string) => section(page, tier).locator('.collapsible-toggle')
const num = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''))

/** The cells of a tier's table, row by row, by header. */
async function tableRows(page: Page, tier: string): Promise<Array<Record<string, string>>> {
  const table = section(page, tier).locator('table')
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼↕?]/g, '').trim())
  // What the cells show: text only a screen reader gets (.visually-hidden) is left out.
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')].map((td) =>
          [...td.querySelectorAll('.visually-hidden')].reduce((text, hidden) => text.replace(hidden.textContent ?? '', ''), td.textContent ?? '').trim(),
        ),
      ),
    )
  return rows.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i]])))
}

async function loaded(page: Page) {
  await page.getByTestId('pi-source').waitFor()
  await expect.poll(() => page.getByTestId('pi-loading').count()).toBe(0)
}

describe('/pi-calc', () => {
  it('calculates on load with sell mode and 0% tax, shows Calculating..., and keeps the four sections collapsed', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    const requests: unknown[] = []
    let release: () => void = () => {}
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/pi/calc', async (route) => {
      requests.push(route.request().postDataJSON())
      await held
      await route.continue()
    })
    await page.goto('/pi-calc')
    await page.getByRole('heading', { name: 'PI Profitability Calculator' }).waitFor()
    await page.getByTestId('pi-loading').waitFor()
    expect(await page.getByTestId('pi-loading').innerText()).toBe('Calculating...')
    expect(await page.getByRole('button', { name: 'Calculate' }).getAttribute('aria-disabled')).toBe('true')
    release()
    await loaded(page)
    expect(requests).toEqual([{ taxRate: 0, marketMode: 'sell', p0Source: 'extracted' }])

    expect(await page.getByRole('region', { name: 'How the calculator works' }).innerText()).toContain('Profit P0-This')
    expect(await page.getByRole('button', { name: 'Sell' }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).inputValue()).toBe('0')
    expect(await page.getByTestId('pi-source').innerText()).toMatch(
      /^Showing Sell mode at 0% POCO tax, P0 extracted \(free\)\. Prices: Jita 4-4 lowest sell and highest buy orders, snapshot (just now|\d+ min ago)\./,
    )

    for (const tier of ['P1', 'P2', 'P3', 'P4']) {
      expect(await toggle(page, tier).getAttribute('aria-expanded')).toBe('false')
      expect(await toggle(page, tier).innerText()).toMatch(/Expand$/)
      expect(await section(page, tier).locator('table').isVisible()).toBe(false)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('expands a section into the spec columns; sell mode values the batch at the lowest seller', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    expect(await toggle(page, 'P2').innerText()).toMatch(/^▸\s*P2 · Refined materials \(24\)\s*Expand$/)
    await toggle(page, 'P2').click()
    expect(await toggle(page, 'P2').getAttribute('aria-expanded')).toBe('true')
    expect(await toggle(page, 'P2').innerText()).toMatch(/Collapse$/)
    const table = section(page, 'P2').locator('table')
    expect((await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼↕?]/g, '').trim())).toEqual(HEADERS)
    const rows = await tableRows(page, 'P2')
    expect(rows).toHaveLength(24)
    let priced = 0
    for (const row of rows) {
      expect(row['Batch Qty']).toBe('5')
      expect(row['Ingredient 1']).toMatch(/^40 × /)
      expect(row['Ingredient 2']).toMatch(/^40 × /)
      expect(row['Ingredient 3']).toBe('')
      if (row['Lowest Seller (unit)'] === 'missing') {
        expect(row['Value x Batch']).toBe('missing')
        continue
      }
      expect(Math.abs(num(row['Value x Batch']) - 5 * num(row['Lowest Seller (unit)']))).toBeLessThanOrEqual(1)
      priced++
    }
    expect(priced).toBeGreaterThan(12)
    // collapsing hides the table again
    await toggle(page, 'P2').click()
    expect(await table.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('recalculates on Calculate with the chosen mode and tax (impatient: product valued at the highest buyer)', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    await page.getByRole('button', { name: 'Impatient' }).click()
    expect(await page.getByTestId('pi-mode-help').innerText()).toMatch(/^Buy the inputs from sell orders and sell the product to buy orders/)
    await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).fill('10')
    expect(await page.getByTestId('pi-source').innerText()).toContain('Settings changed: press Calculate to update.')
    const request = page.waitForRequest('**/api/pi/calc')
    await page.getByRole('button', { name: 'Calculate' }).click()
    expect((await request).postDataJSON()).toEqual({ taxRate: 10, marketMode: 'impatient', p0Source: 'extracted' })
    await expect.poll(() => page.getByTestId('pi-source').innerText()).toMatch(/^Showing Impatient mode at 10% POCO tax, P0 extracted \(free\)\./)
    await toggle(page, 'P1').click()
    const rows = await tableRows(page, 'P1')
    expect(rows).toHaveLength(15)
    const priced = rows.filter((r) => r['Highest Buyer (unit)'] !== 'missing')
    expect(priced.length).toBeGreaterThan(8)
    for (const row of priced) {
      expect(row['Batch Qty']).toBe('20')
      expect(Math.abs(num(row['Value x Batch']) - 20 * num(row['Highest Buyer (unit)']))).toBeLessThanOrEqual(1)
    }
    // the settings are remembered for the next visit (a plain link, without them in the address)
    await page.goto('/pi-calc')
    await loaded(page)
    expect(await page.getByRole('button', { name: 'Impatient' }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).inputValue()).toBe('10')
    await context.close()
  })

  it('takes the P0 source: extracted (the default) gives every P1 a profit, bought at market prices the P0 and says n/a where Jita has none', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    const extracted = page.getByRole('button', { name: 'Extracted (free)' })
    const market = page.getByRole('button', { name: 'Bought at market' })
    expect(await extracted.getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByTestId('pi-p0-help').innerText()).toMatch(/^Your planets extract the raw materials: they cost nothing/)
    await toggle(page, 'P1').click()
    const free = await tableRows(page, 'P1')
    expect(free).toHaveLength(15)
    // The demo market has no P0 orders: with extracted P0 none is needed, so every P1 whose own price is known has both profits.
    for (const row of free.filter((r) => r['Value x Batch'] !== 'missing')) {
      expect(row['Profit P0-This x Batch']).not.toBe('n/a')
      expect(row['Profit Prev-This x Batch']).toBe(row['Profit P0-This x Batch']) // a P1's direct inputs are its P0
      expect(num(row['Profit P0-This x Batch'])).toBe(num(row['Value x Batch'])) // 0% tax and free P0: the whole batch value
    }
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/pi/calc'))
    await market.click()
    await page.getByRole('button', { name: 'Calculate' }).click()
    expect((await asked).postDataJSON()).toEqual({ taxRate: 0, marketMode: 'sell', p0Source: 'market' })
    await expect.poll(() => page.getByTestId('pi-source').innerText()).toMatch(/^Showing Sell mode at 0% POCO tax, P0 bought at market\./)
    const bought = await tableRows(page, 'P1')
    expect(bought.map((r) => r['Profit P0-This x Batch'])).toEqual(bought.map(() => 'n/a'))
    expect(await section(page, 'P1').getByTestId('pi-missing-note').innerText()).toMatch(/\(no sell orders\)/)
    expect(new URL(page.url()).searchParams.get('p0')).toBe('market')
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the mode and tax in the address, so a link or a reload opens the same setup', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const requests: unknown[] = []
    page.on('request', (r) => r.url().endsWith('/api/pi/calc') && requests.push(r.postDataJSON()))
    await page.goto('/pi-calc?mode=impatient&tax=7.5')
    await loaded(page)
    expect(requests).toEqual([{ taxRate: 7.5, marketMode: 'impatient', p0Source: 'extracted' }])
    expect(await page.getByRole('button', { name: 'Impatient' }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).inputValue()).toBe('7.5')
    // a change shows in the address at once, without a new history entry per keystroke
    const entries = await page.evaluate(() => history.length)
    await page.getByRole('button', { name: 'Patient', exact: true }).click()
    await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).fill('12')
    await expect.poll(() => new URL(page.url()).search).toBe('?mode=patient&tax=12&p0=extracted')
    expect(await page.evaluate(() => history.length)).toBe(entries)
    // a tax outside 0-50 stays out of the address
    await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).fill('60')
    expect(new URL(page.url()).search).toBe('?mode=patient&tax=12&p0=extracted')
    await page.reload()
    await loaded(page)
    expect(await page.getByRole('button', { name: 'Patient', exact: true }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).inputValue()).toBe('12')
    expect(requests.at(-1)).toEqual({ taxRate: 12, marketMode: 'patient', p0Source: 'extracted' })
    // a link it cannot read falls back to the defaults and is put right
    await page.goto('/pi-calc?mode=cheapest&tax=99')
    await loaded(page)
    expect(requests.at(-1)).toEqual({ taxRate: 0, marketMode: 'sell', p0Source: 'extracted' })
    await expect.poll(() => new URL(page.url()).search).toBe('?mode=sell&tax=0&p0=extracted')
    await context.close()
  })

  it('refuses a POCO tax outside 0-50 and keeps what was typed', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    const tax = page.getByRole('spinbutton', { name: 'POCO Tax (%)' })
    // read out from an alert region that is there before the bad value: one that arrives with its text often is not
    const region = await emptyAlertRegion(page, 'pi-tax-error')
    await tax.fill('60')
    expect(await page.getByTestId('pi-tax-error').innerText()).toBe('POCO tax must be between 0 and 50%.')
    expect(await region()).toBe('POCO tax must be between 0 and 50%.')
    expect(await page.getByRole('button', { name: 'Calculate' }).isDisabled()).toBe(true)
    expect(await tax.inputValue()).toBe('60')
    await tax.fill('50')
    expect(await page.getByTestId('pi-tax-error').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Calculate' }).isEnabled()).toBe(true)
    await context.close()
  })

  it('sorts a section by any column', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    await toggle(page, 'P3').click()
    const nameHeader = section(page, 'P3').getByRole('button', { name: /^Item Name/ })
    await nameHeader.click()
    const names = (await tableRows(page, 'P3')).map((r) => r['Item Name'])
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    await nameHeader.click()
    expect((await tableRows(page, 'P3')).map((r) => r['Item Name'])).toEqual([...names].reverse())
    const prevHeader = section(page, 'P3').getByRole('button', { name: /^Profit Prev-This/ })
    const prevProfits = async () =>
      (await tableRows(page, 'P3'))
        .map((r) => r['Profit Prev-This x Batch'])
        .filter((p) => p !== 'n/a')
        .map(num)
    await prevHeader.click() // a profit column starts with the best first
    const desc = await prevProfits()
    expect(desc.length).toBeGreaterThan(10)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    await prevHeader.click()
    expect(await prevProfits()).toEqual([...desc].reverse())
    await context.close()
  })

  it('opens a breakdown of a row: inputs, raw materials, taxes and profits that match the row', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    await toggle(page, 'P4').click()
    await section(page, 'P4')
      .getByRole('button', { name: /^Item Name/ })
      .click()
    const row = (await tableRows(page, 'P4'))[0]
    await section(page, 'P4').locator('tbody tr').first().click()
    const dialog = page.getByRole('dialog', { name: `${row['Item Name']} (P4)` })
    await dialog.waitFor()
    expect(await dialog.locator('caption').allInnerTexts()).toEqual(['Direct inputs (Prev-This)', 'Raw materials behind one batch (P0-This)'])
    const inputs = dialog.locator('table').first()
    expect(await inputs.locator('tbody tr').count()).toBe(3)
    const text = await dialog.innerText()
    expect(text).toMatch(/One batch is 1 unit every 60 minutes/)
    const inDialog = (label: string) => text.match(new RegExp(`${label}: (.+?)(?: per batch|\\.\\n|\\.$)`))?.[1]
    const asDialog = (cell: string) => (cell === 'n/a' ? expect.stringMatching(/^not computed: missing .+\)$/) : `${cell} ISK`)
    expect(inDialog('Profit Prev-This')).toEqual(asDialog(row['Profit Prev-This x Batch']))
    expect(inDialog('Profit P0-This')).toEqual(asDialog(row['Profit P0-This x Batch']))
    const costs = (await inputs.locator('tbody tr td:last-child').allInnerTexts()).map(num)
    const total = await inputs.locator('tfoot td').innerText()
    if (!total.includes('missing')) expect(Math.abs(num(total) - costs.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(2)
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
    // from the keyboard: a focused row opens with Enter or Space, as a button does (Space does not scroll the page)
    const firstRow = section(page, 'P4').locator('tbody tr').first()
    await firstRow.focus()
    const scrolled = await page.evaluate(() => window.scrollY)
    await page.keyboard.press(' ')
    await dialog.waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    await page.keyboard.press('Escape')
    await firstRow.focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await context.close()
  })

  it("a breakdown names, for each profit it cannot compute, the prices that stop it, instead of 'not computed per batch'", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/pi/calc', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as PiCalcResponse
      const coolant = body.P2.find((p) => p.name === 'Coolant')!
      Object.assign(coolant, {
        profitPrevThis: null,
        profitPerHour: null,
        profitP0This: 16_600,
        missing: ['Electrolytes (no sell orders)'],
        missingPrevThis: ['Electrolytes (no sell orders)'],
        missingP0This: [],
      })
      await route.fulfill({ response, json: body })
    })
    await page.goto('/pi-calc')
    await loaded(page)
    await toggle(page, 'P2').click()
    await section(page, 'P2').locator('tbody tr', { hasText: 'Coolant' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Coolant (P2)' })
    await dialog.waitFor()
    const text = await dialog.innerText()
    expect(text).toContain('Profit Prev-This: not computed: missing Electrolytes (no sell orders).')
    expect(text).not.toContain('not computed per')
    expect(text).toContain('Profit P0-This: 16,600 ISK per batch.')
    await context.close()
  })

  it('a breakdown opened while a recalculation runs shows the new numbers when they arrive', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let release: () => void = () => {}
    let calls = 0
    await page.route('**/api/pi/calc', async (route) => {
      if (++calls === 1) return route.continue()
      await new Promise<void>((r) => (release = r))
      const response = await route.fetch()
      const body = (await response.json()) as PiCalcResponse
      Object.assign(
        body.P1.find((p) => p.name === 'Water')!,
        { valueBatch: 123_456 },
      )
      await route.fulfill({ response, json: body })
    })
    await page.goto('/pi-calc')
    await loaded(page)
    await toggle(page, 'P1').click()
    await page.getByRole('button', { name: 'Buy', exact: true }).click()
    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.getByTestId('pi-loading').waitFor()
    await section(page, 'P1').locator('tbody tr', { hasText: 'Water' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Water (P1)' })
    await dialog.waitFor()
    release()
    await expect.poll(() => dialog.innerText()).toContain('worth 123,456 ISK')
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  it('shows a missing price as missing and leaves that row out of the profit, with a note', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/pi/calc', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as PiCalcResponse
      const water = body.P1.find((p) => p.name === 'Water')!
      Object.assign(water, {
        lowestSeller: null,
        valueBatch: null,
        profitP0This: null,
        profitPrevThis: null,
        profitPerHour: null,
        missing: ['Water (no sell orders)'],
        missingPrevThis: ['Water (no sell orders)'],
        missingP0This: ['Water (no sell orders)'],
      })
      await route.fulfill({ response, json: body })
    })
    await page.goto('/pi-calc')
    await loaded(page)
    await toggle(page, 'P1').click()
    const water = (await tableRows(page, 'P1')).find((r) => r['Item Name'] === 'Water')!
    expect([water['Lowest Seller (unit)'], water['Value x Batch'], water['Profit P0-This x Batch'], water['Profit Prev-This x Batch']]).toEqual([
      'missing',
      'missing',
      'n/a',
      'n/a',
    ])
    expect(await section(page, 'P1').getByTestId('pi-missing-note').innerText()).toContain('Water (no sell orders)')
    await context.close()
  })

  it("names, on each n/a, only the prices that stop that profit, and counts each profit's n/a apart", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/pi/calc', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as PiCalcResponse
      for (const p of body.P2)
        Object.assign(p, {
          profitP0This: p.profitP0This ?? 0,
          profitPrevThis: p.profitPrevThis ?? 0,
          profitPerHour: p.profitPerHour ?? 0,
          missing: [],
          missingPrevThis: [],
          missingP0This: [],
        })
      const coolant = body.P2.find((p) => p.name === 'Coolant')!
      Object.assign(coolant, { profitP0This: null, missing: ['Aqueous Liquids (no sell orders)'], missingP0This: ['Aqueous Liquids (no sell orders)'] })
      await route.fulfill({ response, json: body })
    })
    await page.goto('/pi-calc')
    await loaded(page)
    await toggle(page, 'P2').click()
    const coolant = (await tableRows(page, 'P2')).find((r) => r['Item Name'] === 'Coolant')!
    expect(coolant['Profit P0-This x Batch']).toBe('n/a')
    expect(coolant['Profit Prev-This x Batch']).not.toBe('n/a')
    expect(await section(page, 'P2').locator('.pi-missing[title]').getAttribute('title')).toBe('Not computed: Aqueous Liquids (no sell orders)')
    // the reason is read out with the cell, not only shown on hover (keyboard and screen-reader users cannot hover)
    const coolantRow = section(page, 'P2').getByRole('row', { name: /^Coolant / })
    expect(await coolantRow.getByRole('cell').nth(8).textContent()).toBe('n/a: not computed, missing Aqueous Liquids (no sell orders)')
    expect(await section(page, 'P2').getByTestId('pi-missing-note').innerText()).toMatch(
      /^Not computed \(shown as n\/a\): Profit P0-This for 1 product, Profit Prev-This for 0 products\./,
    )
    await context.close()
  })

  it('shows the POCO tax as typed, with its decimals', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    await page.getByRole('spinbutton', { name: 'POCO Tax (%)' }).fill('7.25')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => page.getByTestId('pi-source').innerText()).toMatch(/ at 7\.25% POCO tax, /)
    await context.close()
  })

  it("counts the price snapshot's age up while the page stays open", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.clock.install()
    await page.goto('/pi-calc')
    await loaded(page)
    const ageMinutes = async () => {
      const [, just, hours, minutes] = /snapshot (?:(just now)|(?:(\d+) h )?(\d+) min ago)/.exec(await page.getByTestId('pi-source').innerText()) ?? []
      return just ? 0 : Number(hours ?? 0) * 60 + Number(minutes)
    }
    const before = await ageMinutes()
    expect(before).not.toBeNaN()
    // fastForward, not runFor: running 75 minutes of the starfield's animation frames takes longer than the test may.
    await page.clock.fastForward(75 * 60_000)
    await expect.poll(ageMinutes).toBe(before + 75)
    await context.close()
  })

  it('leaves the results empty and says so when the calculation fails', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/pi/calc', (route) =>
      route.fulfill({ status: 503, json: { error: 'No Jita 4-4 market prices yet: the market data has not arrived from ESI (see the Status page)' } }),
    )
    await page.goto('/pi-calc')
    await page.getByTestId('pi-error').waitFor()
    expect(await page.getByTestId('pi-error').innerText()).toBe(
      'Calculation failed: No Jita 4-4 market prices yet: the market data has not arrived from ESI (see the Status page)',
    )
    expect(await page.getByTestId('pi-source').count()).toBe(0)
    await toggle(page, 'P1').click()
    expect(await section(page, 'P1').locator('tbody').innerText()).toBe('No results: the calculation failed.')

    // a later success replaces the message with results
    await page.unroute('**/api/pi/calc')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await loaded(page)
    expect(await page.getByTestId('pi-error').count()).toBe(0)
    expect((await tableRows(page, 'P1')).length).toBe(15)
    await context.close()
  })

  it('reads each failure out from an alert region that is on the page from the start, a second identical one too', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let hold = gate()
    await page.route('**/api/pi/calc', async (route) => {
      await hold.wait
      await route.fulfill({ status: 503, json: { error: 'No Jita 4-4 market prices yet' } })
    })
    await page.goto('/pi-calc')
    await page.getByRole('heading', { name: 'PI Profitability Calculator' }).waitFor()
    const held = await emptyAlertRegion(page, 'pi-error')
    hold.open()
    await expect.poll(held).toBe('Calculation failed: No Jita 4-4 market prices yet')
    // the same sentence again: the region empties while the call runs, so the new failure is a change to read out
    hold = gate()
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(held).toBe('')
    hold.open()
    await expect.poll(held).toBe('Calculation failed: No Jita 4-4 market prices yet')
    await context.close()
  })

  it('is in the menu under Calculators as "PI profitability" and on the landing page', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    await page.locator('.tool-card', { hasText: 'PI Profitability Calculator' }).waitFor()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const calculators = page.locator('nav.drawer section', { has: page.getByRole('heading', { name: 'Calculators' }) })
    await calculators.getByRole('link', { name: 'PI profitability' }).click()
    await page.waitForURL((u) => u.pathname === '/pi-calc')
    await page.getByRole('heading', { name: 'PI Profitability Calculator' }).waitFor()
    await context.close()
  })
})

describe('/pi-calc accessibility with the tables open', () => {
  it('axe finds nothing with all four sections expanded, and a breakdown open, at 390 and 1280 px', { timeout: 120_000 }, async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const found: string[] = []
    const audit = async (where: string) => {
      await page.evaluate(axe.source)
      const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }))
      found.push(...result.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}): ${n.target.join(' ')}`)))
    }
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 850 })
      await page.goto('/pi-calc')
      await loaded(page)
      for (const tier of ['P1', 'P2', 'P3', 'P4']) await toggle(page, tier).click()
      await audit(`${width} px, expanded`)
      await section(page, 'P4').locator('tbody tr').first().click()
      await page.getByRole('dialog').waitFor()
      await audit(`${width} px, breakdown`)
    }
    expect(found).toEqual([])
    await context.close()
  })

  it('with the keyboard only: the focus moves to the results heading and the new results are read out from a status region there from the start', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/pi-calc')
    await loaded(page)
    const status = page.getByTestId('pi-status')
    expect(await status.getAttribute('role')).toBe('status')
    await page.getByRole('button', { name: 'Impatient' }).click()
    const tax = page.getByRole('spinbutton', { name: 'POCO Tax (%)' })
    await tax.fill('5')
    await page.getByRole('button', { name: 'Calculate' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('pi-source').innerText()).toMatch(/^Showing Impatient mode at 5% POCO tax/)
    // issue #42: the results come into view with the focus on their heading (never left on the page's body)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Products by tier')
    await expect.poll(() => status.textContent()).toBe('Results updated: Impatient mode at 5% POCO tax.')
    await context.close()
  })
})
