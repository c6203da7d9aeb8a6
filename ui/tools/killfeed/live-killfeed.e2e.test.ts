import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, WebSocketRoute } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { TestApp } from '../../../platform/testing/in-process-app.js'
import { recentLiveKills, saveLiveKills } from '../../../pipelines/killfeed/live-store.js'
import { saveTracked } from '../../../pipelines/killfeed/store.js'
import { startKillfeedTestApp, type KillfeedTestApp } from '../../../pipelines/killfeed/testing/app.js'
import { fixtureKill } from '../../../pipelines/killfeed/testing/kills.js'
import { publish } from '../../../platform/stream/typed.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'
import type { LiveKill } from '../../../schemas/live-kill.js'

/** A stored live kill, `minutesAgo` old, as the killfeed router writes one. */
const liveKill = (id: number, minutesAgo: number, over: Partial<LiveKill> = {}): LiveKill => ({
  killmail_id: id,
  killmail_time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  value: 12_345_678,
  url: `https://zkillboard.com/kill/${id}/`,
  ship: { id: 587, name: 'Rifter' },
  ship_image: 'https://images.evetech.net/types/587/render?size=64',
  system: { id: 31_000_005, name: 'J123450', region: 'A-R00001', class_label: 'C1' },
  victim: { character: { id: 95_000_001, name: 'Some Pilot' }, corporation: { id: 98_000_001, name: 'Some Corp' }, alliance: null },
  final_blow: null,
  attackers: 1,
  matched: [{ item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', side: 'kill' }],
  ...over,
})

let kf: KillfeedTestApp
let app: TestApp
let browser: Browser

beforeAll(async () => {
  kf = await startKillfeedTestApp()
  app = kf.app
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await kf?.close()
})

describe('public live killfeed (/killfeed/live)', () => {
  it('needs no login, says when the site follows no one, and shows new kills as they are pushed', async () => {
    const { page, errors, context } = await openPage(browser, app.url)
    await page.goto('/killfeed/live')
    await page.getByRole('heading', { name: 'Live killfeed' }).waitFor()
    expect(await page.getByTestId('live-empty').textContent()).toBe('The site follows no one yet: kills appear here once the admin tracks an entity.')

    await saveTracked(app.ctx.ch, { item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', mode: 'kills' })
    await page.waitForTimeout(500) // the page's websocket is open by now
    const shipImage = page.waitForRequest('https://images.evetech.net/types/24688/render?size=64')
    const kill = fixtureKill('solo', { killmail_id: 620_001 })
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '620001', value: kill }])
    const row = page.getByTestId('live-kill')
    await row.waitFor()
    // a screen reader hears the new kill once, and not every row again whenever the "… ago" times tick
    expect(await page.getByRole('status').filter({ hasText: 'New kill' }).textContent()).toBe('New kill: Victim Hull, Victim Pilot, Test System, 268.88m ISK')
    expect(await page.locator('[aria-live] time, [role="status"] time, [role="log"] time').count()).toBe(0)
    const text = await row.textContent()
    expect(text).toContain('Victim Hull · Victim Pilot')
    expect(text).toContain('Victim Corp / Victim Alliance')
    expect(text).toContain('Test System')
    expect(text).toContain('268.88m ISK')
    expect(text).toContain('Hunters: kill')
    expect(await row.getByRole('link', { name: 'zKill' }).getAttribute('href')).toBe('https://zkillboard.com/kill/620001/')
    await shipImage
    // the image server is unreachable here: a labelled placeholder, not a broken-image icon
    await row.getByRole('img', { name: 'Victim Hull' }).and(row.getByTestId('image-fallback')).waitFor()

    // a second kill goes on top; a reload shows both from the server
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '620002', value: fixtureKill('solo', { killmail_id: 620_002, time: new Date(Date.now() + 1000) }) }])
    await expect.poll(() => row.count()).toBe(2)
    expect(await row.first().getByRole('link', { name: 'zKill' }).getAttribute('href')).toBe('https://zkillboard.com/kill/620002/')
    await page.reload()
    await expect.poll(() => page.getByTestId('live-kill').count()).toBe(2)
    expect(errors).toEqual([])
    await context.close()
  })

  it('catches up on kills pushed while its websocket was down, once it reconnects', async () => {
    await saveTracked(app.ctx.ch, { item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', mode: 'kills' })
    const { page, errors, context } = await openPage(browser, app.url)
    // Every socket of the page goes through here: the first straight to the server; the reconnection is held until the
    // missed kill is stored, so its push surely went nowhere.
    const sockets: WebSocketRoute[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.routeWebSocket(/\/ws$/, async (ws) => {
      sockets.push(ws)
      if (sockets.length > 1) await held
      ws.connectToServer()
    })
    await page.goto('/killfeed/live')
    await page.locator('[data-testid="live-kill"], [data-testid="live-empty"]').first().waitFor()
    const before = await page.getByTestId('live-kill').count()
    await expect.poll(() => sockets.length).toBe(1)

    await sockets[0].close()
    const missed = fixtureKill('solo', { killmail_id: 620_010, time: new Date(Date.now() + 5000) })
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '620010', value: missed }])
    await expect.poll(async () => (await recentLiveKills(app.ctx.ch, 10)).some((k) => k.killmail_id === 620_010), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBe(2)
    release()

    await expect.poll(() => page.getByTestId('live-kill').count(), { timeout: 15_000 }).toBe(before + 1)
    expect(await page.getByTestId('live-kill').first().getByRole('link', { name: 'zKill' }).getAttribute('href')).toBe('https://zkillboard.com/kill/620010/')
    expect(errors).toEqual([])
    await context.close()
  })

  it('is listed on the landing page', async () => {
    const { page, context } = await openPage(browser, app.url)
    await page.goto('/')
    await page.getByRole('link', { name: /Live killfeed/ }).click()
    // The landing card carries the same name, so wait for the route before looking for the page's heading.
    await page.waitForURL((url) => url.pathname === '/killfeed/live')
    await page.getByRole('heading', { name: 'Live killfeed', level: 1 }).waitFor()
    await context.close()
  })

  it('names each zKill link after its kill, so a screen reader can tell a hundred of them apart', async () => {
    await saveLiveKills(app.ctx.ch, [liveKill(640_001, 3)])
    const { page, errors, context } = await openPage(browser, app.url)
    await page.goto('/killfeed/live')
    const row = page.getByTestId('live-kill').filter({ has: page.locator('a[href="https://zkillboard.com/kill/640001/"]') })
    await row.waitFor()
    const link = row.getByRole('link')
    // The visible word comes first, so speech input ("click zKill") still finds it.
    expect(await link.getAttribute('aria-label')).toMatch(/^zKill: Rifter, Some Pilot, J123450, 12\.35m ISK, \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)
    expect(await link.textContent()).toBe('zKill')
    expect(errors).toEqual([])
    await context.close()
  })

  it('says it is loading until the first list arrives', async () => {
    const { page, errors, context } = await openPage(browser, app.url)
    let release: () => void = () => {}
    await page.route('**/api/live-kills*', async (route) => {
      await new Promise<void>((r) => (release = r))
      await route.continue()
    })
    await page.goto('/killfeed/live')
    await page.getByRole('heading', { name: 'Live killfeed' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ timeout: 10_000 })
    release()
    await page.getByTestId('live-kill').first().waitFor()
    expect(await page.getByText('Loading…').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps long names inside the row at phone width', async () => {
    const long = 'Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' // a 37-character pilot name without a space
    await saveLiveKills(app.ctx.ch, [
      liveKill(640_002, 0.5, {
        victim: {
          character: { id: 95_000_002, name: long },
          corporation: { id: 98_000_002, name: 'Corporationwithaverylongnameindeed' },
          alliance: { id: 99_000_002, name: 'Allianceofverylongnamesandmoreyes' },
        },
        matched: [{ item_type: 'corporation', entity_id: 98_000_002, display_name: 'Corporationwithaverylongnameindeed', side: 'loss' }],
      }),
    ])
    const { page, errors, context } = await openPage(browser, app.url)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/killfeed/live')
    await page.getByText(long).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens with up to 100 stored kills, not only the first 50', async () => {
    await saveLiveKills(
      app.ctx.ch,
      Array.from({ length: 70 }, (_, i) => liveKill(650_000 + i, 60 + i)),
    )
    const stored = (await recentLiveKills(app.ctx.ch, 100)).length
    expect(stored).toBeGreaterThan(70)
    const { page, errors, context } = await openPage(browser, app.url)
    await page.goto('/killfeed/live')
    await page.getByTestId('live-kill').first().waitFor()
    await expect.poll(() => page.getByTestId('live-kill').count()).toBe(Math.min(100, stored))
    expect(errors).toEqual([])
    await context.close()
  })
})
