import { describe, expect, it } from 'vitest'
import { summarize, type ActivityRow } from './summary.js'

const H = 3_600_000
const row = (killmailId: number, role: 'kill' | 'loss', hoursAgo: number, value: number, shipTypeId = 587): ActivityRow => ({
  killmailId,
  role,
  timeMs: 1_000_000 * H - hoursAgo * H,
  value,
  shipTypeId,
  systemId: 31_000_001,
})

describe('kill tracker summary', () => {
  it('counts each kill once across characters, an own-alt kill as a loss only, and sums ISK', () => {
    const facts = summarize([
      row(1, 'kill', 5, 10_000_000), // two of the player's characters on one kill
      row(1, 'kill', 5, 10_000_000),
      row(2, 'loss', 30, 500_000_000, 29984),
      row(3, 'loss', 60, 1_000_000, 670), // shot by the player's own alt: a loss, not also a kill
      row(3, 'kill', 60, 1_000_000, 670),
      row(4, 'kill', 70, 250_000_000.55),
    ])
    expect(facts.last7d).toEqual({
      kills: 2,
      losses: 2,
      destroyedISK: 260_000_000.55,
      lostISK: 501_000_000,
      netISK: 260_000_000.55 - 501_000_000,
      kd: 1,
      status: 'NEGATIVE',
    })
    expect(facts.kills.map((k) => k.killmailId)).toEqual([1, 4]) // newest first
    expect(facts.losses.map((k) => [k.killmailId, k.shipTypeId])).toEqual([
      [2, 29984],
      [3, 670],
    ])
  })

  it('says POSITIVE for a net gain and gives no finite K/D without losses', () => {
    expect(summarize([row(1, 'kill', 1, 5), row(2, 'kill', 2, 5)]).last7d).toEqual({
      kills: 2,
      losses: 0,
      destroyedISK: 10,
      lostISK: 0,
      netISK: 10,
      kd: null,
      status: 'POSITIVE',
    })
  })

  it('gives K/D 0 without kills, and NEUTRAL when nothing happened', () => {
    expect(summarize([row(1, 'loss', 1, 5)]).last7d).toMatchObject({ kd: 0, status: 'NEGATIVE' })
    expect(summarize([]).last7d).toEqual({ kills: 0, losses: 0, destroyedISK: 0, lostISK: 0, netISK: 0, kd: 0, status: 'NEUTRAL' })
  })

  it('K/D is kills over losses', () => {
    const rows = [row(1, 'kill', 1, 1), row(2, 'kill', 1, 1), row(3, 'kill', 1, 1), row(4, 'loss', 1, 1), row(5, 'loss', 1, 1)]
    expect(summarize(rows).last7d.kd).toBe(1.5)
  })

  it('lists at most the limit, newest first, while totals count everything', () => {
    const rows = Array.from({ length: 5 }, (_, i) => row(i + 1, 'kill', i, 1))
    const facts = summarize(rows, 3)
    expect(facts.kills.map((k) => k.killmailId)).toEqual([1, 2, 3])
    expect(facts.last7d.kills).toBe(5)
  })
})
