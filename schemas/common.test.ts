import { describe, expect, it } from 'vitest'
import { idList } from './common.js'

const errors = (value: string) => {
  const r = idList(3, 'type_ids').safeParse(value)
  return r.success ? null : r.error.issues.map((i) => i.message)
}

describe('idList', () => {
  it('reads comma-separated ids, trimmed and without repeats', () => {
    expect(idList(3).parse(' 34, 35,34 ,')).toEqual([34, 35])
  })

  it('asks for at least one id when the list is empty or only commas', () => {
    expect(errors('')).toEqual(['type_ids: give at least one id'])
    expect(errors(',')).toEqual(['type_ids: give at least one id'])
    expect(errors(' , ,')).toEqual(['type_ids: give at least one id'])
  })

  it('names a part that is not an id, and a list over the limit', () => {
    expect(errors('34,abc')).toEqual(["type_ids: 'abc' is not a positive whole number"])
    expect(errors('0')).toEqual(["type_ids: '0' is not a positive whole number"])
    expect(errors('1,2,3,4')).toEqual(['type_ids: at most 3 ids per request (got 4)'])
  })
})
