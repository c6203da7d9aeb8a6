import { describe, expect, it } from 'vitest'
import { siteHuffSeconds, siteIskPerHour } from './site-hour'

describe('gas site ISK per hour (bounded by what the clouds hold)', () => {
  it("pays what the clouds hold when the fleet empties them in minutes (the issue's ten Prospects)", () => {
    // Ten Prospects harvest 840 M ISK/h of a 78.8 M cloud they empty in 6 minutes; the second cloud, 40 M at 420 M/h,
    // goes in 6 minutes too. The hour on the site pays 118.8 M, not 840 M.
    const clouds = [
      { iskPerHour: 840e6, iskPerCloud: 78.8e6, ttkSeconds: 360 },
      { iskPerHour: 420e6, iskPerCloud: 40e6, ttkSeconds: 360 },
    ]
    expect(siteIskPerHour(clouds)).toBeCloseTo(118.8e6, 0)
    expect(siteHuffSeconds(clouds)).toBe(720)
  })

  it('pays the rate while huffing for an hour on a cloud that lasts longer', () => {
    expect(siteIskPerHour([{ iskPerHour: 840e6, iskPerCloud: 2_000e6, ttkSeconds: 9000 }])).toBeCloseTo(840e6, 0)
  })

  it('spends the hour on the better gas first, then moves to the other cloud', () => {
    // 300 M in the first 30 minutes (the cloud is empty then), then 30 minutes at 400 M/h on the other: 500 M
    const clouds = [
      { iskPerHour: 400e6, iskPerCloud: 1_000e6, ttkSeconds: 9000 },
      { iskPerHour: 600e6, iskPerCloud: 300e6, ttkSeconds: 1800 },
    ]
    expect(siteIskPerHour(clouds)).toBeCloseTo(500e6, 0)
  })

  it('never pays more than a cloud holds when whole cycles overshoot its emptying time', () => {
    // 7 cycles of 60 s take 420 s; the rate would give 98 M in that time, the cloud holds 90 M
    expect(siteIskPerHour([{ iskPerHour: 840e6, iskPerCloud: 90e6, ttkSeconds: 420 }])).toBe(90e6)
  })

  it('is unknown when a cloud has no price, and endless clouds take the whole hour', () => {
    expect(
      siteIskPerHour([
        { iskPerHour: null, iskPerCloud: null, ttkSeconds: 360 },
        { iskPerHour: 1e6, iskPerCloud: 1e9, ttkSeconds: 360 },
      ]),
    ).toBeNull()
    expect(siteIskPerHour([{ iskPerHour: 5e6, iskPerCloud: 1e9, ttkSeconds: -1 }])).toBeCloseTo(5e6, 0)
    expect(siteHuffSeconds([{ iskPerHour: 5e6, iskPerCloud: 1e9, ttkSeconds: -1 }])).toBe(-1)
  })
})
