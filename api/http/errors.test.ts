import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeZodError } from '../../platform/http/errors.js'

function messageFor(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('expected the input to be refused')
  return describeZodError('params', result.error, input).message
}

describe('describeZodError', () => {
  it("puts zod's numeric bounds and whole-number checks in plain words", () => {
    expect(messageFor(z.object({ id: z.coerce.number().int().positive() }), { id: '0' })).toBe('Invalid params: id: must be greater than 0')
    expect(messageFor(z.object({ id: z.coerce.number().int().positive() }), { id: '1.5' })).toBe('Invalid params: id: must be a whole number')
    expect(messageFor(z.object({ n: z.number().min(1) }), { n: 0 })).toBe('Invalid params: n: must be at least 1')
    expect(messageFor(z.object({ n: z.number().max(10) }), { n: 11 })).toBe('Invalid params: n: must be at most 10')
    expect(messageFor(z.object({ n: z.number().lt(5) }), { n: 5 })).toBe('Invalid params: n: must be less than 5')
  })

  it("keeps a schema's own message", () => {
    expect(messageFor(z.object({ n: z.number().max(10, 'at most 10 runs') }), { n: 11 })).toBe('Invalid params: n: at most 10 runs')
  })
})
