import type { SleeperSite } from '../../../schemas/community.js'
import type { ShipClass, SiteFileKind, SiteRecord, SiteShip, SiteTier, SiteType } from '../../../schemas/wormhole-sites.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'
import { deriveNpcStats, snapshotAttributes, type NpcDogma, type NpcStats } from './npc-stats.js'

type SiteNpc = SleeperSite['waves'][number]['npcs'][number]

/** The community data's size letters: Emergent frigates, Awakened cruisers, Sleepless battleships, sentry towers. */
const SIZE_CLASSES: Record<string, ShipClass> = { F: 'frigate', C: 'cruiser', B: 'battleship', T: 'sentry' }
const SITE_TYPES: Record<SleeperSite['siteType'], SiteType> = { combat: 'Combat', data: 'Data', relic: 'Relic' }

/** Where an NPC's dogma comes from: the SDE, else the community sheet's raw snapshot (types newer than the SDE). */
export interface DogmaLookup {
  npc(typeId: number): (NpcDogma & { source: 'sde' | 'community' }) | undefined
  missile(typeId: number): ReadonlyMap<number, number> | undefined
}

export function dogmaLookup(catalog: Catalog): DogmaLookup {
  const snapshot = catalog.community.sleeperNpcDogma
  const fromSde = (typeId: number) => (catalog.type(typeId) && catalog.dogma(typeId).size > 0 ? catalog.dogma(typeId) : undefined)
  return {
    npc(typeId) {
      const sde = fromSde(typeId)
      if (sde) return { attributes: sde, effects: catalog.effects(typeId), source: 'sde' }
      const attributes = snapshotAttributes(snapshot?.sleepers[String(typeId)])
      return attributes ? { attributes, effects: null, source: 'community' } : undefined
    },
    missile: (typeId) => fromSde(typeId) ?? snapshotAttributes(snapshot?.missiles[String(typeId)]),
  }
}

/** Trigger texts in the community data: "Trigger", "1st Death Trigger", "Trigger on Attack", "Opt", "Opt?", "DTA". */
const isTrigger = (t: string | null) => t !== null && /trigger/i.test(t)
const isOptional = (t: string | null) => t !== null && /^opt/i.test(t.trim())
const isDta = (t: string | null) => t !== null && /\bdt[ar]\b/i.test(t)

/** The community data's own per-ship figures, used only when no dogma exists for the type. */
function communityStats(npc: SiteNpc): NpcStats {
  const special: NpcStats['special'] = {}
  if (npc.scram) special.scram = npc.scram
  if (npc.web) special.web = npc.web
  if (npc.neutGJs) special.neut = Math.abs(npc.neutGJs)
  if (npc.rrepHPs) special.rr = npc.rrepHPs
  return {
    dps: npc.dps ?? 0,
    alpha: npc.alpha ?? 0,
    ehp: npc.ehp ?? 0,
    sig: npc.sigRadius ?? 0,
    maxVelocity: npc.maxVelocity ?? 0,
    orbitVelocity: npc.orbitVelocity ?? 0,
    orbitDistance: npc.orbitDistance ?? 0,
    special,
  }
}

export function toSiteShip(
  base: { qty: number; name: string; typeId: number | null; shipClass: ShipClass | null; trigger: string | null },
  stats: NpcStats,
  source: SiteShip['stats_source'],
): SiteShip {
  return {
    qty: base.qty,
    name: base.name,
    type_id: base.typeId,
    ship_class: base.shipClass,
    dps: stats.dps,
    alpha: stats.alpha,
    ehp: stats.ehp,
    sig: stats.sig,
    orbit_velocity: stats.orbitVelocity,
    max_velocity: stats.maxVelocity,
    distance: stats.orbitDistance,
    special: stats.special,
    trigger: isTrigger(base.trigger),
    optional: isOptional(base.trigger),
    dta: isDta(base.trigger),
    note: base.trigger,
    stats_source: source,
  }
}

function siteShip(npc: SiteNpc, dogma: DogmaLookup): SiteShip {
  const found = npc.typeID === null ? undefined : dogma.npc(npc.typeID)
  const base = { qty: npc.quantity, name: npc.name, typeId: npc.typeID, shipClass: SIZE_CLASSES[npc.sizeClass ?? ''] ?? null, trigger: npc.trigger }
  return found
    ? toSiteShip(
        base,
        deriveNpcStats(found, (id) => dogma.missile(id)),
        found.source,
      )
    : toSiteShip(base, communityStats(npc), 'community')
}

/**
 * A wave is marked "triggered on hack" only where the community data says so (a wave flag or a trigger text
 * naming a hack); the current data marks none, see docs/tools/wormhole-refs.md.
 */
const triggeredOnHack = (wave: SleeperSite['waves'][number]) =>
  wave.triggerOnHack === true || wave.npcs.some((n) => n.trigger !== null && /hack/i.test(n.trigger))

export function toSiteRecord(site: SleeperSite, dogma: DogmaLookup): SiteRecord {
  return {
    site: site.name,
    class: site.class,
    type: SITE_TYPES[site.siteType],
    blue_loot_isk: typeof site.blueLootIsk === 'number' && Number.isFinite(site.blueLootIsk) ? site.blueLootIsk : 0,
    notes: Array.isArray(site.notes) ? site.notes.filter((n): n is string => typeof n === 'string') : [],
    waves: site.waves.map((w) => ({ wave: w.label, triggerOnHack: triggeredOnHack(w), ships: w.npcs.map((n) => siteShip(n, dogma)) })),
  }
}

const TYPE_RANK: Record<string, number> = { Combat: 0, Data: 1, Relic: 2 }

/**
 * The twelve site files, keyed "c5_combat" etc.; empty lists when the community site data is missing. Combat files
 * are sorted by name; data/relic files list data sites, then relic sites, each by name (the participation grid's
 * column order).
 */
export function buildSiteFiles(catalog: Catalog): Map<`${SiteTier}_${SiteFileKind}`, SiteRecord[]> {
  const dogma = dogmaLookup(catalog)
  const files = new Map<`${SiteTier}_${SiteFileKind}`, SiteRecord[]>()
  for (const site of catalog.community.sleeperSites ?? []) {
    const key = `${site.class.toLowerCase() as SiteTier}_${site.siteType === 'combat' ? 'combat' : 'datarelic'}` as const
    files.set(key, [...(files.get(key) ?? []), toSiteRecord(site, dogma)])
  }
  for (const records of files.values()) records.sort((a, b) => (TYPE_RANK[a.type] ?? 9) - (TYPE_RANK[b.type] ?? 9) || a.site.localeCompare(b.site, 'en'))
  return files
}
