import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Config } from '../../schemas/config.js'
import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { Logger } from '../../platform/log.js'
import { latestCompleteImport, readSdeCheckState, type SdeCheckState } from '../../platform/catalog/imports.js'
import { parseBuildRecord } from '../../platform/sde/sde-files.js'
import { runStaticImport } from './import.js'
import { openSde } from './sources.js'
import { runImportInChild } from './run-child.js'
import type { IngestJob } from '../job.js'

export type CheckOutcome = 'unchanged' | 'imported' | 'failed'

export interface CheckDeps {
  config: Pick<Config, 'SDE_URL' | 'DATA_DIR' | 'COMMUNITY_DATA_DIR' | 'CLICKHOUSE_URL'> & Partial<Config>
  ch: ClickHouseClient
  log: Logger
  now?: () => Date
  /** Imports a downloaded build; by default in the child process (a ClickHouse server) or in this one (embedded chDB). */
  importBuild?: (zipFile: string) => Promise<void>
  signal?: AbortSignal
}

const FETCH_TIMEOUT_MS = 30_000
const DOWNLOAD_TIMEOUT_MS = 15 * 60_000

/** The archive of a build sits beside the `latest` pointer: `<dir>/eve-online-static-data-<build>-jsonl.zip` (FORMAT.md §1). */
export const buildZipUrl = (sdeUrl: string, build: number) => new URL(`eve-online-static-data-${build}-jsonl.zip`, sdeUrl).toString()

async function saveState(ch: ClickHouseClient, state: SdeCheckState, at: Date) {
  await ch.insert({ table: 'sde_check_state', format: 'JSONEachRow', values: [{ ...state, updated_at: at.toISOString() }] })
}

/**
 * The daily check: ask CCP's `latest` pointer (with the ETag of the last answer, so an unchanged build costs one small
 * request and a 304), and when it names a build newer than the one serving, download its JSON Lines archive and import
 * it. Any failure (the host down, a cut-off download, a damaged archive, a record that does not parse, counts far
 * below the serving import's) is recorded with its reason; the serving import stays. Never throws.
 */
export async function checkForNewSde(deps: CheckDeps): Promise<{ outcome: CheckOutcome; build: number | null; error: string | null }> {
  const { config, ch, log } = deps
  const now = deps.now ?? (() => new Date())
  const checkedAt = now() // when the check started (before any await)
  const previous = await readSdeCheckState(ch).catch(() => null)
  const same = previous?.url === config.SDE_URL ? previous : null
  const state: SdeCheckState = {
    url: config.SDE_URL,
    etag: same?.etag ?? '',
    last_modified: same?.last_modified ?? '',
    build: same?.build ?? null,
    release_date: same?.release_date ?? '',
    last_check_at: checkedAt.toISOString(),
    outcome: 'failed',
    last_error: '',
  }
  const finish = async (outcome: CheckOutcome, error: string | null = null) => {
    state.outcome = outcome
    state.last_error = error ?? ''
    await saveState(ch, state, now()).catch((err) => log.error({ err }, 'could not record the static data check'))
    if (outcome === 'failed') log.warn({ error, url: config.SDE_URL }, 'static data check failed; the serving import stays')
    else log.info({ outcome, build: state.build }, outcome === 'unchanged' ? `static data unchanged since build ${state.build ?? '?'}` : 'static data check')
    return { outcome, build: state.build, error }
  }

  let zipFile: string | null = null
  try {
    const headers: Record<string, string> = {}
    if (same?.etag) headers['if-none-match'] = same.etag
    if (same?.last_modified) headers['if-modified-since'] = same.last_modified
    const signal = AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), ...(deps.signal ? [deps.signal] : [])])
    const res = await fetch(config.SDE_URL, { headers, signal, redirect: 'error' })
    if (res.status === 304) return await finish('unchanged')
    if (!res.ok) return await finish('failed', `CCP's static data host answered ${res.status} for the current build`)
    const latest = parseBuildRecord(await res.text(), 'latest.jsonl')
    state.etag = res.headers.get('etag') ?? ''
    state.last_modified = res.headers.get('last-modified') ?? ''

    const serving = (await latestCompleteImport(ch))?.summary.source
    if (serving && serving.kind !== 'npm' && serving.build !== null && serving.build >= latest.buildNumber) {
      state.build = serving.build
      return await finish('unchanged')
    }

    // Download to a file (the archive is about 100 MB), then import it.
    const dir = path.join(config.DATA_DIR, 'sde')
    fs.mkdirSync(dir, { recursive: true })
    zipFile = path.join(dir, `eve-online-static-data-${latest.buildNumber}-jsonl.zip`)
    const url = buildZipUrl(config.SDE_URL, latest.buildNumber)
    const download = await fetch(url, {
      signal: AbortSignal.any([AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), ...(deps.signal ? [deps.signal] : [])]),
      redirect: 'error',
    })
    if (!download.ok || !download.body) return await finish('failed', `the archive of build ${latest.buildNumber} could not be downloaded (${download.status})`)
    await pipeline(Readable.fromWeb(download.body as import('node:stream/web').ReadableStream), fs.createWriteStream(zipFile))
    const expected = Number(download.headers.get('content-length'))
    if (expected && fs.statSync(zipFile).size !== expected)
      return await finish('failed', `the download of build ${latest.buildNumber} stopped part way (${fs.statSync(zipFile).size} of ${expected} bytes)`)

    await (deps.importBuild ?? defaultImport(deps))(zipFile)
    state.build = latest.buildNumber
    state.release_date = latest.releaseDate
    for (const old of fs.readdirSync(dir)) if (old.endsWith('-jsonl.zip') && path.join(dir, old) !== zipFile) fs.rmSync(path.join(dir, old), { force: true })
    zipFile = null // kept: a restart re-imports from it when the importer changes
    return await finish('imported')
  } catch (err) {
    return await finish('failed', (err as Error).message)
  } finally {
    if (zipFile) fs.rmSync(zipFile, { force: true })
  }
}

function defaultImport(deps: CheckDeps): (zipFile: string) => Promise<void> {
  return async (zipFile) => {
    if (deps.config.CLICKHOUSE_URL) return runImportInChild(deps.config as Config, deps.log, ['--sde', zipFile, '--ccp'])
    // Embedded chDB lets one process hold the database: the running server imports in-process (docs/data-sources.md).
    const opened = await openSde(zipFile, 'ccp')
    try {
      await runStaticImport(deps.ch, deps.config, deps.log, opened.sources)
    } finally {
      opened.close()
    }
  }
}

/** The scheduled job: once a day at SDE_CHECK_AT_UTC (after downtime and CCP's release at about 11:07 UTC). */
export const sdeCheckJob: IngestJob = {
  name: 'static-data-check',
  schedule: (ctx) => {
    const m = /^(\d\d):(\d\d)$/.exec(ctx.config.SDE_CHECK_AT_UTC)
    return m ? `0 ${Number(m[2])} ${Number(m[1])} * * *` : null
  },
  run: async (ctx, signal) => {
    await checkForNewSde({ config: ctx.config, ch: ctx.ch, log: ctx.log.child({ job: 'static-data-check' }), signal })
  },
}
