import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TypeRow } from '../../schemas/static-data.js'
import { createClickHouse, queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { createLogger } from '../../platform/log.js'
import { loadCatalog } from '../../platform/catalog/load.js'
import { needsImport, runStaticImport, sdeSources, type StaticSources } from './import.js'
import { latestCompleteImport, latestImportAttempt } from '../../platform/catalog/imports.js'

let ch: ClickHouseClient
let dataDir: string
const communityDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-comm-'))
const log = createLogger('silent')

const type = (id: number, name: string): TypeRow => ({
  type_id: id,
  name,
  group_id: 18,
  category_id: 4,
  market_group_id: 1857,
  volume: 0.01,
  capacity: 0,
  mass: 0,
  portion_size: 1,
  base_price: null,
  published: true,
  meta_group_id: null,
})

/** Small stand-in sources: the mechanism under test is the import's versioning and atomicity, not the SDE. */
function sources(version: string, typeNames: string[], failAt?: 'dogma', dogmaDelayMs = 0): StaticSources {
  return {
    ...sdeSources,
    version: () => version,
    groupsAndCategories: async () => ({
      groups: [{ group_id: 18, name: 'Mineral', category_id: 4, published: true }],
      categories: [{ category_id: 4, name: 'Material', published: true }],
    }),
    marketGroups: async () => [],
    types: async () => typeNames.map((n, i) => type(34 + i, n)),
    dogma: async () => {
      await new Promise((r) => setTimeout(r, dogmaDelayMs))
      if (failAt === 'dogma') throw new Error('fsd/typeDogma.yaml: record 34: dogmaAttributes.0.value: Invalid input')
      return { attributes: [], typeAttributes: [], typeEffects: [] }
    },
    typeMaterials: async () => [],
    blueprints: async () => ({ blueprints: [], materials: [], products: [], skills: [] }),
    schematics: async () => ({ schematics: [], types: [] }),
    universe: () => ({
      systems: [],
      planets: [],
      stargates: [
        { stargate_id: 50001249, solar_system_id: 30000142, destination_stargate_id: 50002185, destination_system_id: 30000144 },
        { stargate_id: 50002185, solar_system_id: 30000144, destination_stargate_id: 50001249, destination_system_id: 30000142 },
      ],
    }),
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-import-'))
  ch = await createClickHouse({
    DATA_DIR: dataDir,
    CLICKHOUSE_URL: undefined,
    CLICKHOUSE_USER: 'default',
    CLICKHOUSE_PASSWORD: '',
    CLICKHOUSE_DATABASE: 'default',
  })
  await migrate(ch)
})
afterAll(async () => {
  await ch?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(communityDir, { recursive: true, force: true })
})

describe('static import', () => {
  it('needs an import when none has completed', async () => {
    expect(await latestCompleteImport(ch)).toBeNull()
    expect(await needsImport(ch, { COMMUNITY_DATA_DIR: communityDir })).toBe(true)
  })

  it('imports, then becomes the import readers see, with missing community data recorded', async () => {
    const summary = await runStaticImport(ch, { COMMUNITY_DATA_DIR: communityDir }, log, sources('sde@1', ['Tritanium', 'Pyerite']))
    expect(summary.counts.sde_types).toBe(2)
    expect(summary.community.every((d) => !d.present)).toBe(true)
    const catalog = (await loadCatalog(ch))!
    expect(catalog.resolve('tritanium')?.type_id).toBe(34)
    expect(catalog.community.gasSites).toBeNull()
    // The stargate graph is stored with the import and loaded with it.
    expect(summary.counts.sde_stargates).toBe(2)
    expect(catalog.jumpNeighbours(30000142)).toEqual([30000144])
    expect(catalog.jumpNeighbours(30000144)).toEqual([30000142])
  })

  it('keeps the previous import serving when a new one fails, and removes the failed rows', async () => {
    const before = (await latestCompleteImport(ch))!
    await expect(
      runStaticImport(ch, { COMMUNITY_DATA_DIR: communityDir }, log, sources('sde@2', ['Tritanium', 'Pyerite', 'Mexallon'], 'dogma')),
    ).rejects.toThrow(/typeDogma\.yaml: record 34/)
    expect((await latestCompleteImport(ch))!.import_id).toBe(before.import_id)
    const leftovers = await queryRows<{ n: number }>(ch, 'SELECT count() AS n FROM sde_types WHERE import_id != {id:UInt32}', { id: before.import_id })
    expect(Number(leftovers[0].n)).toBe(0)
    const failed = await queryRows<{ status: string; error: string }>(ch, "SELECT status, error FROM static_imports FINAL WHERE status = 'failed'")
    expect(failed[0].error).toMatch(/typeDogma/)
    expect((await loadCatalog(ch))!.resolve('mexallon')).toBeUndefined()
  })

  it('swaps to a new import all at once and drops the old one', async () => {
    const before = (await latestCompleteImport(ch))!
    await runStaticImport(ch, { COMMUNITY_DATA_DIR: communityDir }, log, sources('sde@3', ['Tritanium', 'Pyerite', 'Mexallon']))
    const after = (await latestCompleteImport(ch))!
    expect(after.import_id).toBeGreaterThan(before.import_id)
    expect((await loadCatalog(ch))!.resolve('Mexallon')?.type_id).toBe(36)
    const importsLeft = await queryRows<{ import_id: number }>(ch, 'SELECT DISTINCT import_id FROM sde_types')
    expect(importsLeft.map((r) => r.import_id)).toEqual([after.import_id])
  })

  it('is versioned by source: the same sources do not need another import', async () => {
    const latest = (await latestCompleteImport(ch))!
    expect(latest.source_version).toMatch(/^sde@3; community [0-9a-f]{16}; importer [0-9a-f]{12}$/)
  })

  it('recognises an import whose process died mid-import as interrupted, and the next start imports again and removes what it left', async () => {
    const serving = (await latestCompleteImport(ch))!
    // What a killed import leaves behind: its row still 'running' (its heartbeat stopped 10 minutes ago) and some rows.
    const killedId = serving.import_id + 1
    const lastHeartbeat = new Date(Date.now() - 10 * 60_000)
    const at = (d: Date) => d.toISOString()
    await ch.insert({
      table: 'static_imports',
      format: 'JSONEachRow',
      values: [
        {
          import_id: killedId,
          source_version: 'sde@4',
          status: 'running',
          started_at: at(new Date(lastHeartbeat.getTime() - 60_000)),
          finished_at: null,
          summary: '',
          error: '',
          updated_at: at(lastHeartbeat),
        },
      ],
    })
    await ch.insert({ table: 'sde_types', format: 'JSONEachRow', values: [{ import_id: killedId, ...type(37, 'Isogen') }] })

    // The status page does not say "Import running since …" for ever.
    const attempt = (await latestImportAttempt(ch))!
    expect(attempt.status).toBe('failed')
    expect(attempt.error).toMatch(/^interrupted: .*no progress since \d{4}-\d\d-\d\d \d\d:\d\d UTC/)

    // The next start still sees an import is needed, and that import marks the killed one failed and drops its rows.
    expect(await needsImport(ch, { COMMUNITY_DATA_DIR: communityDir })).toBe(true)
    await runStaticImport(ch, { COMMUNITY_DATA_DIR: communityDir }, log, sources('sde@4', ['Tritanium', 'Pyerite', 'Mexallon', 'Isogen']))
    const [killed] = await queryRows<{ status: string; error: string }>(ch, 'SELECT status, error FROM static_imports FINAL WHERE import_id = {id:UInt32}', {
      id: killedId,
    })
    expect(killed.status).toBe('failed')
    expect(killed.error).toMatch(/^interrupted/)
    const leftovers = await queryRows<{ n: number }>(ch, 'SELECT count() AS n FROM sde_types WHERE import_id = {id:UInt32}', { id: killedId })
    expect(Number(leftovers[0].n)).toBe(0)
    expect((await latestImportAttempt(ch))!.status).toBe('complete')
  })

  it('two imports at once (one run by hand): the newer one serves whole, whichever finishes last', async () => {
    const config = { COMMUNITY_DATA_DIR: communityDir }
    const older = runStaticImport(ch, config, log, sources('sde@6', ['Tritanium'], undefined, 800))
    await new Promise((r) => setTimeout(r, 300))
    await runStaticImport(ch, config, log, sources('sde@7', ['Tritanium', 'Pyerite', 'Mexallon', 'Isogen', 'Nocxium']))
    await older
    const serving = (await latestCompleteImport(ch))!
    expect(serving.source_version).toMatch(/^sde@7;/)
    expect((await loadCatalog(ch))!.resolve('Nocxium')?.type_id).toBe(38)
  })

  it('keeps a live import running: its heartbeat moves on, and another start does not take it as interrupted', async () => {
    const timing = { heartbeatMs: 100, staleAfterMs: 400 }
    const slow = runStaticImport(ch, { COMMUNITY_DATA_DIR: communityDir }, log, sources('sde@5', ['Tritanium'], undefined, 1_200), timing)
    await new Promise((r) => setTimeout(r, 900)) // well past staleAfterMs since it started
    const attempt = (await latestImportAttempt(ch, Date.now(), timing))!
    expect(attempt.status).toBe('running')
    await slow
    const [row] = await queryRows<{ status: string }>(ch, 'SELECT status FROM static_imports FINAL ORDER BY import_id DESC LIMIT 1')
    expect(row.status).toBe('complete') // the final status replaced the last heartbeat
  })
})
