import { describe, expect, it } from 'vitest'
import { addDemoReactionPrices, type DemoRecipe } from './demo-industry.js'
import type { ReferencePrice } from './demo-market.js'

const jita = (typeId: number) => `60003760:${typeId}`

describe('addDemoReactionPrices', () => {
  // Two moon materials → an intermediate → an advanced composite; one product already has a real reference price.
  const recipes: DemoRecipe[] = [
    {
      materials: [
        { type_id: 2, quantity: 100 },
        { type_id: 3, quantity: 100 },
      ],
      products: [{ type_id: 10, quantity: 200 }],
    },
    {
      materials: [
        { type_id: 10, quantity: 100 },
        { type_id: 4, quantity: 5 },
      ],
      products: [{ type_id: 20, quantity: 1 }],
    },
    { materials: [{ type_id: 2, quantity: 1 }], products: [{ type_id: 30, quantity: 1 }] },
    { materials: [{ type_id: 99, quantity: 1 }], products: [{ type_id: 40, quantity: 1 }] },
  ]
  const types = [2, 3, 4, 10, 20, 30, 40, 99].map((type_id) => ({ type_id, base_price: type_id === 10 ? 1_000_000 : type_id === 99 ? null : 50 }))
  const refs = () =>
    new Map<string, ReferencePrice>([
      [jita(2), { sell: 100, buy: 90 }],
      [jita(3), { sell: 300, buy: 280 }],
      [jita(4), { sell: 10_000, buy: null }],
      [jita(30), { sell: 7, buy: 6 }],
    ])

  it('prices products from their inputs, through the chain, within -10% to +25% of the input cost', () => {
    const r = refs()
    expect(addDemoReactionPrices(r, recipes, types)).toBe(2)
    const intermediate = r.get(jita(10))!.sell!
    expect(intermediate).toBeGreaterThanOrEqual(((100 * 100 + 100 * 300) / 200) * 0.9) // 200 a unit at cost, not its base price
    expect(intermediate).toBeLessThanOrEqual(((100 * 100 + 100 * 300) / 200) * 1.25)
    const advanced = r.get(jita(20))!.sell!
    const advancedCost = 100 * intermediate + 5 * 10_000
    expect(advanced).toBeGreaterThanOrEqual(advancedCost * 0.9)
    expect(advanced).toBeLessThanOrEqual(advancedCost * 1.25)
    expect(r.get(jita(20))!.buy!).toBeLessThan(advanced)
  })

  it('keeps real reference prices and leaves out products whose inputs have no price', () => {
    const r = refs()
    addDemoReactionPrices(r, recipes, types)
    expect(r.get(jita(30))).toEqual({ sell: 7, buy: 6 })
    expect(r.has(jita(40))).toBe(false)
  })

  it('is deterministic', () => {
    const a = refs()
    const b = refs()
    addDemoReactionPrices(a, recipes, types)
    addDemoReactionPrices(b, recipes, types)
    expect([...a]).toEqual([...b])
  })
})
