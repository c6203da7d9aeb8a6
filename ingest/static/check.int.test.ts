import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClickHouse, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { createLogger } from '../../platform/log.js'
import { latestCompleteImport, readSdeCheckState } from '../../platform/catalog/imports.js'
import { loadCatalog } from '../../platform/catalog/load.js'
import { CcpSdeFake, zipFolder } from '../../platform/fakes/ccp-sde/server.js'
import { checkForNewSde, sdeCheckJob, type CheckDeps } from './check.js'
import { startIngest } from '../index.js'
import type { AppContext } from '../../platform/context.js'
import { runStaticImport } from './import.js'
import { yamlTreeSources } from './sources.js'

const fixtures = fileURLToPath(new URL('../../platform/fakes/ccp-sde/', import.meta.url))
const jsonlDir = path.join(fixtures, 'jsonl')
const log = createLogger('silent')
const fake = new CcpSdeFake()
let ch: ClickHouseClient
let dataDir: string
let deps: CheckDeps

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-sde-check-'))
  ch = await createClickHouse({
    DATA_DIR: dataDir,
    CLICKHOUSE_URL: undefined,
    CLICKHOUSE_USER: 'default',
    CLICKHOUSE_PASSWORD: '',
    CLICKHOUSE_DATABASE: 'default',
  })
  await migrate(ch)
  await fake.start()
  const config = { SDE_URL: fake.latestUrl, DATA_DIR: dataDir, COMMUNITY_DATA_DIR: path.join(dataDir, 'no-community'), CLICKHOUSE_URL: undefined }
  // The serving import: the small YAML tree (as the npm package would be on a first start without network).
  await runStaticImport(ch, config, log, yamlTreeSources(path.join(fixtures, 'yaml-tree')))
  deps = { config, ch, log }
})
afterAll(async () => {
  await fake.close()
  await ch?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const release = (buildNumber: number, zip: Buffer) => {
  fake.latest = { buildNumber, releaseDate: '2026-10-02T11:08:57Z' }
  fake.builds.set(buildNumber, zip)
  fake.lastModified = new Date(fake.lastModified.getTime() + 86_400_000)
}

describe('the daily check for a newer static data build', () => {
  it("imports the build CCP's latest file names, from its JSON Lines zip, and switches to it", async () => {
    release(3569502, await zipFolder(jsonlDir))
    fake.requests.length = 0
    expect(await checkForNewSde(deps)).toEqual({ outcome: 'imported', build: 3569502, error: null })
    expect(fake.requests).toEqual(['/static-data/tranquility/latest.jsonl', '/static-data/tranquility/eve-online-static-data-3569502-jsonl.zip'])
    const serving = (await latestCompleteImport(ch))!
    expect(serving.summary.source).toEqual({ kind: 'ccp', label: 'CCP build 3569502', build: 3569502, build_date: '2026-10-02T11:08:57Z' })
    const catalog = (await loadCatalog(ch))!
    expect(catalog.resolve('Rifter')?.type_id).toBe(587)
    expect(catalog.jumpNeighbours(catalog.systemIdByName('Jita')!)).toHaveLength(4)
    expect(await readSdeCheckState(ch)).toMatchObject({ build: 3569502, outcome: 'imported', last_error: '' })
  })

  it('costs one request answered 304 when the build is unchanged', async () => {
    fake.requests.length = 0
    const before = (await latestCompleteImport(ch))!.import_id
    expect(await checkForNewSde(deps)).toEqual({ outcome: 'unchanged', build: 3569502, error: null })
    expect(fake.requests).toEqual(['/static-data/tranquility/latest.jsonl'])
    expect((await latestCompleteImport(ch))!.import_id).toBe(before)
  })

  it('refuses a truncated zip: the serving import stays and the reason is recorded', async () => {
    const zip = await zipFolder(jsonlDir)
    release(3600001, zip.subarray(0, Math.floor(zip.length / 2)))
    const before = (await latestCompleteImport(ch))!.import_id
    const result = await checkForNewSde(deps)
    expect(result.outcome).toBe('failed')
    expect(result.error).toMatch(/eve-online-static-data-3600001-jsonl\.zip is not a readable zip archive/)
    expect((await latestCompleteImport(ch))!.import_id).toBe(before)
    expect((await readSdeCheckState(ch))!.last_error).toBe(result.error)
    expect(fs.readdirSync(path.join(dataDir, 'sde'))).toEqual(['eve-online-static-data-3569502-jsonl.zip'])
  })

  it('refuses a zip with a bad record, naming the file and the record', async () => {
    const types = fs.readFileSync(path.join(jsonlDir, 'types.jsonl'), 'utf8')
    const bad = types.replace(/^(\{"_key": 587, .*)"groupID": 25,/m, '$1"groupID": "Frigate",')
    expect(bad).not.toBe(types)
    release(3600002, await zipFolder(jsonlDir, { 'types.jsonl': bad }))
    const before = (await latestCompleteImport(ch))!
    const result = await checkForNewSde(deps)
    expect(result.outcome).toBe('failed')
    expect(result.error).toMatch(/^types\.jsonl: record 587: groupID: /)
    expect((await latestCompleteImport(ch))!.import_id).toBe(before.import_id)
    expect((await loadCatalog(ch))!.resolve('Rifter')?.type_id).toBe(587)
  })

  it('records a host that is down as a failed check, never an error thrown', async () => {
    const down = { ...deps, config: { ...deps.config, SDE_URL: 'http://127.0.0.1:9/static-data/tranquility/latest.jsonl' } }
    const result = await checkForNewSde(down)
    expect(result.outcome).toBe('failed')
    expect(result.error).toBeTruthy()
  })

  it('runs on its schedule, once a day after downtime (schedules on, under a fake clock), and records its outcome', async () => {
    fake.requests.length = 0
    const ctx = { config: { ...deps.config, SDE_CHECK_AT_UTC: '11:30' }, ch, log } as unknown as AppContext
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], now: new Date('2026-12-03T11:29:58Z') })
    let ingest: Awaited<ReturnType<typeof startIngest>> | null = null
    try {
      ingest = await startIngest(ctx, [sdeCheckJob], { schedules: true })
      await vi.advanceTimersByTimeAsync(1_000) // 11:29:59: not yet
      expect(fake.requests).toEqual([])
      await vi.advanceTimersByTimeAsync(2_000) // 11:30:00 has passed
    } finally {
      vi.useRealTimers()
    }
    for (let i = 0; i < 100 && (await readSdeCheckState(ch))?.last_check_at !== '2026-12-03T11:30:00Z'; i++) await new Promise((r) => setTimeout(r, 100))
    await ingest?.stop()
    expect(fake.requests[0]).toBe('/static-data/tranquility/latest.jsonl')
    expect(await readSdeCheckState(ch)).toMatchObject({ last_check_at: '2026-12-03T11:30:00Z' })
  })
})
