import crypto from 'node:crypto'
import type { ItemType, Mode, EmbedStyle } from '../../schemas/killfeed-constants.js'
import type { Route, RouteCreate, RouteFilters, RoutePatch, TrackedItem } from '../../schemas/killfeed.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { isoFromMs, versionTime } from '../../platform/clickhouse/version-clock.js'

/**
 * The killfeed's settings in ClickHouse: tracked entities (the site's live killfeed) and Discord routes.
 * Both tables keep every version of a row; reads take the latest with FINAL and skip deleted ones.
 */

interface RouteRow {
  route_id: string
  item_type: ItemType
  entity_id: string
  display_name: string
  mode: Mode
  webhook_url: string
  enabled: boolean
  created_ms: string
  filters: string
  embed_style: EmbedStyle
  mention: string
  mention_min_isk: number
  disabled_reason: string
}

/** Stored filters are JSON written by this code from validated input; anything unreadable counts as none. */
function parseFilters(json: string): RouteFilters {
  try {
    const value = JSON.parse(json) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as RouteFilters) : {}
  } catch {
    return {}
  }
}

const toRoute = (r: RouteRow): Route => ({
  id: r.route_id,
  item_type: r.item_type,
  entity_id: Number(r.entity_id),
  display_name: r.display_name,
  mode: r.mode,
  webhook_url: r.webhook_url,
  enabled: Boolean(r.enabled),
  created_at: isoFromMs(r.created_ms),
  filters: parseFilters(r.filters),
  embed_style: r.embed_style === 'compact' ? 'compact' : 'full',
  mention: r.mention,
  mention_min_isk: Number(r.mention_min_isk),
  disabled_reason: r.disabled_reason,
})

// (`route_id`, not `id`: an alias named like the column would replace it in WHERE)
const ROUTE_COLUMNS = `toString(id) AS route_id, item_type, entity_id, display_name, mode, webhook_url, enabled, toUnixTimestamp64Milli(created_at) AS created_ms,
  filters, embed_style, mention, mention_min_isk, disabled_reason`

export async function listRoutes(ch: ClickHouseClient, options: { enabledOnly?: boolean } = {}): Promise<Route[]> {
  const rows = await queryRows<RouteRow>(
    ch,
    `SELECT ${ROUTE_COLUMNS} FROM killfeed_routes FINAL WHERE NOT deleted ${options.enabledOnly ? 'AND enabled' : ''} ORDER BY created_at, id`,
  )
  return rows.map(toRoute)
}

export async function getRoute(ch: ClickHouseClient, id: string): Promise<Route | null> {
  const [row] = await queryRows<RouteRow>(ch, `SELECT ${ROUTE_COLUMNS} FROM killfeed_routes FINAL WHERE id = {id:UUID} AND NOT deleted`, { id })
  return row ? toRoute(row) : null
}

async function writeRoute(ch: ClickHouseClient, route: Route, deleted = false): Promise<void> {
  await ch.insert({
    table: 'killfeed_routes',
    values: [{ ...route, filters: JSON.stringify(route.filters), deleted, updated_at: versionTime().toISOString() }],
    format: 'JSONEachRow',
  })
}

type RouteExtras = 'filters' | 'embed_style' | 'mention' | 'mention_min_isk'
/** A validated RouteCreate; the extras (issue #40) default to none, as the schema's defaults do. */
export type NewRoute = Omit<RouteCreate, RouteExtras> & Partial<Pick<RouteCreate, RouteExtras>>

export async function createRoute(ch: ClickHouseClient, input: NewRoute): Promise<Route> {
  const route: Route = {
    filters: {},
    embed_style: 'full',
    mention: '',
    mention_min_isk: 0,
    id: crypto.randomUUID(),
    ...input,
    created_at: new Date().toISOString(),
    disabled_reason: '',
  }
  await writeRoute(ch, route)
  return route
}

/** Apply the edited fields; null when there is no such route. */
export async function updateRoute(ch: ClickHouseClient, id: string, patch: RoutePatch): Promise<Route | null> {
  const current = await getRoute(ch, id)
  if (!current) return null
  const edited = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  const route: Route = { ...current, ...edited, id: current.id, created_at: current.created_at }
  // Switching a route on again is the admin's answer to why it was switched off.
  if (patch.enabled === true) route.disabled_reason = ''
  await writeRoute(ch, route)
  return route
}

/** The server switches a route off and says why (a webhook Discord says is deleted); false when it is gone or off already. */
export async function disableRoute(ch: ClickHouseClient, id: string, reason: string): Promise<boolean> {
  const current = await getRoute(ch, id)
  if (!current || !current.enabled) return false
  await writeRoute(ch, { ...current, enabled: false, disabled_reason: reason })
  return true
}

export async function deleteRoute(ch: ClickHouseClient, id: string): Promise<boolean> {
  const current = await getRoute(ch, id)
  if (!current) return false
  await writeRoute(ch, current, true)
  return true
}

interface TrackedRow {
  item_type: ItemType
  entity_id: string
  display_name: string
  mode: Mode
}

export async function listTracked(ch: ClickHouseClient): Promise<TrackedItem[]> {
  const rows = await queryRows<TrackedRow>(
    ch,
    'SELECT item_type, entity_id, display_name, mode FROM killfeed_tracked FINAL WHERE NOT deleted ORDER BY lower(display_name), item_type, entity_id',
  )
  return rows.map((r) => ({ ...r, entity_id: Number(r.entity_id) }))
}

async function findTracked(ch: ClickHouseClient, itemType: ItemType, entityId: number): Promise<(TrackedItem & { created_ms: string }) | null> {
  const [row] = await queryRows<TrackedRow & { created_ms: string }>(
    ch,
    `SELECT item_type, entity_id, display_name, mode, toUnixTimestamp64Milli(created_at) AS created_ms
     FROM killfeed_tracked FINAL WHERE item_type = {itemType:String} AND entity_id = {entityId:UInt64} AND NOT deleted`,
    { itemType, entityId },
  )
  return row ? { ...row, entity_id: Number(row.entity_id) } : null
}

/** Track an entity, or change the name and mode of one tracked already. */
export async function saveTracked(ch: ClickHouseClient, item: TrackedItem): Promise<TrackedItem> {
  const existing = await findTracked(ch, item.item_type, item.entity_id)
  await ch.insert({
    table: 'killfeed_tracked',
    values: [
      { ...item, created_at: existing ? isoFromMs(existing.created_ms) : new Date().toISOString(), deleted: false, updated_at: versionTime().toISOString() },
    ],
    format: 'JSONEachRow',
  })
  return item
}

export async function deleteTracked(ch: ClickHouseClient, itemType: ItemType, entityId: number): Promise<boolean> {
  const existing = await findTracked(ch, itemType, entityId)
  if (!existing) return false
  const { created_ms, ...item } = existing
  await ch.insert({
    table: 'killfeed_tracked',
    values: [{ ...item, created_at: isoFromMs(created_ms), deleted: true, updated_at: versionTime().toISOString() }],
    format: 'JSONEachRow',
  })
  return true
}
