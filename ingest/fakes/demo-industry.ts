import fs from 'node:fs'
import path from 'node:path'
import type { EsiIndustryActivity, EsiIndustrySystem, EsiMarketPrice } from '../../schemas/industry.js'
import { sdeVersion } from '../static/sde-files.js'
import { readTopLevel, systemFiles } from '../static/universe.js'
import { random, type DemoType, type ReferencePrice } from './demo-market.js'

export interface DemoSystem {
  solar_system_id: number
  security: number
}

/** Id and security of every k-space and J-space system (top-level fields only), cached per SDE version under the data directory. */
export function demoIndustrySystems(dataDir: string): DemoSystem[] {
  const cache = path.join(dataDir, 'demo-industry-systems.json')
  if (fs.existsSync(cache)) {
    const cached = JSON.parse(fs.readFileSync(cache, 'utf8')) as { sde: string; systems: DemoSystem[] }
    if (cached.sde === sdeVersion()) return cached.systems
  }
  const systems: DemoSystem[] = []
  for (const space of ['eve', 'wormhole'] as const) {
    for (const { file } of systemFiles(space)) {
      const top = readTopLevel(file)
      systems.push({ solar_system_id: Number(top.solarSystemID), security: Number(top.security) })
    }
  }
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(cache, JSON.stringify({ sde: sdeVersion(), systems }))
  return systems
}

const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals

/**
 * Adjusted and average prices the way ESI's /markets/prices/ has them, centred on the Jita reference price
 * (midpoint of best buy and sell) or else the SDE base price. Deterministic for a given seed.
 */
export function demoAdjustedPrices(types: DemoType[], refs: Map<string, ReferencePrice>, seed = 1): EsiMarketPrice[] {
  const rows: EsiMarketPrice[] = []
  for (const t of types) {
    const ref = refs.get(`60003760:${t.type_id}`)
    const centre = ref?.sell && ref?.buy ? (ref.sell + ref.buy) / 2 : (ref?.sell ?? ref?.buy ?? t.base_price)
    if (!centre || centre <= 0) continue
    const rnd = random(seed * 7_919 + t.type_id)
    rows.push({ adjusted_price: round(centre * (0.9 + rnd() * 0.2), 8), average_price: round(centre * (0.95 + rnd() * 0.1), 2), type_id: t.type_id })
  }
  return rows
}

const ACTIVITIES: EsiIndustryActivity[] = ['manufacturing', 'researching_time_efficiency', 'researching_material_efficiency', 'copying', 'invention', 'reaction']
const JITA = 30000142

/**
 * Cost indices for every system, the way ESI's /industry/systems/ has them: mostly a fraction of a percent, a few
 * busy systems up to about 8%, Jita the busiest. Deterministic for a given seed.
 */
export function demoCostIndices(systems: DemoSystem[], seed = 1): EsiIndustrySystem[] {
  return systems.map((s) => {
    const rnd = random(seed * 104_729 + s.solar_system_id)
    const busy = s.solar_system_id === JITA ? 0.12 : 0
    return {
      cost_indices: ACTIVITIES.map((activity) => ({ activity, cost_index: round(busy + 0.0005 + rnd() ** 3 * 0.08, 6) })),
      solar_system_id: s.solar_system_id,
    }
  })
}
