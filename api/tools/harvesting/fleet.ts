import { HUBS } from '../../../schemas/market.js'
import type { HarvestPriceField } from '../../../schemas/harvesting-options.js'
import type { PriceStore } from '../../common/price-store.js'
import { badRequest } from '../../../platform/http/errors.js'
import type { HarvestingData } from './game-data.js'
import { burstStrength, type BurstResult, type ModuleResult } from './mechanics.js'

/** What both calculators share: the foreman burst behind the fleet, and Jita prices. */

export interface BoostChoice {
  ship: 'None' | 'Gnosis' | 'Porpoise' | 'Orca'
  industrialCommandShips: number
  miningDirector: number
  implant: 'None' | 'mindlink' | 'ore'
  module: 'T1' | 'T2'
  core: boolean
}

/**
 * The burst a boost choice gives, or null without a booster. Porpoise and Orca add their hull bonus (per Industrial
 * Command Ships level) and, with the core active, their Tech II industrial core; any other hull adds neither.
 */
export function burstFor(data: HarvestingData, choice: BoostChoice): BurstResult | null {
  if (choice.ship === 'None') return null
  const hull = data.boostHulls.get(choice.ship) ?? null
  if (choice.core && hull && hull.core === null) throw badRequest(`The static data has no industrial core for the ${choice.ship}; set Industrial Core to No.`)
  return burstStrength(data.dogma, data.skills, {
    ship: hull?.typeId ?? null,
    burst: data.bursts[choice.module],
    charge: data.cycleCharge,
    skills: { 'Mining Director': choice.miningDirector, 'Industrial Command Ships': choice.industrialCommandShips },
    mindlink: choice.implant === 'None' ? null : data.mindlinks[choice.implant],
    core: choice.core && hull ? hull.core : null,
  })
}

/** m³ per hour of `modules` identical modules cycling without pause. */
export const m3PerHour = (result: Pick<ModuleResult, 'yieldM3' | 'cycleSeconds'>, modules: number) =>
  result.cycleSeconds > 0 ? (modules * result.yieldM3 * 3600) / result.cycleSeconds : 0

export interface PriceLookup {
  /** ISK per unit, or null when the hub has no such price (a missing price is never 0). */
  price(typeId: number | null): number | null
  source: { hub: string; field: HarvestPriceField; compressed: boolean; at: string | null }
}

const JITA = HUBS[0]

/** Jita 4-4 prices from the api's in-memory price store. */
export function jitaPrices(store: Pick<PriceStore, 'stationPrice' | 'snapshotOf'>, field: HarvestPriceField, compressed: boolean): PriceLookup {
  return {
    price: (typeId) => (typeId === null ? null : (store.stationPrice(JITA.station_id, typeId)?.[field] ?? null)),
    source: { hub: JITA.label, field, compressed, at: store.snapshotOf(JITA.station_id)?.at.toISOString() ?? null },
  }
}

/** A fixed price table (tests and benchmarks). */
export function fixedPrices(
  table: Record<number, number>,
  field: HarvestPriceField = 'buy_max',
  compressed = false,
  at: string | null = '2024-01-01T00:00:00.000Z',
): PriceLookup {
  return { price: (typeId) => (typeId === null ? null : (table[typeId] ?? null)), source: { hub: JITA.label, field, compressed, at } }
}
