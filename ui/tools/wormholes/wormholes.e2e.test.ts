import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { KillboardActivity, KillboardSummary } from '../../../schemas/killboard.js'
import type { Wormhole, WormholeTypeInfo } from '../../../schemas/wormholes.js'
import { wormholeRows } from '../../../schemas/wormhole-list.js'

const baseUrl = inject('appUrl')
let browser: Browser
/** The full suite shares two cores: give the page time before calling a wait a failure. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })
let systems: Wormhole[]

beforeAll(async () => {
  browser = await launchBrowser()
  systems = wormholeRows(await (await fetch(`${baseUrl}/api/wormholes`)).json())!
})
afterAll(async () => {
  await browser?.close()
})

/** A 1×1 PNG: what the image server fake answers. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

/** A page whose image server answers (or not), so tests never depend on the network. */
async function open(path: string, images: 'up' | 'down' = 'up') {
  const t = await openPage(browser, baseUrl)
  await t.page.route(/images\.evetech\.net/, (route) =>
    images === 'up' ? route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }) : route.abort('internetdisconnected'),
  )
  await t.page.goto(path)
  return t
}
const count = (page: Page) => page.getByTestId('wh-count').textContent()
/** The killmail feed's state as the killboard answers carry it: current, or three hours behind. */
const feedState = (status: 'OK' | 'STALE') => {
  const age = status === 'OK' ? 40 : 3 * 3600 + 300
  const at = new Date(Date.now() - age * 1000).toISOString()
  return {
    status,
    newest_kill_at: at,
    newest_kill_age_seconds: age,
    live_stored_at: at,
    live_stored_age_seconds: age,
    stale_after_minutes: 30,
    zkill_answering: null,
    detail: 'as the API says it',
  }
}
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)

describe('wormhole database list', () => {
  it("shows 'Showing 2603 of 2603 wormholes' and keeps only the visible rows in the page", async () => {
    const { page, context, errors } = await open('/wormholes')
    await eventually(() => count(page)).toBe('Showing 2603 of 2603 wormholes')
    expect(await page.getByRole('heading', { name: 'Wormhole database' }).count()).toBe(1)
    const rendered = await page.locator('.wh-body .wh-row').count()
    expect(rendered).toBeGreaterThan(10)
    expect(rendered).toBeLessThan(100)
    expect(await page.locator('[role=columnheader]').allTextContents()).toEqual(['Class↕', 'J-Code▲', 'Statics', 'Effect↕'])
    // statics are coloured by destination, with a legend
    const chip = page.locator('.wh-row[data-jcode] .static-chip').first()
    expect(await chip.getAttribute('data-destination')).toMatch(/^(c[1-6]|hs|ls|ns|thera)$/)
    expect(await page.getByRole('list', { name: 'Static colours' }).locator('li').count()).toBe(10)
    expect(errors).toEqual([])
    await context.close()
  })

  it('filters on each keystroke by J-code, ignoring a leading J and case, and keeps the search in the address', async () => {
    const { page, context } = await open('/wormholes')
    const search = page.getByRole('searchbox', { name: 'Search J-code' })
    await search.pressSequentially('j12345')
    const expected = systems.filter((w) => w.jcode.toLowerCase().replace(/^j/, '').includes('12345')).length
    await eventually(() => count(page)).toBe(`Showing ${expected} of 2603 wormholes`)
    await search.pressSequentially('0')
    await eventually(() => count(page)).toBe('Showing 1 of 2603 wormholes')
    expect(await page.locator('.wh-body .wh-row').first().getAttribute('data-jcode')).toBe('J123450')
    await eventually(() => query(page).q).toBe('j123450')
    // Enter opens the one system left
    await search.press('Enter')
    await eventually(() => page.getByRole('dialog').locator('h2').textContent()).toBe('J123450 · C2')
    expect(new URL(page.url()).pathname).toBe('/wormholes/J123450')
    await context.close()
  })

  it('finds a Drifter system by its name, and says why a search for Thera finds nothing', async () => {
    const { page, context } = await open('/wormholes')
    const search = page.getByRole('searchbox', { name: 'Search J-code' })
    await search.fill('Vidette')
    await eventually(() => count(page)).toBe('Showing 1 of 2603 wormholes')
    expect(await page.locator('.wh-body .wh-row').first().getAttribute('data-jcode')).toBe('J164710')
    await search.press('Enter')
    await eventually(() => page.getByRole('dialog').locator('h2').textContent()).toBe('J164710 · Vidette')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await search.fill('thera')
    await eventually(() => count(page)).toBe('Showing 0 of 2603 wormholes')
    expect(await page.getByTestId('thera-note').textContent()).toContain('Thera is not in this list')
    // where the rows would be, too: not a generic "no match" (issue #41)
    expect(await page.locator('.wh-empty').textContent()).toBe(
      'Thera is not in this list: it has no static wormholes, and its connections to known space change all the time.',
    )
    // a link to Thera's own address says the same in the dialog
    await page.goto('/wormholes/Thera')
    await eventually(() => page.getByRole('dialog').locator('.error-box').textContent()).toContain('Thera is not in the wormhole database')
    await context.close()
  })

  it('keeps every column on a phone: the effect sits under class and J-code, and sorts from its header', async () => {
    // the longest effect name, beside three statics
    const { page, context } = await open('/wormholes?effect=cataclysmic-variable')
    await page.setViewportSize({ width: 390, height: 800 })
    const cv = systems.filter((w) => w.effect === 'Cataclysmic Variable')
    await eventually(() => count(page)).toBe(`Showing ${cv.length} of 2603 wormholes`)
    const three = cv.find((w) => w.statics.length === 3)!
    await page.getByRole('searchbox', { name: 'Search J-code' }).fill(three.jcode)
    await eventually(() => count(page)).toBe('Showing 1 of 2603 wormholes')
    const row = page.locator('.wh-body .wh-row').first()
    const effect = row.locator('.wh-effect')
    expect(await effect.isVisible()).toBe(true)
    expect(await effect.textContent()).toBe('Cataclysmic Variable')
    // inside the 40 px row, not cut off, and clear of the statics
    const [rowBox, effectBox, staticsBox] = await Promise.all([row.boundingBox(), effect.boundingBox(), row.locator('.wh-statics').boundingBox()])
    expect(effectBox!.y + effectBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height + 0.5)
    expect(effectBox!.x + effectBox!.width).toBeLessThanOrEqual(staticsBox!.x + 0.5)
    expect(await effect.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const header = page.getByRole('columnheader', { name: /Effect/ })
    expect(await header.isVisible()).toBe(true)
    await header.getByRole('button').click()
    expect(await header.getAttribute('aria-sort')).toBe('ascending')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
    await context.close()
  })

  it('on a phone each static says where it leads in words, not by colour alone', async () => {
    const { page, context } = await open('/wormholes?q=J002423')
    await page.setViewportSize({ width: 390, height: 800 })
    await eventually(() => count(page)).toBe('Showing 1 of 2603 wormholes')
    const row = page.locator('.wh-body .wh-row').first()
    const chips = row.locator('.static-chip')
    expect(await chips.count()).toBe(3)
    const rowBox = (await row.boundingBox())!
    const statics = (await row.locator('.wh-statics').boundingBox())!
    for (let i = 0; i < 3; i++) {
      const dest = chips.nth(i).locator('.static-dest')
      expect(await dest.isVisible(), `chip ${i}`).toBe(true)
      const box = (await chips.nth(i).boundingBox())!
      // inside the row and the statics cell, not cut off
      expect(box.y).toBeGreaterThanOrEqual(rowBox.y)
      expect(box.y + box.height).toBeLessThanOrEqual(rowBox.y + rowBox.height)
      expect(box.x + box.width).toBeLessThanOrEqual(statics.x + statics.width)
    }
    expect(await chips.first().locator('.static-dest').textContent()).toBe('High')
    // at 320 px there is no room to show it, but a screen reader still hears it
    await page.setViewportSize({ width: 320, height: 800 })
    await eventually(async () => (await chips.first().locator('.static-dest').boundingBox())!.width).toBeLessThanOrEqual(1)
    expect(await row.locator('.wh-statics').ariaSnapshot()).toContain('D845 High')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320)
    await context.close()
  })

  it('combines class, effect, planet, star and shattered filters with AND, and restores them from a shared link', async () => {
    const { page, context } = await open('/wormholes')
    await eventually(() => count(page)).toBe('Showing 2603 of 2603 wormholes')
    await page.getByRole('group', { name: 'Class' }).getByRole('button', { name: 'C5', exact: true }).click()
    await page.getByRole('group', { name: 'Effect' }).getByRole('button', { name: 'Pulsar' }).click()
    const expected = systems.filter((w) => w.class_label === 'C5' && w.effect === 'Pulsar').length
    await eventually(() => count(page)).toBe(`Showing ${expected} of 2603 wormholes`)
    await page.getByRole('group', { name: 'Planets' }).getByRole('button', { name: 'Lava' }).click()
    const withLava = systems.filter((w) => w.class_label === 'C5' && w.effect === 'Pulsar' && w.planet_types.includes('Lava')).length
    await eventually(() => count(page)).toBe(`Showing ${withLava} of 2603 wormholes`)
    await eventually(() => query(page)).toEqual({ class: 'c5', effect: 'pulsar', planet: 'lava' })

    const link = page.url()
    const other = await open(new URL(link).pathname + new URL(link).search)
    await eventually(() => count(other.page)).toBe(`Showing ${withLava} of 2603 wormholes`)
    expect(await other.page.getByRole('group', { name: 'Class' }).getByRole('button', { name: 'C5', exact: true }).getAttribute('aria-pressed')).toBe('true')
    await other.context.close()

    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByLabel('Only A0 blue stars').check()
    await eventually(() => count(page)).toBe(`Showing ${systems.filter((w) => w.star_type_id === 3801).length} of 2603 wormholes`)
    await page.getByLabel('Only A0 blue stars').uncheck()
    await page.getByRole('group', { name: 'Shattered' }).getByRole('button', { name: 'Only' }).click()
    await eventually(() => count(page)).toBe('Showing 107 of 2603 wormholes')
    await page.getByRole('group', { name: 'Statics' }).getByRole('button', { name: 'Thera' }).click()
    await eventually(() => count(page)).toBe('Showing 0 of 2603 wormholes')
    expect(await page.getByText('No wormhole matches these filters.').count()).toBe(1)
    await context.close()
  })

  it('keeps keyboard focus on Clear filters once it has cleared them, rather than dropping it to the document', async () => {
    const { page, context } = await open('/wormholes?class=c5&q=12')
    const clear = page.getByRole('button', { name: 'Clear filters' })
    await eventually(() => clear.getAttribute('aria-disabled')).toBe('false')
    await clear.focus()
    await page.keyboard.press('Enter')
    await eventually(() => count(page)).toBe('Showing 2603 of 2603 wormholes')
    // nothing left to clear, as a screen reader hears it, while the button keeps the focus
    expect(await clear.getAttribute('aria-disabled')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Clear filters')
    await context.close()
  })

  it('does not call a shared statics link empty while the type data loads, and sets the statics filter aside when it fails', async () => {
    const types = (await (await fetch(`${baseUrl}/api/wormhole-types`)).json()) as WormholeTypeInfo[]
    const toHs = new Set(types.filter((t) => t.destinations.includes('hs')).map((t) => t.code))
    const c2 = systems.filter((w) => w.class_label === 'C2')
    const c2WithHs = c2.filter((w) => w.statics.some((code) => toHs.has(code))).length
    expect(c2WithHs).toBeGreaterThan(0)

    // the type data arrives late: until it does, the list is loading, not "Showing 0" / "No wormhole matches"
    const late = await openPage(browser, baseUrl)
    let release!: () => void
    const held = new Promise<void>((done) => (release = done))
    await late.page.route('**/api/wormhole-types', async (route) => {
      await held
      await route.continue()
    })
    const listAnswered = late.page.waitForResponse('**/api/wormholes')
    await late.page.goto('/wormholes?class=c2&static=hs')
    await listAnswered
    await late.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200))))
    expect(await count(late.page)).toBe('Loading wormholes…')
    expect(await late.page.getByText('No wormhole matches these filters.').count()).toBe(0)
    release()
    await eventually(() => count(late.page)).toBe(`Showing ${c2WithHs} of 2603 wormholes`)
    await late.context.close()

    // the type data fails: the statics filter cannot work, so it is not applied (and the page says so), but stays in the link
    const failed = await openPage(browser, baseUrl)
    await failed.page.route('**/api/wormhole-types', (route) => route.fulfill({ status: 500, body: 'down' }))
    await failed.page.goto('/wormholes?class=c2&static=hs')
    await eventually(() => count(failed.page)).toBe(`Showing ${c2.length} of 2603 wormholes`)
    expect(await failed.page.locator('.wh-filters .warning-text').textContent()).toContain('the statics filter in this link (High-sec) is not applied')
    expect(query(failed.page)).toEqual({ class: 'c2', static: 'hs' })
    await failed.context.close()
  })

  it('says the list did not load, rather than crashing the page, when an answer is JSON but not the list (a server of another version)', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.route('**/api/wormholes', (route) => route.fulfill({ status: 200, json: { wormholes: [] } }))
    await t.page.goto('/wormholes')
    await eventually(() => t.page.locator('.wh-list-panel .error-box').textContent()).toContain('The wormhole list did not load')
    expect(await t.page.getByText('Unexpected Application Error!').count()).toBe(0)
    await t.context.close()

    // the type data in another shape: statics cannot be filtered, and the page says so, as when it fails
    const types = await openPage(browser, baseUrl)
    await types.page.route('**/api/wormhole-types', (route) => route.fulfill({ status: 200, json: { types: [] } }))
    await types.page.goto('/wormholes?class=c2')
    await eventually(() => count(types.page)).toBe(`Showing ${systems.filter((w) => w.class_label === 'C2').length} of 2603 wormholes`)
    expect(await types.page.locator('.wh-filters .warning-text').textContent()).toContain('Wormhole type data did not load')
    expect(types.errors.filter((e) => !/wormhole-types/.test(e))).toEqual([])
    await types.context.close()
  })
})

describe('system dialog', () => {
  it('opens from a J-code at a stable address with class, weather, statics, celestials and links; × and backdrop close it', async () => {
    const { page, context } = await open('/wormholes?q=123450')
    await page.getByRole('link', { name: 'J123450' }).click()
    const dialog = page.getByRole('dialog')
    await eventually(() => dialog.locator('h2').textContent()).toBe('J123450 · C2')
    expect(new URL(page.url()).pathname).toBe('/wormholes/J123450')
    expect(await dialog.getByRole('region', { name: 'Weather' }).textContent()).toContain('Wolf Rayet, class 2 strength')
    expect(await dialog.locator('.wh-modifiers li').allTextContents()).toEqual([
      'Armor HP +44%',
      'Signature radius -22%',
      'Small weapon damage +88%',
      'Shield resistances -22%',
    ])
    const statics = await dialog.locator('.wh-statics-table tbody tr').allTextContents()
    expect(statics).toEqual(['B274High-sec2,000,000,000 kg375,000,000 kg24 h0 kg', 'Y683C42,000,000,000 kg375,000,000 kg16 h0 kg'])
    const celestials = await dialog.getByRole('region', { name: 'Celestials' }).textContent()
    expect(celestials).toContain('Sun K5 (Orange Bright)')
    expect(celestials).toContain('J123450 VIIIGas · 23 moons')
    expect(await dialog.getByRole('link', { name: 'Anoik.is' }).getAttribute('href')).toBe('https://anoik.is/systems/J123450')
    expect(await dialog.getByRole('link', { name: 'zKillboard' }).getAttribute('href')).toBe('https://zkillboard.com/system/31000488/')
    expect(await dialog.getByRole('link', { name: 'DOTLAN EveMaps' }).getAttribute('href')).toBe('https://evemaps.dotlan.net/system/J123450')
    // type icons from the image server
    await eventually(() => dialog.locator('.wh-celestials img').count()).toBe(10)
    // a modal: Tab goes round the dialog and never reaches the filters behind it
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(
        () => !document.activeElement || document.activeElement === document.body || !!document.activeElement.closest('[role=dialog]'),
      )
      expect(inside, `focus after ${i + 1} Tabs`).toBe(true)
    }

    await dialog.getByRole('button', { name: 'Close' }).click()
    await eventually(() => page.getByRole('dialog').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/wormholes')
    expect(query(page)).toEqual({ q: '123450' })

    await page.getByRole('link', { name: 'J123450' }).click()
    await page.getByRole('dialog').waitFor()
    await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } })
    await eventually(() => page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  it('leaves no dialog behind in the history once closed: Back then goes where the pilot came from', async () => {
    const { page, context } = await open('/rolling-mass')
    // opened from the list, closed with ×
    await page.goto('/wormholes?q=123450')
    await page.getByRole('link', { name: 'J123450' }).click()
    await page.getByRole('dialog').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await eventually(() => page.getByRole('dialog').count()).toBe(0)
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/wormholes?q=123450')
    // opened with Enter, closed with Escape
    await page.getByRole('searchbox', { name: 'Search J-code' }).press('Enter')
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await eventually(() => page.getByRole('dialog').count()).toBe(0)
    await page.goBack()
    await eventually(() => new URL(page.url()).pathname).toBe('/rolling-mass')

    // opened from a shared link, closed with ×: the list takes the link's place
    await page.goto('/wormholes/J123450')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await eventually(() => new URL(page.url()).pathname).toBe('/wormholes')
    await page.goBack()
    await eventually(() => new URL(page.url()).pathname).toBe('/rolling-mass')
    expect(await page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  it("keeps 'Loading...' and 'Loading activity...' while the killboard endpoints fail", async () => {
    const t = await openPage(browser, baseUrl)
    const { page, context, errors } = t
    await page.route(/images\.evetech\.net/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }))
    // whether or not the killmail pipeline's endpoints are on this server, make both calls fail
    await page.route(/\/api\/killboard-(summary|activity)\//, (route) => route.fulfill({ status: 503, json: { error: 'Killboard data unavailable' } }))
    const answered = ['summary', 'activity'].map((kind) =>
      page.waitForResponse((r) => r.url().includes(`/api/killboard-${kind}/31000488`) && r.status() === 503),
    )
    await page.goto('/wormholes/J123450')
    await Promise.all(answered)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('region', { name: 'Statics' }).waitFor()
    expect(await dialog.getByRole('region', { name: 'Killboard activity' }).textContent()).toContain('Loading activity...')
    expect(await dialog.getByRole('region', { name: 'Kills summary' }).textContent()).toContain('Loading...')
    expect(await dialog.getByRole('region', { name: 'Recent corporations' }).textContent()).toContain('Loading...')
    expect(errors).toEqual([])
    await context.close()
  })

  it('draws the heatmap, the kills summary and the top 10 corporations from the killboard endpoints', async () => {
    const t = await openPage(browser, baseUrl)
    const { page } = t
    await page.route(/images\.evetech\.net/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }))
    // the answers are parsed with the API's own schemas, so they are in the shape the API really sends
    const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0))
    hours[1][20] = 4
    hours[5][3] = 1
    const activity = KillboardActivity.parse({
      solarsystemid: 31000488,
      days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      hours,
      max: 4,
      totalKills: 5,
      daysCovered: 30,
      feed: feedState('OK'),
    })
    await page.route('**/api/killboard-activity/31000488', (r) => r.fulfill({ json: activity }))
    const corps = Array.from({ length: 12 }, (_, i) => ({
      id: 98000000 + i,
      name: i === 3 ? null : `Corp ${i}`,
      activeDays: i < 2 ? 9 : 3,
      lastSeenDaysAgo: i === 0 ? 2.5 : i === 1 ? 30 / 86_400 : 1 + i,
    }))
    const summary = KillboardSummary.parse({
      solarsystemid: 31000488,
      totalKills: 42,
      daysCovered: 30,
      windowDays: 60,
      mostRecentKillDaysAgo: 3 / 24,
      activeCorporations: corps,
      feed: feedState('OK'),
    })
    await page.route('**/api/killboard-summary/31000488', (r) => r.fulfill({ json: summary }))
    await page.goto('/wormholes/J123450')
    const dialog = page.getByRole('dialog')
    await eventually(() => dialog.getByTestId('kills-summary').textContent()).toBe('42 kills in the last 30 days; most recent 3 hours ago.')
    expect(await dialog.locator('.heatmap tbody tr').count()).toBe(7)
    expect(await dialog.locator('.heatmap tbody tr').first().locator('td').count()).toBe(24)
    // the busiest hour is drawn at full strength, an empty hour not at all
    expect(await dialog.locator('.heatmap td[title="Tue 20:00 UTC: 4 kills"]').getAttribute('style')).toContain('rgb(255, 93, 108)')
    expect(await dialog.locator('.heatmap td[title="Mon 00:00 UTC: 0 kills"]').getAttribute('style')).toBeNull()
    // the shade alone would leave a screen reader with empty cells: each cell also holds its count, as text
    const tuesday = dialog.getByRole('row', { name: /^Tue/ })
    expect(await tuesday.getByRole('cell').nth(20).textContent()).toBe('4')
    expect(await tuesday.getByRole('cell').nth(0).textContent()).toBe('0')
    const rows = dialog.locator('.wh-corps tbody tr')
    expect(await rows.count()).toBe(10)
    const cells = async (i: number) => rows.nth(i).locator('td').allTextContents()
    // most active days first, then the most recently seen; relative times in seconds, minutes, hours or days
    expect(await cells(0)).toEqual(['Corp 1', '9', '30 seconds ago'])
    expect(await cells(1)).toEqual(['Corp 0', '9', '2 days ago'])
    expect(await cells(2)).toEqual(['Corp 2', '3', '3 days ago'])
    // ESI had no name for this one yet
    expect(await cells(3)).toEqual(['Corporation 98000003', '3', '4 days ago'])
    expect(await cells(9)).toEqual(['Corp 9', '3', '10 days ago'])
    expect(await rows.nth(0).locator('img').getAttribute('src')).toMatch(/\/corporations\/98000001\/logo\?size=32$/)
    // the feed is current: no freshness note
    expect(await dialog.getByTestId('kill-feed-note').count()).toBe(0)
    await t.context.close()
  })

  for (const width of [1280, 390]) {
    it(`keeps the header above the corporations table and the × answering once the dialog is scrolled, at ${width} px`, async () => {
      const t = await openPage(browser, baseUrl)
      const { page } = t
      await page.setViewportSize({ width, height: width > 500 ? 860 : 780 })
      await page.route(/images\.evetech\.net/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }))
      const corps = Array.from({ length: 12 }, (_, i) => ({ id: 98000000 + i, name: `Corp ${i}`, activeDays: 12 - i, lastSeenDaysAgo: 1 + i }))
      const summary = KillboardSummary.parse({
        solarsystemid: 31000488,
        totalKills: 42,
        daysCovered: 30,
        windowDays: 60,
        mostRecentKillDaysAgo: 1,
        activeCorporations: corps,
        feed: feedState('OK'),
      })
      await page.route('**/api/killboard-summary/31000488', (r) => r.fulfill({ json: summary }))
      await page.goto('/wormholes/J123450')
      const dialog = page.getByRole('dialog')
      await eventually(() => dialog.locator('.wh-corps tbody tr').count()).toBe(10)
      const close = dialog.getByRole('button', { name: 'Close' })
      // scroll step by step to the bottom: at every step the × is the topmost thing under its own centre
      const steps = await dialog.evaluate((el) => Math.ceil((el.scrollHeight - el.clientHeight) / 120))
      expect(steps).toBeGreaterThan(2)
      const box = (await close.boundingBox())!
      let sawTableUnderHeader = false
      for (let i = 1; i <= steps; i++) {
        await dialog.evaluate((el, top) => el.scrollTo(0, top), i * 120)
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.getAttribute('aria-label') ?? null,
          [box.x + box.width / 2, box.y + box.height / 2],
        )
        expect(hit, `scrolled ${i * 120} px`).toBe('Close')
        const table = (await dialog.locator('.wh-corps').boundingBox())!
        if (table.y < box.y + box.height) sawTableUnderHeader = true
      }
      // the corporations table did pass under the header (the case that used to paint over it)
      expect(sawTableUnderHeader).toBe(true)
      await close.click()
      await eventually(() => page.getByRole('dialog').count()).toBe(0)
      expect(new URL(page.url()).pathname).toBe('/wormholes')
      await t.context.close()
    })
  }

  it('says once, in amber above the killboard panels, that kill data may be incomplete while the feed is STALE', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.route(/images\.evetech\.net/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }))
    const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0))
    const stale = feedState('STALE')
    await page.route('**/api/killboard-activity/31000488', (r) =>
      r.fulfill({
        json: KillboardActivity.parse({
          solarsystemid: 31000488,
          days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
          hours,
          max: 0,
          totalKills: 0,
          daysCovered: 60,
          feed: stale,
        }),
      }),
    )
    await page.route('**/api/killboard-summary/31000488', (r) =>
      r.fulfill({
        json: KillboardSummary.parse({
          solarsystemid: 31000488,
          totalKills: 0,
          daysCovered: 60,
          windowDays: 60,
          mostRecentKillDaysAgo: null,
          activeCorporations: [],
          feed: stale,
        }),
      }),
    )
    await page.goto('/wormholes/J123450')
    const dialog = page.getByRole('dialog')
    await eventually(() => dialog.getByTestId('kills-summary').textContent()).toBe('0 kills in the last 60 days.')
    const note = dialog.getByTestId('kill-feed-note')
    expect(await note.count()).toBe(1)
    expect(await note.textContent()).toBe('Kill data may be incomplete: the newest kill stored is from 3 hours ago (zKillboard feed behind or down).')
    expect(await note.getAttribute('class')).toBe('warning-box')
    expect(await dialog.getByRole('region', { name: 'Killboard activity' }).getByTestId('kill-feed-note').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('says no kill data is collected yet, not "0 kills in the last 0 days", while the feed has stored nothing', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.route(/images\.evetech\.net/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }))
    const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0))
    const starting = {
      status: 'STARTING',
      newest_kill_at: null,
      newest_kill_age_seconds: null,
      live_stored_at: null,
      live_stored_age_seconds: null,
      stale_after_minutes: 30,
      zkill_answering: false,
      detail: 'No kill stored yet: zKillboard is not answering (ENOTFOUND)',
    }
    await page.route('**/api/killboard-activity/31000488', (r) =>
      r.fulfill({
        json: KillboardActivity.parse({
          solarsystemid: 31000488,
          days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
          hours,
          max: 0,
          totalKills: 0,
          daysCovered: 0,
          feed: starting,
        }),
      }),
    )
    await page.route('**/api/killboard-summary/31000488', (r) =>
      r.fulfill({
        json: KillboardSummary.parse({
          solarsystemid: 31000488,
          totalKills: 0,
          daysCovered: 0,
          windowDays: 60,
          mostRecentKillDaysAgo: null,
          activeCorporations: [],
          feed: starting,
        }),
      }),
    )
    await page.goto('/wormholes/J123450')
    const dialog = page.getByRole('dialog')
    await eventually(() => dialog.getByTestId('kills-summary').textContent()).toBe('No kill data collected yet.')
    const note = dialog.getByTestId('kill-feed-note')
    expect(await note.count()).toBe(1)
    expect(await note.textContent()).toBe(
      'No kill data yet: the zKillboard feed has not delivered any kill since this site started. zKillboard is not answering.',
    )
    expect(await dialog.getByRole('region', { name: 'Recent corporations' }).textContent()).toContain('No kill data collected yet.')
    expect(await dialog.getByText("No corporation seen in this system's kills.").count()).toBe(0)
    // nor a heatmap of 168 "0 kills" hours, which would read as a quiet system
    const activity = dialog.getByRole('region', { name: 'Killboard activity' })
    expect(await activity.getByTestId('heatmap-no-data').textContent()).toBe('No kill data collected yet.')
    expect(await activity.getByTestId('heatmap').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows labelled placeholders when the image server is unreachable', async () => {
    const { page, context } = await open('/wormholes/J123450', 'down')
    const dialog = page.getByRole('dialog')
    // the sun and the planets; corporation logos in the killboard panel depend on the demo's live kills, so they are
    // counted apart: each one shown falls back too
    const fallbacks = dialog.getByTestId('image-fallback')
    const corpFallbacks = dialog.locator('.wh-corps').getByTestId('image-fallback')
    const corpRows = dialog.locator('.wh-corps tbody tr')
    // logos fall back when their own load fails, so celestials and logos are polled together
    // (the corporation logos are not counted: which corporations show, and whether their logo falls back or
    // shows its lettered placeholder, depends on the demo's live kills)
    void corpRows
    await eventually(async () => (await fallbacks.count()) - (await corpFallbacks.count())).toBe(10)

    const titles = await fallbacks.evaluateAll((els) => els.map((e) => e.getAttribute('title')))
    expect(titles).toContain('Sun K5 (Orange Bright) (image server unreachable)')
    // the killboard panels read the real endpoints here (no stand-in answers): the heatmap and the summary are drawn
    await eventually(() => dialog.locator('.heatmap tbody tr').count()).toBe(7)
    await eventually(() => dialog.getByTestId('kills-summary').count()).toBe(1)
    await context.close()
  })

  it("shows each static's mass regeneration from the game data, with the community figure beside it where the two differ", async () => {
    const { page, context } = await open('/wormholes/J001348')
    const dialog = page.getByRole('dialog')
    await eventually(() => dialog.locator('.wh-statics-table tbody tr').count()).toBe(2)
    expect(await dialog.locator('.wh-statics-table thead th').allTextContents()).toEqual([
      'Static',
      'Leads to',
      'Total mass',
      'Jump mass',
      'Lifetime',
      'Mass regen',
    ])
    const d845 = dialog.locator('.wh-statics-table tbody tr').first()
    // the bundled SDE says D845 regains 0 kg; the community data says 500,000,000 kg
    expect(await d845.locator('td').last().textContent()).toBe('0 kg (community: 500,000,000 kg)')
    expect(await d845.locator('td .disputed').last().getAttribute('title')).toBe('Game data: 0 kg; community data: 500,000,000 kg')
    expect(await dialog.getByText('where the community data disagrees').count()).toBe(1)
    // the list's chip says so on hover too
    await page.goto('/wormholes?q=J001348')
    await eventually(() => page.locator('.wh-row[data-jcode=J001348] .static-chip').first().getAttribute('title')).toBe(
      'D845 → High-sec · total 5,000,000,000 kg · jump 375,000,000 kg · 24 h',
    )
    await context.close()
  })

  it('explains when the applied beacon differs from the visible sun or other maps list other statics, and answers an unknown system in words', async () => {
    const { page, context } = await open('/wormholes/j005926')
    await eventually(() => page.getByTestId('beacon-differs').textContent()).toContain(
      'The visible sun is a Pulsar, but the game applies the Class 1 Red Giant beacon',
    )
    await page.goto('/wormholes/J015092')
    await eventually(() => page.getByTestId('statics-elsewhere').textContent()).toBe(
      "Other maps may show J244 + Z060 here (Pathfinder's 2019 export). The statics above follow the Wanderer mapper's data, which players have corrected from in-game scans since.",
    )
    await page.goto('/wormholes/J123450')
    await eventually(() => page.locator('.wh-statics-table').count()).toBe(1)
    expect(await page.getByTestId('statics-elsewhere').count()).toBe(0)
    await page.goto('/wormholes/J999999')
    await eventually(() => page.getByRole('dialog').locator('.error-box').textContent()).toBe('No wormhole system called J999999')
    await context.close()
  })

  it('says a system did not load, rather than showing an empty dialog or crashing, when its answer is not the system', async () => {
    const t = await openPage(browser, baseUrl)
    await t.page.route('**/api/wormholes/J123450', (route) => route.fulfill({ status: 200, json: { ok: true } }))
    await t.page.goto('/wormholes/J123450')
    await eventually(() => t.page.getByRole('dialog').locator('.error-box').textContent()).toContain('J123450 did not load')
    await t.page.route('**/api/wormholes/J005926', (route) =>
      route.fulfill({ status: 200, json: { system: systems.find((w) => w.jcode === 'J005926'), statics: [] } }),
    )
    await t.page.goto('/wormholes/J005926')
    await eventually(() => t.page.getByRole('dialog').locator('.error-box').textContent()).toContain('J005926 did not load')
    expect(await t.page.getByText('Unexpected Application Error!').count()).toBe(0)
    await t.context.close()
  })
})

describe('scout intel', () => {
  it("shows the class's wandering holes and its sites by kind, each sleeper site linking its card on the sites page", async () => {
    const { page, context } = await open('/wormholes/J123450')
    const dialog = page.getByRole('dialog')
    const wandering = dialog.getByRole('region', { name: 'Wandering holes' })
    await eventually(() => wandering.locator('tbody tr').count()).toBe(1)
    expect(await wandering.locator('tbody td').first().textContent()).toBe('F135')
    expect(await wandering.getByRole('link', { name: 'hole rolling guide' }).getAttribute('href')).toBe('/rolling-mass')
    const sites = dialog.getByRole('region', { name: 'Sites' })
    expect(await sites.locator('h3').textContent()).toBe('Sites in C2 systems')
    expect(await sites.locator('h4').allTextContents()).toEqual(['Combat', 'Relic', 'Data', 'Gas', 'Ore'])
    expect(await sites.getByText('Barren Perimeter Reservoir').locator('..').textContent()).toContain('gas 82,432,500 ISK · blue loot 2,000,000 ISK')
    const first = sites.locator('.wh-site-kind').first().getByRole('link').first()
    const name = (await first.textContent())!
    await first.click()
    await eventually(() => new URL(page.url()).pathname).toBe('/wormhole-sites')
    await eventually(() => page.locator('.site-card h2').allTextContents()).toEqual([name])
    await context.close()
  })

  it('offers a type typed in the search and opens it at its own address (/wormholes/types/H296)', async () => {
    const { page, context } = await open('/wormholes')
    await eventually(() => count(page)).toBe('Showing 2603 of 2603 wormholes')
    const search = page.getByRole('searchbox', { name: 'Search J-code' })
    await search.fill('h296')
    await eventually(() => page.getByTestId('type-offer').textContent()).toContain('H296 is a wormhole type leading to C5')
    await search.press('Enter')
    await eventually(() => new URL(page.url()).pathname).toBe('/wormholes/types/H296')
    const dialog = page.getByRole('dialog')
    await eventually(() => dialog.locator('h2').textContent()).toBe('Wormhole type H296')
    await eventually(() => dialog.getByTestId('type-detail').count()).toBe(1)
    expect(await dialog.locator('dt').allTextContents()).toEqual(['Leads to', 'Total mass', 'Jump mass', 'Lifetime', 'Mass regeneration'])
    expect(await dialog.getByRole('region', { name: 'Static in' }).getByRole('link', { name: 'C5' }).count()).toBe(1)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await eventually(() => new URL(page.url()).pathname).toBe('/wormholes')
    // shared: the address alone opens it, and an unknown code says so
    await page.goto('/wormholes/types/C140')
    await eventually(() => page.getByRole('dialog').getByRole('region', { name: 'Wandering in' }).textContent()).toContain('C5, C6')
    await page.goto('/wormholes/types/Q999')
    await eventually(() => page.getByRole('dialog').locator('.error-box').textContent()).toBe('No wormhole type called Q999')
    await context.close()
  })

  it('shows a 24-hour UTC bar per resident corporation, or says no kill is stored', async () => {
    const t = await openPage(browser, baseUrl)
    const hours = Array.from({ length: 24 }, (_, h) => (h === 20 ? 6 : h === 21 ? 3 : 0))
    await t.page.route('**/api/system-residents/31000488', (r) =>
      r.fulfill({ json: { solarsystemid: 31000488, days: 30, corporations: [{ id: 98000001, name: 'Hole Control', kills: 9, hours }] } }),
    )
    await t.page.goto('/wormholes/J123450')
    const bars = t.page.getByRole('dialog').getByTestId('active-hours')
    await eventually(() => bars.locator('li').count()).toBe(1)
    expect(await bars.getByRole('img').getAttribute('aria-label')).toBe('Hole Control: kills by UTC hour, busiest 20:00')
    expect(await bars.locator('.wh-hours-bar span').count()).toBe(24)
    expect(await bars.locator('.wh-hours-bar span').nth(20).getAttribute('title')).toBe('20:00 UTC: 6 kills')
    await t.page.goto('/wormholes/J005926')
    await eventually(() => t.page.getByRole('dialog').getByTestId('active-hours-none').textContent()).toContain(
      'No kill stored in this system over the last 30 days',
    )
    await t.context.close()
  })
})
