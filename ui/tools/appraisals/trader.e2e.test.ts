import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page, Route } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { AppraiseResponse } from '../../../schemas/appraisals.js'

/** Issue #38 on the page: unread lines, copies, renamed and misspelt names, trader numbers, totals that never clip. */

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WIDTHS = [1280, 390] as const

async function open(width: number) {
  const opened = await openPage(browser, baseUrl)
  await opened.page.setViewportSize({ width, height: 900 })
  await opened.page.goto('/appraisals')
  return opened
}

async function appraise(page: Page, text: string) {
  await page.getByRole('textbox', { name: /Items/ }).evaluate((el, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }, text)
  await page.getByRole('button', { name: 'Appraise', exact: true }).click()
  await page.getByRole('heading', { name: 'Preview' }).waitFor()
}

/** The server's real answer, changed before the page reads it. */
const rewrite = (change: (answer: AppraiseResponse) => AppraiseResponse) => async (route: Route) => {
  const answer = (await (await route.fetch()).json()) as AppraiseResponse
  await route.fulfill({ contentType: 'application/json', body: JSON.stringify(change(answer)) })
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe.each(WIDTHS)('/appraisals at %i px', (width) => {
  it('lists the lines it did not read under the table, shows a copy with its runs, unpriced', async () => {
    const { page, context, errors } = await open(width)
    await appraise(page, 'My loot from tonight\nTritanium 1000\nRifter Blueprint\t8\t16\t15\tJita\tFrigate Blueprint\nPyerite 99999999999')
    const unread = page.getByRole('button', { name: '2 lines not read (1 refused)' })
    await unread.click()
    const list = page.getByTestId('unread-lines')
    expect(await list.textContent()).toContain('Line 1: My loot from tonight')
    expect(await list.textContent()).toMatch(/Line 4: Pyerite 99999999999.*more than 2,147,483,647/)
    const copy = page.locator('[data-status="copy"]')
    expect(await copy.textContent()).toBe('Copy · 15 runs')
    const copyRow = page.locator('tbody tr', { has: copy })
    expect(await copyRow.locator('td').nth(5).textContent()).toBe('—')
    expect(await page.locator('[data-status="invalid"]').count()).toBe(0)
    expect(await noSideScroll(page)).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the current name with the pasted one beside it, and the suggestion on an Invalid line, never substituted', async () => {
    const { page, context } = await open(width)
    // The catalog's rename history arrives with the game-data work: until then the rows carry these fields as the API gives them.
    await page.route(
      '**/api/appraise',
      rewrite((a) => ({
        ...a,
        lines: a.lines!.map((l) => (l.type_id === 34 ? { ...l, renamed_from: 'Old Tritanium' } : l.type_id === null ? { ...l, suggestion: 'Tritanium' } : l)),
      })),
    )
    await appraise(page, 'Tritanium 5\nTritanuim 3')
    expect(await page.getByTestId('renamed-from').textContent()).toContain('pasted as “Old Tritanium”')
    const invalidRow = page.locator('tbody tr', { has: page.locator('[data-status="invalid"]') })
    expect(await invalidRow.getByTestId('suggestion').textContent()).toContain('Did you mean “Tritanium”?')
    expect(await invalidRow.locator('.item-name').textContent()).toMatch(/^Tritanuim/)
    await context.close()
  })

  it('reads every total in full up to 1,000,000,000,000,000 ISK, without sideways scrolling', async () => {
    const { page, context } = await open(width)
    await page.route(
      '**/api/appraise',
      rewrite((a) => ({
        ...a,
        prices: a.prices!.map((p) => ({ ...p, hub: { sell_min: 1e9, sell_5pct: 1e9, buy_max: 9.99e8, buy_5pct: 9.99e8 } })),
      })),
    )
    await appraise(page, 'Tritanium 1000000')
    const adjusted = page.getByTestId('total-adjusted')
    expect(await adjusted.textContent()).toContain('1,000,000,000,000,000.00 ISK')
    for (const id of ['total-sell', 'total-buy', 'total-split', 'total-adjusted', 'total-volume', 'total-isk-per-m3']) {
      const clipped = await page.getByTestId(id).evaluate((el) => {
        const box = el.getBoundingClientRect()
        const card = el.parentElement!.getBoundingClientRect()
        return el.scrollWidth > el.clientWidth + 1 || box.right > card.right + 1 || box.left < card.left - 1
      })
      expect(clipped, id).toBe(false)
    }
    expect(await noSideScroll(page)).toBe(0)
    await context.close()
  })

  it('gives ISK per m³, compares all five hubs, and opens an item’s medians and price chart', async () => {
    const { page, context, errors } = await open(width)
    await appraise(page, 'Tritanium 1000\nPyerite 500')
    expect(await page.getByTestId('total-isk-per-m3').textContent()).toMatch(/^[\d,.]+ ISK$/)
    await page.getByTestId('total-median-5d').waitFor()
    expect(await page.getByTestId('total-median-5d').textContent()).toMatch(/ISK|no history yet/)

    await page.getByRole('button', { name: 'Compare hubs' }).click()
    await page.getByTestId('compare-hubs').waitFor()
    expect(await page.getByTestId('hub-total').count()).toBe(5)
    expect(await page.getByTestId('hub-total').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Jita 4-4/), expect.stringMatching(/^Rens/)]),
    )
    expect(await page.getByRole('table', { name: 'Prices at every hub' }).locator('tbody tr:not(.virtual-spacer)').count()).toBe(2)

    await page.getByRole('table', { name: 'Appraised items' }).getByRole('button', { name: 'Tritanium' }).click()
    const history = page.getByTestId('price-history')
    await history.waitFor()
    expect(await page.getByTestId('history-live').textContent()).toMatch(/ISK$/)
    await expect.poll(async () => (await page.getByTestId('history-days').count()) + (await history.getByText('No daily history').count())).toBe(1)
    if (await page.getByTestId('history-days').count()) expect(await history.locator('canvas').count()).toBe(1)
    expect(await noSideScroll(page)).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows item icons from the image server, and a lettered placeholder when it cannot be reached', async () => {
    const { page, context } = await open(width)
    await page.route('**/types/*/icon*', (r) => r.abort())
    await appraise(page, 'Tritanium 1000')
    await page.getByTestId('image-fallback').first().waitFor()
    expect(await page.getByTestId('image-fallback').first().getAttribute('aria-label')).toBe('Tritanium')
    await context.close()
  })
})

describe('the saved page', () => {
  it('shows what the live page showed when saved: unread lines, copies, ISK per m³', async () => {
    const { page, context } = await open(1280)
    await appraise(page, 'Some remark\nTritanium 1000\nRifter Blueprint\t8\t16\t15\tJita\tFrigate Blueprint')
    const live = await page.getByTestId('total-isk-per-m3').textContent()
    await page.getByRole('button', { name: 'Save & Share' }).click()
    await page.waitForURL(/\/appraisals\/[A-Za-z0-9_-]{16}$/)
    await page.getByTestId('total-adjusted').waitFor()
    expect(await page.getByTestId('total-isk-per-m3').textContent()).toBe(live)
    expect(await page.locator('[data-status="copy"]').textContent()).toBe('Copy · 15 runs')
    await page.getByRole('button', { name: '1 line not read' }).click()
    expect(await page.getByTestId('unread-lines').textContent()).toContain('Line 1: Some remark')
    await context.close()
  })
})
