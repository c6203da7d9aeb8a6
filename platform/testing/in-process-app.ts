import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, type Config } from '../../schemas/config.js'
import { createLogger } from '../log.js'
import { startApp, type RunningApp } from '../../api/boot.js'

export interface TestApp extends RunningApp {
  url: string
  dataDir: string
  close(): Promise<void>
}

/**
 * An app in this test process with its own temporary data directory (chDB allows one data path per process,
 * and vitest gives every test file its own process). Use it when a test needs its own configuration;
 * otherwise use the shared server from `inject('appUrl')`. Ingest jobs run once at start but not on their
 * wall-clock schedules: a market run at :00 or :30 would land between a test's own steps. A test that wants the
 * schedules passes a fake clock (`ingestSchedules: new FakeScheduleClock(...)`, ingest/schedule.ts) and moves it.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  options: { ingestSchedules?: NonNullable<Parameters<typeof startApp>[1]>['ingestSchedules'] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-test-'))
  // Tests never reach the real zKillboard: the live feed is off unless a test turns it on (pointing it at a fake).
  // Nor the real EVE-Scout: its poll goes to a closed loopback port (and fails at once) unless a test gives a fake.
  const config = loadConfig(
    {
      ZKILL_FEED_ENABLED: '0',
      EVE_SCOUT_BASE_URL: 'http://127.0.0.1:9',
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SKIP_STATIC_IMPORT: '1',
    },
    overrides,
  )
  const app = await startApp(config, { log: createLogger(config.LOG_LEVEL), ingestSchedules: options.ingestSchedules ?? false })
  return {
    ...app,
    url: app.api?.url ?? '',
    dataDir,
    async close() {
      await app.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
