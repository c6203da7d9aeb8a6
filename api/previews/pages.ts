import { APPRAISAL_ID_PATTERN } from '../../schemas/appraisal/constants.js'
import { formatIskCompact, formatInt } from '../../schemas/format.js'
import { hubByStation } from '../../schemas/hubs.js'
import { KILL_TRACKER_NAME, PAGES, SITE_NAME } from '../../schemas/pages.js'
import { TrackerPath } from '../../schemas/kill-tracker.js'
import type { SavedAppraisal } from '../../schemas/appraisals.js'
import type { WormholeSystem } from '../../schemas/wormholes.js'
import type { ApiContext } from '../app.js'
import type { Catalog } from '../../platform/catalog/catalog.js'
import { getAppraisal } from '../tools/appraisals/store.js'
import { findTrackedPlayer, readActivity } from '../tools/killtracker/store.js'
import { summarize } from '../tools/killtracker/summary.js'
import { jcodeKey } from '../tools/wormholes/detail.js'
import { buildWormholeSystems, drifterName } from '../tools/wormholes/list.js'
import type { PageMeta } from './html.js'

/** What the server answers for a page address: its status (404 for no page) and its preview tags. */
export interface PageAnswer {
  status: 200 | 404
  meta: PageMeta
}

export const LANDING_META: PageMeta = {
  title: SITE_NAME,
  description: "The wormhole pilot's companion: calculators, references and live market data for life in J-space.",
}
export const NOT_FOUND_META: PageMeta = { title: `Page not found · ${SITE_NAME}`, description: 'There is no page at this address.' }

/** How long a page waits for the database before it goes out with its tool's generic tags. */
export const PREVIEW_BUDGET_MS = 1500

/** `/Gas-Calc/` is `/gas-calc`, as the page router (case-insensitive, trailing slash optional) reads it. */
export const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/'

/** A route pattern ('/appraisals/:id') as a matcher of decoded addresses; the parameters in order. */
export function matcher(pattern: string): (path: string) => string[] | null {
  const parts = pattern.split('/')
  return (path) => {
    const segments = path.split('/')
    if (segments.length !== parts.length) return null
    const params: string[] = []
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].startsWith(':')) {
        if (!segments[i]) return null
        params.push(segments[i])
      } else if (parts[i].toLowerCase() !== segments[i].toLowerCase()) return null
    }
    return params
  }
}

const toolMeta = (page: { name: string; description: string }): PageMeta => ({ title: `${page.name} · ${SITE_NAME}`, description: page.description })

/** A page's static addresses (its path and aliases) with its tags; the API docs page is the server's own. */
const STATIC_PAGES = new Map<string, PageMeta>(
  PAGES.filter((p) => !p.href && !p.path.includes(':')).flatMap((p) =>
    [p.path, ...(p.aliases ?? []), ...(p.subRoutes ?? []).filter((s) => !s.includes(':'))].map((path) => [path.toLowerCase(), toolMeta(p)] as const),
  ),
)
const pageAt = (path: string) => PAGES.find((p) => p.path === path)!

/** The total the appraisal's price mode shows (the 5% averages total into sell and buy). */
export const appraisalTotal = (a: SavedAppraisal) => a.totals[a.mode === 'sell5' ? 'sell' : a.mode === 'buy5' ? 'buy' : a.mode]

function appraisalMeta(a: SavedAppraisal): PageMeta {
  const total = appraisalTotal(a)
  const items = a.totals.itemCount
  const top = [...a.rows]
    .filter((r) => r.lineISK !== null)
    .sort((x, y) => (y.lineISK ?? 0) - (x.lineISK ?? 0))
    .slice(0, 3)
    .map((r) => `${r.name} ×${formatInt(r.qty)} (${formatIskCompact(r.lineISK ?? 0)})`)
  const lines = a.rows.length
  return {
    title: `${formatIskCompact(total)} ISK at ${a.hub} · Appraisal`,
    description:
      `${formatInt(items)} item${items === 1 ? '' : 's'} on ${formatInt(lines)} line${lines === 1 ? '' : 's'}, priced at ${a.hub} ` +
      `(sell ${formatIskCompact(a.totals.sell)}, buy ${formatIskCompact(a.totals.buy)} ISK, ${formatInt(a.totals.volume)} m³), ` +
      `frozen ${a.created_at.slice(0, 10)}.${top.length ? ` Top: ${top.join(', ')}.` : ''}`,
    image: `/api/previews/appraisals/${a.id}.png`,
    imageAlt: `Appraisal summary: ${formatIskCompact(total)} ISK at ${a.hub}`,
  }
}

/** 'C247 to C3', 'N766 to high-sec' as the community data names the destination. */
const DESTINATIONS: Record<string, string> = { hs: 'high-sec', ls: 'low-sec', ns: 'null-sec', thera: 'Thera', pochven: 'Pochven' }
export const destinationLabel = (d: string) => DESTINATIONS[d] ?? d.toUpperCase()

export interface SystemFacts {
  system: WormholeSystem
  statics: Array<{ code: string; to: string | null }>
}

export function systemMeta({ system, statics }: SystemFacts): PageMeta {
  const name = drifterName(system.class)
  const heading = `${system.jcode}${name && name !== system.jcode ? ` (${name})` : ''}`
  const effect = system.effect ? `${system.effect} effect` : 'no effect'
  const staticText = statics.length ? statics.map((s) => (s.to ? `${s.code} to ${s.to}` : s.code)).join(', ') : 'none listed'
  return {
    title: `${heading} · ${system.class_label} wormhole, ${effect}`,
    description: `${system.class_label} wormhole system in ${system.region} (${system.constellation}). Effect: ${system.effect ?? 'none'}. Statics: ${staticText}. Planets: ${system.planets.length}.`,
    image: `/api/previews/wormholes/${system.jcode}.png`,
    imageAlt: `${heading}: ${system.class_label}, ${effect}, statics ${staticText}`,
  }
}

/** Systems by J-code (and Drifter name), rebuilt when a new static import lands. */
export function systemIndex(ctx: ApiContext): (key: string) => SystemFacts | null {
  let built: { importId: number; byKey: Map<string, SystemFacts> } | null = null
  const index = (catalog: Catalog) => {
    const destinations = new Map((catalog.community.wormholeTypes ?? []).map((t) => [t.code, (t.destination ?? []).map(destinationLabel).join(' or ') || null]))
    const byKey = new Map<string, SystemFacts>()
    for (const system of buildWormholeSystems(catalog)) {
      const facts = { system, statics: system.statics.map((code) => ({ code, to: destinations.get(code) ?? null })) }
      for (const key of [system.jcode, drifterName(system.class)]) if (key) byKey.set(jcodeKey(key), facts)
    }
    return { importId: catalog.importId, byKey }
  }
  return (key) => {
    if (!ctx.catalog.ready) return null
    const catalog = ctx.catalog.current()
    if (built?.importId !== catalog.importId) built = index(catalog)
    return built.byKey.get(jcodeKey(key)) ?? null
  }
}

/** A tracked player's name as the page shows it and their last 7 days, or null for a name nobody tracks. */
export interface TrackerFacts {
  path: string
  displayName: string
  last7d: { kills: number; losses: number; destroyedISK: number; lostISK: number }
}
export type TrackerLookup = (name: string) => Promise<TrackerFacts | null>

const plural = (n: number, one: string, many: string) => `${formatInt(n)} ${n === 1 ? one : many}`

export function trackerMeta(t: TrackerFacts): PageMeta {
  const w = t.last7d
  return {
    title: `${t.displayName} · ${KILL_TRACKER_NAME}`,
    description:
      `Last 7 days: ${plural(w.kills, 'kill', 'kills')} and ${plural(w.losses, 'loss', 'losses')}; ` +
      `${formatIskCompact(w.destroyedISK)} ISK destroyed, ${formatIskCompact(w.lostISK)} ISK lost.`,
    image: `/api/previews/trackers/${encodeURIComponent(t.path)}.png`,
    imageAlt: `${t.displayName}, last 7 days: ${plural(w.kills, 'kill', 'kills')}, ${plural(w.losses, 'loss', 'losses')}`,
  }
}

/**
 * Tracked players' 7-day figures by name, each kept a minute (the page's tags and its card share them). A lookup
 * finishes and is kept even when the page could not wait for it, so the next fetch has it.
 */
export function trackerIndex(ctx: ApiContext): TrackerLookup {
  const kept = ttlCache<TrackerFacts | null>(60_000)
  return async (name) => {
    if (!TrackerPath.safeParse(name).success) return null
    const key = name.toLowerCase()
    const cached = kept.get(key)
    if (cached !== undefined) return cached
    const player = await findTrackedPlayer(ctx.ch, name)
    let facts: TrackerFacts | null = null
    if (player) {
      const { rows } = await readActivity(ctx.ch, player.characterIds, new Date())
      facts = { path: player.path, displayName: player.displayName, last7d: summarize(rows).last7d }
    }
    kept.set(key, facts)
    return facts
  }
}

/** A small cache of answers that may change (kill tracker numbers): `ttlMs` each, at most `max` kept. */
function ttlCache<T>(ttlMs: number, max = 500) {
  const entries = new Map<string, { at: number; value: T }>()
  return {
    get(key: string, now = Date.now()): T | undefined {
      const hit = entries.get(key)
      return hit && now - hit.at < ttlMs ? hit.value : undefined
    },
    set(key: string, value: T, now = Date.now()) {
      entries.delete(key)
      entries.set(key, { at: now, value })
      if (entries.size > max) entries.delete(entries.keys().next().value!)
    },
  }
}

/**
 * The server's reading of a page address: 404 for none (the page router's catch-all would show its not-found page with
 * 200), else the page's preview tags. Pages that read the database (a saved appraisal, a kill tracker) are looked up
 * within PREVIEW_BUDGET_MS; a slow or failing database gives the tool's generic tags and 200, never a false 404.
 */
export function pageResolver(ctx: ApiContext, system: (key: string) => SystemFacts | null, trackers: TrackerLookup) {
  const log = ctx.log.child({ component: 'previews' })
  // Saved appraisals never change: their tags are kept (a null is a missing id, kept briefly).
  const appraisals = ttlCache<PageMeta | null>(10 * 60_000)

  const withinBudget = async <T>(work: Promise<T>): Promise<T | 'slow'> => {
    let timer: NodeJS.Timeout | undefined
    const slow = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), PREVIEW_BUDGET_MS)
      timer.unref?.()
    })
    try {
      return await Promise.race([work, slow])
    } catch (err) {
      log.warn({ err }, 'page lookup failed; the generic tags go out')
      return 'slow'
    } finally {
      clearTimeout(timer)
    }
  }

  const appraisal = async (id: string): Promise<PageMeta | null | 'unknown'> => {
    if (!APPRAISAL_ID_PATTERN.test(id)) return null
    const cached = appraisals.get(id)
    if (cached !== undefined) return cached
    // The lookup finishes and is kept even when the page could not wait for it, so the next fetch has it.
    const work = getAppraisal(ctx.ch, id, (station) => hubByStation(station)?.label ?? String(station)).then((found) => {
      const meta = found ? appraisalMeta(found) : null
      appraisals.set(id, meta)
      return meta
    })
    const found = await withinBudget(work)
    return found === 'slow' ? 'unknown' : found
  }

  const tracker = async (name: string): Promise<PageMeta | null | 'unknown'> => {
    const found = await withinBudget(trackers(name))
    return found === 'slow' ? 'unknown' : found && trackerMeta(found)
  }

  /** Tags for a generic fallback when a lookup failed or was slow: the tool's own. */
  const orTool = (found: PageMeta | null | 'unknown', fallback: PageMeta): PageAnswer =>
    found === 'unknown' ? { status: 200, meta: fallback } : found ? { status: 200, meta: found } : { status: 404, meta: NOT_FOUND_META }

  return async function resolve(rawPath: string): Promise<PageAnswer> {
    let path: string
    try {
      path = normalize(decodeURIComponent(rawPath))
    } catch {
      return { status: 404, meta: NOT_FOUND_META }
    }
    if (path === '/') return { status: 200, meta: LANDING_META }
    const known = STATIC_PAGES.get(path.toLowerCase())
    if (known) return { status: 200, meta: known }
    {
      const appraisalId = matcher('/appraisals/:id')(path)
      if (appraisalId) return orTool(await appraisal(appraisalId[0]), toolMeta(pageAt('/appraisals')))
      const jcode = matcher('/wormholes/:jcode')(path)
      if (jcode) {
        if (!ctx.catalog.ready) return { status: 200, meta: toolMeta(pageAt('/wormholes')) }
        const facts = system(jcode[0])
        return facts ? { status: 200, meta: systemMeta(facts) } : { status: 404, meta: NOT_FOUND_META }
      }
      if (matcher('/pyfa/s/:id')(path)) return { status: 200, meta: toolMeta(pageAt('/pyfa')) }
      const name = matcher('/:name')(path)
      if (name) return orTool(await tracker(name[0]), toolMeta(pageAt('/:name')))
    }
    return { status: 404, meta: NOT_FOUND_META }
  }
}
