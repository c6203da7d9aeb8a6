import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, WebSocketRoute } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { TestApp } from '../../../platform/testing/in-process-app.js'
import { saveLiveKills } from '../../../pipelines/killfeed/live-store.js'
import { saveTracked } from '../../../pipelines/killfeed/store.js'
import { startKillfeedTestApp, type KillfeedTestApp } from '../../../pipelines/killfeed/testing/app.js'
import type { LiveKill } from '../../../schemas/live-kill.js'

let kf: KillfeedTestApp
let app: TestApp
let browser: Browser
/** Real systems of the static data, picked by class: one C5, one C6, one C2 (the filters read the SDE's classes). */
let c5: { id: number; name: string }
let c6: { id: number; name: string }
let c2: { id: number; name: string }

const kill = (id: number, minutesAgo: number, system: { id: number; name: string }, value: number, over: Partial<LiveKill> = {}): LiveKill => ({
  killmail_id: id,
  killmail_time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  value,
  url: `https://zkillboard.com/kill/${id}/`,
  ship: { id: 587, name: 'Rifter' },
  ship_image: 'https://images.evetech.net/types/587/render?size=64',
  system: { id: system.id, name: system.name, region: null, class_label: null },
  victim: { character: { id: 95_000_001, name: `Pilot ${id}` }, corporation: null, alliance: null },
  final_blow: null,
  attackers: 3,
  npc: false,
  solo: false,
  matched: [{ item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', side: 'kill' }],
  ...over,
})

beforeAll(async () => {
  // The real static data: wormhole classes come from the SDE, as they do for a route.
  kf = await startKillfeedTestApp({ SKIP_STATIC_IMPORT: false })
  app = kf.app
  for (let waited = 0; !app.ctx.catalog.ready && waited < 200; waited++) await new Promise((r) => setTimeout(r, 1000))
  const systems = [...app.ctx.catalog.current().systems.values()].filter((s) => s.is_jspace)
  const ofClass = (c: number) => {
    const s = systems.find((x) => x.class_id === c)!
    return { id: s.solar_system_id, name: s.name }
  }
  ;[c5, c6, c2] = [ofClass(5), ofClass(6), ofClass(2)]
  await saveTracked(app.ctx.ch, { item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', mode: 'kills' })
  await saveLiveKills(app.ctx.ch, [
    kill(710_001, 5, c5, 2_000_000_000),
    kill(710_002, 6, c6, 500_000_000), // too cheap
    kill(710_003, 7, c2, 3_000_000_000), // a C2
    kill(710_004, 8, c6, 1_500_000_000, { npc: true }), // NPC-only: left out unless asked for
    kill(710_005, 9, c6, 1_200_000_000),
  ])
  browser = await launchBrowser()
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await kf?.close()
})

const ids = async (page: import('playwright-core').Page) =>
  (
    await page
      .getByTestId('live-kill')
      .getByRole('link', { name: 'zKill' })
      .evaluateAll((a) => a.map((l) => l.getAttribute('href')))
  ).map((h) => Number(/kill\/(\d+)/.exec(h ?? '')?.[1]))

describe('public live killfeed filters (/killfeed/live?…)', () => {
  for (const width of [1280, 390])
    it(`watches "C5/C6, over 1B" from the address, checks pushed kills with the same filter, and keeps changes in the address, at ${width} px`, async () => {
      const { page, errors, context } = await openPage(browser, app.url)
      await page.setViewportSize({ width, height: 900 })
      const sockets: WebSocketRoute[] = []
      await page.routeWebSocket(/\/ws$/, (ws) => {
        sockets.push(ws)
        ws.connectToServer()
      })
      await page.goto('/killfeed/live?wormhole_classes=c5,c6&min_value_isk=1000000000')
      await expect.poll(() => ids(page)).toEqual([710_001, 710_005])
      expect(await page.locator('.live-filters summary').textContent()).toBe('Filters (over 1.00b ISK · C5/C6)')
      expect(await page.getByRole('checkbox', { name: 'C5', exact: true }).isChecked()).toBe(true)

      // Pushed kills go through the filter the API compiled: a C6 kill over 1B shows, a C2 kill and a cheap C6 do not.
      await expect.poll(() => sockets.length).toBe(1)
      const push = (k: LiveKill) => sockets[0].send(JSON.stringify({ type: 'kill', kill: k }))
      push(kill(710_010 + width, 0, c2, 9_000_000_000))
      push(kill(710_020 + width, 0, c6, 100_000_000))
      push(kill(710_030 + width, 0, c6, 4_000_000_000))
      await expect.poll(() => ids(page)).toEqual([710_030 + width, 710_001, 710_005])
      await expect.poll(() => page.getByTestId('live-announce').textContent()).toContain('4.00b ISK')

      // Unticking C5 narrows the list and the address says so (a shared link shows the same).
      await page.getByRole('checkbox', { name: 'C5', exact: true }).uncheck()
      await expect.poll(() => new URL(page.url()).searchParams.get('wormhole_classes')).toBe('c6')
      await expect.poll(() => ids(page)).toEqual([710_005])
      expect(new URL(page.url()).searchParams.get('min_value_isk')).toBe('1000000000')

      // NPC-only kills come back when asked for.
      await page.getByRole('checkbox', { name: 'Include NPC-only kills' }).check()
      await expect.poll(() => ids(page)).toEqual([710_004, 710_005])
      expect(new URL(page.url()).searchParams.get('include_npc')).toBe('1')

      // Clear filters: every kill of the followed entities again, and a clean address.
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect.poll(() => ids(page)).toEqual([710_001, 710_002, 710_003, 710_004, 710_005])
      expect(new URL(page.url()).search).toBe('')

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(errors).toEqual([])
      await context.close()
    }, 60_000)

  it('says in a sentence why filters can match nothing, and finds regions for the filter without a login', async () => {
    const { page, context } = await openPage(browser, app.url)
    await page.goto('/killfeed/live?min_attackers=5&max_attackers=2')
    await expect
      .poll(() => page.getByTestId('live-filter-error').textContent())
      .toBe('At least 5 attackers and at most 2 can never both hold, so no kill would show.')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByTestId('live-kill').first().waitFor()
    expect(await page.getByTestId('live-filter-error').count()).toBe(0)

    // The place search is public for this page: a system of the SDE by part of its name.
    await page.getByRole('searchbox', { name: 'Find systems' }).fill(c5.name)
    await page.getByRole('button', { name: c5.name, exact: true }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('system_ids')).toBe(String(c5.id))
    await expect.poll(() => ids(page)).toEqual([710_001])
    expect(await page.locator('.live-filters summary').textContent()).toBe(`Filters (systems ${c5.name})`)
    await context.close()
  }, 60_000)
})
