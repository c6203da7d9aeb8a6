import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../platform/log.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { PackagedVolumeStore } from '../../api/tools/appraisals/packaged-volumes.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { EsiClient } from '../../platform/esi/client.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { addUniverseTypeRoutes, type FakeUniverseType } from '../../platform/fakes/esi/universe-types.js'
import { fetchPackagedVolumes } from './packaged-volumes-job.js'

/** Hand-made test inputs (not game facts): a frigate, a container, a module, a capital module, an unpublished ship. */
const sdeTypes = [
  { type_id: 587, name: 'Rifter', group_id: 25, category_id: 6, volume: 27289, published: true },
  { type_id: 3467, name: 'Small Secure Container', group_id: 340, category_id: 2, volume: 120, published: true },
  { type_id: 2048, name: 'Damage Control I', group_id: 60, category_id: 7, volume: 5, published: true },
  { type_id: 9999, name: 'Test Hull', group_id: 25, category_id: 6, volume: 1000, published: false },
  { type_id: 588, name: 'Reaper', group_id: 237, category_id: 6, volume: 10000, published: true },
  { type_id: 20701, name: 'Capital Shield Booster I', group_id: 40, category_id: 7, volume: 4000, published: true },
]
const esiType = (id: number, packaged?: number): FakeUniverseType => ({
  type_id: id,
  name: sdeTypes.find((t) => t.type_id === id)!.name,
  description: '',
  group_id: sdeTypes.find((t) => t.type_id === id)!.group_id,
  published: true,
  volume: sdeTypes.find((t) => t.type_id === id)!.volume,
  capacity: 0,
  mass: 0,
  portion_size: 1,
  ...(packaged === undefined ? {} : { packaged_volume: packaged }),
})

let app: TestApp
const esi = new FakeEsi()
// Reaper has no packaged_volume in its answer; Test Hull is unpublished and never asked.
const state = { types: new Map([esiType(587, 2500), esiType(3467, 100), esiType(2048, 5), esiType(588), esiType(20701, 1000)].map((t) => [t.type_id, t])) }

beforeAll(async () => {
  addUniverseTypeRoutes(esi, state)
  await esi.start()
  app = await startTestApp({ ROLES: ['api'], ESI_BASE_URL: esi.url })
  const ch = app.ctx.ch
  await ch.insert({
    table: 'static_imports',
    format: 'JSONEachRow',
    values: [
      {
        import_id: 1,
        source_version: 'test',
        status: 'complete',
        started_at: '2026-11-22 00:00:00',
        finished_at: '2026-11-22 00:01:00',
        summary: '{}',
        error: '',
      },
    ],
  })
  await ch.insert({
    table: 'sde_types',
    format: 'JSONEachRow',
    values: sdeTypes.map((t) => ({ import_id: 1, ...t, market_group_id: null, capacity: 0, mass: 0, portion_size: 1, base_price: null, meta_group_id: null })),
  })
})
afterAll(async () => {
  await app?.close()
  await esi.close()
})

const asked = () => esi.requests.filter((r) => r.path.startsWith('/universe/types/')).map((r) => Number(r.path.split('/')[3]))

describe('packaged volumes from ESI', () => {
  it('asks ESI once per published ship, capital module and container, and stores what it says (null when it gives none)', async () => {
    const result = await fetchPackagedVolumes(app.ctx)
    expect(result).toEqual({ fetched: 4, failed: 0 })
    expect(asked().sort((a, b) => a - b)).toEqual([587, 588, 3467, 20701])
    const rows = await queryRows<{ type_id: number; packaged_volume: number | null }>(
      app.ctx.ch,
      'SELECT type_id, packaged_volume FROM type_packaged_volumes FINAL ORDER BY type_id',
    )
    expect(rows).toEqual([
      { type_id: 587, packaged_volume: 2500 },
      { type_id: 588, packaged_volume: null },
      { type_id: 3467, packaged_volume: 100 },
      { type_id: 20701, packaged_volume: 1000 },
    ])
  })

  it('does not ask again for volumes it knows; a missing one waits a day', async () => {
    const before = asked().length
    expect(await fetchPackagedVolumes(app.ctx)).toEqual({ fetched: 0, failed: 0 })
    expect(asked().length).toBe(before)
  })

  it('keeps going when ESI fails for one type, and asks for it again next run', async () => {
    await app.ctx.ch.command({ query: 'TRUNCATE TABLE type_packaged_volumes' })
    // a client of its own: the app's client has the answers cached until ESI's daily expiry
    const ctx = { ...app.ctx, esi: new EsiClient({ baseUrl: esi.url, userAgent: 'test', log: createLogger('silent'), retries: 1, backoffMs: 1 }) }
    esi.failNext('/universe/types/587', 500, 2)
    expect(await fetchPackagedVolumes(ctx)).toEqual({ fetched: 3, failed: 1 })
    expect(await fetchPackagedVolumes(ctx)).toEqual({ fetched: 1, failed: 0 })
  })

  it('gives appraisals the packaged volume of ships and capital modules, the listed volume of everything else, and null when unknown', async () => {
    const store = await new PackagedVolumeStore(app.ctx.ch, createLogger('silent')).fresh()
    const type = (id: number) => sdeTypes.find((t) => t.type_id === id)!
    expect(store.unitVolume(type(587))).toBe(2500)
    expect(store.unitVolume(type(3467))).toBe(100)
    expect(store.unitVolume(type(2048))).toBe(5)
    expect(store.unitVolume(type(20701))).toBe(1000)
    expect(store.unitVolume(type(588))).toBeNull()
    expect(store.unitVolume(type(9999))).toBeNull()
  })

  it('stops a run when ESI refuses type after type, so the shared error budget is not spent', async () => {
    const unknown = Array.from({ length: 40 }, (_, i) => 70_001 + i) // hand-made ids ESI does not know
    await app.ctx.ch.insert({
      table: 'sde_types',
      format: 'JSONEachRow',
      values: unknown.map((id) => ({
        import_id: 1,
        type_id: id,
        name: `Test Hull ${id}`,
        group_id: 25,
        category_id: 6,
        volume: 1000,
        published: true,
        market_group_id: null,
        capacity: 0,
        mass: 0,
        portion_size: 1,
        base_price: null,
        meta_group_id: null,
      })),
    })
    const ctx = { ...app.ctx, esi: new EsiClient({ baseUrl: esi.url, userAgent: 'test', log: createLogger('silent'), retries: 1, backoffMs: 1 }) }
    const before = asked().length
    const result = await fetchPackagedVolumes(ctx)
    const tried = asked()
      .slice(before)
      .filter((id) => unknown.includes(id)).length
    // ten failures in a row stop it; the other workers' requests already in flight still finish
    expect(tried).toBeGreaterThanOrEqual(10)
    expect(tried).toBeLessThan(20)
    expect(result.failed).toBe(tried)
  })
})
