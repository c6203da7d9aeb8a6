/** The wormhole list's table form (`GET /api/wormholes`), zod-free so pages can read it. */
import type { Wormhole, WormholeList } from './wormholes.js'

/** The list's columns in row order: the fields of `Wormhole`. */
export const WORMHOLE_LIST_COLUMNS = [
  'jcode',
  'solarsystemid',
  'class',
  'class_label',
  'effect',
  'statics',
  'planet_types',
  'star_type_id',
  'shattered',
] as const

/** One system as a row of the table. */
export const toListRow = (w: Wormhole): WormholeList['rows'][number] => [
  w.jcode,
  w.solarsystemid,
  w.class,
  w.class_label,
  w.effect,
  w.statics,
  w.planet_types,
  w.star_type_id,
  w.shattered,
]

/**
 * The table back as objects, each field read by the name the answer gives its column (so a server that orders
 * them differently still reads right); null when the answer is not the list (a server of another version).
 */
export function wormholeRows(answer: unknown): Wormhole[] | null {
  if (typeof answer !== 'object' || answer === null) return null
  const { columns, rows } = answer as { columns?: unknown; rows?: unknown }
  if (!Array.isArray(columns) || !Array.isArray(rows)) return null
  const at = WORMHOLE_LIST_COLUMNS.map((name) => columns.indexOf(name))
  if (at.some((i) => i < 0)) return null
  const list: Wormhole[] = []
  for (const row of rows) {
    if (!Array.isArray(row)) return null
    const w = Object.fromEntries(WORMHOLE_LIST_COLUMNS.map((name, i) => [name, row[at[i]]])) as unknown as Wormhole
    if (typeof w.jcode !== 'string' || !Array.isArray(w.statics) || !Array.isArray(w.planet_types)) return null
    list.push(w)
  }
  return list
}
