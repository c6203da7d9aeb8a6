import type { SiteSpecial } from '../../../schemas/wormhole-sites.js'

/**
 * Dogma attribute ids used to derive an NPC's combat figures (names per the SDE's dogmaAttributes.yaml; list and
 * formulas as in sleeper-sites/PROVENANCE.md, which reproduce the community sheet):
 * turret DPS = Σ damage × damageMultiplier / (rate of fire s); missile DPS = Σ missile damage ×
 * missileDamageMultiplier / (launch duration s), full application assumed; omni EHP = Σ layer HP / mean resonance.
 */
export const ATTR = {
  rateOfFire: 51,
  damageMultiplier: 64,
  damage: [114, 116, 117, 118], // em, explosive, kinetic, thermal
  missileType: 507,
  missileLaunchDuration: 506,
  missileDamageMultiplier: 212,
  shield: 263,
  armor: 265,
  structure: 9,
  shieldResonance: [271, 272, 273, 274],
  armorResonance: [267, 268, 269, 270],
  structureResonance: [109, 110, 111, 113],
  warpScrambleStrength: 105,
  speedFactor: 20,
  neutAmount: 97,
  neutDuration: 942, // entityEnergyNeutralizerFalloff
  npcNeutDuration: 2519, // npcBehaviorEnergyNeutralizer (Drifters)
  remoteArmorRepairAmount: 1455,
  remoteArmorRepairDuration: 1454,
  maxVelocity: 37,
  signatureRadius: 552,
  orbitDistance: 416, // entityFlyRange
  orbitVelocity: 508, // entityCruiseSpeed
} as const

/** The dogma effect that makes an NPC fire missiles; towers carry missile attributes but not this effect. */
export const MISSILE_EFFECT = 'missileLaunchingForEntity'

export interface NpcDogma {
  attributes: ReadonlyMap<number, number>
  /** Effect names, or null when unknown (types taken from the community snapshot, not the SDE). */
  effects: readonly string[] | null
}

export interface NpcStats {
  dps: number
  alpha: number
  ehp: number
  sig: number
  maxVelocity: number
  orbitVelocity: number
  orbitDistance: number
  special: SiteSpecial
}

const sum = (ids: readonly number[], a: ReadonlyMap<number, number>) => ids.reduce((s, id) => s + (a.get(id) ?? 0), 0)
const meanResonance = (ids: readonly number[], a: ReadonlyMap<number, number>) => ids.reduce((s, id) => s + (a.get(id) ?? 1), 0) / ids.length
const perSecond = (amount: number, durationMs: number | undefined) => (durationMs ? amount / (durationMs / 1000) : 0)

/** One NPC's figures from its dogma and, for missile users, its missile's dogma. */
export function deriveNpcStats(npc: NpcDogma, missileAttributes: (typeId: number) => ReadonlyMap<number, number> | undefined): NpcStats {
  const a = npc.attributes
  const turretAlpha = sum(ATTR.damage, a) * (a.get(ATTR.damageMultiplier) ?? 1)
  const turretDps = perSecond(turretAlpha, a.get(ATTR.rateOfFire))

  let missileAlpha = 0
  let missileDps = 0
  const missileTypeId = a.get(ATTR.missileType)
  const firesMissiles = npc.effects ? npc.effects.includes(MISSILE_EFFECT) : missileTypeId !== undefined
  const missile = firesMissiles && missileTypeId ? missileAttributes(missileTypeId) : undefined
  if (missile) {
    missileAlpha = sum(ATTR.damage, missile) * (a.get(ATTR.missileDamageMultiplier) ?? 1)
    missileDps = perSecond(missileAlpha, a.get(ATTR.missileLaunchDuration))
  }

  const ehp =
    (a.get(ATTR.shield) ?? 0) / meanResonance(ATTR.shieldResonance, a) +
    (a.get(ATTR.armor) ?? 0) / meanResonance(ATTR.armorResonance, a) +
    (a.get(ATTR.structure) ?? 0) / meanResonance(ATTR.structureResonance, a)

  const special: SiteSpecial = {}
  const scram = a.get(ATTR.warpScrambleStrength) ?? 0
  if (scram > 0) special.scram = scram
  const web = -(a.get(ATTR.speedFactor) ?? 0)
  if (web > 0) special.web = web
  const neut = perSecond(a.get(ATTR.neutAmount) ?? 0, a.get(ATTR.neutDuration) || a.get(ATTR.npcNeutDuration))
  if (neut > 0) special.neut = neut
  const rr = perSecond(a.get(ATTR.remoteArmorRepairAmount) ?? 0, a.get(ATTR.remoteArmorRepairDuration))
  if (rr > 0) special.rr = rr

  return {
    dps: turretDps + missileDps,
    alpha: turretAlpha + missileAlpha,
    ehp,
    sig: a.get(ATTR.signatureRadius) ?? 0,
    maxVelocity: a.get(ATTR.maxVelocity) ?? 0,
    orbitVelocity: a.get(ATTR.orbitVelocity) ?? 0,
    orbitDistance: a.get(ATTR.orbitDistance) ?? 0,
    special,
  }
}

/** A community dogma snapshot record ({"51": 5000, …, "name": "…"}) as an attribute map. */
export function snapshotAttributes(record: Readonly<Record<string, number | string>> | undefined): Map<number, number> | undefined {
  if (!record) return undefined
  const map = new Map<number, number>()
  for (const [key, value] of Object.entries(record)) if (/^\d+$/.test(key) && typeof value === 'number') map.set(Number(key), value)
  return map
}
