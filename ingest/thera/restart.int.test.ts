import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../../api/boot.js'
import { FakeEveScout } from '../../platform/fakes/eve-scout/server.js'
import { createLogger } from '../../platform/log.js'
import { loadConfig } from '../../schemas/config.js'
import type { TheraFeed } from '../../schemas/thera.js'
import { pollTheraOnce } from './job.js'

/** The kept list is in the database: an app started again on the same data, with EVE-Scout down, still answers it. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-thera-restart-'))
const eveScout = new FakeEveScout()
const config = () =>
  loadConfig(
    { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SKIP_STATIC_IMPORT: '1', ZKILL_FEED_ENABLED: '0', ROLES: 'api,pipelines' },
    {
      EVE_SCOUT_BASE_URL: eveScout.url,
    },
  )
let app: RunningApp | null = null

afterAll(async () => {
  await app?.stop()
  await eveScout.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('Thera list across a restart', () => {
  it('answers the list kept before the restart, saying since when EVE-Scout is down', async () => {
    await eveScout.start()
    app = await startApp(config(), { log: createLogger('silent'), ingestSchedules: false })
    expect((await pollTheraOnce(app.ctx, () => Date.parse('2026-12-02T11:00:00Z'))).outcome).toBe('fetched')
    await app.stop()
    app = null

    eveScout.down = 'http-503'
    app = await startApp(config(), { log: createLogger('silent'), ingestSchedules: false })
    expect((await pollTheraOnce(app.ctx, () => Date.parse('2026-12-02T11:05:00Z'))).outcome).toBe('failed')
    const feed = (await (await fetch(`${app.api!.url}/api/thera`)).json()) as TheraFeed
    expect(feed).toMatchObject({ fetched_ok_at: '2026-12-02T11:00:00.000Z', unreachable_since: '2026-12-02T11:05:00.000Z' })
    expect(feed.connections.length).toBeGreaterThan(20)
  })
})
