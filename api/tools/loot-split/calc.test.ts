import { describe, expect, it } from 'vitest'
import { readCommunityData } from '../../../ingest/static/community.js'
import { loadConfig } from '../../../schemas/config.js'
import { BlueLootRequest, ParticipationRequest } from '../../../schemas/loot-split.js'
import { HttpError } from '../../../platform/http/errors.js'
import { calcBlueLoot } from './blue-loot.js'
import { calcParticipation } from './participation.js'
import { requireSiteValues, siteValuesFrom } from './site-values.js'

// The real community data (COMMUNITY_DATA_DIR), read the way the static import reads it.
const records = readCommunityData(loadConfig({}).COMMUNITY_DATA_DIR)
const dataset = (name: string) => JSON.parse(records.find((r) => r.name === name)!.content)
const community = { sleeperSites: dataset('sleeperSites'), sleeperEscalations: dataset('sleeperEscalations') }
const values = requireSiteValues(siteValuesFrom(community))

const blueLoot = (body: unknown) => calcBlueLoot(BlueLootRequest.parse(body), values)
const participation = (body: unknown) => calcParticipation(ParticipationRequest.parse(body), values)
const failure = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message }
    throw err
  }
  throw new Error('expected an HttpError')
}

describe('site values from the community data', () => {
  it('reads blue loot per site and the escalations (sheet values)', () => {
    expect(values.site('Core Garrison')).toEqual({ name: 'Core Garrison', tier: 'C5', kind: 'combat', baseIsk: 253_400_000 })
    expect(values.site('forgotten core data field')).toMatchObject({ tier: 'C5', kind: 'relic', baseIsk: 279_000_000 })
    expect(values.escalations).toEqual({ avengerIsk: 50_000_000, avengersPerWave: { C5: 3, C6: 4 }, drifterIsk: 300_000_000, reconDrifterIsk: 100_000_000 })
  })

  it('adds 3 Avengers in C5 and 4 in C6 on every site type, and the Drifter only on combat sites', () => {
    const both = { usedDread: true, drifterRan: true }
    // 253.4 M + 3 × 50 M + 300 M
    expect(values.perRun(values.site('Core Garrison')!, both)).toMatchObject({ avengerIsk: 150_000_000, drifterIsk: 300_000_000, perRunIsk: 703_400_000 })
    // relic: 279 M + 150 M, no Drifter
    expect(values.perRun(values.site('Forgotten Core Data Field')!, both)).toMatchObject({ avengerIsk: 150_000_000, drifterIsk: 0, perRunIsk: 429_000_000 })
    // C6 data: 688.3 M + 4 × 50 M
    expect(values.perRun(values.site('Unsecured Core Backup Array')!, both)).toMatchObject({ avengerIsk: 200_000_000, perRunIsk: 888_300_000 })
    // C3 sites never escalate
    expect(values.perRun(values.site('Solar Cell')!, both)).toMatchObject({ avengerIsk: 0, drifterIsk: 0, perRunIsk: 43_000_000 })
  })

  it('values the Drifter of a run without a capital as the Recon Battleship, not the Response Battleship', () => {
    // escalations.json: Drifter Response Battleship 300 M needs a capital on grid; without one the site's Drifter is the
    // Drifter Recon Battleship, 100 M (the PvE page's "mini drifter", spec part 1 section 9). The reference splitter agrees:
    // a C5 combat site with the Drifter and no dread is worth its blue loot + 100 M.
    const subcaps = { usedDread: false, drifterRan: true }
    // 253.4 M + 100 M
    expect(values.perRun(values.site('Core Garrison')!, subcaps)).toMatchObject({ avengerIsk: 0, drifterIsk: 100_000_000, perRunIsk: 353_400_000 })
    // C6: 363.2 M + 100 M
    expect(values.perRun(values.site('The Mirror')!, subcaps)).toMatchObject({ avengerIsk: 0, drifterIsk: 100_000_000, perRunIsk: 463_200_000 })
    // data and relic sites have no Drifter either way
    expect(values.perRun(values.site('Unsecured Frontier Server Bank')!, subcaps)).toMatchObject({ drifterIsk: 0, perRunIsk: 272_100_000 })
  })

  it('lists the sites of a tier: combat by name; data, then relic', () => {
    expect(values.ofTier('C5', ['combat']).map((s) => ({ site: s.name, blue_loot_isk: s.baseIsk }))).toEqual([
      { site: 'Core Garrison', blue_loot_isk: 253_400_000 },
      { site: 'Core Stronghold', blue_loot_isk: 234_900_000 },
      { site: 'Oruze Osobnyk', blue_loot_isk: 164_700_000 },
      { site: 'Quarantine Area', blue_loot_isk: 146_900_000 },
    ])
    expect(values.ofTier('C1', ['data', 'relic']).map((s) => s.name)).toEqual([
      'Unsecured Perimeter Amplifier',
      'Unsecured Perimeter Information Center',
      'Forgotten Perimeter Coronation Platform',
      'Forgotten Perimeter Power Array',
    ])
  })

  it('says plainly when the data sets are missing', () => {
    expect(siteValuesFrom({ sleeperSites: null, sleeperEscalations: null })).toBeNull()
    expect(failure(() => requireSiteValues(null))).toEqual({ status: 503, message: expect.stringContaining('sleeper-site data set') })
    const noEscalations = requireSiteValues(siteValuesFrom({ ...community, sleeperEscalations: null }))
    expect(noEscalations.perRun(noEscalations.site('Core Garrison')!, { usedDread: false, drifterRan: false }).perRunIsk).toBe(253_400_000)
    expect(failure(() => noEscalations.perRun(noEscalations.site('Core Garrison')!, { usedDread: true, drifterRan: false }))).toEqual({
      status: 503,
      message: expect.stringMatching(/escalation data set .* Upgraded Avenger value is unknown. Set the Avenger runs to 0/),
    })
  })
})

const taxes = { accounting: 5, noTaxes: false, corpTax: 10, allianceTax: 2.5, drifterRan: true }
const dreadRuns = [
  { siteName: 'Core Garrison', count: 2, usedDread: true, useDpsLogiMode: false },
  { siteName: 'Forgotten Core Data Field', count: 1, usedDread: true, useDpsLogiMode: false },
  { siteName: 'Core Stronghold', count: 0, usedDread: true, useDpsLogiMode: false },
]

describe('blue loot by shares', () => {
  it('pays a Dread/Marauder fleet by its shares (worked example)', () => {
    const result = blueLoot({
      ...taxes,
      siteRuns: dreadRuns,
      players: [
        { name: 'Alice', marauders: 2, bubbler: true, extraShares: 0 }, // 1.5 + 1.0 + tackle 0.5 = 3
        { name: 'Bob', dreads: 3, bubbler: false, extraShares: 0 }, // 2.5 + 1.5 + 1.5 = 5.5
        { name: 'Carol', marauders: 4, bubbler: false, extraShares: -1 }, // 1.5 + 1.0 + 0.5 + 0.5 − 1 = 2.5
        { name: 'Dave', bubbler: false, extraShares: -2 }, // −2 → 0
      ],
    })
    // Core Garrison 2 × (253.4 M + 150 M Avengers + 300 M Drifter) = 1,406,800,000; Data Field 279 M + 150 M = 429,000,000
    expect(result.totalISK).toBe(1_835_800_000)
    // broker 5.19 % = 95,278,020; corp 10 % of 1,740,521,980 = 174,052,198; alliance 2.5 % of 1,566,469,782 = 39,161,745
    expect(result).toMatchObject({
      brokerTaxAmount: 95_278_020,
      corpTaxAmount: 174_052_198,
      allianceTaxAmount: 39_161_745,
      netISK: 1_527_308_037,
      totalShares: 11,
      shareMode: 'dread-marauder',
    })
    // net × 3/11 = 416,538,555.545; × 5.5/11 = 763,654,018.5; × 2.5/11 = 347,115,462.954 → floors sum to 1,527,308,035,
    // the 2 ISK left go to the largest remainders: Carol (.954), then Alice (.545)
    expect(result.payouts).toEqual([
      { name: 'Alice', shares: 3, payout: 416_538_556 },
      { name: 'Bob', shares: 5.5, payout: 763_654_018 },
      { name: 'Carol', shares: 2.5, payout: 347_115_463 },
      { name: 'Dave', shares: 0, payout: 0 },
    ])
    expect(result.payouts.reduce((s, p) => s + p.payout, 0)).toBe(result.netISK)
    expect(result.sites.map((s) => [s.siteName, s.perRunIsk, s.totalIsk])).toEqual([
      ['Core Garrison', 703_400_000, 1_406_800_000],
      ['Forgotten Core Data Field', 429_000_000, 429_000_000],
      ['Core Stronghold', 0, 0],
    ])
  })

  it('adds the Avenger wave and the Drifter only to the runs that had them, per site (issue #42)', () => {
    // Three Core Garrison runs, one with a dread on grid (the wave) and two with a Drifter: the Drifter of the run with
    // the capital is the Response Battleship, the other the Recon Battleship.
    const perSite = blueLoot({
      ...taxes,
      noTaxes: true,
      corpTax: 0,
      allianceTax: 0,
      siteRuns: [
        { siteName: 'Core Garrison', count: 3, usedDread: true, avengerRuns: 1, drifterRuns: 2 },
        { siteName: 'Forgotten Core Data Field', count: 2, usedDread: true, avengerRuns: 0, drifterRuns: 2 },
      ],
      players: [{ name: 'Alice', dreads: 1 }],
    })
    // 3 × 253.4 M + 1 × 150 M + (300 M + 100 M) = 1,310,200,000; Data Field 2 × 279 M, no wave, never a Drifter = 558,000,000
    expect(perSite.sites.map((s) => [s.siteName, s.avengerRuns, s.avengerIsk, s.drifterRuns, s.drifterIsk, s.totalIsk])).toEqual([
      ['Core Garrison', 1, 150_000_000, 2, 400_000_000, 1_310_200_000],
      ['Forgotten Core Data Field', 0, 0, 0, 0, 558_000_000],
    ])
    expect(perSite.totalISK).toBe(1_868_200_000)
    // The old night-wide switches (a dread in the fleet, 'Drifter ran?' yes) would have counted every run: 3 × 703.4 M + 2 × 429 M
    const switches = blueLoot({
      ...taxes,
      siteRuns: perSite.sites.map((s) => ({ siteName: s.siteName, count: s.count, usedDread: true })),
      players: [{ name: 'A', dreads: 1 }],
    })
    expect(switches.totalISK).toBe(2_968_200_000)
    // More escalated runs than runs is refused with a sentence
    expect(() => BlueLootRequest.parse({ ...taxes, siteRuns: [{ siteName: 'Core Garrison', count: 1, drifterRuns: 2 }], players: [{ name: 'A' }] })).toThrow(
      /Core Garrison: 2 runs with a Drifter but only 1 runs in all/,
    )
  })

  it('pays a DPS/Logi fleet, without Avengers or Drifter, and keeps decimal extra shares exact', () => {
    const result = blueLoot({
      accounting: 0,
      noTaxes: true,
      corpTax: 0,
      allianceTax: 0,
      drifterRan: false,
      siteRuns: [{ siteName: 'The Mirror', count: 1, usedDread: false, useDpsLogiMode: true }],
      players: [
        { name: 'Eve', dps: 6, logi: 3, bubbler: true, extraShares: 0, marauders: 5 }, // 3.75 + 2.5 + 0.5 = 6.75 (marauders ignored)
        { name: 'Frank', dps: 2, bubbler: false, extraShares: 0.1 }, // 2.0 + 0.1 = 2.1
      ],
    })
    // The Mirror (C6 combat) 363,200,000, no taxes; 8.85 shares
    expect(result).toMatchObject({
      totalISK: 363_200_000,
      brokerTaxPercent: null,
      brokerTaxAmount: 0,
      netISK: 363_200_000,
      totalShares: 8.85,
      shareMode: 'dps-logi',
    })
    // 363,200,000 × 6.75 / 8.85 = 277,016,949.15 → 277,016,949; × 2.1 / 8.85 = 86,183,050.85 → 86,183,051 (gets the 1 ISK left)
    expect(result.payouts).toEqual([
      { name: 'Eve', shares: 6.75, payout: 277_016_949 },
      { name: 'Frank', shares: 2.1, payout: 86_183_051 },
    ])
  })

  it('refuses every player at 0 shares, sites worth nothing, and unknown sites with a sentence', () => {
    const zero = failure(() => blueLoot({ ...taxes, siteRuns: dreadRuns, players: [{ name: 'A' }, { name: 'B', extraShares: -3, bubbler: true }] }))
    expect(zero).toEqual({ status: 400, message: expect.stringMatching(/^Every player has 0 shares/) })
    const nothing = failure(() => blueLoot({ ...taxes, siteRuns: dreadRuns.map((r) => ({ ...r, count: 0 })), players: [{ name: 'A', dreads: 1 }] }))
    expect(nothing).toEqual({ status: 400, message: expect.stringMatching(/^Nothing to split/) })
    const unknown = failure(() => blueLoot({ ...taxes, siteRuns: [{ siteName: 'Core Palace', count: 1 }], players: [{ name: 'A', dreads: 1 }] }))
    expect(unknown).toEqual({ status: 400, message: "Check the site name of site run 1: 'Core Palace' is not a known sleeper site." })
  })
})

describe('blue loot by participation', () => {
  const base = { siteTier: 'C5', drifterRan: true, usedDread: false, accounting: 5, noTaxes: true, corpTax: 0, allianceTax: 0 }

  it("gives each site's loot to the pilots who ran it (the issue's example)", () => {
    // C3, no taxes: one pilot ran Solar Cell (43 M) alone; four pilots shared one run of The Oruze Construct (44.5 M).
    // Pooling all attendance by ISK paid the solo pilot 17.0 M and each of the four 17.6 M; by site they get 43 M and 11.125 M.
    const result = participation({
      ...base,
      siteTier: 'C3',
      siteTotals: { 'Solar Cell': 1, 'The Oruze Construct': 1 },
      players: [
        { name: 'Solo', participation: { 'Solar Cell': 1 } },
        ...['P1', 'P2', 'P3', 'P4'].map((name) => ({ name, participation: { 'The Oruze Construct': 1 } })),
      ],
    })
    expect(result.totalISK).toBe(87_500_000)
    expect(result.payouts.map((p) => [p.name, p.payout])).toEqual([
      ['Solo', 43_000_000],
      ['P1', 11_125_000],
      ['P2', 11_125_000],
      ['P3', 11_125_000],
      ['P4', 11_125_000],
    ])
    expect(result.sites.map((s) => [s.siteName, s.shares.map((x) => [x.name, x.runs, x.grossIsk])])).toEqual([
      ['Solar Cell', [['Solo', 1, 43_000_000]]],
      ['The Oruze Construct', ['P1', 'P2', 'P3', 'P4'].map((n) => [n, 1, 11_125_000])],
    ])
  })

  it('caps a player count above Number Ran at Number Ran, and says so', () => {
    // Solar Cell ran twice; Ann typed 5, Ben was in 1: Ann counts 2 runs, so 86 M splits 2 : 1
    const result = participation({
      ...base,
      siteTier: 'C3',
      siteTotals: { 'Solar Cell': 2 },
      players: [
        { name: 'Ann', participation: { 'Solar Cell': 5 } },
        { name: 'Ben', participation: { 'Solar Cell': 1 } },
      ],
    })
    // 86,000,000 × 2/3 = 57,333,333.33; × 1/3 = 28,666,666.67 → the 1 ISK left goes to Ben (.67)
    expect(result.payouts.map((p) => p.payout)).toEqual([57_333_333, 28_666_667])
    expect(result.capped).toEqual([{ name: 'Ann', siteName: 'Solar Cell', entered: 5, counted: 2 }])
  })

  it('adds the escalations only to the runs that had them (per site counts)', () => {
    const result = participation({
      ...base,
      usedDread: true, // ignored: the maps are sent
      siteTotals: { 'Core Garrison': 3, 'Forgotten Core Data Field': 1 },
      avengerRuns: { 'Core Garrison': 1 },
      drifterRuns: { 'Core Garrison': 2 },
      players: [{ name: 'Ann', participation: { 'Core Garrison': 3, 'Forgotten Core Data Field': 1 } }],
    })
    // Core Garrison 3 × 253.4 M + 150 M wave + 300 M Response + 100 M Recon = 1,310,200,000; Data Field 279 M (no wave listed)
    expect(result.totalISK).toBe(1_589_200_000)
    expect(() =>
      ParticipationRequest.parse({ ...base, siteTotals: { 'Core Garrison': 1 }, avengerRuns: { 'Core Garrison': 2 }, players: [{ name: 'A' }] }),
    ).toThrow(/Core Garrison: 2 runs with the Avenger wave but Number Ran is 1/)
  })

  it('splits each site by runs among its pilots (worked example)', () => {
    const result = participation({
      ...base,
      // No dread, so the Drifter is the Recon Battleship: Core Garrison 253.4 M + 100 M = 353.4 M × 3; Server Bank (data, no
      // Drifter) 272.1 M × 2
      siteTotals: { 'Core Garrison': 3, 'Unsecured Frontier Server Bank': 2, 'Quarantine Area': 0 },
      players: [
        { name: 'Ann', participation: { 'Core Garrison': 3, 'Unsecured Frontier Server Bank': 2 } }, // 1,060.2 M + 544.2 M = 1,604,400,000
        { name: 'Ben', participation: { 'Core Garrison': 1 } }, // 353,400,000
        { name: 'Cat', participation: { 'Unsecured Frontier Server Bank': 2 } }, // 544,200,000
      ],
    })
    // pot 1,604,400,000: Core Garrison 1,060,200,000 split Ann 3 : Ben 1 = 795,150,000 / 265,050,000; Server Bank
    // 544,200,000 split Ann 2 : Cat 2 = 272,100,000 each
    expect(result).toMatchObject({ totalISK: 1_604_400_000, netISK: 1_604_400_000, brokerTaxAmount: 0 })
    expect(result.payouts).toEqual([
      { name: 'Ann', payout: 1_067_250_000, attendedIsk: 1_067_250_000 },
      { name: 'Ben', payout: 265_050_000, attendedIsk: 265_050_000 },
      { name: 'Cat', payout: 272_100_000, attendedIsk: 272_100_000 },
    ])
  })

  it('counts the Avenger wave on every C6 site with Dread used, and taxes the pot', () => {
    const result = participation({
      ...base,
      siteTier: 'c6',
      usedDread: true,
      drifterRan: false,
      noTaxes: false,
      accounting: 3,
      corpTax: 5,
      siteTotals: { 'Unsecured Core Emergence': 1 },
      players: [{ name: 'Solo', participation: { 'Unsecured Core Emergence': 4 } }], // more than ran: a warning on the page, not an error
    })
    // 627.1 M + 4 × 50 M = 827,100,000; broker 6.114 % = 50,568,894 (50,568,894.0); corp 5 % of 776,531,106 = 38,826,555.3 → 38,826,555
    expect(result).toMatchObject({
      totalISK: 827_100_000,
      brokerTaxPercent: 6.114,
      brokerTaxAmount: 50_568_894,
      corpTaxAmount: 38_826_555,
      netISK: 737_704_551,
    })
    expect(result.payouts).toEqual([{ name: 'Solo', payout: 737_704_551, attendedIsk: 827_100_000 }])
    expect(result.capped).toEqual([{ name: 'Solo', siteName: 'Unsecured Core Emergence', entered: 4, counted: 1 }])
  })

  it('refuses a pot of 0, nobody attending, and sites of another tier', () => {
    const players = [{ name: 'A', participation: { 'Core Garrison': 1 } }]
    expect(failure(() => participation({ ...base, siteTotals: { 'Core Garrison': 0 }, players }))).toEqual({
      status: 400,
      message: expect.stringMatching(/^Nothing to split: Number Ran is 0/),
    })
    expect(failure(() => participation({ ...base, siteTotals: { 'Core Garrison': 1 }, players: [{ name: 'A', participation: {} }] }))).toEqual({
      status: 400,
      message: 'Nobody is listed in Core Garrison (Number Ran 1), so its loot has no one to go to. Enter who ran it, or set its Number Ran to 0.',
    })
    expect(failure(() => participation({ ...base, siteTotals: { 'The Mirror': 1 }, players }))).toEqual({
      status: 400,
      message: "Check the site totals: 'The Mirror' is not a C5 site.",
    })
    expect(failure(() => participation({ ...base, siteTotals: { 'Core Garrison': 1 }, players: [{ name: 'A', participation: { Nope: 1 } }] }))).toEqual({
      status: 400,
      message: "Check the participation of player 1: 'Nope' is not a C5 site.",
    })
  })

  it('refuses one site spelled twice (names match case-insensitively), rather than counting its runs twice', () => {
    const players = [{ name: 'A', participation: { 'Core Garrison': 1 } }]
    expect(failure(() => participation({ ...base, siteTotals: { 'Core Garrison': 1, 'core garrison ': 1 }, players }))).toEqual({
      status: 400,
      message: "Check the site totals: 'Core Garrison' and 'core garrison ' are the same site; list it once.",
    })
    expect(
      failure(() =>
        participation({ ...base, siteTotals: { 'Core Garrison': 2 }, players: [{ name: 'A', participation: { 'Core Garrison': 1, 'CORE GARRISON': 1 } }] }),
      ),
    ).toEqual({
      status: 400,
      message: "Check the participation of player 1: 'Core Garrison' and 'CORE GARRISON' are the same site; list it once.",
    })
  })
})
