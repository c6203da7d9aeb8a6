import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeScheduleClock } from '../schedule.js'
import { startIngest, type RunningIngest } from '../index.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { EsiClient } from '../../platform/esi/client.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { addSystemActivityRoutes, createSystemActivityState, currentAnswer, currentLastModified } from '../../platform/fakes/esi/system-activity.js'
import { SystemActivity, type EsiSystemKills } from '../../schemas/system-activity.js'
import { fetchSystemActivity, systemActivityJob } from './job.js'

/**
 * The activity job on its own schedule under a fake clock that starts ten seconds before the next whole hour H, against a
 * fake ESI serving the recorded answers (platform/fakes/api-fixtures/esi-universe): kills published at :40:03 past
 * each hour (the 2019 and the 2025 answer in turn), jumps at :37:29. The app has no ingest role of its own: only this
 * test's runner runs the job. Answers go through the topic and the pipeline into ClickHouse, and are read back through
 * GET /api/system-activity over HTTP. (The clock starts from the wall clock's hour only because the endpoint serves the
 * last 24 hours before its own clock; nothing is timed.)
 */
const HOUR = 3_600_000
const H = Math.ceil(Date.now() / HOUR) * HOUR
/** H plus hours, minutes and seconds, as an ISO string. */
const at = (hours: number, minutes = 0, seconds = 0) => new Date(H + hours * HOUR + minutes * 60_000 + seconds * 1000).toISOString()
const chAt = (hours: number, minutes = 0) => at(hours, minutes).replace('T', ' ').replace('Z', '')
const clock = new FakeScheduleClock(new Date(H - 10_000))
const esi = new FakeEsi()
const activity = createSystemActivityState(() => clock.now())
// On the fake clock an hour passes in moments: nothing is cached by Expires here (the last test checks Expires itself).
activity.cacheSeconds = 0
const JITA = 30000142
const J_SPACE = 31000488
/** Jita in the recorded kills answer ESI serves in the hour starting H + hours. */
const recordedKills = activity.kills!
const jitaKills = (hours: number) => {
  const { body } = currentAnswer(recordedKills, Date.parse(at(hours, 45)), activity.publishedAt.kills)
  const k = body.find((e: EsiSystemKills) => e.system_id === JITA)!
  return { npc_kills: k.npc_kills, ship_kills: k.ship_kills, pod_kills: k.pod_kills }
}
let app: TestApp
let ingest: RunningIngest | null = null

beforeAll(async () => {
  addSystemActivityRoutes(esi, activity)
  await esi.start()
  app = await startTestApp({ ESI_BASE_URL: esi.url, ROLES: ['api', 'pipelines'] })
  ingest = await startIngest(app.ctx, [systemActivityJob], { schedules: clock })
}, 120_000)
afterAll(async () => {
  await ingest?.stop()
  await app?.close()
  await esi.close()
})

const get = async (id: number | string) => fetch(`${app.url}/api/system-activity/${id}`)
const series = async (id: number) => SystemActivity.parse(await (await get(id)).json())
const lastRun = async () =>
  (
    await queryRows<{ due: string; outcome: string; detail: string }>(
      app.ctx.ch,
      "SELECT toString(due_at) AS due, outcome, detail FROM ingest_runs WHERE job = 'esi-system-activity' ORDER BY due_at DESC, finished_at DESC LIMIT 1",
    )
  )[0]
const untilRun = (due: string) => expect.poll(async () => (await lastRun())?.due, { timeout: 30_000, interval: 100 }).toBe(due)
const untilHour = (id: number, hour: string, jumpsToo = true) =>
  expect
    .poll(
      async () => {
        const last = (await series(id)).hours.at(-1)!
        return last.hour === hour && last.npc_kills !== null && (!jumpsToo || last.jumps !== null)
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true)

describe('system activity ingest on its schedule', () => {
  it("stores ESI's answers of the hour before H from the run at start, and serves Jita's hour", async () => {
    await untilHour(JITA, at(-1))
    const s = await series(JITA)
    expect(s.hours).toHaveLength(24)
    expect(s.hours[0].hour).toBe(at(-24))
    // the recorded answers: Jita had 100 NPC, 28 ship and 28 pod kills in 2019 (118, 39, 14 in 2025), and 2979 jumps
    expect(s.hours.at(-1)).toEqual({ hour: at(-1), ...jitaKills(-1), jumps: 2979 })
    expect([100, 118]).toContain(s.hours.at(-1)?.npc_kills)
    // before the first answer nothing is known
    expect(s.hours[22]).toMatchObject({ npc_kills: null, jumps: null })
    expect(s).toMatchObject({ wormhole_space: false, listed_hours: 1, kills_updated_at: at(-1, 40, 3), jumps_updated_at: at(-1, 37, 29) })
    expect((await lastRun())?.outcome).toBe('fetched')
    const asked = esi.requests.filter((r) => r.path.startsWith('/universe/')).map((r) => r.path)
    expect(asked).toEqual(['/universe/system_kills/', '/universe/system_jumps/'])
  })

  it('asks again every five minutes with If-None-Match, and finds nothing new before ESI publishes', async () => {
    esi.requests.length = 0
    await clock.advanceTo(new Date(at(0)))
    await untilRun(chAt(0))
    expect(await lastRun()).toMatchObject({ outcome: 'unchanged' })
    expect((await lastRun())?.detail).toContain(`kills: unchanged since ${at(-1, 40, 3)}`)
    const conditional = esi.requests.filter((r) => r.path.startsWith('/universe/'))
    expect(conditional).toHaveLength(2)
    for (const r of conditional) expect(r.headers['if-none-match']).toMatch(/^"[0-9a-f]+"$/)
  })

  it('publishes each answer once ESI has a new one: jumps at H:40, kills at H:45 (the other recorded answer)', async () => {
    await clock.advanceTo(new Date(at(0, 40)))
    await untilRun(chAt(0, 40))
    // jumps were published at H:37:29, kills not yet (H:40:03)
    expect(await lastRun()).toMatchObject({ outcome: 'fetched' })
    expect((await lastRun())?.detail).toMatch(new RegExp(`kills: unchanged.*; jumps: 4979 systems for the hour to ${at(0, 37, 29)}`))
    await clock.advanceTo(new Date(at(0, 45)))
    await untilRun(chAt(0, 45))
    expect((await lastRun())?.detail).toMatch(new RegExp(`kills: (3194|3025) systems for the hour to ${at(0, 40, 3)}`))
    await untilHour(JITA, at(0))
    const s = await series(JITA)
    expect(s.hours.slice(-2)).toEqual([
      { hour: at(-1), ...jitaKills(-1), jumps: 2979 },
      { hour: at(0), ...jitaKills(0), jumps: 2979 },
    ])
    // the two recorded answers, one after the other
    expect(new Set(s.hours.slice(-2).map((h) => h.npc_kills))).toEqual(new Set([100, 118]))
    expect(s.listed_hours).toBe(2)
  })

  it('gives a J-space system the hours ESI answered, with nothing listed, and says it is wormhole space', async () => {
    const s = await series(J_SPACE)
    expect(s).toMatchObject({ solarsystemid: J_SPACE, wormhole_space: true, listed_hours: 0 })
    expect(s.hours.slice(-2).map((h) => [h.npc_kills, h.jumps])).toEqual([
      [0, 0],
      [0, 0],
    ])
  })

  it('records a failed run, saying why, when ESI is down, and the stored hours keep serving', async () => {
    activity.kills = null
    await clock.advanceTo(new Date(at(0, 50)))
    await untilRun(chAt(0, 50))
    expect(await lastRun()).toMatchObject({ outcome: 'failed' })
    expect((await lastRun())?.detail).toContain('kills: ESI 503 on /universe/system_kills/')
    expect((await series(JITA)).hours.at(-1)).toMatchObject(jitaKills(0))
  })

  it('is documented at /api/docs with its answer schema', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { get?: { summary?: string; responses: Record<string, unknown> } }>
      components: { schemas: Record<string, unknown> }
    }
    const path = doc.paths['/api/system-activity/{solarsystemid}']?.get
    expect(path?.summary).toMatch(/NPC, ship and pod kills and jumps/)
    expect(Object.keys(path?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']))
    expect(doc.components.schemas.SystemActivity).toBeDefined()
  })

  it('answers a system id that is not one in words', async () => {
    for (const bad of ['jita', '12']) {
      const res = await get(bad)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: string }
      expect(body.error).not.toMatch(/solarsystemid/)
      expect(body.error).toMatch(/system id/)
    }
  })
})

describe("ESI's Expires", () => {
  it('sends no request before the answer expires, so a run within the hour is answered from the cache', async () => {
    const state = createSystemActivityState() // ESI's real cache time: Expires one hour after Last-Modified
    const own = new FakeEsi()
    addSystemActivityRoutes(own, state)
    await own.start()
    try {
      const client = new EsiClient({ ...app.ctx.esi.options, baseUrl: own.url })
      const ctx = { ...app.ctx, esi: client }
      await fetchSystemActivity(ctx, 'jumps')
      expect(own.requests).toHaveLength(1)
      // once the pipeline has stored the answer, the same one (from the client's cache, no request) is not published again
      const lm = new Date(currentLastModified(state.now(), state.publishedAt.jumps)).toISOString().slice(0, 19).replace('T', ' ')
      await expect
        .poll(
          async () =>
            (await queryRows(app.ctx.ch, "SELECT 1 FROM system_activity_answers WHERE source = 'jumps' AND last_modified = {lm:DateTime}", { lm })).length,
          {
            timeout: 30_000,
            interval: 100,
          },
        )
        .toBeGreaterThan(0)
      const again = await fetchSystemActivity(ctx, 'jumps')
      expect(own.requests).toHaveLength(1)
      expect(again).toMatchObject({ result: 'unchanged' })
      expect(again.detail).toMatch(/ESI's cache expires/)
    } finally {
      await own.close()
    }
  })
})
