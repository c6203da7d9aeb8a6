import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockKafka, type MockKafka } from '../platform/stream/testing/kafka-mock.js'

const dirs: string[] = []
let kafka: MockKafka
beforeAll(async () => {
  kafka = await startMockKafka(1)
})
afterAll(async () => {
  await kafka?.stop()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

/**
 * `docker stop` sends SIGTERM to the container's first process only, which is `npm run start:<role>`
 * (docker-compose.yml). The role must hear it and shut down (consumers finish their batch, the server closes)
 * rather than be left running when npm exits, to be killed with the container. Each role runs as in
 * docker-compose.yml, on Kafka (a loopback broker); ClickHouse is chDB, each in a folder of its own.
 */
describe.each(['start', 'start:api', 'start:ingest', 'start:pipelines'])('npm run %s', (script) => {
  it('shuts the role down when npm alone is sent SIGTERM', async () => {
    const role = startRole(script, { PORT: '0', HOST: '127.0.0.1', SKIP_STATIC_IMPORT: '1' })
    const { child, exited } = role
    try {
      await expect.poll(() => role.out, { timeout: 120_000, interval: 250 }).toContain('J-Space Toolbox is up')
      child.kill('SIGTERM')
      await exited
      await expect.poll(() => processGroupAlive(child.pid!), { timeout: 20_000, interval: 250 }).toBe(false)
      expect(role.out, role.out.slice(-3000)).toContain('"msg":"shutting down"')
    } finally {
      if (processGroupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL')
    }
  }, 180_000)
})

describe('a stop during the first start', () => {
  // A first start imports the static data in a child process for about a minute, before the server's own stop
  // handling is in place. A stop sent then (to npm alone, as `docker stop` does) must end the import too: left
  // running, it keeps importing into the data folder with nothing to stop it.
  it('ends the static data import with the role', async () => {
    const role = startRole('start:ingest', { SKIP_STATIC_IMPORT: '' })
    const { child, exited } = role
    try {
      await expect.poll(() => role.out, { timeout: 60_000, interval: 250 }).toContain('static data import running in a child process')
      const importPid = Number(/"pid":(\d+),"msg":"static data import running in a child process"/.exec(role.out)?.[1])
      expect(importPid).toBeGreaterThan(0)
      child.kill('SIGTERM')
      await exited
      await expect.poll(() => processAlive(importPid), { timeout: 20_000, interval: 250 }).toBe(false)
      expect(role.out).not.toContain('J-Space Toolbox is up')
    } finally {
      if (processGroupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL')
    }
  }, 120_000)
})

/**
 * `npm run <script>` as docker-compose.yml runs a role: on the loopback Kafka, chDB in a fresh folder, no zKillboard
 * feed, and an ESI address nothing listens on (the discard port: ingest jobs fail at once and say so). It gets its own
 * process group, so whatever is left of it can be found and cleaned up. `out` collects stdout and stderr.
 */
function startRole(script: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-entry-'))
  dirs.push(dataDir)
  const child = spawn('npm', ['run', '--silent', script], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ZKILL_FEED_ENABLED: '0',
      ESI_BASE_URL: 'http://127.0.0.1:9',
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_TOPIC_PREFIX: `entry${script.replace(':', '')}${Date.now()}.`,
      CLICKHOUSE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const role = { child, out: '', exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) }
  child.stdout.on('data', (c: Buffer) => (role.out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (role.out += c.toString()))
  return role
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}
