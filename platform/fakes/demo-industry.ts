import fs from 'node:fs'
import path from 'node:path'
import type { EsiIndustryActivity, EsiIndustrySystem, EsiMarketPrice } from '../../schemas/industry.js'
import { sdeVersion } from '../sde/sde-files.js'
import { readBlueprints } from '../sde/sde-records.js'
import { readTopLevel, systemFiles } from '../sde/universe.js'
import type { DemoType, ReferencePrice } from './demo-market.js'
import { seededRandom } from './seeded-random.js'

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
    const rnd = seededRandom(seed * 7_919 + t.type_id)
    rows.push({ adjusted_price: round(centre * (0.9 + rnd() * 0.2), 8), average_price: round(centre * (0.95 + rnd() * 0.1), 2), type_id: t.type_id })
  }
  return rows
}

const ACTIVITIES: EsiIndustryActivity[] = [
  'manufacturing',
  'researching_time_efficiency',
  'researching_material_efficiency',
  'copying',
  'invention',
  'reaction',
]
const JITA = 30000142

/**
 * Cost indices for every system, the way ESI's /industry/systems/ has them: mostly a fraction of a percent, a few
 * busy systems up to about 8%, Jita the busiest. Deterministic for a given seed.
 */
export function demoCostIndices(systems: DemoSystem[], seed = 1): EsiIndustrySystem[] {
  return systems.map((s) => {
    const rnd = seededRandom(seed * 104_729 + s.solar_system_id)
    const busy = s.solar_system_id === JITA ? 0.12 : 0
    return {
      cost_indices: ACTIVITIES.map((activity) => ({ activity, cost_index: round(busy + 0.0005 + rnd() ** 3 * 0.08, 6) })),
      solar_system_id: s.solar_system_id,
    }
  })
}

/** One reaction formula's inputs and outputs per run, as the demo needs them. */
export interface DemoRecipe {
  materials: Array<{ type_id: number; quantity: number }>
  products: Array<{ type_id: number; quantity: number }>
}

/** Every reaction formula of the SDE, cached per SDE version under the data directory (the blueprint file is large). */
export async function demoReactionRecipes(dataDir: string): Promise<DemoRecipe[]> {
  const cache = path.join(dataDir, 'demo-reaction-recipes.json')
  if (fs.existsSync(cache)) {
    const cached = JSON.parse(fs.readFileSync(cache, 'utf8')) as { sde: string; recipes: DemoRecipe[] }
    if (cached.sde === sdeVersion()) return cached.recipes
  }
  const { materials, products } = await readBlueprints()
  const recipes = new Map<number, DemoRecipe>()
  const recipe = (bp: number) => recipes.get(bp) ?? recipes.set(bp, { materials: [], products: [] }).get(bp)!
  for (const m of materials) if (m.activity === 'reaction') recipe(m.blueprint_type_id).materials.push({ type_id: m.type_id, quantity: m.quantity })
  for (const p of products) if (p.activity === 'reaction') recipe(p.blueprint_type_id).products.push({ type_id: p.type_id, quantity: p.quantity })
  const list = [...recipes.values()].filter((r) => r.materials.length && r.products.length === 1)
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(cache, JSON.stringify({ sde: sdeVersion(), recipes: list }))
  return list
}

/**
 * The community price snapshots have no reaction products (the hybrid polymers, composites, boosters' gases), so
 * the demo would list every reaction with no output price. Give each such product a Jita reference price from what
 * its inputs cost per unit, times a deterministic margin of -10% to +25% (some formulas pay, some do not). Chains
 * (moon materials → intermediates → advanced composites) are priced in passes. Demo data only: the real market
 * sets these prices.
 */
export function addDemoReactionPrices(refs: Map<string, ReferencePrice>, recipes: DemoRecipe[], types: DemoType[], seed = 1): number {
  const basePrice = new Map(types.map((t) => [t.type_id, t.base_price]))
  const centre = (typeId: number) => {
    const ref = refs.get(`60003760:${typeId}`)
    return ref?.sell ?? ref?.buy ?? (basePrice.get(typeId) || null)
  }
  // Products still waiting for a price: an input among them is not ready in this pass.
  const pending = new Set(recipes.map((r) => r.products[0].type_id).filter((id) => !refs.has(`60003760:${id}`) && basePrice.has(id)))
  const priced = new Set<number>()
  for (let pass = 0; pass < 4 && pending.size; pass++) {
    for (const r of recipes) {
      const product = r.products[0]
      if (!pending.has(product.type_id)) continue
      const costs = r.materials.map((m) => (pending.has(m.type_id) ? null : centre(m.type_id)))
      if (costs.some((c) => c === null)) continue
      const cost = r.materials.reduce((sum, m, i) => sum + costs[i]! * m.quantity, 0)
      const rnd = seededRandom(seed * 15_485_863 + product.type_id)
      const sell = round((cost / product.quantity) * (0.9 + rnd() * 0.35), 2)
      refs.set(`60003760:${product.type_id}`, { sell, buy: round(sell * (0.88 + rnd() * 0.08), 2) })
      pending.delete(product.type_id)
      priced.add(product.type_id)
    }
  }
  return priced.size
}
