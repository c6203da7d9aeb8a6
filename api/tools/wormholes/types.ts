import type { WormholeType } from '../../../schemas/community.js'
import type { WormholeTypeInfo } from '../../../schemas/wormholes.js'

/** The community data's names for fields that disagree with the SDE, mapped to this API's field names. */
const DISAGREEMENT_FIELDS: Record<string, WormholeTypeInfo['disagreements'][number]> = {
  totalMass: 'total_mass',
  maxJumpMass: 'max_jump_mass',
  lifetime: 'lifetime_hours',
  massRegen: 'mass_regen',
  destination: 'destination',
}

const hours = (minutes: number | null | undefined) => (minutes === null || minutes === undefined ? null : minutes / 60)

/**
 * Wormhole types from the community data set (Wanderer's values, the current community reading) with the
 * SDE's values beside them, so pages can show both where they disagree (see wormhole-types/PROVENANCE.md).
 */
export function toWormholeTypeInfo(t: WormholeType): WormholeTypeInfo {
  const variants = (t.sde ?? []).map((v) => ({
    total_mass: v.totalMass ?? null,
    max_jump_mass: v.maxJumpMass ?? null,
    lifetime_hours: hours(v.lifetimeMinutes),
    mass_regen: typeof v.massRegen === 'number' ? v.massRegen : null,
    destination: typeof v.targetClass === 'string' ? v.targetClass : null,
    type_ids: v.typeIDs,
  }))
  return {
    code: t.code,
    destinations: t.destination ?? [],
    total_mass: t.totalMass,
    max_jump_mass: t.maxJumpMass,
    lifetime_hours: t.lifetimeHours,
    mass_regen: t.massRegen ?? null,
    static: t.static === true,
    sde: variants,
    disagreements: (t.sdeDisagrees ?? []).flatMap((d) => (DISAGREEMENT_FIELDS[d] ? [DISAGREEMENT_FIELDS[d]] : [])),
  }
}

export function buildWormholeTypes(types: readonly WormholeType[] | null): WormholeTypeInfo[] {
  return (types ?? []).map(toWormholeTypeInfo).sort((a, b) => a.code.localeCompare(b.code))
}
