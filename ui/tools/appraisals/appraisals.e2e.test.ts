import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { APPRAISAL_TEXT } from '../../../schemas/appraisal/constants.js'
import { API_TIMEOUT_MS } from '../../lib/api.js'
import { emptyAlertRegion } from '../../components/error-alert.testing.js'

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** An inventory copy, a fitting and hand-typed lines: what a player pastes after a site. */
const PASTE = `Tritanium\t12,000\tMineral\t\t\t120 m3\t60,000.00 ISK
Pyerite x 3000
[Rifter, Tackle]
200mm AutoCannon I, EMP S
Hobgoblin I x5
Definitely Not An Item 4`

const number = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''))

async function open(path = '/appraisals') {
  const opened = await openPage(browser, baseUrl)
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await opened.page.goto(path)
  return opened
}

/** Put a (large) paste in the textarea at once, as a paste does; playwright's fill types long texts slowly. */
async function paste(page: Page, text: string) {
  await page.getByRole('textbox', { name: /Items/ }).evaluate((el, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }, text)
}

async function appraise(page: Page, text: string) {
  await paste(page, text)
  await page.getByRole('button', { name: 'Appraise', exact: true }).click()
}

/** The cells of one column, in table order (the item column's name, without its icon or notes). */
const column = (page: Page, index: number) =>
  page
    .locator('.appraisal-preview table[aria-label="Appraised items"] tbody tr:not(.virtual-spacer)')
    .evaluateAll(
      (rows, i) =>
        rows.map(
          (r) =>
            (r.children[i]?.querySelector('.item-name > button, .item-name') ?? r.children[i])?.firstChild?.textContent ?? r.children[i]?.textContent ?? '',
        ),
      index,
    )
/** Column positions of the appraisal table. */
const COL = { name: 0, qty: 1, lineISK: 5, status: 7 }
/** An appraisal request for a hub, as the page sends it (one call from Appraise to the table). */
const appraiseCall = (stationId: number) => (r: { url: () => string; method: () => string; postData: () => string | null }) =>
  r.method() === 'POST' && r.url().endsWith('/api/appraise') && JSON.parse(r.postData() ?? '{}').station_id === stationId

describe('/appraisals', () => {
  it('is first under Calculators in the menu, and a landing card', async () => {
    const { page, context } = await open('/')
    await page.getByRole('link', { name: /ISKtimate \(hub prices\)/ }).waitFor()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const calculators = page.locator('nav.drawer section', { has: page.getByRole('heading', { name: 'Calculators' }) })
    expect(await calculators.getByRole('link').first().textContent()).toBe('Appraisals')
    await calculators.getByRole('link', { name: 'Appraisals' }).click()
    await page.getByRole('heading', { name: 'Appraisals', level: 1 }).waitFor()
    await context.close()
  })

  it('pastes, appraises, sorts, recomputes without fetching, saves and opens the shared link', async () => {
    const { page, context, errors } = await open()
    const stationCalls: string[] = []
    page.on('request', (r) => r.url().includes('/api/') && !r.url().includes('/api/appraise/medians') && stationCalls.push(r.url()))

    await page.getByRole('textbox', { name: /Items/ }).fill(PASTE)
    await expect.poll(() => page.getByTestId('parsed-count').textContent()).toBe('7 lines')
    await page.getByRole('button', { name: 'Appraise', exact: true }).click()
    await page.getByRole('heading', { name: 'Preview' }).waitFor()

    const names = await column(page, 0)
    expect(names).toEqual(expect.arrayContaining(['Tritanium', 'Pyerite', 'Rifter', '200mm AutoCannon I', 'EMP S', 'Hobgoblin I', 'Definitely Not An Item']))
    expect(names).toHaveLength(7)
    const statuses = await column(page, COL.status)
    expect(statuses.filter((s) => s === 'Invalid')).toHaveLength(1)
    expect(statuses.filter((s) => s === 'OK').length).toBeGreaterThanOrEqual(5)
    expect(await page.getByTestId('appraisal-warnings').textContent()).toMatch(/^1 invalid item\(s\)/)
    expect(await page.getByTestId('price-note').textContent()).toMatch(
      /^Jita 4-4 prices, Sell, bottom 5% average\. Snapshot taken \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    )

    // totals agree with the rows; sorted by value, most valuable first
    const values = (await column(page, COL.lineISK)).map((v) => (v === '—' ? 0 : number(v)))
    expect(values).toEqual([...values].sort((a, b) => b - a))
    const sellTotal = number(await page.getByTestId('total-sell').textContent())
    expect(sellTotal).toBeCloseTo(
      values.reduce((a, b) => a + b, 0),
      1,
    )
    expect(number(await page.getByTestId('total-adjusted').textContent())).toBe(sellTotal)
    expect(number(await page.getByTestId('total-items').textContent())).toBe(12000 + 3000 + 1 + 1 + 1 + 5)

    // click a header: descending first for numbers, then ascending
    await page.getByRole('button', { name: /^Qty/ }).click()
    expect(await page.getByRole('columnheader', { name: /Qty/ }).getAttribute('aria-sort')).toBe('descending')
    expect((await column(page, 0))[0]).toBe('Tritanium')
    await page.getByRole('button', { name: /^Qty/ }).click()
    expect(await page.getByRole('columnheader', { name: /Qty/ }).getAttribute('aria-sort')).toBe('ascending')
    expect((await column(page, 1))[0]).toBe('1')
    await page.getByRole('button', { name: /^Item/ }).click()
    expect((await column(page, 0))[0]).toBe('200mm AutoCannon I')

    // mode and adjustment recompute in the page, without asking for prices again
    const calls = stationCalls.length
    await page.getByRole('combobox', { name: 'Price' }).selectOption('buy5')
    const buyTotal = number(await page.getByTestId('total-buy').textContent())
    await expect.poll(async () => number(await page.getByTestId('total-adjusted').textContent())).toBe(buyTotal)
    await page.getByRole('spinbutton', { name: 'Adjust total (%)' }).fill('50')
    await expect.poll(async () => number(await page.getByTestId('total-adjusted').textContent())).toBeCloseTo(buyTotal / 2, 1)
    expect(await page.getByRole('slider').inputValue()).toBe('50')
    await page.getByRole('spinbutton', { name: 'Adjust total (%)' }).fill('900')
    await expect.poll(async () => number(await page.getByTestId('total-adjusted').textContent())).toBeCloseTo(buyTotal * 2, 1)
    await page.getByRole('spinbutton', { name: 'Adjust total (%)' }).fill('')
    await expect.poll(async () => number(await page.getByTestId('total-adjusted').textContent())).toBe(buyTotal)
    await page.getByRole('spinbutton', { name: 'Adjust total (%)' }).fill('90')
    expect(stationCalls.length).toBe(calls)

    const previewTotals = { buy: buyTotal, adjusted: number(await page.getByTestId('total-adjusted').textContent()) }

    await page.getByRole('button', { name: 'Save & Share' }).click()
    await page.waitForURL(/\/appraisals\/[A-Za-z0-9_-]{16}$/)
    await page.getByRole('heading', { name: 'Saved appraisal' }).waitFor()
    await page.getByTestId('total-adjusted').waitFor()
    expect(number(await page.getByTestId('total-buy').textContent())).toBe(previewTotals.buy)
    expect(number(await page.getByTestId('total-adjusted').textContent())).toBe(previewTotals.adjusted)
    expect(await page.getByText('Total at 90%').count()).toBe(1)
    expect(await column(page, 0)).toHaveLength(7)
    await page.getByRole('button', { name: 'Pasted text' }).click()
    expect(await page.getByTestId('pasted-text').textContent()).toBe(PASTE)

    // the link opens the same snapshot in a fresh browser
    const shared = page.url()
    const other = await openPage(browser, baseUrl)
    await other.page.goto(shared)
    await other.page.getByTestId('total-adjusted').waitFor()
    expect(number(await other.page.getByTestId('total-adjusted').textContent())).toBe(previewTotals.adjusted)
    await other.context.close()

    // copy the link: 'Copied!' for 1.5 s
    await page.getByRole('button', { name: 'Copy link' }).click()
    await page.getByRole('button', { name: 'Copied!' }).waitFor()
    // said to screen readers too: a focused button's new text is not read out
    expect(await page.getByRole('status').filter({ hasText: 'Copied!' }).count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared)
    await page.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 2500 })
    // the total as plain digits, for a contract's price field
    await page.getByRole('button', { name: 'Copy the total', exact: true }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(previewTotals.adjusted.toFixed(2))

    await page.getByRole('link', { name: 'New appraisal' }).click()
    await page.waitForURL((u) => u.pathname === '/appraisals')
    expect(errors).toEqual([])
    await context.close()
  })

  it('re-appraises at the new hub when the hub changes', async () => {
    const { page, context } = await open()
    await appraise(page, 'Tritanium 1000')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    const amarrCall = page.waitForRequest(appraiseCall(60008494))
    await page.getByRole('combobox', { name: 'Hub' }).selectOption({ label: 'Amarr' })
    await amarrCall
    await expect.poll(() => page.getByTestId('price-note').textContent()).toMatch(/^Amarr prices/)
    await context.close()
  })

  it('appraises at the new hub when the hub changes while pasted lines wait', async () => {
    const { page, context } = await open()
    await page.getByRole('textbox', { name: /Items/ }).fill('Pyerite 500')
    await expect.poll(() => page.getByTestId('parsed-count').textContent()).toBe('1 line')
    const dodixieCall = page.waitForRequest(appraiseCall(60011866))
    await page.getByRole('combobox', { name: 'Hub' }).selectOption({ label: 'Dodixie' })
    await dodixieCall
    await expect.poll(() => page.getByTestId('price-note').textContent()).toMatch(/^Dodixie prices/)
    await context.close()
  })

  it('after saving, Back returns to the paste and its settings, so a forgotten line can still be added', async () => {
    const { page, context } = await open()
    await appraise(page, 'Tritanium 1000\nPyerite 500')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    await page.getByRole('combobox', { name: 'Price' }).selectOption('buy5')
    await page.getByRole('spinbutton', { name: 'Adjust total (%)' }).fill('90')
    await page.getByRole('button', { name: 'Save & Share' }).click()
    await page.waitForURL(/\/appraisals\/[A-Za-z0-9_-]{16}$/)
    await page.getByTestId('total-adjusted').waitFor()
    await page.goBack()
    await page.waitForURL((u) => u.pathname === '/appraisals')
    await expect.poll(() => page.getByRole('textbox', { name: /Items/ }).inputValue()).toBe('Tritanium 1000\nPyerite 500')
    expect(await page.getByRole('combobox', { name: 'Price' }).inputValue()).toBe('buy5')
    expect(await page.getByRole('spinbutton', { name: 'Adjust total (%)' }).inputValue()).toBe('90')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    await context.close()
  })

  it('Save & Share appraises first when there is no appraisal yet', async () => {
    const { page, context } = await open()
    await page.getByRole('combobox', { name: 'Hub' }).selectOption({ label: 'Dodixie' })
    await page.getByRole('textbox', { name: /Items/ }).fill('Pyerite 500')
    const priced = page.waitForRequest(appraiseCall(60011866))
    await page.getByRole('button', { name: 'Save & Share' }).click()
    await priced
    await page.waitForURL(/\/appraisals\/[A-Za-z0-9_-]{16}$/)
    await expect.poll(() => page.getByTestId('price-note').textContent()).toMatch(/^Dodixie prices/)
    await context.close()
  })

  it('says what went wrong, in the spec words', async () => {
    const { page, context } = await open()
    const error = () => page.getByTestId('appraisal-error').textContent()

    await appraise(page, '   ')
    await expect.poll(error).toBe(APPRAISAL_TEXT.noLines)
    await appraise(page, 'Qwertyuiop 5\nAsdfghjkl')
    await expect.poll(error).toBe(APPRAISAL_TEXT.noneRecognised)

    await appraise(page, 'Tritanium 99999999999')
    await expect.poll(error).toMatch(/more than 2,147,483,647, the most one stack can hold/)

    await page.route('**/api/appraise', (r) => r.abort())
    await appraise(page, 'Tritanium 5')
    await expect.poll(error).toBe(APPRAISAL_TEXT.appraiseFailed)
    await page.unroute('**/api/appraise')

    await page.route('**/api/appraise', (r) => r.fulfill({ status: 500, body: '{"error":"boom"}' }))
    await appraise(page, 'Tritanium 6')
    await expect.poll(error).toBe(APPRAISAL_TEXT.appraiseFailed)
    await page.unroute('**/api/appraise')

    // the medians failing is said beside the table, which stays
    await page.route('**/api/appraise/medians', (r) => r.abort())
    await appraise(page, 'Tritanium 8')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    await page.getByTestId('medians-note').waitFor()
    expect(await page.getByTestId('appraisal-error').count()).toBe(0)
    await page.unroute('**/api/appraise/medians')

    await page.route('**/api/appraisals', (r) => (r.request().method() === 'POST' ? r.fulfill({ status: 503, body: '{"error":"down"}' }) : r.continue()))
    await page.getByRole('button', { name: 'Save & Share' }).click()
    await expect.poll(error).toBe(APPRAISAL_TEXT.saveFailed)
    expect(await page.getByRole('textbox', { name: /Items/ }).inputValue()).toBe('Tritanium 8')
    await context.close()
  })

  it('gives up on a price API that never answers, says so, keeps the paste and lets a retry through', async () => {
    const { page, context } = await open()
    const error = () => page.getByTestId('appraisal-error').textContent()
    const appraiseButton = page.getByRole('button', { name: /^Apprais/ })
    await page.clock.install()
    // an appraisal call that reaches a server (or proxy) that never answers, held until the test ends
    await page.route('**/api/appraise', () => {})
    await appraise(page, 'Tritanium 9')
    await page.getByRole('button', { name: 'Appraising…' }).waitFor()
    await page.clock.runFor(API_TIMEOUT_MS - 1000)
    expect(await appraiseButton.textContent()).toBe('Appraising…')
    await page.clock.runFor(2000)
    await expect.poll(error).toBe(APPRAISAL_TEXT.appraiseFailed)
    expect(await appraiseButton.getAttribute('aria-disabled')).toBe('false')
    expect(await page.getByRole('textbox', { name: /Items/ }).inputValue()).toBe('Tritanium 9')
    await page.unroute('**/api/appraise')
    await appraiseButton.click()
    await page.getByRole('heading', { name: 'Preview' }).waitFor()

    // a save that hangs gives up too, and the paste stays
    await page.route('**/api/appraisals', (r) => (r.request().method() === 'POST' ? undefined : r.continue()))
    await page.getByRole('button', { name: 'Save & Share' }).click()
    await page.getByRole('button', { name: 'Saving…' }).waitFor()
    await page.clock.runFor(API_TIMEOUT_MS + 1000)
    await expect.poll(error).toBe(APPRAISAL_TEXT.saveFailed)
    expect(page.url()).toBe(`${baseUrl}/appraisals`)
    expect(await page.getByRole('button', { name: 'Save & Share' }).getAttribute('aria-disabled')).toBe('false')
    await context.close()
  })

  it('gives up loading a saved appraisal that never arrives', async () => {
    const { page, context } = await open('/')
    await page.clock.install()
    await page.route('**/api/appraisals/CCCCCCCCCCCCCCCC', () => {})
    await page.goto('/appraisals/CCCCCCCCCCCCCCCC')
    await page.getByText('Loading…').waitFor()
    await page.clock.runFor(API_TIMEOUT_MS + 1000)
    await expect.poll(() => page.getByTestId('saved-error').textContent()).toBe(APPRAISAL_TEXT.loadFailed)
    await page.getByRole('link', { name: 'Back to appraisals' }).waitFor()
    await context.close()
  })

  it('reads a failure out from an alert region that is on the page from the start', async () => {
    const { page, context } = await open()
    const held = await emptyAlertRegion(page, 'appraisal-error')
    await page.route('**/api/appraise', (r) => r.fulfill({ status: 500, body: '{"error":"boom"}' }))
    await appraise(page, 'Tritanium 6')
    await expect.poll(held).toBe(APPRAISAL_TEXT.appraiseFailed)
    await context.close()
  })

  it('before the first market snapshot (ESI never reached), says prices are unavailable instead of 0 ISK, and saves nothing', async () => {
    const { page, context } = await open()
    const error = () => page.getByTestId('appraisal-error').textContent()
    // what the api answers while it holds no market snapshot: the lines, no price, no snapshot time
    await page.route('**/api/appraise', async (r) => {
      const answer = await (await r.fetch()).json()
      await r.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...answer, prices_at: null, prices: [] }) })
    })
    const posts: string[] = []
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/appraisals') && posts.push(r.url()))

    await appraise(page, 'Tritanium 1000\nPyerite 500')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    expect(await page.getByTestId('appraisal-warnings').textContent()).toBe(
      'Prices are unavailable: no market snapshot has been taken yet (the market data from ESI has not arrived)',
    )
    expect(await page.getByTestId('price-note').textContent()).not.toContain('region-wide')
    expect(await column(page, COL.status)).toEqual(['No price data', 'No price data'])
    for (const total of ['total-sell', 'total-buy', 'total-split', 'total-adjusted']) {
      const text = await page.getByTestId(total).textContent()
      expect(text).toMatch(/^—/)
      expect(text).not.toContain('ISK')
    }
    expect(await page.getByRole('button', { name: 'Copy the total' }).count()).toBe(0)

    await page.getByRole('button', { name: 'Save & Share' }).click()
    await expect.poll(error).toBe('Prices are not available yet, so there is nothing to freeze: try again once the market data has arrived')
    expect(posts).toEqual([])
    expect(page.url()).toBe(`${baseUrl}/appraisals`)
    expect(await page.getByRole('textbox', { name: /Items/ }).inputValue()).toBe('Tritanium 1000\nPyerite 500')

    // should the server have lost its snapshot meanwhile, its refusal is shown as it is
    await page.unroute('**/api/appraise')
    await page.getByRole('button', { name: 'Appraise', exact: true }).click()
    await expect.poll(() => column(page, COL.status)).toEqual(['OK', 'OK'])
    await page.route('**/api/appraisals', (r) =>
      r.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: APPRAISAL_TEXT.nothingToFreeze }) }),
    )
    await page.getByRole('button', { name: 'Save & Share' }).click()
    await expect.poll(error).toBe(APPRAISAL_TEXT.nothingToFreeze)
    await context.close()
  })

  it("shows 'Not found' or 'Failed to load' in red with a way back", async () => {
    const { page, context } = await open('/appraisals/AAAAAAAAAAAAAAAA')
    await expect.poll(() => page.getByTestId('saved-error').textContent()).toBe('Not found')
    expect(await page.getByTestId('saved-error').evaluate((e) => getComputedStyle(e).color)).toBe('rgb(255, 93, 108)')
    await page.route('**/api/appraisals/BBBBBBBBBBBBBBBB', (r) => r.fulfill({ status: 500, body: '{"error":"Internal server error"}' }))
    await page.goto('/appraisals/BBBBBBBBBBBBBBBB')
    await expect.poll(() => page.getByTestId('saved-error').textContent()).toBe('Failed to load')
    await page.getByRole('link', { name: 'Back to appraisals' }).click()
    await page.waitForURL((u) => u.pathname === '/appraisals')
    await context.close()
  })

  it('on a phone, keeps the item names in view while the numbers scroll sideways', async () => {
    const { page, context } = await open()
    await page.setViewportSize({ width: 390, height: 860 })
    await appraise(page, 'Tritanium 10000\nHobgoblin I x5')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    const scroller = page.locator('.virtual-table')
    const nameCell = page.locator('.appraisal-preview tbody tr:not(.virtual-spacer) td').first()
    const left = async () => (await nameCell.boundingBox())!.x - (await scroller.boundingBox())!.x
    const before = await left()
    await scroller.evaluate((el) => (el.scrollLeft = 200))
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100)
    expect(await left()).toBe(before)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    await context.close()
  })

  it('appraises on Ctrl+Enter in the paste box, and leaves the box out of the page renders (typing stays quick in a long paste)', async () => {
    const { page, context } = await open()
    const box = page.getByRole('textbox', { name: /Items/ })
    await box.fill('Tritanium 1000')
    await expect.poll(() => page.getByTestId('parsed-count').textContent()).toBe('1 line')
    // React writes a textarea's default value at every render it takes part in, and the browser then lays a long
    // paste out again (75 ms for 5,000 lines on a click): the box must sit out the page's renders.
    await box.evaluate((el) => {
      const w = window as unknown as { boxWrites: string[] }
      w.boxWrites = []
      for (const key of ['value', 'defaultValue'] as const) {
        const own = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, key)!
        Object.defineProperty(el, key, {
          configurable: true,
          get: () => own.get!.call(el) as string,
          set: (v: string) => {
            w.boxWrites.push(key)
            own.set!.call(el, v)
          },
        })
      }
    })
    await box.press('Control+Enter')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    await page.getByRole('combobox', { name: 'Price' }).selectOption('buy5')
    await page.getByRole('spinbutton', { name: 'Adjust total (%)' }).fill('90')
    await expect.poll(() => page.getByTestId('appraisal-status').textContent()).toMatch(/^Appraised 1 line: [\d,.]+ ISK at 90%\.$/)
    // (React's own bookkeeping after a keystroke in the box writes to it too; that costs nothing the edit does not.)
    expect(await page.evaluate(() => (window as unknown as { boxWrites: string[] }).boxWrites)).toEqual([])
    await box.press('End')
    await box.pressSequentially('\nPyerite 500')
    await expect.poll(() => page.getByTestId('parsed-count').textContent()).toBe('2 lines')
    await box.press('Control+Enter')
    await expect.poll(() => page.getByTestId('appraisal-status').textContent()).toMatch(/^Appraised 2 lines: [\d,.]+ ISK at 90%\.$/)
    expect(await box.inputValue()).toBe('Tritanium 1000\nPyerite 500')
    await context.close()
  })

  it('keeps 5,000 rows responsive by rendering only the rows in view', async () => {
    const { page, context } = await open()
    await page.getByLabel('Combine identical items').uncheck()
    await appraise(page, Array.from({ length: 5000 }, (_, i) => `Tritanium ${i + 1}`).join('\n'))
    await page.getByRole('heading', { name: 'Preview' }).waitFor({ timeout: 20_000 })
    const table = page.getByRole('table', { name: 'Appraised items' })
    expect(await table.getAttribute('aria-rowcount')).toBe('5001')
    expect(await page.locator('.appraisal-preview tbody tr:not(.virtual-spacer)').count()).toBeLessThan(100)
    expect(number(await page.getByTestId('total-items').textContent())).toBe((5000 * 5001) / 2)
    // the most valuable line first; scroll to the end and the cheapest is there
    expect((await column(page, 1))[0]).toBe('5,000')
    await page.locator('.virtual-table').evaluate((el) => (el.scrollTop = el.scrollHeight))
    await expect.poll(async () => (await column(page, 1)).at(-1)).toBe('1')
    await context.close()
  })

  it('with the keyboard only: Appraise keeps the focus, the result is read out, and the total term is not read with its Copy button', async () => {
    const { page, context } = await open()
    // the live region is on the page before anything is appraised, or its first text is not read out
    expect(await page.getByTestId('appraisal-status').getAttribute('role')).toBe('status')
    await paste(page, 'Tritanium 1000')
    await page.getByRole('button', { name: 'Appraise', exact: true }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Preview' }).waitFor()
    // a button that disabled itself while busy left the focus on the page's body
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Appraise')
    await expect.poll(() => page.getByTestId('appraisal-status').textContent()).toMatch(/^Appraised 1 line: [\d,.]+ ISK at 100%\.$/)
    const totals = await page.getByRole('region', { name: 'Totals' }).ariaSnapshot()
    expect(totals).toMatch(/- term: Total at 100%\n\s*- definition:\n\s*- text: [\d,.]+ ISK\n\s*- button "Copy the total"/)

    // a line left out of the total is read out too, not only shown in the table
    await paste(page, 'Tritanium 1000\nDefinitely Not An Item 4')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('appraisal-status').textContent()).toMatch(/^Appraised 2 lines: [\d,.]+ ISK at 100%\. 1 invalid item\(s\)\.$/)

    // sliding the adjustment is read out once it rests, not at every step (each step used to be a new announcement)
    const status = page.getByTestId('appraisal-status')
    const said: string[] = []
    await page.exposeFunction('noteStatus', (text: string) => said.push(text))
    await status.evaluate((el) =>
      new MutationObserver(() => (window as unknown as { noteStatus: (t: string | null) => void }).noteStatus(el.textContent)).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
      }),
    )
    const slider = page.getByRole('slider')
    await slider.focus()
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft')
    await expect.poll(() => status.textContent()).toMatch(/ISK at 95%\. 1 invalid item\(s\)\.$/)
    expect(said.filter((t) => t.includes('%')).map((t) => t.match(/at (\d+)%/)?.[1])).toEqual(['95'])
    await context.close()
  })
})
