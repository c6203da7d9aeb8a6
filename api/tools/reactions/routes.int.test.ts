import { describe, expect, inject, it } from 'vitest'
import { HYBRID_BLUEPRINT_IDS, type ReactionFamiliesResponse, type ReactionResult } from '../../../schemas/reactions.js'
import { byType, sdeActivity } from '../industry/testing/sde-blueprints.js'

// Through the shared server: the real SDE import, demo market books and demo ESI industry inputs.
const base = inject('appUrl')
const post = async (body: unknown) => {
  const res = await fetch(`${base}/api/reaction-calc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as ReactionResult & { error?: string } }
}

describe('POST /api/reaction-calc', () => {
  it("answers for each of the spec's eight hybrid formulas with the SDE's inputs and outputs", async () => {
    const results = await Promise.all(HYBRID_BLUEPRINT_IDS.map((id) => post({ blueprintID: id })))
    for (const [i, { status, body }] of results.entries()) {
      expect(status).toBe(200)
      const sde = sdeActivity(HYBRID_BLUEPRINT_IDS[i], 'reaction')
      expect(body.blueprintID).toBe(HYBRID_BLUEPRINT_IDS[i])
      expect(byType(body.inputs.map((x) => [x.typeID, x.quantity]))).toEqual(byType(sde.materials!.map((m) => [m.typeID, m.quantity])))
      expect(byType(body.outputs.map((x) => [x.typeID, x.quantity]))).toEqual(byType(sde.products!.map((m) => [m.typeID, m.quantity])))
      expect(body.time.baseSecondsPerRun).toBe(sde.time)
    }
    expect(results[0].body.outputs[0].name).toBe('Methanofullerene')
  })

  it('adds up: costs from the price map in the chosen modes, taxes from the EIV, profit = output − input − taxes', async () => {
    const { body } = await post({ blueprintID: 46157, inputPricingMode: 'sell', outputPricingMode: 'buy', systemCostIndex: 0.0512, facilityTaxPercent: 0.5 })
    const price = (typeId: number, mode: 'sell' | 'buy') => body.prices[String(typeId)][mode] ?? 0
    expect(body.inputCost).toBeCloseTo(
      body.inputs.reduce((s, x) => s + x.quantity * price(x.typeID, 'sell'), 0),
      2,
    )
    expect(body.outputValue).toBeCloseTo(
      body.outputs.reduce((s, x) => s + x.quantity * price(x.typeID, 'buy'), 0),
      2,
    )
    expect(body.jobInstallCost).toBeCloseTo(body.estimatedItemValue * 0.0512, 1)
    expect(body.facilityTax).toBeCloseTo(body.estimatedItemValue * 0.005, 1)
    expect(body.sccTax).toBeCloseTo(body.estimatedItemValue * 0.04, 1)
    expect(body.totalTaxes).toBeCloseTo(body.jobInstallCost + body.facilityTax + body.sccTax, 2)
    expect(body.profit).toBeCloseTo(body.outputValue - body.inputCost - body.totalTaxes, 2)
    expect(body.estimatedItemValue).toBeGreaterThan(0) // the demo ESI serves adjusted prices
    expect(body.ages.pricesAt).not.toBeNull()
  })

  it('takes its prices from the hub price table', async () => {
    const { body } = await post({ blueprintID: 46159, station: 60008494 })
    const ids = Object.keys(body.prices).join(',')
    const rows = (await (await fetch(`${base}/api/prices/station?station_id=60008494&type_ids=${ids}`)).json()) as {
      rows: Array<{ type_id: number; sell_min: number | null; buy_max: number | null }>
    }
    for (const id of Object.keys(body.prices)) {
      const row = rows.rows.find((r) => r.type_id === Number(id))
      expect(body.prices[id].sell).toBe(row?.sell_min ?? null)
      expect(body.prices[id].buy).toBe(row?.buy_max ?? null)
    }
  })

  it('applies the SDE bonuses: T2 rig × 1.1 in a wormhole, Tatara 25% and Reactions 4% per level off the time', async () => {
    const { body } = await post({
      blueprintID: 46157,
      structureType: 'Tatara',
      meRig: 'T2',
      teRig: 'T2',
      reactionSkill: 5,
      securityStatus: 'wormhole',
      runs: 10,
    })
    expect(body.materialMultiplier).toBeCloseTo(0.9736, 12)
    // per run 5 Hydrogen Fuel Block, 100 Fullerite-C70, 100 Fullerite-C72, 300 Isogen
    expect(Object.fromEntries(body.inputs.map((x) => [x.name, x.quantity]))).toEqual({
      'Hydrogen Fuel Block': 49,
      'Fullerite-C70': 974,
      'Fullerite-C72': 974,
      Isogen: 2921,
    })
    expect(body.time.secondsPerRun).toBe(4769) // 10,800 × 0.8 × 0.75 × 0.736
    const low = await post({ blueprintID: 46157, meRig: 'T1', teRig: 'T1', securityStatus: 'low', structureType: 'Athanor' })
    expect(low.body.materialMultiplier).toBeCloseTo(0.98, 12)
    expect(low.body.time.secondsPerRun).toBe(8640) // 10,800 × 0.8, no Athanor time bonus
    // A structure fits rigs of its own size: the Tatara large ones, the Athanor medium ones.
    expect(body.rigs).toEqual({ material: 'Standup L-Set Reactor Efficiency II', time: 'Standup L-Set Reactor Efficiency II' })
    expect(low.body.rigs).toEqual({ material: 'Standup M-Set Hybrid Reactor Material Efficiency I', time: 'Standup M-Set Hybrid Reactor Time Efficiency I' })
    expect([body.rigNote, low.body.rigNote]).toEqual([null, null])
  })

  it('applies no rig to molecular-forged formulas, which no reaction rig in the SDE works on, and says so', async () => {
    const families = (await (await fetch(`${base}/api/reaction-calc/families`)).json()) as ReactionFamiliesResponse
    const [formula] = families.families.find((f) => f.id === 'molecular-forged')!.blueprints
    for (const structureType of ['Station', 'Athanor', 'Tatara'] as const) {
      const { body } = await post({ blueprintID: formula.blueprintID, structureType, meRig: 'T2', teRig: 'T2', securityStatus: 'wormhole' })
      expect([structureType, body.materialMultiplier, body.rigs]).toEqual([structureType, 1, { material: null, time: null }])
      expect(body.rigNote).toBe('No reaction rig works on molecular-forged formulas, so the chosen rigs are not applied.')
    }
    const unrigged = await post({ blueprintID: formula.blueprintID, structureType: 'Athanor' })
    expect(unrigged.body.rigNote).toBeNull()
  })

  it('answers a bad request with a 400 and a reason, and an unknown formula with a 404', async () => {
    expect((await post({ blueprintID: 46157, reactionSkill: 6 })).body.error).toMatch(/Check the reaction skill: a skill level 0 to 5/)
    const highSec = await post({ blueprintID: 46157, securityStatus: 'high' })
    expect(highSec.status).toBe(400)
    // a sentence, not zod's 'expected one of "low"|"null"|"wormhole"'
    expect(highSec.body.error).toBe(
      'Check the security status: reactions cannot run in high-sec (reactor modules work only in low-sec, null-sec and wormhole space): use wormhole, low or null.',
    )
    expect((await post({ blueprintID: 46157, structureType: 'Sotiyo' })).status).toBe(400)
    expect((await post({ blueprintID: 46157, facilityTaxPercent: -1 })).body.error).toMatch(/The facility tax percent must be at least 0/)
    expect((await post({})).status).toBe(400)
    const unknown = await post({ blueprintID: 691 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('No published reaction formula with blueprint id 691')
  })
})

describe('GET /api/reaction-calc/families', () => {
  it('lists the eight hybrid formulas first, then every published formula by family', async () => {
    const body = (await (await fetch(`${base}/api/reaction-calc/families`)).json()) as ReactionFamiliesResponse
    expect(body.defaultFamily).toBe('hybrid')
    expect(body.families.map((f) => f.id)).toEqual(['hybrid', 'polymer', 'composite-simple', 'composite-complex', 'biochemical', 'molecular-forged'])
    expect(body.families[0].blueprints.map((b) => b.blueprintID).sort()).toEqual([...HYBRID_BLUEPRINT_IDS].sort())
    const counts = Object.fromEntries(body.families.map((f) => [f.id, f.blueprints.length]))
    expect(counts['composite-simple'] + counts['composite-complex']).toBe(58)
    expect(counts.polymer).toBe(9)
    expect(counts.biochemical).toBe(32)
    expect(counts['molecular-forged']).toBe(12)
    const all = body.families.slice(1).flatMap((f) => f.blueprints)
    const answers = await Promise.all(all.slice(0, 20).map((b) => post({ blueprintID: b.blueprintID })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
  })
})
