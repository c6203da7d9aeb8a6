import { SHIP_SIZES, THERA_HUBS, type ShipSize, type StoredConnection, type TheraHub } from '../../schemas/thera.js'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown) => (typeof v === 'string' ? v : null)
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null)
const time = (v: unknown) => (typeof v === 'string' && Number.isFinite(Date.parse(v)) ? new Date(v).toISOString() : null)

/**
 * The wormhole connections in one answer of EVE-Scout's signatures feed (FORMAT.md): completed wormhole records of
 * Thera or Turnur with a known far system. Incomplete rows (far side not scanned yet) and rows of other kinds are left
 * out, malformed ones counted. Null when the answer is not a list at all.
 */
export function connectionsFromFeed(body: unknown): { connections: StoredConnection[]; skipped: number } | null {
  if (!Array.isArray(body)) return null
  const connections: StoredConnection[] = []
  let skipped = 0
  for (const r of body) {
    if (!isObject(r)) {
      skipped++
      continue
    }
    // Other kinds (combat, data …) and rows whose far side is not scanned yet are not connections.
    if (r.signature_type !== 'wormhole' || r.completed !== true || r.in_system_id === null || r.in_system_id === undefined) continue
    const hub = str(r.out_system_name)
    const id = typeof r.id === 'number' ? String(r.id) : str(r.id)
    const row = {
      id,
      hub: THERA_HUBS.includes(hub as TheraHub) ? (hub as TheraHub) : null,
      hub_system_id: int(r.out_system_id),
      hub_signature: str(r.out_signature) ?? '',
      system_id: int(r.in_system_id),
      system_name: str(r.in_system_name),
      system_class: str(r.in_system_class) ?? 'unknown',
      region_id: int(r.in_region_id) ?? 0,
      region_name: str(r.in_region_name) ?? '',
      signature: str(r.in_signature) ?? '',
      wh_type: str(r.wh_type) ?? '',
      type_side: r.wh_exits_outward === true ? ('hub' as const) : ('far' as const),
      max_ship_size: SHIP_SIZES.includes(r.max_ship_size as ShipSize) ? (r.max_ship_size as ShipSize) : ('unknown' as const),
      scanned_at: time(r.created_at),
      updated_at: time(r.updated_at) ?? time(r.created_at),
      expires_at: time(r.expires_at),
    }
    if (
      !row.id ||
      !row.hub ||
      row.hub_system_id === null ||
      row.system_id === null ||
      !row.system_name ||
      !row.scanned_at ||
      !row.updated_at ||
      !row.expires_at
    ) {
      skipped++
      continue
    }
    connections.push(row as StoredConnection)
  }
  connections.sort((a, b) => a.hub.localeCompare(b.hub) || a.expires_at.localeCompare(b.expires_at) || a.id.localeCompare(b.id))
  return { connections, skipped }
}
