import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeZodError } from '../../platform/http/errors.js'

function messageFor(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('expected the input to be refused')
  return describeZodError('path', result.error, input).message
}

describe('describeZodError', () => {
  it("puts zod's numeric bounds and whole-number checks in plain words", () => {
    expect(messageFor(z.object({ id: z.coerce.number().int().positive() }), { id: '0' })).toBe('The id in the address must be greater than 0.')
    expect(messageFor(z.object({ id: z.coerce.number().int().positive() }), { id: '1.5' })).toBe('The id in the address must be a whole number.')
    expect(messageFor(z.object({ n: z.number().min(1) }), { n: 0 })).toBe('The n in the address must be at least 1.')
    expect(messageFor(z.object({ n: z.number().max(10) }), { n: 11 })).toBe('The n in the address must be at most 10.')
    expect(messageFor(z.object({ n: z.number().lt(5) }), { n: 5 })).toBe('The n in the address must be less than 5.')
  })

  it('names the field in words, never by its path, and keeps the path in details', () => {
    const schema = z.object({ siteRuns: z.array(z.object({ count: z.number().min(0) })), display_name: z.string(), email: z.string() })
    const result = schema.safeParse({ siteRuns: [{ count: -2 }], email: 'x' })
    if (result.success) throw new Error('expected the input to be refused')
    const error = describeZodError('body', result.error, { siteRuns: [{ count: -2 }], email: 'x' })
    expect(error.message).toBe('The count of site run 1 must be at least 0. Fill in the display name.')
    expect(error.details).toEqual([
      { path: 'siteRuns.0.count', message: 'must be at least 0' },
      { path: 'display_name', message: 'required' },
    ])
    expect(messageFor(z.object({ q: z.string().min(2, 'at least 2 characters') }), { q: 'G' })).toBe(
      'The search text in the address must be at least 2 characters.',
    )
    expect(messageFor(z.object({ mode: z.enum(['kills', 'losses']) }), { mode: 'all' })).toBe('The mode in the address must be one of kills, losses.')
  })

  it("keeps a schema's own message", () => {
    expect(messageFor(z.object({ n: z.number().max(10, 'at most 10 runs') }), { n: 11 })).toBe('Check the n in the address: at most 10 runs.')
  })
})
