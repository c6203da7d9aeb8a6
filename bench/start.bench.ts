/**
 * Issue #44.4: `npm start` reaches its first page in under 2 s once the static data is imported, and the all-in-one
 * process holds under 400 MB RSS at rest and peaks under 768 MB during a full (400,000-order) market snapshot.
 * `npm run bench -- start`. Starts the real `npm start` (and, for comparison, the server under tsx as it ran before)
 * on a data folder imported once (var/bench-start), against a fake ESI: at rest with ESI's market empty, then with
 * The Forge's 400,000 orders (the other hubs 20,000 each). RSS is the server process's own (/proc, VmRSS; peak VmHWM).
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
      resolve({ child, url: match[1], firstPageMs, serverPid, output: () => out })
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

function memory(pid: number): { rssMB: number; peakMB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1])
  return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) }
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode !== null) return
  const exited = new Promise((r) => s.child.once('exit', r))
  process.kill(s.serverPid, 'SIGTERM')
  if (s.serverPid !== s.child.pid) s.child.kill('SIGTERM')
  await exited
}

async function waitForPrices(url: string, regionId: number, stationId: number): Promise<void> {
  const deadline = Date.now() + 300_000
  for (;;) {
    const res = await fetch(`${url}/api/prices/station?station_id=${stationId}&type_ids=1001`).catch(() => null)
    const body = res?.ok ? ((await res.json()) as { rows: unknown[] }) : null
    if (body?.rows.length) return
    if (Date.now() > deadline) throw new Error(`no prices for region ${regionId} within 5 minutes`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

export async function run() {
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
    for (const [label, command, args] of [
      ['npm start (compiled)', 'npm', ['start', '--silent']],
      ['node --import tsx api/main.ts (as before)', process.execPath, ['--import', 'tsx', 'api/main.ts']],
      ['npm start (compiled), again', 'npm', ['start', '--silent']],
    ] as const) {
      const load = loadAverage()
      const s = await start(command, [...args], env)
      await new Promise((r) => setTimeout(r, REST_SECONDS * 1000))
      const rest = memory(s.serverPid)
      rows.push({ start: label, 'first page ms': s.firstPageMs, [`RSS at rest (${REST_SECONDS} s) MB`]: rest.rssMB, 'peak MB': rest.peakMB, load })
      await stop(s)
    }
    console.log('Start to first page with the static data imported (target < 2000 ms); RSS at rest (target < 400 MB):')
    console.table(rows)

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
    const began = performance.now()
    await waitForPrices(s.url, 10000002, 60003760)
    const snapshotMs = Math.round(performance.now() - began)
    const during = memory(s.serverPid)
    await new Promise((r) => setTimeout(r, REST_SECONDS * 1000))
    const after = memory(s.serverPid)
    await stop(s)
    console.log('All-in-one `npm start` through a 400,000-order Forge snapshot (target: peak < 768 MB):')
    console.table([
      {
        'Forge prices served after ms': snapshotMs,
        'peak MB': after.peakMB,
        'RSS when served MB': during.rssMB,
        [`RSS ${REST_SECONDS} s later MB`]: after.rssMB,
        load,
      },
    ])
  } finally {
    await esi.close()
  }
}
