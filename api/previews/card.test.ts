import { describe, expect, it } from 'vitest'
import { cardSvg } from './card.js'
import { trackerCard } from './routes.js'

describe('kill tracker summary card', () => {
  it("states the week's kills, losses and a negative net with its sign", () => {
    const card = trackerCard({ path: 'x', displayName: 'Pilot <One>', last7d: { kills: 1, losses: 2, destroyedISK: 100_000_000, lostISK: 2_500_000_000 } })
    expect(card.subline).toBe('Last 7 days: 1 kill · 2 losses')
    expect(card.lines).toEqual(['Destroyed: 100.00m ISK', 'Lost: 2.50b ISK', 'Net: -2.40b ISK'])
    expect(cardSvg(card)).toContain('Pilot &lt;One&gt;')
  })
})
