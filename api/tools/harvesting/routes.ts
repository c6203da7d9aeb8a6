import {
  getMiningCrystalsFile,
  getMiningModulesFile,
  getMiningShipBonusesFile,
  getOreDataFile,
  postGasCalc,
  postOreCalc,
} from '../../../schemas/harvesting-endpoints.js'
import type { Endpoint } from '../../../schemas/endpoint.js'
import type { ZodType } from 'zod'
import {
  GasCalcRequest,
  GasCalcResponse,
  MiningCrystalsFile,
  MiningModulesFile,
  MiningShipBonusesFile,
  OreCalcRequest,
  OreCalcResponse,
  OreDataFile,
} from '../../../schemas/harvesting.js'
import type { ApiContext } from '../../app.js'
import { jsonWithEtag, sendJsonWithEtag, type JsonWithEtag } from '../../http/json-body.js'
import type { ApiRouter } from '../../http/router.js'
import { buildDataFiles, type DataFiles } from './data-files.js'
import { jitaPrices } from './fleet.js'
import { harvestingData } from './game-data.js'
import { calcGas } from './gas.js'
import { calcOre } from './ore.js'

const tags = ['Harvesting']
const NOT_READY = { 503: 'Static data not imported yet, or the gas-site data set is missing' }

const FILES: Array<{ file: keyof DataFiles; endpoint: Endpoint<{ response: ZodType }>; schema: ZodType; summary: string }> = [
  {
    file: 'ore_data.json',
    endpoint: getOreDataFile,
    schema: OreDataFile,
    summary: 'Asteroid ores: type id, volume, ore family, compressed type, wormhole ore sites',
  },
  {
    file: 'mining_modules.json',
    endpoint: getMiningModulesFile,
    schema: MiningModulesFile,
    summary: 'Ore mining and gas harvesting modules: cycle, yield, residue, fitting and crystals',
  },
  {
    file: 'mining_ship_bonuses.json',
    endpoint: getMiningShipBonusesFile,
    schema: MiningShipBonusesFile,
    summary: 'Mining ships: slots, the modules they fit and their hull bonuses',
  },
  {
    file: 'mining_crystals.json',
    endpoint: getMiningCrystalsFile,
    schema: MiningCrystalsFile,
    summary: 'Mining crystals for asteroid ore: yield, cycle and residue modifiers, and the ores they are tuned for',
  },
]

export function register(router: ApiRouter, ctx: ApiContext): void {
  router.route(
    postGasCalc,
    {
      summary: 'Gas huffing: ISK per hour, residue and time to empty every wormhole gas cloud for a fleet',
      description:
        'Cycle time and yield come from the SDE dogma of the module, ship, skills, implant and Mining Foreman burst (docs/tools/harvesting.md). ' +
        'Clouds come from the community gas-site data; prices are Jita 4-4 (priceField, raw or compressed). A gas without a price has null ISK values.',
      tags,
      body: GasCalcRequest,
      response: GasCalcResponse,
      errors: NOT_READY,
    },
    ({ body }) => calcGas(harvestingData(ctx.catalog.current()), body, jitaPrices(ctx.prices, body.priceField, body.compressed)),
  )

  router.route(
    postOreCalc,
    {
      summary: 'Ore mining: cycle time, yield per cycle and ISK per hour on every asteroid ore for a fleet',
      description:
        'Ships, modules, crystals and ores are those of /api/data/mining_ship_bonuses.json, mining_modules.json, mining_crystals.json and ore_data.json. ' +
        'A crystal applies only to the ores it is tuned for. Prices are Jita 4-4 (priceField; compressed ore by default, 1 compressed unit = 1 raw unit).',
      tags,
      body: OreCalcRequest,
      response: OreCalcResponse,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ body }) => calcOre(harvestingData(ctx.catalog.current()), body, jitaPrices(ctx.prices, body.priceField, body.compressed)),
  )

  // The four data files, generated from the current import; served as text with an ETag.
  let files: { importId: number; bodies: Map<string, JsonWithEtag> } | null = null
  const fileBody = (file: keyof DataFiles) => {
    const catalog = ctx.catalog.current()
    if (files?.importId !== catalog.importId) {
      const built = buildDataFiles(harvestingData(catalog))
      const bodies = new Map(Object.entries(built).map(([name, content]) => [name, jsonWithEtag(content)]))
      files = { importId: catalog.importId, bodies }
    }
    return files.bodies.get(file)!
  }
  for (const { file, endpoint, schema, summary } of FILES) {
    router.route(
      endpoint,
      {
        summary,
        description: 'Generated from the SDE at import. Answered with an ETag.',
        tags,
        response: schema,
        errors: { 503: 'Static data not imported yet' },
      },
      ({ ctx: kctx }) => {
        const body = fileBody(file)
        sendJsonWithEtag(kctx, body, () => fileBody(file) === body)
      },
    )
  }
}
