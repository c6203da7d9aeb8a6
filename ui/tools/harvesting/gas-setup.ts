import {
  defaultGasModuleFor,
  GAS_BOOST_SHIPS,
  GAS_HARVESTERS,
  GAS_IMPLANTS,
  GAS_SCOOPS,
  GAS_SHIPS,
  gasModulesFor,
  HARVEST_LIMITS,
  HARVEST_PRICE_FIELDS,
  WORMHOLE_CLASSES,
  type HarvestPriceField,
} from '../../../schemas/harvesting-options'
import type { GasCalcEntry, GasCalcForm } from '../../../schemas/harvesting'
import { parseHuffMinutes } from '../../../schemas/harvesting-rules'
import { compareValues, type SortState } from '../../components/SortableTable'
import type { FormSpec, ReadForm } from './query-form'

/** The gas page's form, flat (the request nests the skills). */
export interface GasForm {
  ship: string
  moduleType: string
  moduleCount: number
  shipCount: number
  frigate: number
  barge: number
  exhumer: number
  implant: number
  boostShip: string
  miningDirector: number
  industrialCommand: number
  boostImplant: 'none' | 'mindlink'
  boostModule: 'T1' | 'T2'
  bastion: 'no' | 'yes'
  priceField: HarvestPriceField
  compressed: boolean
  /** Results filter: 'all' or a wormhole class; not sent to the server. */
  siteClass: string
}

/** The spec's defaults. */
export const GAS_DEFAULTS: GasForm = {
  ship: 'Prospect',
  moduleType: 'Syndicate Gas Cloud Scoop',
  moduleCount: 2,
  shipCount: 1,
  frigate: 5,
  barge: 0,
  exhumer: 0,
  implant: 0,
  boostShip: 'None',
  miningDirector: 0,
  industrialCommand: 0,
  boostImplant: 'none',
  boostModule: 'T1',
  bastion: 'no',
  priceField: 'buy_max',
  compressed: false,
  siteClass: 'all',
}

const level = { kind: 'int', min: 0, max: 5 } as const
export const GAS_FORM_SPEC: FormSpec<GasForm> = {
  ship: { param: 'ship', rule: { kind: 'choice', values: GAS_SHIPS } },
  moduleType: { param: 'module', rule: { kind: 'choice', values: [...GAS_SCOOPS, ...GAS_HARVESTERS] } },
  moduleCount: { param: 'modules', rule: { kind: 'int', min: 1, max: HARVEST_LIMITS.modules } },
  shipCount: { param: 'ships', rule: { kind: 'int', min: 1, max: HARVEST_LIMITS.ships } },
  frigate: { param: 'frigate', rule: level },
  barge: { param: 'barge', rule: level },
  exhumer: { param: 'exhumer', rule: level },
  implant: { param: 'implant', rule: { kind: 'number', values: GAS_IMPLANTS.map((i) => i.value) } },
  boostShip: { param: 'boost', rule: { kind: 'choice', values: GAS_BOOST_SHIPS.map((b) => b.value) } },
  miningDirector: { param: 'director', rule: level },
  industrialCommand: { param: 'ics', rule: level },
  boostImplant: { param: 'mindlink', rule: { kind: 'choice', values: ['none', 'mindlink'] } },
  boostModule: { param: 'burst', rule: { kind: 'choice', values: ['T1', 'T2'] } },
  bastion: { param: 'core', rule: { kind: 'choice', values: ['no', 'yes'] } },
  priceField: { param: 'price', rule: { kind: 'choice', values: HARVEST_PRICE_FIELDS.map((f) => f.value) } },
  compressed: { param: 'compressed', rule: { kind: 'bool' } },
  siteClass: { param: 'class', rule: { kind: 'choice', values: ['all', ...WORMHOLE_CLASSES] } },
}

/**
 * Ship and module are each readable alone but must go together: a link such as `?ship=Hulk` (the default module is a
 * scoop) or a hand-edited one would show a harvester in the select while sending a scoop, which the server refuses.
 * The ship's usual module replaces a module it does not use, and a module the link named is reported.
 */
export function reconcileGasForm(read: ReadForm<GasForm>, params: URLSearchParams): ReadForm<GasForm> {
  const { form, unreadable } = read
  if (gasModulesFor(form.ship).includes(form.moduleType)) return read
  const param = GAS_FORM_SPEC.moduleType.param
  return {
    form: { ...form, moduleType: defaultGasModuleFor(form.ship) },
    unreadable: params.has(param) && !unreadable.includes(param) ? [...unreadable, param] : unreadable,
  }
}

/** The spec's request body (plus the price choice). */
export function gasRequest(f: GasForm): GasCalcForm {
  return {
    ship: f.ship,
    moduleType: f.moduleType,
    moduleCount: f.moduleCount,
    shipCount: f.shipCount,
    skills: { Frigate: f.frigate, Barge: f.barge, Exhumer: f.exhumer },
    implant: f.implant,
    boostShip: f.boostShip,
    miningDirector: f.miningDirector,
    industrialCommand: f.industrialCommand,
    boostImplant: f.boostImplant,
    boostModule: f.boostModule,
    bastion: f.bastion,
    priceField: f.priceField,
    compressed: f.compressed,
  }
}

export type GasSortKey = 'siteIskPerHour' | 'm3PerCloud' | 'm3LostResidue' | 'iskPerCloud' | 'iskLostResidue' | 'ttk' | 'iskPerHour'
/** Sites ranked by what they pay per hour of huffing them (both clouds, bounded by what they hold), not by gas price. */
export const GAS_DEFAULT_SORT: SortState = { key: 'siteIskPerHour', direction: 'desc' }

const sortValue = (e: GasCalcEntry, key: string): number | null => (key === 'ttk' ? parseHuffMinutes(e.ttk) : ((e[key as GasSortKey] as number | null) ?? null))

/** Consecutive entries as [main cloud, second cloud] pairs. */
export function toPairs(entries: readonly GasCalcEntry[]): Array<[GasCalcEntry, GasCalcEntry | undefined]> {
  const pairs: Array<[GasCalcEntry, GasCalcEntry | undefined]> = []
  for (let i = 0; i < entries.length; i += 2) pairs.push([entries[i], entries[i + 1]])
  return pairs
}

/**
 * The spec's sort: pairs stay together and are ordered by their first entry; time to huff is read as minutes
 * (unreadable = infinite); a missing price sorts last either way. Stable, so ties keep the server's order.
 */
export function sortPairs<P extends [GasCalcEntry, GasCalcEntry | undefined]>(pairs: readonly P[], sort: SortState): P[] {
  return pairs
    .map((pair, i) => ({ pair, i, v: sortValue(pair[0], sort.key) }))
    .sort((a, b) => compareValues(a.v, b.v, sort.direction) || a.i - b.i)
    .map((x) => x.pair)
}

/** Site total in millions of ISK (sum of the pair's ISK per cloud), or null when a price is missing. */
export function siteTotalMillions([a, b]: [GasCalcEntry, GasCalcEntry | undefined]): number | null {
  if (a.iskPerCloud === null || (b && b.iskPerCloud === null)) return null
  return Math.round((a.iskPerCloud + (b?.iskPerCloud ?? 0)) / 1e6)
}
