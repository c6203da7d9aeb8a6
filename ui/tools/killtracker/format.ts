import type { KillTrackerResponse } from '../../../schemas/kill-tracker'
import { ageInWords } from '../../../schemas/killmail-constants'
import { isObject } from '../../lib/is-object'

/**
 * The kill tracker's formats (spec, business constants). ISK uses the site's compact money format
 * (`formatIskCompact`); K/D has 2 decimals, or ∞ when not finite.
 */

/** `kd` as the API sends it: null stands for a ratio that is not finite (kills without losses). */
export function formatKd(kd: number | null): string {
  return kd !== null && Number.isFinite(kd) ? kd.toFixed(2) : '∞'
}

/** '2026-03-25 14:26' from an ISO time, in UTC. */
export function utcDateTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ')
}

/** '14:26:36' from an ISO time, in UTC. */
export function utcTime(iso: string): string {
  return iso.slice(11, 19)
}

export function deathHeadline(name: string, daysSince: number | null): string {
  if (daysSince === null || !Number.isFinite(daysSince)) return 'No recorded deaths (yet?)'
  return `It's been ${daysSince} ${daysSince === 1 ? 'day' : 'days'} since ${name} last died.`
}

/**
 * Whether a body is a kill tracker answer. `/api/{name}` is a catch-all behind every other API route, so the page at
 * `/health` or `/live-kills` gets that endpoint's answer, which is no tracker (the page shows its 404 then).
 */
export function isTrackerAnswer(body: unknown): boolean {
  // The spec's answer has no `name` (ours adds it): the page then titles itself from the address.
  if (!isObject(body) || !Array.isArray(body.characters)) return false
  const { lastDeath, last7d, lists, meta } = body
  return (
    isObject(lastDeath) &&
    isObject(last7d) &&
    typeof last7d.kills === 'number' &&
    typeof last7d.losses === 'number' &&
    isObject(lists) &&
    Array.isArray(lists.kills) &&
    Array.isArray(lists.losses) &&
    isObject(meta) &&
    typeof meta.fetchedAt === 'string'
  )
}

/** '3 hours ago' from an ISO time and the current time in ms; null for a time that does not parse. */
export function relativeTime(iso: string, nowMs: number): string | null {
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) return null
  const seconds = (nowMs - t) / 1000
  return seconds < 0 ? 'just now' : `${ageInWords(seconds)} ago`
}

/**
 * One row of the kill and loss lists as the page shows it. The spec promises an entry's id, ship {id, name}, value
 * and url; this API adds time, ship.icon and system. Whatever is missing or of another type is null here, shown as
 * a dash (time, system, value) or the fallback picture (icon), so an answer in the spec's shape never breaks the page.
 */
export interface TrackerRow {
  key: string
  time: string | null
  ship: { name: string | null; icon: string | null }
  value: number | null
  url: string | null
  system: { name: string | null; classLabel: string | null } | null
}

/** The answer as the page reads it: the spec's fields, with what it may leave out filled in or null. */
export interface TrackerView {
  name: string
  characters: number[]
  charactersDetailed: Array<{ id: number; name: string; url: string }>
  lastDeath: { daysSince: number | null; iso: string | null }
  last7d: { kills: number; losses: number; destroyedISK: number | null; lostISK: number | null; netISK: number | null; kd: number | null; status: string }
  lists: { kills: TrackerRow[]; losses: TrackerRow[] }
  fetchedAt: string
  feed: unknown
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

function readRow(e: unknown, i: number): TrackerRow {
  const entry = isObject(e) ? e : {}
  const ship = isObject(entry.ship) ? entry.ship : {}
  const system = isObject(entry.system) ? entry.system : null
  const id = num(entry.id)
  return {
    key: id === null ? `row-${i}` : String(id),
    time: str(entry.time),
    ship: { name: str(ship.name), icon: str(ship.icon) },
    value: num(entry.value),
    url: str(entry.url),
    system: system && (str(system.name) || str(system.class_label)) ? { name: str(system.name), classLabel: str(system.class_label) } : null,
  }
}

/** A kill tracker answer (isTrackerAnswer holds) as the page reads it; `pathName` names the player when the answer does not. */
export function readTrackerAnswer(body: Record<string, unknown>, pathName: string): TrackerView {
  const b = body as Partial<Record<keyof KillTrackerResponse, unknown>>
  const lastDeath = isObject(b.lastDeath) ? b.lastDeath : {}
  const last7d = isObject(b.last7d) ? b.last7d : {}
  const lists = isObject(b.lists) ? b.lists : {}
  const meta = isObject(b.meta) ? b.meta : {}
  const rows = (list: unknown) => (Array.isArray(list) ? list.map(readRow) : [])
  const characters = Array.isArray(b.characters) ? b.characters.filter((id): id is number => typeof id === 'number') : []
  const detailed = Array.isArray(b.charactersDetailed)
    ? b.charactersDetailed.flatMap((c) =>
        isObject(c) && typeof c.id === 'number' && str(c.name) && str(c.url) ? [{ id: c.id, name: String(c.name), url: String(c.url) }] : [],
      )
    : []
  return {
    name: str(b.name) ?? pathName,
    characters,
    charactersDetailed: detailed,
    lastDeath: { daysSince: num(lastDeath.daysSince), iso: str(lastDeath.iso) },
    last7d: {
      kills: num(last7d.kills) ?? 0,
      losses: num(last7d.losses) ?? 0,
      destroyedISK: num(last7d.destroyedISK),
      lostISK: num(last7d.lostISK),
      netISK: num(last7d.netISK),
      kd: num(last7d.kd),
      status: str(last7d.status) ?? '',
    },
    lists: { kills: rows(lists.kills), losses: rows(lists.losses) },
    fetchedAt: str(meta.fetchedAt) ?? '',
    feed: b.feed,
  }
}
