import type { StationPriceRow } from '../../../../schemas/market.js'
import type { IndustryBonuses, RigPair } from '../../../common/industry/bonuses.js'

const rigs = (t1: number, t2: number, low: number, nul: number): RigPair => ({
  T1: { percent: t1, multipliers: { high: 1, low, null: nul, wormhole: nul } },
  T2: { percent: t2, multipliers: { high: 1, low, null: nul, wormhole: nul } },
})
const reactionLine = (rigSize: number, materialRig: string, timeRig: string) => ({
  rigSize,
  materialRig,
  timeRig,
  material: rigs(2, 2.4, 1, 1.1),
  time: rigs(20, 24, 1, 1.1),
})
const mediumReactionLine = (kind: string) =>
  reactionLine(2, `Standup M-Set ${kind} Reactor Material Efficiency`, `Standup M-Set ${kind} Reactor Time Efficiency`)
const none = { typeId: null, material: 1, cost: 1, time: 1, disallowedInHighSec: false }

/** The SDE's numbers, typed out for unit tests (routes.test.ts checks the real catalog gives the same). */
export const SDE_BONUSES: IndustryBonuses = {
  engineering: {
    'Non-Bonused Structure': none,
    Raitaru: { typeId: 35825, material: 0.99, cost: 0.97, time: 0.85, disallowedInHighSec: false },
    Azbel: { typeId: 35826, material: 0.99, cost: 0.96, time: 0.8, disallowedInHighSec: false },
    Sotiyo: { typeId: 35827, material: 0.99, cost: 0.95, time: 0.7, disallowedInHighSec: true },
  },
  refinery: {
    Station: { ...none, rigSize: null },
    Athanor: { ...none, typeId: 35835, rigSize: 2 },
    Tatara: { ...none, typeId: 35836, time: 0.75, rigSize: 3 },
  },
  manufacturingMaterialRig: rigs(2, 2.4, 1.9, 2.1),
  reactionRigs: new Map([
    ['polymer', mediumReactionLine('Hybrid')],
    ['hybrid', mediumReactionLine('Hybrid')],
    ['composite', mediumReactionLine('Composite')],
    ['biochemical', mediumReactionLine('Biochemical')],
    ['*', reactionLine(3, 'Standup L-Set Reactor Efficiency', 'Standup L-Set Reactor Efficiency')],
  ]),
  reactionSkillPercent: 4,
  sdeVersion: 'test-sde',
}

export const AGES = {
  pricesAt: '2026-11-22T10:00:00.000Z',
  adjustedPricesAt: '2026-11-22T09:07:00Z',
  costIndicesAt: '2026-11-22T09:07:01Z',
  sdeVersion: 'test-sde',
}

/** A hub price row with just the two best prices (and 5% prices equal to them). */
export function hubRow(typeId: number, sell: number | null, buy: number | null): StationPriceRow {
  return {
    station_id: 60003760,
    type_id: typeId,
    sell_min: sell,
    buy_max: buy,
    sell_5pct: sell,
    buy_5pct: buy,
    sell_orders: 1,
    buy_orders: 1,
    sell_volume: 1,
    buy_volume: 1,
    last_updated: AGES.pricesAt,
  }
}
