/**
 * The industry rules shared by the reaction and build-cost calculators. Pure functions of numbers: the bonuses
 * themselves are read from the SDE (`bonuses.ts`), prices from the market and ESI. Sources, checked 2026:
 *
 * - Material quantity (EVE University, "Manufacturing" → "Material efficiency"; the same rule serves reactions):
 *     quantity = max(runs, ceil(round(base × runs × (1 − ME/100) × structure × (1 − rig% × securityMultiplier/100), 2)))
 *   The 2-decimal round only removes floating-point noise before the ceiling; the max() is the one-unit-per-run
 *   minimum.
 * - Job installation cost (EVE University, "Manufacturing" → "Total job cost"; the form dates from CCP's Viridian
 *   tax reforms):
 *     total = EIV × (system cost index × structure role bonus + facility tax + SCC surcharge)
 *   where the estimated item value EIV = Σ ESI adjusted price × base (ME 0) quantity × runs. The SCC surcharge is 4%
 *   of EIV, as EVE Ref's industry cost API applies it (docs.everef.net/api/industry-cost.html; Viridian introduced it
 *   at a lower rate). An NPC station's facility tax is 0.25%, a player structure's is set by its owner.
 * - Rig security multipliers come from each rig's own dogma (hiSecModifier / lowSecModifier / nullSecModifier):
 *   engineering rigs 1.0 / 1.9 / 2.1, reaction rigs (not allowed in high-sec) 1.0 / 1.1. Wormhole space uses the
 *   null-sec multiplier.
 * - Reaction time (EVE University, "Reactions"): base × (1 − 4% × Reactions skill) × structure role multiplier
 *   (Tatara 0.75) × (1 − TE rig% × securityMultiplier/100). Reaction formulas cannot be researched, so no ME/TE.
 */

/** CCP's Secure Commerce Commission surcharge on every industry job, as a fraction of the estimated item value. */
export const SCC_SURCHARGE = 0.04
/** What an NPC station charges as facility tax (a fraction of the estimated item value). */
export const NPC_FACILITY_TAX = 0.0025

import type { SecurityClass } from '../../../schemas/industry.js'

export type { SecurityClass }

/**
 * High-sec is a rounded security of 0.5 or more (true security ≥ 0.45); a system between 0.0 and 0.05 shows as
 * 0.1 and is low-sec; 0.0 and below is null-sec. J-space is its own class.
 */
export function securityClassOf(security: number, isJspace: boolean): SecurityClass {
  if (isJspace) return 'wormhole'
  if (security >= 0.45) return 'high'
  if (security > 0) return 'low'
  return 'null'
}

/** A rig's bonus in percent (2 for 2%) and its multiplier per security class, from its dogma. */
export interface RigBonus {
  percent: number
  multipliers: Record<SecurityClass, number>
}

/** The rig's effective bonus as a fraction (0.042 for a 2% rig in null-sec with multiplier 2.1); 0 without a rig. */
export function rigReduction(rig: RigBonus | null, security: SecurityClass): number {
  return rig ? (rig.percent * rig.multipliers[security]) / 100 : 0
}

/** Round to 2 decimals the way the game does before its ceiling: only to remove floating-point noise. */
export const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100

/** The factor every base quantity is multiplied by: blueprint ME, structure role bonus and rig. */
export function materialMultiplier({ me = 0, structure = 1, rig = 0 }: { me?: number; structure?: number; rig?: number }): number {
  return (1 - me / 100) * structure * (1 - rig)
}

/** Units of one material needed for `runs` runs, with the one-unit-per-run minimum. */
export function materialQuantity(basePerRun: number, runs: number, multiplier: number): number {
  if (basePerRun <= 0) return 0
  return Math.max(runs, Math.ceil(round2(basePerRun * runs * multiplier)))
}

export interface EivLine {
  typeId: number
  basePerRun: number
  adjustedPrice: number | null
}

/** Σ adjusted price × base quantity × runs; materials without an adjusted price are left out and listed. */
export function estimatedItemValue(lines: EivLine[], runs: number): { value: number; missing: number[] } {
  let value = 0
  const missing: number[] = []
  for (const l of lines) {
    if (l.adjustedPrice === null) missing.push(l.typeId)
    else value += l.adjustedPrice * l.basePerRun * runs
  }
  return { value, missing }
}

export interface JobCostInput {
  eiv: number
  costIndex: number
  /** The structure's job cost multiplier (0.97 for a Raitaru), 1 without a bonus. */
  structureCost?: number
  /** Facility tax as a fraction (0.0025 for 0.25%). */
  facilityTax?: number
  scc?: number
}

export interface JobCost {
  /** EIV × cost index × structure bonus: the "job install cost" proper. */
  gross: number
  facilityTax: number
  scc: number
  total: number
}

export function jobCost({ eiv, costIndex, structureCost = 1, facilityTax = 0, scc = SCC_SURCHARGE }: JobCostInput): JobCost {
  const gross = eiv * costIndex * structureCost
  const tax = eiv * facilityTax
  const surcharge = eiv * scc
  return { gross, facilityTax: tax, scc: surcharge, total: gross + tax + surcharge }
}

export interface ReactionTimeInput {
  baseSeconds: number
  skillLevel: number
  /** The Reactions skill's bonus per level in percent (4). */
  skillPercentPerLevel: number
  /** The structure's reaction time multiplier (Tatara 0.75), 1 without a bonus. */
  structure?: number
  /** The TE rig's effective reduction as a fraction (see rigReduction). */
  rig?: number
}

/** Seconds for one run of a reaction. */
export function reactionSecondsPerRun({ baseSeconds, skillLevel, skillPercentPerLevel, structure = 1, rig = 0 }: ReactionTimeInput): number {
  return baseSeconds * (1 - (skillPercentPerLevel * skillLevel) / 100) * structure * (1 - rig)
}

/** Money to the cent, so answers do not carry floating-point tails. */
export const cents = (x: number) => Math.round(x * 100) / 100
