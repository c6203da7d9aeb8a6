import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchBrowser } from '../../platform/testing/browser.js'
import { KillboardSummary } from '../../schemas/killboard.js'

const baseUrl = inject('appUrl')
const PHONE = { width: 390, height: 844 }
const SMALL_TABLET = { width: 768, height: 1024 }
/** WCAG 1.4.10 (reflow): content fits 320 CSS px without sideways scrolling, as a 1280 px window at 400% zoom does. */
const REFLOW = { width: 320, height: 800 }
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

async function phonePage(path: string, viewport = PHONE) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport })
  const page = await context.newPage()
  await page.goto(path)
  await page.locator('main h1').first().waitFor()
  return { page, context }
}

/** Each page a person uses, brought to the state they read it in (results shown, a dialog open). */
const PAGES_WITH_RESULTS: Array<[string, string, (page: Page) => Promise<void>]> = [
  [
    'blue loot payout',
    '/bloot',
    async (page) => {
      await page.getByLabel('Core Garrison').fill('2')
      for (const name of ['Alice Of The Rather Long Pilot Name', 'Bob']) {
        await page.getByLabel('Player name').fill(name)
        await page.getByLabel('Player name').press('Enter')
      }
      await page.getByLabel('Bob tackle').check()
      await page.getByRole('button', { name: 'Calculate' }).click()
      await page.getByTestId('payout').waitFor()
    },
  ],
  [
    'participation payout',
    '/participation',
    async (page) => {
      await page.getByLabel('Player name').fill('Ann Of The Rather Long Pilot Name')
      await page.getByRole('button', { name: 'Add Player' }).click()
      await page.getByLabel('Core Garrison number ran').fill('2')
      await page.getByLabel('Ann Of The Rather Long Pilot Name Core Garrison').fill('2')
      await page.getByRole('button', { name: 'Calculate' }).click()
      await page.getByTestId('payout').waitFor()
    },
  ],
  [
    'PI tiers, one expanded',
    '/pi-calc',
    async (page) => {
      await page.getByTestId('pi-source').waitFor()
      await expect.poll(() => page.getByTestId('pi-loading').count()).toBe(0)
      await page.getByRole('button', { name: /^P2 ·/ }).click()
      await page.locator('section.pi-tier table').filter({ visible: true }).first().waitFor()
    },
  ],
  ['reaction table', '/reaction-calc', (page) => page.locator('tbody tr.row-good, tbody tr.row-bad').first().waitFor()],
  [
    'appraisal result',
    '/appraisals',
    async (page) => {
      await page
        .getByRole('textbox', { name: /Items/ })
        .fill('Tritanium\t12,000\nPyerite x 3000\n[Rifter, Tackle]\n200mm AutoCannon I, EMP S\nHobgoblin I x5\nDefinitely Not An Item 4')
      await page.getByRole('button', { name: 'Appraise', exact: true }).click()
      await page.getByRole('heading', { name: 'Preview' }).waitFor()
    },
  ],
  [
    'saved appraisal',
    '/appraisals',
    async (page) => {
      await page.getByRole('textbox', { name: /Items/ }).fill('Tritanium 12000\nHobgoblin I x5')
      await page.getByRole('button', { name: 'Save & Share' }).click()
      await page.getByRole('heading', { name: 'Saved appraisal' }).waitFor()
      await page.locator('.appraisal-preview tbody tr').first().waitFor()
    },
  ],
  ['build cost of a chosen blueprint', '/industry?blueprint=691', (page) => page.locator('.materials-table tbody tr').first().waitFor()],
  ['fitting tool', '/pyfa', async () => {}],
  ['contact form', '/contact', async () => {}],
  ['killfeed sign-in', '/killfeed', (page) => page.getByLabel('Password').waitFor()],
  ['live killfeed', '/killfeed/live', async () => {}],
  ['kill tracker', '/demo-pilot', (page) => page.locator('.kt-row').first().waitFor()],
  ['changelog', '/changelog', async () => {}],
  ['roadmap', '/roadmap', async () => {}],
  ['acknowledgements', '/acknowledgements', async () => {}],
  ['404 page', '/no/such/page', async () => {}],
  [
    'gas results for a fleet',
    '/gas-calc?ship=Venture',
    async (page) => {
      await page.getByLabel('Ship Count').fill('3')
      await page.getByRole('button', { name: 'Calculate' }).click()
      await page.getByTestId('gas-results').waitFor()
    },
  ],
  [
    'ore results',
    '/ore',
    async (page) => {
      await expect.poll(() => page.getByLabel('Ship', { exact: true }).locator('option').count()).toBeGreaterThan(5)
      await page.getByRole('button', { name: 'Calculate' }).click()
      await page.getByTestId('ore-results').waitFor()
    },
  ],
  ['compressed plan, ISK strategy', '/compressed?t=Tritanium:1000000,Pyerite:200000,Isogen:5000', (page) => page.getByTestId('ore-summary').first().waitFor()],
  ['wormhole system dialog', '/wormholes/J123450', (page) => page.getByRole('dialog').getByRole('region', { name: 'Celestials' }).waitFor()],
]

describe.each([
  ['phone', PHONE],
  ['small tablet', SMALL_TABLET],
  ['reflow width', REFLOW],
])('on a %s (%o)', (_, viewport) => {
  it.each(PAGES_WITH_RESULTS)('the %s (%s) never scrolls the page sideways', async (_, path, prepare) => {
    const { page, context } = await phonePage(path, viewport)
    await prepare(page)
    await page.waitForTimeout(300)
    expect(await overflow(page)).toEqual({ by: 0, culprits: [] })
    const dialog = page.getByRole('dialog')
    if (await dialog.count()) expect(await overflow(dialog)).toEqual({ by: 0, culprits: [] })
    await context.close()
  })
})

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
    const activeCorporations = Array.from({ length: 3 }, (_, i) => ({
      id: 98000000 + i,
      name: `Wormhole Residents Of Very Long Name ${i}`,
      activeDays: 3,
      lastSeenDaysAgo: 1,
    }))
    // and a STALE feed, so the amber note has to fit too
    const at = new Date(Date.now() - 3 * 3_600_000).toISOString()
    const feed = {
      status: 'STALE',
      newest_kill_at: at,
      newest_kill_age_seconds: 10_800,
      live_stored_at: at,
      live_stored_age_seconds: 10_800,
      stale_after_minutes: 30,
      zkill_answering: true,
      detail: 'The live feed last stored a kill 3 hours ago',
    }
    const summary = KillboardSummary.parse({
      solarsystemid: 31000488,
      totalKills: 3,
      daysCovered: 30,
      windowDays: 60,
      mostRecentKillDaysAgo: 1,
      activeCorporations,
      feed,
    })
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

  it("shows a kill tracker's ship names whole, where an ellipsis would hide which hull died", async () => {
    const { page, context } = await phonePage('/demo-pilot')
    await page.locator('.kt-row').first().waitFor()
    const cut = await page.locator('.kt-ship-name').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent))
    expect(cut).toEqual([])
    await context.close()
  })

  it("keeps the wormhole dialog's 'Copy J-code' on one line", async () => {
    const { page, context } = await phonePage('/wormholes/J123450')
    const copy = page.getByRole('dialog').getByRole('button', { name: 'Copy J-code' })
    const lines = await copy.evaluate((button) => {
      const range = document.createRange()
      range.selectNodeContents(button)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    })
    expect(lines).toBe(1)
    await context.close()
  })
})
