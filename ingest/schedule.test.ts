import { describe, expect, it } from 'vitest'
import { FakeScheduleClock, nextDue } from './schedule.js'

describe('nextDue', () => {
  it('finds the next match in UTC, strictly after the time given', () => {
    expect(nextDue('0 */30 * * * *', Date.parse('2026-12-02T10:59:50Z'))?.toISOString()).toBe('2026-12-02T11:00:00.000Z')
    expect(nextDue('0 */30 * * * *', Date.parse('2026-12-02T11:00:00Z'))?.toISOString()).toBe('2026-12-02T11:30:00.000Z')
    expect(nextDue('0 20 11 * * *', Date.parse('2026-12-02T11:20:00Z'))?.toISOString()).toBe('2026-12-03T11:20:00.000Z')
  })
})

describe('FakeScheduleClock', () => {
  it('fires each schedule at every second it matches, in order, waiting for each run', async () => {
    const clock = new FakeScheduleClock(new Date('2026-12-02T10:59:58Z'))
    const fired: string[] = []
    const task = clock.every('*/2 * * * * *', 'even', async (due) => {
      await new Promise((r) => setImmediate(r))
      fired.push(`even ${due.toISOString().slice(17, 19)}`)
    })
    clock.every('0 * * * * *', 'minute', (due) => {
      fired.push(`minute ${due.toISOString().slice(14, 19)}`)
      return undefined
    })
    await clock.advanceTo(new Date('2026-12-02T11:00:03Z'))
    expect(fired).toEqual(['minute 00:00', 'even 00', 'even 02'])
    expect(clock.now()).toBe(Date.parse('2026-12-02T11:00:03Z'))
    await task.stop()
    await clock.advanceTo(new Date('2026-12-02T11:00:04Z'))
    expect(fired).toHaveLength(3)
  })
})
