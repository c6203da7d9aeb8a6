import { describe, expect, it } from 'vitest'
import { createSystemActivityState, currentAnswer, currentLastModified } from './system-activity.js'

describe('fake ESI system activity', () => {
  it("publishes at the recorded minute past each hour: kills at :40:03, jumps at :37:29 (the 2019 answers' Last-Modified)", () => {
    const state = createSystemActivityState()
    expect(state.publishedAt).toEqual({ kills: 40 * 60 + 3, jumps: 37 * 60 + 29 })
    const lm = (iso: string) => new Date(currentLastModified(Date.parse(iso), state.publishedAt.kills)).toISOString()
    expect(lm('2026-12-02T10:40:02Z')).toBe('2026-12-02T09:40:03.000Z')
    expect(lm('2026-12-02T10:40:03Z')).toBe('2026-12-02T10:40:03.000Z')
    expect(lm('2026-12-02T11:15:00Z')).toBe('2026-12-02T10:40:03.000Z')
  })

  it('serves the two recorded kills answers in turn, hour by hour, and the one jumps answer every hour', () => {
    const state = createSystemActivityState()
    expect(state.kills!.map((b) => b.length)).toEqual([3194, 3025])
    expect(state.jumps!.map((b) => b.length)).toEqual([4979])
    const at = (iso: string) => currentAnswer(state.kills!, Date.parse(iso), state.publishedAt.kills).body
    expect(at('2026-12-02T10:50:00Z')).not.toBe(at('2026-12-02T11:50:00Z'))
    expect(at('2026-12-02T10:50:00Z')).toBe(at('2026-12-02T12:50:00Z'))
    // ESI leaves wormhole space out: no recorded answer lists a system id of 31,000,000 or more
    for (const body of [...state.kills!, ...state.jumps!]) expect(body.every((e) => e.system_id < 31_000_000)).toBe(true)
  })
})
