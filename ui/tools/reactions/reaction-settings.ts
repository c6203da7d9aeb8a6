import { HUBS } from '../../../schemas/hubs'
import {
  HYBRID_BLUEPRINT_IDS,
  MAX_REACTION_RUNS,
  PRICING_MODES,
  REACTION_DEFAULTS,
  REACTION_SECURITY,
  REACTION_STRUCTURES,
  RIG_TIERS,
} from '../../../schemas/industry-constants'
import type { ReactionFamiliesResponse, ReactionResult } from '../../../schemas/reactions'
import { ApiError } from '../../lib/api'
import { formatInt } from '../../../schemas/format'
import { readStorage, writeStorage } from '../../lib/storage'

/** Everything the page sends besides the blueprint id, plus which family it lists. */
export type ReactionSettings = typeof REACTION_DEFAULTS & { family: string }

export const DEFAULT_SETTINGS: ReactionSettings = { ...REACTION_DEFAULTS, family: 'hybrid' }
const STORAGE_KEY = 'reactions:settings'

/** Until the family list arrives (or when it cannot), the page still has the spec's eight. */
export const FALLBACK_FAMILIES: ReactionFamiliesResponse = {
  defaultFamily: 'hybrid',
  families: [
    { id: 'hybrid', label: 'Hybrid (default)', blueprints: HYBRID_BLUEPRINT_IDS.map((id) => ({ blueprintID: id, blueprintName: '', productName: '' })) },
  ],
}

const oneOf = <T extends string>(options: readonly T[], v: unknown, fallback: T): T => (options.includes(v as T) ? (v as T) : fallback)
const numberIn = (v: unknown, min: number, max: number, fallback: number, integer = false) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max && (!integer || Number.isInteger(v)) ? v : fallback

/** Settings as last used on this browser; anything stored that is no longer valid falls back to the default. */
export function loadSettings(): ReactionSettings {
  let stored: Record<string, unknown> = {}
  try {
    stored = JSON.parse(readStorage(STORAGE_KEY) ?? '{}') ?? {}
  } catch {
    /* unreadable: defaults */
  }
  const d = DEFAULT_SETTINGS
  return {
    station: HUBS.some((h) => h.station_id === stored.station) ? (stored.station as number) : d.station,
    inputPricingMode: oneOf(PRICING_MODES, stored.inputPricingMode, d.inputPricingMode),
    outputPricingMode: oneOf(PRICING_MODES, stored.outputPricingMode, d.outputPricingMode),
    reactionSkill: numberIn(stored.reactionSkill, 0, 5, d.reactionSkill, true),
    structureType: oneOf(REACTION_STRUCTURES, stored.structureType, d.structureType),
    meRig: oneOf(RIG_TIERS, stored.meRig, d.meRig),
    teRig: oneOf(RIG_TIERS, stored.teRig, d.teRig),
    systemCostIndex: numberIn(stored.systemCostIndex, 0, 1, d.systemCostIndex),
    facilityTaxPercent: numberIn(stored.facilityTaxPercent, 0, 100, d.facilityTaxPercent),
    securityStatus: oneOf(REACTION_SECURITY, stored.securityStatus, d.securityStatus),
    runs: numberIn(stored.runs, 1, MAX_REACTION_RUNS, d.runs, true),
    family: typeof stored.family === 'string' ? stored.family : d.family,
  }
}

export const saveSettings = (s: ReactionSettings) => writeStorage(STORAGE_KEY, JSON.stringify(s))

/** The request body for one formula. */
export function requestFor(s: ReactionSettings, blueprintID: number) {
  const { family: _family, ...fields } = s
  return { ...fields, blueprintID }
}

/** The spec's % Profit: profit ÷ input cost × 100, and 0 when the input cost is not above 0. */
export const percentProfit = (r: Pick<ReactionResult, 'profit' | 'inputCost'>) => (r.inputCost > 0 ? (r.profit / r.inputCost) * 100 : 0)

/** The spec's dialog rule: the price of a type in the row's map under a mode, 0 if missing. */
export const priceIn = (r: ReactionResult, typeId: number, mode: ReactionResult['inputPricingMode']) => r.prices[String(typeId)]?.[mode] ?? 0

/** The values a row can honestly show: each is null when a price it needs is missing, and the page reads it as n/a. */
export interface RowValues {
  inputCost: number | null
  taxes: number | null
  outputValue: number | null
  profit: number | null
  percentProfit: number | null
}

/** A row is priced when every input and output has a price in its mode (the API counts a missing one as 0). */
export const isPriced = (r: Pick<ReactionResult, 'missingPrices'>) => r.missingPrices.length === 0

export function rowValues(r: ReactionResult): RowValues {
  const missing = (side: 'input' | 'output') => r.missingPrices.some((m) => m.side === side)
  const inputCost = missing('input') ? null : r.inputCost
  const outputValue = missing('output') ? null : r.outputValue
  // No adjusted price for any input leaves no EIV, so every tax is unknown; a partial EIV is only flagged.
  const taxes = r.inputs.length > 0 && r.inputs.every((i) => r.missingAdjustedPrices.includes(i.typeID)) ? null : r.totalTaxes
  const profit = inputCost === null || outputValue === null || taxes === null ? null : r.profit
  return { inputCost, taxes, outputValue, profit, percentProfit: profit === null ? null : percentProfit(r) }
}

/** A % Profit as "12.34%", or "n/a"; rounded first, so nothing reads "-0.00%". */
export const percentOrNa = (n: number | null) => (n === null ? 'n/a' : `${(Number(n.toFixed(2)) || 0).toFixed(2)}%`)

/** A job time the way the game's industry window counts it: "3 d 18 h", "2 h 24 min", "45 s"; days grouped for huge jobs. */
export function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400)
  const h = Math.floor((seconds % 86_400) / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = Math.round(seconds % 60)
  return [d && `${formatInt(d)} d`, h && `${h} h`, m && `${m} min`, (s || (!d && !h && !m)) && `${s} s`].filter(Boolean).join(' ')
}

/** An answer that is not a reaction result (a proxy's HTML page with status 200, or a server of another version). */
export class NotAReactionResult extends Error {}

const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
const isLines = (v: unknown) =>
  Array.isArray(v) && v.every((l) => l && typeof l === 'object' && isNumber(l.typeID) && typeof l.name === 'string' && isNumber(l.quantity))

/**
 * The answer when it has every field the page reads, else NotAReactionResult: the page counts it as a failed call
 * instead of crashing on a missing list.
 */
export function asReactionResult(body: unknown): ReactionResult {
  const r = body as Partial<ReactionResult> | null
  const ok =
    !!r &&
    typeof r === 'object' &&
    isNumber(r.blueprintID) &&
    isLines(r.inputs) &&
    isLines(r.outputs) &&
    !!r.prices &&
    typeof r.prices === 'object' &&
    Array.isArray(r.missingPrices) &&
    Array.isArray(r.missingAdjustedPrices) &&
    ['inputCost', 'outputValue', 'estimatedItemValue', 'jobInstallCost', 'facilityTax', 'sccTax', 'totalTaxes', 'profit', 'materialMultiplier', 'runs'].every(
      (k) => isNumber(r[k as keyof ReactionResult]),
    ) &&
    !!r.time &&
    isNumber(r.time.secondsPerRun) &&
    !!r.rigs &&
    !!r.ages
  if (!ok) throw new NotAReactionResult("The server's answer was not a reaction result")
  return r as ReactionResult
}

/** Why no formula could be calculated, from the first failed call: the server's own sentence when it sent one. */
export function failureText(err: unknown): string {
  if (err instanceof NotAReactionResult)
    return "The server's answer was not a reaction result (a proxy or a server of another version answered), so there are no results. Try again in a minute."
  if (err instanceof ApiError) {
    return err.message === `HTTP ${err.status}`
      ? `The server could not calculate the reactions (HTTP ${err.status}). Try again in a minute.`
      : `The server could not calculate the reactions: ${err.message.replace(/\.?$/, '.')}`
  }
  return 'The server could not be reached, so there are no results. Check your connection, then Try again.'
}

/**
 * Some calls failed while others answered: a failed call, said as one (the formulas are missing from the table
 * because the call failed, not because a price is missing), with why in the player's words.
 */
export function partialFailureText(failed: number, total: number, err: unknown): string {
  const why =
    err instanceof NotAReactionResult
      ? "the server's answer was not a reaction result"
      : err instanceof ApiError
        ? err.message === `HTTP ${err.status}`
          ? `the server answered HTTP ${err.status}`
          : err.message.replace(/\.$/, '')
        : 'the server could not be reached'
  const which = failed === 1 ? '1 formula' : `${failed} of ${total} formulas`
  return `${which} could not be calculated (${why}), so ${failed === 1 ? 'it is' : 'they are'} left out of the table. Try again to ask for ${failed === 1 ? 'it' : 'them'} again.`
}

/** A family list the page can use: at least one family, each with a list of formulas (anything else keeps the hybrid eight). */
export const isFamilyList = (body: unknown): body is ReactionFamiliesResponse => {
  const families = (body as Partial<ReactionFamiliesResponse> | null)?.families
  return (
    Array.isArray(families) &&
    families.length > 0 &&
    families.every((f) => f && typeof f.id === 'string' && typeof f.label === 'string' && Array.isArray(f.blueprints) && f.blueprints.length > 0)
  )
}
