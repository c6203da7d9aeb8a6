/**
 * Issue #40 targets:
 * - matching 500 kills/s against 1,000 routes with filters in the router: under 10% of one core;
 * - the route preview (7 days of stored kills, counted in ClickHouse) over 1 million stored kills: p95 under 300 ms.
 * `npm run bench -- killfeed-matcher` (embedded chDB; the stored kills are synthetic, all inside the 7-day window, so
 * the preview reads every one of them: an upper bound, New Eden stores about 15-20 thousand kills a day).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { compileFilters, FilterCache, type FilterShipType, type FilterSystem, type FilterWorld } from '../pipelines/killfeed/filters.js'
import { previewRoute } from '../pipelines/killfeed/preview.js'
import { matchKill } from '../pipelines/killfeed/router.js'
import { toKillmailRow } from '../pipelines/killmails/store.js'
import { createClickHouse, queryRows } from '../platform/clickhouse/client.js'
import { migrate } from '../platform/clickhouse/migrate.js'
import { killHash, makeKillmail, makeZkb } from '../platform/fakes/zkillboard/killmails.js'
import type { RouteFiltersShape } from '../schemas/killfeed-constants.js'
import type { Route } from '../schemas/killfeed.js'
import type { KillmailMessage } from '../schemas/killmails.js'
import { seededRandom as rng } from '../platform/fakes/seeded-random.js'

const KILLS_PER_SECOND = 500
const ROUTES = 1000
const MATCH_SECONDS = 5
const STORED_KILLMAILS = 1_000_000
const PREVIEW_ROUTES = 20
const PREVIEW_RUNS = 5
const JSPACE = 2603
const KSPACE = 5000
const ALLIANCES = 400
const CORPORATIONS = 5000
const PILOTS = 200_000

/**
 * A synthetic map in the SDE's shape: 2603 wormhole systems (classes 1-6 in turn, a few 12-18) and 5000 known-space
 * systems with securities from -1 to 1, in regions of 100 and constellations of 10; 40 ship types in 5 groups.
 */
function syntheticWorld(): FilterWorld {
  const random = rng(1)
  const systems: FilterSystem[] = []
  for (let i = 0; i < JSPACE; i++)
    systems.push({
      solar_system_id: 31_000_001 + i,
      name: `J${100_000 + i}`,
      region_id: 11_000_001 + Math.floor(i / 100),
      constellation_id: 21_000_001 + Math.floor(i / 10),
      security: -1,
      class_id: i < 2590 ? 1 + (i % 6) : 12 + (i % 7),
      is_jspace: true,
    })
  for (let i = 0; i < KSPACE; i++)
    systems.push({
      solar_system_id: 30_000_001 + i,
      name: `K-${i}`,
      region_id: 10_000_001 + Math.floor(i / 100),
      constellation_id: 20_000_001 + Math.floor(i / 10),
      security: Math.round((random() * 2 - 1) * 1000) / 1000,
      class_id: 7,
      is_jspace: false,
    })
  const types: FilterShipType[] = Array.from({ length: 40 }, (_, i) => ({ type_id: 587 + i, group_id: 25 + (i % 5), category_id: 6 }))
  return { systems, types, groupIds: new Set([25, 26, 27, 28, 29]), categoryIds: new Set([6]), shattered: new Set() }
}

function syntheticKill(id: number, timeMs: number, random: () => number): KillmailMessage {
  const jspace = random() < 0.3
  const systemId = jspace ? 31_000_001 + Math.floor(random() ** 2 * JSPACE) : 30_000_001 + Math.floor(random() * KSPACE)
  const alliance = () => (random() < 0.6 ? 99_000_001 + Math.floor(random() ** 2 * ALLIANCES) : undefined)
  const corp = () => 98_000_001 + Math.floor(random() ** 2 * CORPORATIONS)
  const pilot = () => 90_000_001 + Math.floor(random() * PILOTS)
  const attackers = Array.from({ length: 1 + Math.floor(random() ** 3 * 20) }, () => ({
    characterId: pilot(),
    corporationId: corp(),
    allianceId: alliance(),
    shipTypeId: 587 + Math.floor(random() * 40),
  }))
  const esi = makeKillmail({
    id,
    time: new Date(timeMs),
    systemId,
    victim: { characterId: pilot(), corporationId: corp(), allianceId: alliance(), shipTypeId: 587 + Math.floor(random() * 40) },
    attackers,
  })
  const value = Math.round(1e6 * 5000 ** random())
  return {
    killmail_id: id,
    hash: killHash(id),
    esi,
    zkb: makeZkb(id, value, { solo: attackers.length === 1, npc: random() < 0.05 }),
    source: 'live',
    received_at: new Date().toISOString(),
  }
}

/** Filters as corps set them: value floors, wormhole classes, security, solo, attacker counts, ship groups, mixed. */
function randomFilters(random: () => number): RouteFiltersShape {
  const f: RouteFiltersShape = {}
  if (random() < 0.6) f.min_value_isk = [1e8, 5e8, 1e9, 5e9][Math.floor(random() * 4)]
  const place = random()
  if (place < 0.3) f.wormhole_classes = random() < 0.5 ? ['c5', 'c6'] : ['c1', 'c2', 'c3']
  else if (place < 0.45) f.wspace_only = true
  else if (place < 0.6) f.security = ['low', 'null']
  const size = random()
  if (size < 0.1) f.solo = true
  else if (size < 0.3) f.min_attackers = 2 + Math.floor(random() * 5)
  if (random() < 0.2) f.victim_group_ids = [25 + Math.floor(random() * 5)]
  if (random() < 0.05) f.region_ids = [11_000_001 + Math.floor(random() * 26)]
  return f
}

function randomRoute(i: number, random: () => number): Route {
  const kind = random()
  const item_type = kind < 0.4 ? 'alliance' : kind < 0.75 ? 'corporation' : kind < 0.9 ? 'character' : 'system'
  const entity_id =
    item_type === 'alliance'
      ? 99_000_001 + Math.floor(random() ** 2 * ALLIANCES)
      : item_type === 'corporation'
        ? 98_000_001 + Math.floor(random() ** 2 * CORPORATIONS)
        : item_type === 'character'
          ? 90_000_001 + Math.floor(random() * PILOTS)
          : 31_000_001 + Math.floor(random() ** 2 * JSPACE)
  return {
    id: `route-${i}`,
    item_type,
    entity_id,
    display_name: `Route ${i}`,
    mode: (['both', 'kills', 'losses'] as const)[Math.floor(random() * 3)],
    webhook_url: `https://discord.com/api/webhooks/${100_000_000_000_000_000 + i}/token`,
    enabled: true,
    created_at: new Date().toISOString(),
    filters: randomFilters(random),
    embed_style: 'full',
    mention: '',
    mention_min_isk: 0,
    disabled_reason: '',
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const load = () => os.loadavg()[0].toFixed(1)

async function matching(world: FilterWorld) {
  const random = rng(2)
  const routes = Array.from({ length: ROUTES }, (_, i) => randomRoute(i, random))
  const kills = Array.from({ length: KILLS_PER_SECOND }, (_, i) => syntheticKill(1 + i, Date.now(), random))
  const cache = new FilterCache(() => world)
  const filterOf = (r: Route) => cache.get(r.filters)
  const distinct = new Set(routes.map((r) => JSON.stringify(r.filters))).size
  let matched = 0
  const round = () => {
    for (const k of kills) matched += matchKill(k, routes, [], filterOf).routeMatches.length
  }
  const compileStart = process.cpuUsage()
  round() // the first round compiles each distinct filter once (as the router does once per static data)
  const compileCpu = process.cpuUsage(compileStart)
  matched = 0
  let rounds = 0
  const start = process.cpuUsage()
  const until = Date.now() + MATCH_SECONDS * 1000
  while (Date.now() < until) {
    round()
    rounds++
  }
  const cpu = process.cpuUsage(start)
  const cpuMsPerSecondOfKills = (cpu.user + cpu.system) / 1000 / rounds
  console.log(
    `Matching ${KILLS_PER_SECOND} kills against ${ROUTES} routes (${distinct} distinct filters; compiled once in ${Math.round((compileCpu.user + compileCpu.system) / 1000)} ms CPU):`,
  )
  console.log(
    `  ${cpuMsPerSecondOfKills.toFixed(1)} ms CPU per ${KILLS_PER_SECOND} kills = ${((cpuMsPerSecondOfKills / 1000) * 100).toFixed(1)}% of one core at ${KILLS_PER_SECOND} kills/s ` +
      `(target < 10%); ${Math.round(matched / rounds)} route matches per ${KILLS_PER_SECOND} kills; ${rounds} rounds; load avg ${load()}`,
  )
}

async function preview(world: FilterWorld) {
  const dir = path.resolve('var', 'bench-killfeed-matcher')
  fs.rmSync(dir, { recursive: true, force: true })
  const ch = await createClickHouse({ DATA_DIR: dir, CLICKHOUSE_USER: 'default', CLICKHOUSE_PASSWORD: '', CLICKHOUSE_DATABASE: 'default' })
  await migrate(ch)
  const random = rng(3)
  const now = Date.now()
  const insertStart = Date.now()
  const chunk = 50_000
  for (let done = 0; done < STORED_KILLMAILS; done += chunk) {
    const rows = Array.from({ length: chunk }, (_, i) => toKillmailRow(syntheticKill(10_000_000 + done + i, now - random() * 6.9 * 86_400_000, random)))
    await ch.insert({ table: 'killmails', values: rows, format: 'JSONEachRow' })
  }
  const [{ n }] = await queryRows<{ n: string }>(ch, 'SELECT count() AS n FROM killmails')
  console.log(`\nStored ${Number(n).toLocaleString('en-US')} synthetic kills (all in the last 7 days) in ${Math.round((Date.now() - insertStart) / 1000)} s`)
  const routes = Array.from({ length: PREVIEW_ROUTES }, (_, i) => randomRoute(i, random))
  const times: number[] = []
  for (let run = 0; run < PREVIEW_RUNS; run++)
    for (const route of routes) {
      const compiled = compileFilters(route.filters, world)
      if (!compiled.ok) continue
      const t = performance.now()
      await previewRoute(ch, route, compiled.filter, { now, catalog: null, zkillBaseUrl: 'https://zkillboard.com' })
      times.push(performance.now() - t)
    }
  times.sort((a, b) => a - b)
  console.log(
    `Route preview over them (${times.length} previews of ${PREVIEW_ROUTES} routes): p50 ${Math.round(percentile(times, 50))} ms, ` +
      `p95 ${Math.round(percentile(times, 95))} ms (target < 300 ms), max ${Math.round(times[times.length - 1])} ms; load avg ${load()}`,
  )
  await ch.close()
  fs.rmSync(dir, { recursive: true, force: true })
}

export async function run() {
  const world = syntheticWorld()
  await matching(world)
  await preview(world)
}
