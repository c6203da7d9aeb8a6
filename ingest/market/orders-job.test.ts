import { describe, expect, it } from 'vitest'
import { OrderIdTally } from './orders-job.js'

describe('OrderIdTally', () => {
  it('counts each order id once across pages, growing past its first size', () => {
    const tally = new OrderIdTally(2)
    tally.add([{ order_id: 6_611_665_684 }, { order_id: 6_632_216_964 }])
    tally.add([{ order_id: 6_611_665_684 }, { order_id: 7 }, { order_id: 6_632_216_964 }])
    tally.add([])
    expect(tally.distinct()).toBe(3)
    expect(new OrderIdTally().distinct()).toBe(0)
  })
})
