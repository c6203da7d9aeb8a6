import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { SystemActivity } from '../../../schemas/system-activity.js'

const baseUrl = inject('appUrl')
let browser: Browser
/** The full suite shares two cores: give the page time before calling a wait a failure. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A 1×1 PNG: what the image server fake answers. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
const SYSTEM = 31000488
const HOUR = 3_600_000
const END = Date.parse('2026-12-02T10:00:00Z')

/**
 * An answer of the API for J123450 (parsed with its own schema, so it has the shape the API sends), as it would be if
 * ESI listed the system: ESI leaves wormhole space out today, so only a test can show the charts in this dialog. Kills
 * in the last six hours, none counted before that, no answer at all for the oldest two hours.
 */
function listed(npcLastHour: number) {
  return SystemActivity.parse({
    solarsystemid: SYSTEM,
    wormhole_space: true,
    hours: Array.from({ length: 24 }, (_, i) => {
      const hour = new Date(END - (23 - i) * HOUR).toISOString()
      if (i < 2) return { hour, npc_kills: null, ship_kills: null, pod_kills: null, jumps: null }
      const recent = i >= 18
      return { hour, npc_kills: i === 23 ? npcLastHour : recent ? 40 : 0, ship_kills: i === 20 ? 3 : 0, pod_kills: i === 20 ? 1 : 0, jumps: 0 }
    }),
    listed_hours: 6,
    kills_updated_at: '2026-12-02T10:40:03.000Z',
    jumps_updated_at: '2026-12-02T10:37:29.000Z',
  })
}

async function openDialog(width: number, answer?: SystemActivity, before?: (page: Page) => Promise<unknown>) {
  const t = await openPage(browser, baseUrl)
  await before?.(t.page)
  await t.page.setViewportSize({ width, height: width > 500 ? 860 : 780 })
  await t.page.route(/images\.evetech\.net/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }))
  if (answer) await t.page.route(`**/api/system-activity/${SYSTEM}`, (r) => r.fulfill({ json: answer }))
  await t.page.goto('/wormholes/J123450')
  const section = t.page.getByRole('dialog').getByRole('region', { name: 'ESI activity', exact: true })
  return { ...t, section }
}

describe('system dialog: ESI activity', () => {
  for (const width of [1280, 390]) {
    it(`draws NPC, ship and pod kills as small charts and says how many NPCs died in the last hour, at ${width} px`, async () => {
      const { page, context, errors, section } = await openDialog(width, listed(312))
      await eventually(() => section.getByTestId('activity-farming').textContent()).toBe(
        "NPCs killed in the last hour: 312 (ESI's count published at 10:40 UTC)",
      )
      // wormhole space: ESI counts no jumps there, so there is no jumps chart (the charts' code loads with the section)
      await eventually(() => section.locator('figure figcaption').allTextContents()).toEqual(['NPC kills', 'Ship kills', 'Pod kills'])
      expect(await section.locator('figure canvas').count()).toBe(3)
      expect(await section.getByTestId('activity-npc_kills').locator('p').textContent()).toBe(
        'NPC kills: 512 in the 22 hours ESI counted, most 312 in the hour published at 10:00 UTC',
      )
      expect(await section.getByTestId('activity-ship_kills').locator('p').textContent()).toContain('3 in the 22 hours ESI counted')
      // the charts fit the dialog: two a row on a wide screen, one a row on a phone, none wider than the section
      const boxes = await section.locator('figure').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))
      const area = (await section.boundingBox())!
      for (const b of boxes) {
        expect(b.width).toBeGreaterThan(100)
        expect(b.x + b.width).toBeLessThanOrEqual(area.x + area.width + 1)
      }
      if (width > 640) expect(boxes[0].y).toBe(boxes[1].y)
      else expect(boxes[1].y).toBeGreaterThan(boxes[0].y)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it("gives each chart's figures in words when the charts' code cannot be fetched", async () => {
    const { page, context, section } = await openDialog(390, listed(312), (p) => p.route(/\/assets\/ActivityChart-[^/]*\.js$/, (r) => r.abort()))
    await eventually(() => section.getByTestId('activity-npc_kills').locator('p').textContent()).toBe(
      'NPC kills: 512 in the 22 hours ESI counted, most 312 in the hour published at 10:00 UTC',
    )
    expect(await section.locator('figure figcaption').allTextContents()).toEqual(['NPC kills', 'Ship kills', 'Pod kills'])
    expect(await section.locator('figure canvas').count()).toBe(0)
    // the rest of the section is there: the page did not fall over
    expect(await section.getByTestId('activity-farming').textContent()).toContain('312')
    expect(await page.getByRole('dialog').isVisible()).toBe(true)
    await context.close()
  })

  it('leaves the farming sentence out when no NPC died in the last hour', async () => {
    const { context, section } = await openDialog(1280, listed(0))
    await eventually(() => section.locator('figure').count()).toBe(3)
    expect(await section.getByTestId('activity-farming').count()).toBe(0)
    await context.close()
  })

  it('takes the last hour ESI counted kills for, when only the jumps answer of the newest hour is in', async () => {
    const answer = listed(312)
    // ESI's jumps answer comes some minutes before its kills answer: the newest hour has jumps only, for now
    answer.hours = [...answer.hours.slice(1), { hour: new Date(END + HOUR).toISOString(), npc_kills: null, ship_kills: null, pod_kills: null, jumps: 0 }]
    const { context, section } = await openDialog(390, answer)
    await eventually(() => section.getByTestId('activity-farming').textContent()).toBe("NPCs killed in the last hour: 312 (ESI's count published at 10:40 UTC)")
    await context.close()
  })

  it("says ESI leaves wormhole space out, from the shared server's own ESI answers", async () => {
    // the demo server's fake ESI serves the recorded answers; its ingest stores them at start
    await eventually(async () => SystemActivity.parse(await (await fetch(`${baseUrl}/api/system-activity/30000142`)).json()).listed_hours).toBeGreaterThan(0)
    for (const width of [1280, 390]) {
      const { context, section } = await openDialog(width)
      await eventually(() => section.getByTestId('activity-none').textContent()).toBe(
        "No activity data for this system: ESI's hourly NPC, ship and pod kills and jumps leave wormhole space out. The kills zKillboard knows are above.",
      )
      expect(await section.locator('figure').count()).toBe(0)
      await context.close()
    }
  })

  it('says when no ESI answer is stored at all, and when the activity did not load', async () => {
    const none = SystemActivity.parse({
      ...listed(0),
      hours: listed(0).hours.map((h) => ({ ...h, npc_kills: null, ship_kills: null, pod_kills: null, jumps: null })),
      listed_hours: 0,
      kills_updated_at: null,
      jumps_updated_at: null,
    })
    const first = await openDialog(390, none)
    await eventually(() => first.section.getByTestId('activity-none').textContent()).toBe(
      "No activity data for this system: ESI's hourly kill and jump counts have not been stored in the last 24 hours.",
    )
    await first.context.close()
    const t = await openPage(browser, baseUrl)
    await t.page.route(/images\.evetech\.net/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }))
    await t.page.route(`**/api/system-activity/${SYSTEM}`, (r) => r.fulfill({ status: 503, json: { error: 'The database is not answering just now.' } }))
    await t.page.goto('/wormholes/J123450')
    const section = t.page.getByRole('dialog').getByRole('region', { name: 'ESI activity', exact: true })
    await eventually(() => section.locator('.warning-text').textContent()).toContain('The activity did not load')
    await t.context.close()
  })
})
