import {
  HARVEST_LIMITS,
  HARVEST_PRICE_FIELDS,
  LOW_SLOT_MODULES,
  MAX_LOW_SLOTS,
  ORE_BOOST_SHIPS,
  ORE_IMPLANTS,
  type HarvestPriceField,
} from '../../../schemas/harvesting-options'
import type { OreCalcForm } from '../../../schemas/harvesting'
import type { FormSpec } from './query-form'

/** The ore page's form, flat (the request nests config, skills and boost). */
export interface OreForm {
  ship: string
  module: string
  numModules: number
  crystal: string
  numShips: number
  lowSlotName: string
  lowSlotCount: number
  frigate: number
  expedition: number
  barge: number
  exhumer: number
  mining: number
  astrogeology: number
  implantName: string
  boostShip: string
  industrial: number
  director: number
  boostImplant: 'None' | 'mindlink'
  boostModule: 'T1' | 'T2'
  bastion: 'No' | 'Yes'
  priceField: HarvestPriceField
  compressed: boolean
  /** Results filter: ores of wormhole ore sites, or every asteroid ore; not sent to the server. */
  ores: 'wormhole' | 'all'
}

/**
 * Where the spec is silent we start from a common wormhole mining fit: a Hulk with two Modulated Strip Miner IIs
 * and three Mining Laser Upgrade IIs, every skill at V, no boosts.
 */
export const ORE_DEFAULTS: OreForm = {
  ship: 'Hulk',
  module: 'Modulated Strip Miner II',
  numModules: 2,
  crystal: '',
  numShips: 1,
  lowSlotName: 'Mining Laser Upgrade II',
  lowSlotCount: 3,
  frigate: 5,
  expedition: 5,
  barge: 5,
  exhumer: 5,
  mining: 5,
  astrogeology: 5,
  implantName: 'None',
  boostShip: 'None',
  industrial: 0,
  director: 0,
  boostImplant: 'None',
  boostModule: 'T1',
  bastion: 'No',
  priceField: 'buy_max',
  compressed: true,
  ores: 'wormhole',
}

const level = { kind: 'int', min: 0, max: 5 } as const
const name = { kind: 'text', max: 80 } as const
export const ORE_FORM_SPEC: FormSpec<OreForm> = {
  ship: { param: 'ship', rule: name },
  module: { param: 'module', rule: name },
  numModules: { param: 'modules', rule: { kind: 'int', min: 1, max: HARVEST_LIMITS.modules } },
  crystal: { param: 'crystal', rule: name },
  numShips: { param: 'ships', rule: { kind: 'int', min: 1, max: HARVEST_LIMITS.ships } },
  lowSlotName: { param: 'low', rule: { kind: 'choice', values: ['', ...LOW_SLOT_MODULES] } },
  lowSlotCount: { param: 'lows', rule: { kind: 'int', min: 0, max: MAX_LOW_SLOTS } },
  frigate: { param: 'frigate', rule: level },
  expedition: { param: 'expedition', rule: level },
  barge: { param: 'barge', rule: level },
  exhumer: { param: 'exhumer', rule: level },
  mining: { param: 'mining', rule: level },
  astrogeology: { param: 'astro', rule: level },
  implantName: { param: 'implant', rule: { kind: 'choice', values: ORE_IMPLANTS } },
  boostShip: { param: 'boost', rule: { kind: 'choice', values: ORE_BOOST_SHIPS } },
  industrial: { param: 'ics', rule: level },
  director: { param: 'director', rule: level },
  boostImplant: { param: 'mindlink', rule: { kind: 'choice', values: ['None', 'mindlink'] } },
  boostModule: { param: 'burst', rule: { kind: 'choice', values: ['T1', 'T2'] } },
  bastion: { param: 'core', rule: { kind: 'choice', values: ['No', 'Yes'] } },
  priceField: { param: 'price', rule: { kind: 'choice', values: HARVEST_PRICE_FIELDS.map((f) => f.value) } },
  compressed: { param: 'compressed', rule: { kind: 'bool' } },
  ores: { param: 'ores', rule: { kind: 'choice', values: ['wormhole', 'all'] } },
}

/** The spec's request body: config, boost, implantName (plus the price choice). */
export function oreRequest(f: OreForm): OreCalcForm {
  return {
    config: {
      ship: f.ship,
      module: f.module,
      numModules: f.numModules,
      crystal: f.crystal,
      numShips: f.numShips,
      lowSlotName: f.lowSlotName,
      lowSlotCount: f.lowSlotName ? f.lowSlotCount : 0,
      skills: { barge: f.barge, exhumer: f.exhumer, frigate: f.frigate, expedition: f.expedition, mining: f.mining, astrogeology: f.astrogeology },
    },
    boost: { ship: f.boostShip, industrial: f.industrial, director: f.director, implant: f.boostImplant, module: f.boostModule, bastion: f.bastion },
    implantName: f.implantName,
    priceField: f.priceField,
    compressed: f.compressed,
  }
}

/** The module a hull starts with when the chosen one does not fit it: the Modulated Strip Miner II, else the first. */
export function moduleFor(fits: readonly string[], current: string): string {
  if (fits.includes(current)) return current
  for (const preferred of ['Modulated Strip Miner II', 'Miner II']) if (fits.includes(preferred)) return preferred
  return fits[0] ?? ''
}
