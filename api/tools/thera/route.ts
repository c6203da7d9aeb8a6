import type { Catalog } from '../../../platform/catalog/catalog.js'
import { distanceWithin } from '../../../platform/catalog/lookup.js'
import { TRADE_HUB_SYSTEMS } from '../../../schemas/thera-constants.js'
import { SHIP_SIZES, type HubRoute, type RouteStep, type ShipSize, type TheraConnection } from '../../../schemas/thera.js'

/**
 * The SDE's stargate graph in flat arrays (compressed adjacency), built once per static data import: a route then walks
 * typed arrays instead of maps, which keeps any route well under a millisecond or two.
 */
export interface GateGraph {
  ids: Int32Array
  index: Map<number, number>
  start: Int32Array
  targets: Int32Array
}

const graphs = new WeakMap<Catalog, GateGraph>()

export function gateGraph(catalog: Catalog): GateGraph {
  const cached = graphs.get(catalog)
  if (cached) return cached
  const ids = Int32Array.from([...catalog.systems.keys()].sort((a, b) => a - b))
  const index = new Map<number, number>()
  ids.forEach((id, i) => index.set(id, i))
  const start = new Int32Array(ids.length + 1)
  const targets: number[] = []
  for (let i = 0; i < ids.length; i++) {
    start[i] = targets.length
    for (const n of catalog.jumpNeighbours(ids[i])) {
      const j = index.get(n)
      if (j !== undefined) targets.push(j)
    }
  }
  start[ids.length] = targets.length
  const graph = { ids, index, start, targets: Int32Array.from(targets) }
  graphs.set(catalog, graph)
  return graph
}

const sizeRank = (s: ShipSize) => (s === 'unknown' ? -1 : SHIP_SIZES.indexOf(s))

/**
 * Fewest jumps from `originId` to each trade hub, by stargates alone and through at least one of `connections` (each a
 * wormhole between its hub, Thera or Turnur, and its far system, usable both ways). A breadth-first search over
 * (system, has used a connection) states: one search answers every hub, and the route through a connection is the
 * shortest that takes one, even where the gates alone are as short.
 */
export function routesToHubs(
  catalog: Catalog,
  originId: number,
  connections: readonly TheraConnection[],
  hubs: readonly string[] = TRADE_HUB_SYSTEMS,
): HubRoute[] {
  const g = gateGraph(catalog)
  const n = g.ids.length
  const origin = g.index.get(originId)
  if (origin === undefined) return []
  const holes = new Map<number, Array<{ to: number; conn: TheraConnection }>>()
  const addHole = (a: number | undefined, b: number | undefined, conn: TheraConnection) => {
    if (a === undefined || b === undefined) return
    const list = holes.get(a) ?? []
    list.push({ to: b, conn })
    holes.set(a, list)
  }
  for (const c of connections) {
    const hub = g.index.get(c.hub_system_id)
    const far = g.index.get(c.system_id)
    addHole(hub, far, c)
    addHole(far, hub, c)
  }
  // State s = system * 2 + (1 once a connection was taken).
  const dist = new Int32Array(2 * n).fill(-1)
  const parent = new Int32Array(2 * n).fill(-1)
  const via: Array<TheraConnection | undefined> = []
  const queue = new Int32Array(2 * n)
  let head = 0
  let tail = 0
  dist[origin * 2] = 0
  queue[tail++] = origin * 2
  while (head < tail) {
    const s = queue[head++]
    const sys = s >> 1
    const used = s & 1
    const d = dist[s] + 1
    for (let k = g.start[sys]; k < g.start[sys + 1]; k++) {
      const t = g.targets[k] * 2 + used
      if (dist[t] !== -1) continue
      dist[t] = d
      parent[t] = s
      queue[tail++] = t
    }
    for (const h of holes.get(sys) ?? []) {
      const t = h.to * 2 + 1
      if (dist[t] !== -1) continue
      dist[t] = d
      parent[t] = s
      via[t] = h.conn
      queue[tail++] = t
    }
  }
  const out: HubRoute[] = []
  for (const name of hubs) {
    const id = catalog.systemIdByName(name)
    const target = id === null ? undefined : g.index.get(id)
    if (id === null || target === undefined) continue
    const byGates = dist[target * 2]
    const viaConn = dist[target * 2 + 1]
    const path: RouteStep[] = []
    let smallest: ShipSize | null = null
    if (viaConn !== -1) {
      for (let s = target * 2 + 1; s !== -1; s = parent[s]) {
        const sysId = g.ids[s >> 1]
        const conn = via[s]
        const prev = parent[s]
        const system = catalog.system(sysId)
        if (conn && (smallest === null || sizeRank(conn.max_ship_size) < sizeRank(smallest))) smallest = conn.max_ship_size
        path.push({
          system_id: sysId,
          name: system?.name ?? String(sysId),
          security: system?.security ?? null,
          by: prev === -1 ? null : conn ? 'wormhole' : 'gate',
          connection: conn
            ? { id: conn.id, hub: conn.hub, wh_type: conn.wh_type, max_ship_size: conn.max_ship_size, remaining_minutes: conn.remaining_minutes }
            : null,
        })
      }
      path.reverse()
    }
    out.push({
      hub: name,
      system_id: id,
      jumps_by_gates: byGates === -1 ? null : byGates,
      jumps_via_connection: viaConn === -1 ? null : viaConn,
      path,
      max_ship_size: smallest,
    })
  }
  return out
}

/**
 * Up to `limit` system names close to a name that matched none: those starting with what was typed, then those within
 * a small edit distance (1 for short names, 2 from 6 letters) whose first or second letter matches, nearest first.
 */
export function closeSystemNames(catalog: Catalog, typed: string, limit = 5): string[] {
  const key = typed.trim().toLowerCase()
  if (!key) return []
  const max = key.length >= 6 ? 2 : 1
  const found: Array<{ name: string; score: number }> = []
  for (const [lower, name] of systemNames(catalog)) {
    if (lower.startsWith(key)) found.push({ name, score: 0 })
    // Within the distance allowed, one of the first two letters is right: skips most names before the edit distance.
    else if (Math.abs(lower.length - key.length) <= max && (lower[0] === key[0] || lower[1] === key[1])) {
      const d = distanceWithin(key, lower, max)
      if (d <= max) found.push({ name, score: d })
    }
  }
  found.sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name))
  return found.slice(0, limit).map((f) => f.name)
}

const names = new WeakMap<Catalog, Array<[string, string]>>()
/** Every system's name, lower-cased beside the real one, once per import. */
function systemNames(catalog: Catalog): Array<[string, string]> {
  let list = names.get(catalog)
  if (!list) {
    list = [...catalog.systems.values()].map((s) => [s.name.toLowerCase(), s.name])
    names.set(catalog, list)
  }
  return list
}
