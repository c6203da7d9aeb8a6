import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeScheduleClock } from '../schedule.js'
import { startIngest, type RunningIngest } from '../index.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { FakeEveScout, feedAsOf, recordedFeed } from '../../platform/fakes/eve-scout/server.js'
import type { TheraFeed } from '../../schemas/thera.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { createTheraJob } from './job.js'

/**
 * The EVE-Scout poll with its schedule on a fake clock (every 5 minutes; it starts at 11:00:30 UTC), against the loopback fake
 * serving the real recorded feed (its times moved to now, so its holes are alive): the first poll stores the list, the
 * next ones are conditional (304), a changed feed is stored again, and while the fake is down the endpoint says since
 * when and still answers the last list.
 */
const clock = new FakeScheduleClock(new Date('2026-12-02T11:00:30Z'))
const eveScout = new FakeEveScout()
let app: TestApp
let ingest: RunningIngest

beforeAll(async () => {
  await eveScout.start()
  // no ingest role: only this test's job runs, on the fake clock
  app = await startTestApp({ EVE_SCOUT_BASE_URL: eveScout.url, ROLES: ['api', 'pipelines'] })
  ingest = await startIngest(app.ctx, [createTheraJob(() => clock.now())], { schedules: clock })
}, 120_000)
afterAll(async () => {
  await ingest?.stop()
  await app?.close()
  await eveScout.close()
})

const feed = async () => (await (await fetch(`${app.url}/api/thera`)).json()) as TheraFeed
const polls = () => queryRows<{ outcome: string; at: string }>(app.ctx.ch, `SELECT outcome, toString(at) AS at FROM thera_polls ORDER BY at`)

describe('Thera and Turnur ingest', () => {
  it('stores the list at start, then asks conditionally every 5 minutes with a descriptive User-Agent', async () => {
    await expect.poll(async () => (await polls()).map((p) => p.outcome)).toEqual(['fetched'])
    const first = await feed()
    expect(first.connections.filter((c) => c.hub === 'Thera')).toHaveLength(18)
    expect(first.connections.filter((c) => c.hub === 'Turnur')).toHaveLength(10)
    expect(first).toMatchObject({ fetched_ok_at: '2026-12-02T11:00:30.000Z', list_changed_at: '2026-12-02T11:00:30.000Z', unreachable_since: null })
    const notoras = first.connections.find((c) => c.system_name === 'Notoras')!
    expect(notoras).toMatchObject({ hub: 'Turnur', region_name: 'Black Rise', wh_type: 'N944', max_ship_size: 'capital', type_side: 'hub' })
    expect(notoras.remaining_minutes).toBeGreaterThan(0)

    await clock.advanceTo(new Date('2026-12-02T11:05:00Z'))
    expect((await polls()).map((p) => p.outcome)).toEqual(['fetched', 'unchanged'])
    const asks = eveScout.requests.filter((r) => r.path === '/v2/public/signatures')
    expect(asks.map((r) => r.status)).toEqual([200, 304])
    expect(asks[0].ifNoneMatch).toBeUndefined()
    expect(asks[1].ifNoneMatch).toMatch(/^".+"$/)
    expect(asks.every((r) => /^JSpaceToolbox\/\S+ \(.+\)$/.test(r.userAgent ?? ''))).toBe(true)
    await expect.poll(async () => (await feed()).fetched_ok_at).toBe('2026-12-02T11:05:00.000Z')
    // no run between the 5-minute marks
    await clock.advanceTo(new Date('2026-12-02T11:09:59Z'))
    expect(await polls()).toHaveLength(2)
  })

  it('stores a changed feed again', async () => {
    // a scout reports: the first connection is gone
    eveScout.setFeed(feedAsOf(recordedFeed(), Date.now()).slice(1), new Date(clock.now()))
    await clock.advanceTo(new Date('2026-12-02T11:10:00Z'))
    expect((await polls()).map((p) => p.outcome)).toEqual(['fetched', 'unchanged', 'fetched'])
    await expect.poll(async () => (await feed()).connections.length).toBe(27)
    expect((await feed()).list_changed_at).toBe('2026-12-02T11:10:00.000Z')
  })

  it('says since when EVE-Scout is unreachable and keeps answering the last list', async () => {
    eveScout.down = 'refuse'
    await clock.advanceTo(new Date('2026-12-02T11:15:00Z'))
    eveScout.down = 'http-503'
    await clock.advanceTo(new Date('2026-12-02T11:20:00Z'))
    expect((await polls()).map((p) => p.outcome).slice(-2)).toEqual(['failed', 'failed'])
    await expect.poll(async () => (await feed()).unreachable_since).toBe('2026-12-02T11:15:00.000Z')
    const down = await feed()
    expect(down).toMatchObject({
      fetched_ok_at: '2026-12-02T11:10:00.000Z',
      list_changed_at: '2026-12-02T11:10:00.000Z',
      last_error: 'EVE-Scout answered HTTP 503',
    })
    expect(down.connections).toHaveLength(27)

    // back: the next answer ends the outage
    eveScout.down = false
    await clock.advanceTo(new Date('2026-12-02T11:25:00Z'))
    await expect.poll(async () => (await feed()).unreachable_since).toBeNull()
    expect((await feed()).fetched_ok_at).toBe('2026-12-02T11:25:00.000Z')
  })
})
