import type { Catalog } from '../../../platform/catalog/catalog.js'
import type { WormholeType } from '../../../schemas/community.js'
import type { WormholeTypeInfo } from '../../../schemas/wormholes.js'

type Figure = 'total_mass' | 'max_jump_mass' | 'lifetime_hours' | 'mass_regen'
type Figures = Record<Figure, number | null>

/** The wormhole attributes of the SDE's dogma (dogmaAttributes: wormholeMaxStableMass and the rest), by our field. */
const SDE_ATTRIBUTES: Record<Figure, string> = {
  total_mass: 'wormholeMaxStableMass',
  max_jump_mass: 'wormholeMaxJumpMass',
  lifetime_hours: 'wormholeMaxStableTime', // minutes in the SDE
  mass_regen: 'wormholeMassRegeneration',
}
const FIGURES = Object.keys(SDE_ATTRIBUTES) as Figure[]

/**
 * The SDE types of a code: those the community set names for it, else the type the SDE calls "Wormhole <code>".
 * Only types the serving import knows count, so a code CCP removed has none.
 */
function sdeTypeIds(catalog: Catalog, t: WormholeType): number[] {
  const named = (t.sde ?? []).flatMap((v) => v.typeIDs).filter((id) => catalog.type(id))
  if (named.length) return [...new Set(named)]
  const byName = catalog.resolve(`Wormhole ${t.code}`)
  return byName ? [byName.type_id] : []
}

function sdeFigures(catalog: Catalog, typeId: number): Figures {
  const dogma = catalog.dogma(typeId)
  const read = (field: Figure) => {
    const attr = catalog.attributesByName.get(SDE_ATTRIBUTES[field])
    const value = attr ? dogma.get(attr.attribute_id) : undefined
    if (value === undefined) return null
    return field === 'lifetime_hours' ? value / 60 : value
  }
  return { total_mass: read('total_mass'), max_jump_mass: read('max_jump_mass'), lifetime_hours: read('lifetime_hours'), mass_regen: read('mass_regen') }
}

const same = (a: number | null, b: number | null) => a === null || b === null || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a))

/**
 * One wormhole type: the serving static data's figures first (issue #37: one truth per number), the community data
 * set's figure beside it (`community`) and named in `disagreements` where the two differ. A figure the SDE lacks is
 * the community's. Where the SDE has several types for a code with different figures, the first is used and every
 * one is listed in `sde`. Destinations and whether a code spawns as a static are community facts (the SDE has no
 * such field; see data/community/wormhole-types/PROVENANCE.md).
 */
export function toWormholeTypeInfo(t: WormholeType, catalog: Catalog): WormholeTypeInfo {
  const community: Figures = { total_mass: t.totalMass, max_jump_mass: t.maxJumpMass, lifetime_hours: t.lifetimeHours, mass_regen: t.massRegen ?? null }
  const ids = sdeTypeIds(catalog, t)
  const variants = ids.map((id) => ({ ...sdeFigures(catalog, id), destination: null, type_ids: [id] }))
  const first = variants[0]
  const figure = (field: Figure) => first?.[field] ?? community[field]
  const disagreements = FIGURES.filter((field) => variants.some((v) => !same(v[field], community[field])))
  return {
    code: t.code,
    destinations: t.destination ?? [],
    total_mass: figure('total_mass'),
    max_jump_mass: figure('max_jump_mass'),
    lifetime_hours: figure('lifetime_hours'),
    mass_regen: figure('mass_regen'),
    static: t.static === true,
    community,
    sde: variants,
    disagreements,
  }
}

export function buildWormholeTypes(catalog: Catalog): WormholeTypeInfo[] {
  return (catalog.community.wormholeTypes ?? []).map((t) => toWormholeTypeInfo(t, catalog)).sort((a, b) => a.code.localeCompare(b.code))
}
