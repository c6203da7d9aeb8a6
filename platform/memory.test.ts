import { describe, expect, it } from 'vitest'
import { collectGarbage } from './memory.js'

describe('collectGarbage', () => {
  it('collects garbage at once, as after the catalog load (without --expose-gc)', () => {
    let rows: Array<{ id: number; name: string }> | null = Array.from({ length: 500_000 }, (_, id) => ({ id, name: `type ${id}` }))
    const held = process.memoryUsage().heapUsed
    expect(rows.length).toBe(500_000)
    rows = null
    expect(collectGarbage()).toBe(true)
    // some 40 MB of rows, gone without waiting for V8 to need the room
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(20 * 1024 * 1024)
  })
})
