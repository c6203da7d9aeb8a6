import { describe, expect, it } from 'vitest'
import { keyColumnsFirst } from './phone-columns'

const cols = (...keys: string[]) => keys.map((key) => ({ key }))
const keysOf = (c: { key: string }[]) => c.map((x) => x.key)

describe('keyColumnsFirst', () => {
  it('moves the key columns beside the first, in the order asked, the rest keeping theirs', () => {
    const reactions = cols('product', 'input', 'taxes', 'output', 'profit', 'pct')
    expect(keysOf(keyColumnsFirst(reactions, ['profit', 'pct']))).toEqual(['product', 'profit', 'pct', 'input', 'taxes', 'output'])
    expect(keysOf(keyColumnsFirst(reactions, ['pct', 'profit']))).toEqual(['product', 'pct', 'profit', 'input', 'taxes', 'output'])
  })
  it('never moves the first column and ignores keys it does not have', () => {
    expect(keysOf(keyColumnsFirst(cols('name', 'a', 'b'), ['name', 'zzz', 'b']))).toEqual(['name', 'b', 'a'])
    expect(keyColumnsFirst([], ['a'])).toEqual([])
  })
})
