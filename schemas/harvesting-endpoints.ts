import { endpoint } from './endpoint.js'
import type {
  MiningCrystalsFile,
  MiningModulesFile,
  MiningShipBonusesFile,
  OreDataFile,
  GasCalcRequest,
  GasCalcResponse,
  OreCalcRequest,
  OreCalcResponse,
} from './harvesting.js'

/** Endpoints of api/tools/harvesting/routes.ts (see schemas/endpoint.ts). */

/** Gas huffing: ISK per hour, residue and time to empty every wormhole gas cloud for a fleet */
export const postGasCalc = endpoint<{ body: typeof GasCalcRequest; response: typeof GasCalcResponse }>('post', '/api/gas-calc')

/** Ore mining: cycle time, yield per cycle and ISK per hour on every asteroid ore for a fleet */
export const postOreCalc = endpoint<{ body: typeof OreCalcRequest; response: typeof OreCalcResponse }>('post', '/api/ore-calc')

/** The harvesting data files the calculators read (generated from the SDE at import). */
export const getOreDataFile = endpoint<{ response: typeof OreDataFile }>('get', '/api/data/ore_data.json')
export const getMiningModulesFile = endpoint<{ response: typeof MiningModulesFile }>('get', '/api/data/mining_modules.json')
export const getMiningShipBonusesFile = endpoint<{ response: typeof MiningShipBonusesFile }>('get', '/api/data/mining_ship_bonuses.json')
export const getMiningCrystalsFile = endpoint<{ response: typeof MiningCrystalsFile }>('get', '/api/data/mining_crystals.json')
