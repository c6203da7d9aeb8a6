/**
 * Issue #44.4: `npm start` reaches its first page in under 2 s once the static data is imported, and the all-in-one
 * process holds under 400 MB RSS at rest and peaks under 768 MB during a full (400,000-order) market snapshot.
 * `npm run bench -- start`. Starts the real `npm start` (and, for comparison, the server under tsx as it ran before)
 * on a data folder imported once (var/bench-start), against a fake ESI: at rest (once the start-up work is done) with
 * ESI's market empty, then with The Forge's 400,000 orders (the other hubs 20,000 each). RSS is the server process's
 * own (/proc, VmRSS; peak VmHWM). `BENCH_ONLY=snapshot` runs the snapshot part alone, `BENCH_ONLY=rest` one compiled start at rest alone; NODE_OPTIONS reaches the server.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { HUBS } from '../schemas/market.js'
import { addMarketRoutes, createMarketState, setBook } from '../platform/fakes/esi/markets.js'
import { FakeEsi } from '../platform/fakes/esi/server.js'
import { addStatusRoutes } from '../platform/fakes/esi/status.js'
import { loadAverage } from './bare.js'
import { forgeBook } from './market.bench.js'

const DATA_DIR = path.resolve('var/bench-start')
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 20)

interface Started {
  child: ChildProcess
  url: string
  /** Milliseconds from spawn to the first page served (GET / answered 200 after the api is up). */
  firstPageMs: number
  /** CPU seconds the server process had used by then (npm's own are not counted). */
  cpuSeconds: number
  /** The server process (npm's child when started through npm: its script `exec`s node). */
  serverPid: number
  output: () => string
}

function start(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const began = performance.now()
  const child = spawn(command, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ZKILL_FEED_ENABLED: '0', DATA_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    const onData = async (chunk: Buffer) => {
      const had = /LISTENING (http:\/\/\S+)/.test(out)
      out += chunk.toString()
      const match = /LISTENING (http:\/\/\S+)/.exec(out)
      if (!match || had) return
      for (;;) {
        const res = await fetch(match[1] + '/').catch(() => null)
        if (res?.ok) break
        await new Promise((r) => setTimeout(r, 10))
      }
      const firstPageMs = Math.round(performance.now() - began)
      const serverPid = command === 'npm' ? childPid(child.pid!) : child.pid!
      resolve({ child, url: match[1], firstPageMs, cpuSeconds: cpuSeconds(serverPid), serverPid, output: () => out })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${out.slice(-3000)}`)))
    setTimeout(() => reject(new Error(`no LISTENING within 10 minutes:\n${out.slice(-3000)}`)), 600_000).unref()
  })
}

function childPid(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
  return children.length ? Number(children[0]) : pid
}

/**
 * RSS, its peak, and its two parts: anonymous (the heap, chDB's own memory: what the process costs) and file-backed
 * (mostly the pages of chDB's 400 MB library that were read, shared and given back to the system under pressure).
 */
function memory(pid: number): { rssMB: number; peakMB: number; anonMB: number; fileMB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (key: string) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]) / 1024)
  return { rssMB: mb('VmRSS'), peakMB: mb('VmHWM'), anonMB: mb('RssAnon'), fileMB: mb('RssFile') }
}

/** CPU seconds the process has used (user + system): a start's cost whatever else the machine runs. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return Math.round(((Number(fields[11]) + Number(fields[12])) / 100) * 100) / 100
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode !== null) return
  const exited = new Promise((r) => s.child.once('exit', r))
  process.kill(s.serverPid, 'SIGTERM')
  if (s.serverPid !== s.child.pid) s.child.kill('SIGTERM')
  await exited
}

/** Until the process has used under 5% of a core over 2 s (its start-up and snapshot work done), at most 5 minutes. */
async function waitQuiet(pid: number): Promise<number> {
  const began = performance.now()
  let last = cpuSeconds(pid)
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000))
    const now = cpuSeconds(pid)
    if (now - last < 0.1 || performance.now() - began > 300_000) return Math.round(performance.now() - began)
    last = now
  }
}

export async function run() {
  const only = process.env.BENCH_ONLY
  const esi = new FakeEsi()
  const market = createMarketState()
  addStatusRoutes(esi, { current: { players: 1, server_version: '1', start_time: '2026-11-22T00:00:00Z' } })
  addMarketRoutes(esi, market)
  await esi.start()
  const env = { ESI_BASE_URL: esi.url }
  try {
    fs.mkdirSync(DATA_DIR, { recursive: true })
    // The first start imports the static data (and builds what is stale); every measured start finds it done.
    const first = await start('npm', ['start', '--silent'], env)
    await stop(first)

    const rows: Array<Record<string, string | number>> = []
    const starts = [
      ['npm start (compiled)', 'npm', ['start', '--silent']],
      ['node --import tsx api/main.ts (as before)', process.execPath, ['--import', 'tsx', 'api/main.ts']],
      ['npm start (compiled), again', 'npm', ['start', '--silent']],
    ] as const
    for (const [label, command, args] of only === 'snapshot' ? [] : only === 'rest' ? starts.slice(0, 1) : starts) {
      const load = loadAverage()
      const s = await start(command, [...args], env)
      await waitQuiet(s.serverPid)
      await new Promise((r) => setTimeout(r, REST_SECONDS * 1000))
      const rest = memory(s.serverPid)
      rows.push({
        start: label,
        'first page ms': s.firstPageMs,
        'server CPU s': s.cpuSeconds,
        [`RSS at rest (${REST_SECONDS} s) MB`]: rest.rssMB,
        'anon MB': rest.anonMB,
        'file MB': rest.fileMB,
        'peak MB': rest.peakMB,
        load,
      })
      await stop(s)
    }
    console.log('Start to first page with the static data imported (target < 2000 ms); RSS at rest (target < 400 MB):')
    console.table(rows)
    if (only === 'rest') return

    // A full market snapshot in the all-in-one process: The Forge 400,000 orders, the other hubs 20,000 each.
    setBook(market, 10000002, forgeBook())
    for (const hub of HUBS.filter((h) => h.region_id !== 10000002))
      setBook(
        market,
        hub.region_id,
        forgeBook(20_000).map((o) => ({ ...o, location_id: o.location_id === 60003760 ? hub.station_id : o.location_id })),
      )
    const load = loadAverage()
    const s = await start('npm', ['start', '--silent'], env)
    // The market job runs at start: the process is busy until every hub's snapshot is stored and aggregated.
    const busyMs = await waitQuiet(s.serverPid)
    const during = memory(s.serverPid)
    await new Promise((r) => setTimeout(r, REST_SECONDS * 1000))
    const after = memory(s.serverPid)
    await stop(s)
    console.log('All-in-one `npm start` through a 400,000-order Forge snapshot (target: peak < 768 MB):')
    console.table([
      {
        'busy after start ms': busyMs,
        'peak MB': after.peakMB,
        'RSS when done MB': during.rssMB,
        [`RSS ${REST_SECONDS} s later MB`]: after.rssMB,
        'anon MB': after.anonMB,
        'file MB': after.fileMB,
        load,
      },
    ])
  } finally {
    await esi.close()
  }
}
