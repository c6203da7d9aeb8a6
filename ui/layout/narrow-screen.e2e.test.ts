import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchBrowser } from '../../api/testing/browser.js'
import { KillboardSummary } from '../../schemas/killboard.js'

const baseUrl = inject('appUrl')
const PHONE = { width: 390, height: 844 }
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** How far an element's content reaches past its own width (0 when it fits), and the widest children doing it. */
async function overflow(target: Page | Locator) {
  const measure = (root: Element | null) => {
    const el = (root ?? document.documentElement) as HTMLElement
    const limit = el.getBoundingClientRect().right
    const culprits = [...el.querySelectorAll('*')]
      // boxes that scroll on their own, and the closed menu drawer parked off screen, do not widen the page
      .filter((c) => c.getBoundingClientRect().right > limit + 1 && !c.closest('.table-wrap, nav.drawer'))
      .map((c) => `${c.tagName.toLowerCase()}.${[...c.classList].join('.')}`)
    return { by: el.scrollWidth - el.clientWidth, culprits: [...new Set(culprits)].slice(0, 5) }
  }
  return 'goto' in target ? target.evaluate(measure, null) : target.evaluate(measure)
}

async function phonePage(path: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE })
  const page = await context.newPage()
  await page.goto(path)
  await page.locator('main h1').first().waitFor()
  return { page, context }
}

describe('on a phone-width screen (390 px)', () => {
  it.each([
    ['/', null],
    ['/gas-calc', null],
    ['/ore', null],
    ['/wormholes', null],
    ['/timestamp', null],
    ['/rolling-mass', null],
    ['/statuses', '.status-page table'],
    ['/compressed?t=Tritanium:1000000,Pyerite:200000&s=min_haul', '[data-testid="ore-summary"]'],
    ['/wormhole-sites', null],
  ])('%s never scrolls the page sideways (wide tables scroll in their own box)', async (path, waitFor) => {
    const { page, context } = await phonePage(path)
    if (waitFor) await page.locator(waitFor).first().waitFor()
    if (path === '/wormhole-sites') await page.getByRole('button', { name: 'Show Waves' }).first().click()
    await page.waitForTimeout(300)
    expect(await overflow(page)).toEqual({ by: 0, culprits: [] })
    await context.close()
  })

  it("opens a '?' hint with a tap, where a hover title would show nothing", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE, hasTouch: true, isMobile: true })
    const page = await context.newPage()
    await page.goto('/industry')
    const hint = page.locator('.field', { has: page.getByLabel('ME rig', { exact: true }) }).getByLabel('About ME rig')
    const text = page.getByRole('tooltip').filter({ hasText: /A material rig for this item's group/ })
    expect(await text.isVisible()).toBe(false)
    await hint.tap()
    await expect.poll(() => text.isVisible()).toBe(true)
    // the select keeps its plain name, without the hint
    expect(await page.getByLabel('ME rig', { exact: true }).evaluate((el) => el.tagName)).toBe('SELECT')

    // a hint in a table header that scrolls in its own box is drawn whole, inside the screen
    await page.goto('/gas-calc')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.getByTestId('gas-results').waitFor()
    await page.getByLabel('About ISK/hr').tap()
    const tip = page.getByRole('tooltip').filter({ visible: true })
    await tip.waitFor()
    const box = await tip.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { left: r.left, right: r.right, onTopLayer: el.parentElement === document.body }
    })
    expect(box.onTopLayer).toBe(true)
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.right).toBeLessThanOrEqual(PHONE.width)
    await context.close()
  })

  it('fits the wormhole system dialog and a reaction breakdown to the screen', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE })
    const page = await context.newPage()
    // corporations with long names, whatever kills the test server holds for this system
    const activeCorporations = Array.from({ length: 3 }, (_, i) => ({ id: 98000000 + i, name: `Wormhole Residents Of Very Long Name ${i}`, activeDays: 3, lastSeenDaysAgo: 1 }))
    // and a STALE feed, so the amber note has to fit too
    const at = new Date(Date.now() - 3 * 3_600_000).toISOString()
    const feed = { status: 'STALE', newest_kill_at: at, newest_kill_age_seconds: 10_800, live_stored_at: at, live_stored_age_seconds: 10_800, stale_after_minutes: 30, zkill_answering: true, detail: 'The live feed last stored a kill 3 hours ago' }
    const summary = KillboardSummary.parse({ solarsystemid: 31000488, totalKills: 3, daysCovered: 30, windowDays: 60, mostRecentKillDaysAgo: 1, activeCorporations, feed })
    await page.route('**/api/killboard-summary/31000488', (r) => r.fulfill({ json: summary }))
    await page.goto('/wormholes/J123450')
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('region', { name: 'Celestials' }).waitFor()
    await dialog.locator('.wh-corps').waitFor()
    await dialog.getByTestId('kill-feed-note').waitFor()
    expect(await overflow(dialog)).toEqual({ by: 0, culprits: [] })

    await page.goto('/reaction-calc')
    await page.locator('tbody tr.row-good, tbody tr.row-bad').first().click()
    await page.getByRole('dialog').locator('table').first().waitFor()
    expect(await overflow(page.getByRole('dialog'))).toEqual({ by: 0, culprits: [] })
    await context.close()
  })
})
