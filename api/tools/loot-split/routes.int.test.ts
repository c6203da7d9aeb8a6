import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../../schemas/config.js'

// Through the shared server, which imported the real SDE and community data.
const base = inject('appUrl')
const post = async (route: string, body: unknown) => {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}
const get = async (route: string) => {
  const res = await fetch(`${base}${route}`)
  return { status: res.status, body: await res.json(), headers: res.headers }
}

const rawSites: Array<{ name: string; class: string; siteType: string; blueLootIsk: number | null }> = JSON.parse(
  fs.readFileSync(path.join(loadConfig({}).COMMUNITY_DATA_DIR, 'sleeper-sites/sites.json'), 'utf8'),
)

describe('GET /api/data/{tier}_{combat|datarelic}_sites_clean.json', () => {
  for (const tier of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']) {
    for (const group of ['combat', 'datarelic']) {
      it(`serves ${tier}_${group}_sites_clean.json from the community data`, async () => {
        const { status, body } = await get(`/api/data/${tier}_${group}_sites_clean.json`)
        expect(status).toBe(200)
        const kinds = group === 'combat' ? ['combat'] : ['data', 'relic']
        const expected = rawSites
          .filter((s) => s.class === tier.toUpperCase() && kinds.includes(s.siteType))
          .sort((a, b) => kinds.indexOf(a.siteType) - kinds.indexOf(b.siteType) || a.name.localeCompare(b.name))
          .map((s) => ({ site: s.name, blue_loot_isk: s.blueLootIsk ?? 0 }))
        expect(expected.length).toBeGreaterThan(0)
        // The spec's two fields; the PvE sites page may serve the same files with more (waves, class, type).
        expect(body.map(({ site, blue_loot_isk }: { site: string; blue_loot_isk: number }) => ({ site, blue_loot_isk }))).toEqual(expected)
      })
    }
  }

  it('answers 404 with a sentence for a file that does not exist', async () => {
    const { status, body } = await get('/api/data/c7_combat_sites_clean.json')
    expect(status).toBe(404)
    expect(body.error).toMatch(/No such endpoint/)
  })
})

describe('GET /api/loot-split/escalations', () => {
  it('gives the blue loot of the Avenger and of both Drifters from escalations.json', async () => {
    const { status, body } = await get('/api/loot-split/escalations')
    expect(status).toBe(200)
    expect(body).toEqual({ avengerIsk: 50_000_000, avengersPerWave: { C5: 3, C6: 4 }, drifterIsk: 300_000_000, reconDrifterIsk: 100_000_000 })
  })
})

describe('POST /api/blue-loot-calc', () => {
  const body = {
    siteRuns: [
      { siteName: 'Core Bastion', count: 1, usedDread: true, useDpsLogiMode: false },
      { siteName: 'Forgotten Core Assembly Hall', count: 2, usedDread: true, useDpsLogiMode: false },
    ],
    players: [
      { name: 'Alice', marauders: 1, dreads: 0, bubbler: false, extraShares: 0 }, // 1.5
      { name: 'Bob', marauders: 0, dreads: 1, bubbler: true, extraShares: 0 }, // 2.5 + 0.5 = 3
    ],
    accounting: 5,
    drifterRan: true,
    noTaxes: false,
    corpTax: 0,
    allianceTax: 0,
  }

  it('answers the spec fields (payouts, totalISK, tax amounts) with worked numbers', async () => {
    const { status, body: res } = await post('/api/blue-loot-calc', body)
    expect(status).toBe(200)
    // Core Bastion 445.6 M + 4 × 50 M + 300 M = 945,600,000; Assembly Hall 2 × (642.5 M + 200 M) = 1,685,000,000
    expect(res.totalISK).toBe(2_630_600_000)
    // broker 5.19 % = 136,528,140 → net 2,494,071,860
    expect(res).toMatchObject({ brokerTaxAmount: 136_528_140, corpTaxAmount: 0, allianceTaxAmount: 0, netISK: 2_494_071_860, brokerTaxPercent: 5.19 })
    // 4.5 shares: Alice 1.5/4.5 = 831,357,286.67 → 831,357,287; Bob 3/4.5 = 1,662,714,573.33 → 1,662,714,573
    expect(res.payouts).toEqual([
      { name: 'Alice', shares: 1.5, payout: 831_357_287 },
      { name: 'Bob', shares: 3, payout: 1_662_714_573 },
    ])
  })

  it('refuses bad input with a 400 sentence naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...body, players: [] }, /^Check the players: add at least one player/],
      [{ ...body, accounting: 6 }, /^The accounting must be a whole number from 0 to 5/],
      [{ ...body, corpTax: -1 }, /^The corp tax must be 0 or more/],
      [{ ...body, allianceTax: 'ten' }, /^The alliance tax must be a number/],
      [{ ...body, siteRuns: [{ ...body.siteRuns[0], count: -2 }] }, /^The count of site run 1 must be 0 or more/],
      [{ ...body, siteRuns: [{ ...body.siteRuns[0], count: 1.5 }] }, /^The count of site run 1 must be a whole number/],
      [{ ...body, players: [{ name: '  ' }] }, /^Check the name of player 1: a player needs a name/],
      [{ ...body, players: [{ name: 'Bob', dreads: 1 }, { name: 'bob' }] }, /^Check the name of player 2: 'bob' is listed twice/],
      [
        { ...body, siteRuns: [body.siteRuns[0], { ...body.siteRuns[1], useDpsLogiMode: true }] },
        /^Check the site runs: every site run must use the same share mode/,
      ],
      [{ ...body, players: [{ name: 'Idle', bubbler: false, extraShares: 0 }] }, /^Every player has 0 shares/],
      [{ ...body, siteRuns: body.siteRuns.map((r) => ({ ...r, count: 0 })) }, /^Nothing to split/],
      ['{"siteRuns": [', /./],
    ]
    for (const [input, message] of cases) {
      const res = await post('/api/blue-loot-calc', input)
      expect(res.status, JSON.stringify(input).slice(0, 120)).toBe(400)
      expect(res.body.error).toMatch(message)
      expect(res.body.error).not.toMatch(/NaN/)
    }
  })
})

describe('POST /api/participation-calc', () => {
  it('answers the spec fields with worked numbers', async () => {
    const { status, body } = await post('/api/participation-calc', {
      siteTier: 'C1',
      players: [
        { name: 'Ann', participation: { 'The Line': 2, 'Perimeter Camp': 1 } }, // 2 of The Line's 3 runs entered: 16 M + 9.6 M = 25.6 M
        { name: 'Ben', participation: { 'The Line': 1 } }, // 1 of 3: 8 M
      ],
      siteTotals: { 'The Line': 2, 'Perimeter Camp': 1 },
      drifterRan: true, // the old switches are still accepted; no effect below C5
      usedDread: true,
      accounting: 4,
      noTaxes: false,
      corpTax: 0,
      allianceTax: 10,
    })
    expect(status).toBe(200)
    // pot 2 × 12 M + 9.6 M = 33,600,000; broker 5.652 % = 1,899,072; alliance 10 % of 31,700,928 = 3,170,093 (…092.8)
    expect(body).toMatchObject({ totalISK: 33_600_000, brokerTaxAmount: 1_899_072, corpTaxAmount: 0, allianceTaxAmount: 3_170_093, netISK: 28_530_835 })
    // each site's loot goes to the pilots who ran it, by their runs (issue #42): The Line's 24 M splits 2:1, so Ann's part of the
    // pot is 25.6 M and Ben's 8 M of 33.6 M: Ann 28,530,835 × 25.6/33.6 = 21,737,779.05; Ben × 8/33.6 = 6,793,055.95
    expect(body.payouts).toEqual([
      { name: 'Ann', payout: 21_737_779, attendedIsk: 25_600_000 },
      { name: 'Ben', payout: 6_793_056, attendedIsk: 8_000_000 },
    ])
  })

  it('refuses bad input with a 400 sentence', async () => {
    const ok = { siteTier: 'C5', players: [{ name: 'A', participation: { 'Core Garrison': 1 } }], siteTotals: { 'Core Garrison': 1 } }
    const cases: Array<[unknown, RegExp]> = [
      [{ ...ok, siteTier: 'C9' }, /^The site tier must be one of C1, C2, C3, C4, C5, C6/],
      [{ ...ok, siteTotals: { 'Core Garrison': -1 } }, /^The 'Core Garrison' in site totals must be 0 or more/],
      [{ ...ok, players: [{ name: 'A', participation: { 'Core Garrison': 'x' } }] }, /^The 'Core Garrison' in participation of player 1 must be a number/],
      [{ ...ok, siteTotals: { 'Core Garrison': 0 } }, /^Nothing to split/],
      // each site's loot goes to those who ran it (issue #42): a site run by nobody listed is named
      [{ ...ok, players: [{ name: 'A', participation: {} }] }, /^Nobody is listed in Core Garrison \(Number Ran 1\), so its loot has no one to go to\./],
    ]
    for (const [input, message] of cases) {
      const res = await post('/api/participation-calc', input)
      expect(res.status, JSON.stringify(input)).toBe(400)
      expect(res.body.error).toMatch(message)
    }
  })
})

describe('OpenAPI document', () => {
  it('documents the calls', async () => {
    const { body } = await get('/api/openapi.json')
    for (const p of ['/api/blue-loot-calc', '/api/participation-calc', '/api/loot-split/escalations', '/api/data/c5_combat_sites_clean.json'])
      expect(body.paths[p], p).toBeDefined()
  })
})
