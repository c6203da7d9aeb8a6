import { describe, expect, it } from 'vitest'
import { blueLootFromQuery, blueLootRequest, blueLootToQuery, defaultBlueLootSetup, fleetUsedDread, newPlayerRow, switchMode } from './blue-loot-setup'
import { cleanName, namesFromPaste } from './setup-codec'
import {
  changeTier,
  defaultParticipationSetup,
  newParticipant,
  participationFromQuery,
  participationRequest,
  participationToQuery,
  pruneToSites,
  sitesNotIn,
  type ParticipationSetup,
} from './participation-setup'

describe('blue loot setup', () => {
  const setup = () => ({
    ...defaultBlueLootSetup(),
    counts: { 'Core Garrison': 2, 'The Mirror': 5 },
    avengerRuns: { 'Core Garrison': 1 },
    drifterRuns: { 'Core Garrison': 3 }, // more than ran: capped at 2
    corpTax: 10,
    players: [
      { ...newPlayerRow('Alice|Smith'), ships: [2, 1] as [number, number], tackle: true, extraShares: 0.5 },
      { ...newPlayerRow('Bob'), extraShares: -1 },
    ],
  })

  it('round-trips through the query string (names may even contain |)', () => {
    const query = blueLootToQuery(setup())
    // only the tier's sites with a count travel
    expect(query.getAll('site')).toEqual(['Core Garrison*2'])
    const back = blueLootFromQuery(new URLSearchParams(query.toString()))
    expect(back.problems).toEqual([])
    expect(back.setup.players.map(({ id: _id, ...p }) => p)).toEqual([
      { name: 'Alice|Smith', ships: [2, 1], tackle: true, extraShares: 0.5 },
      { name: 'Bob', ships: [0, 0], tackle: false, extraShares: -1 },
    ])
    expect(back.setup).toMatchObject({
      tier: 'C5',
      counts: { 'Core Garrison': 2 },
      avengerRuns: { 'Core Garrison': 1 },
      drifterRuns: { 'Core Garrison': 2 },
      corpTax: 10,
      accounting: 5,
      mode: 'dread-marauder',
    })
  })

  it('reads a link from before per-site escalations as it meant: every run with the Drifter, and with the wave when a dread flew', () => {
    const { setup: s } = blueLootFromQuery(new URLSearchParams('tier=C5&drifter=1&site=Core Garrison*2&p=Ann|0|1|0|0'))
    expect(s).toMatchObject({ avengerRuns: { 'Core Garrison': 2 }, drifterRuns: { 'Core Garrison': 2 } })
    const { setup: none } = blueLootFromQuery(new URLSearchParams('tier=C5&drifter=0&site=Core Garrison*2&p=Ann|1|0|0|0'))
    expect(none).toMatchObject({ avengerRuns: {}, drifterRuns: {} })
  })

  it('reads a hand-edited link defensively', () => {
    const { setup: s, problems } = blueLootFromQuery(
      new URLSearchParams('tier=c6&acc=9&corp=abc&mode=dl&site=The Mirror*x&site=Core Garrison*2&p=Zed|1.7|-3|1|lots&p=zed|1|1|0|0&p=|1|1|0|0'),
    )
    expect(s).toMatchObject({ tier: 'C6', accounting: 5, corpTax: 0, mode: 'dps-logi', counts: {} })
    expect(problems).toEqual([
      'The link names sites that are not C6 sites, left out: Core Garrison.',
      'The link lists Zed more than once: only the first row is kept.',
    ])
    // ship counts are whole and at least 0, extra shares non-numeric → 0; a repeated (said above) or blank name is dropped
    expect(s.players.map(({ id: _id, ...p }) => p)).toEqual([{ name: 'Zed', ships: [1, 0], tackle: true, extraShares: 0 }])
  })

  it("caps a link's counts at the API's limits, so the link never leads to a refused calculation", () => {
    const { setup: s } = blueLootFromQuery(new URLSearchParams('tier=C5&site=Core Garrison*99999&p=Zed|500|1|0|-5000'))
    expect(s.counts).toEqual({ 'Core Garrison': 10_000 })
    expect(s.players.map(({ id: _id, ...p }) => p)).toEqual([{ name: 'Zed', ships: [100, 1], tackle: false, extraShares: -1000 }])
    const { setup: p } = participationFromQuery(new URLSearchParams('tier=C5&ran=Core Garrison*99999&p=Ann|Core Garrison*50000'))
    expect(p.ran).toEqual({ 'Core Garrison': 10_000 })
    expect(p.players[0].counts).toEqual({ 'Core Garrison': 10_000 })
  })

  it('switching share mode zeroes ship counts and keeps name, tackle and extra shares', () => {
    const switched = switchMode(setup(), 'dps-logi')
    expect(switched.players.map(({ id: _id, ...p }) => p)).toEqual([
      { name: 'Alice|Smith', ships: [0, 0], tackle: true, extraShares: 0.5 },
      { name: 'Bob', ships: [0, 0], tackle: false, extraShares: -1 },
    ])
    expect(switchMode(switched, 'dps-logi')).toBe(switched)
  })

  it('builds the request: every site of the tier with its runs with the Avenger wave and a Drifter (capped at its runs)', () => {
    const s = setup()
    expect(fleetUsedDread(s)).toBe(true) // Alice flies a dread (second ship count in Dread/Marauder mode)
    const body = blueLootRequest(s)
    expect(body.siteRuns).toHaveLength(8)
    expect(body.siteRuns[0]).toEqual({ siteName: 'Core Garrison', count: 2, usedDread: true, avengerRuns: 1, drifterRuns: 2, useDpsLogiMode: false })
    expect(body.siteRuns[1]).toMatchObject({ count: 0, usedDread: false, avengerRuns: 0, drifterRuns: 0 })
    expect(body.players[0]).toEqual({ name: 'Alice|Smith', bubbler: true, extraShares: 0.5, marauders: 2, dreads: 1, dps: 0, logi: 0 })
    expect(body).toMatchObject({ accounting: 5, drifterRan: true, noTaxes: false, corpTax: 10, allianceTax: 0 })
    const dps = blueLootRequest({ ...switchMode(s, 'dps-logi'), players: [{ ...newPlayerRow('Eve'), ships: [6, 3] }] })
    expect(dps.siteRuns[0]).toMatchObject({ avengerRuns: 1, useDpsLogiMode: true })
    expect(dps.players[0]).toMatchObject({ dps: 6, logi: 3, marauders: 0, dreads: 0 })
  })
})

describe('participation setup', () => {
  const sites = ['Core Garrison', 'Core Stronghold', 'Forgotten Core Data Field']
  const setup = (): ParticipationSetup => ({
    ...defaultParticipationSetup(),
    ran: { 'Core Garrison': 3, 'Forgotten Core Data Field': 1 },
    avengerRuns: { 'Core Garrison': 2 },
    drifterRuns: { 'Core Garrison': 3 },
    players: [
      { ...newParticipant('Ann'), counts: { 'Core Garrison': 3, 'Forgotten Core Data Field': 1 } },
      { ...newParticipant('Ben'), counts: {} },
    ],
  })

  it('round-trips through the query string', () => {
    const query = participationToQuery(setup(), sites)
    expect(query.getAll('p')).toEqual(['Ann|Core Garrison*3;Forgotten Core Data Field*1', 'Ben|'])
    const { setup: back, problems } = participationFromQuery(new URLSearchParams(query.toString()))
    expect(problems).toEqual([])
    expect(back).toMatchObject({
      tier: 'C5',
      avengerRuns: { 'Core Garrison': 2 },
      drifterRuns: { 'Core Garrison': 3 },
      accounting: 5,
      ran: { 'Core Garrison': 3, 'Forgotten Core Data Field': 1 },
    })
    // a link from before per-site escalations: drifter=1&dread=1 meant every run of every site
    const { setup: legacy } = participationFromQuery(new URLSearchParams('tier=C5&drifter=1&dread=0&ran=Core Garrison*3'))
    expect(legacy).toMatchObject({ avengerRuns: {}, drifterRuns: { 'Core Garrison': 3 } })
    expect(back.players.map((p) => [p.name, p.counts])).toEqual([
      ['Ann', { 'Core Garrison': 3, 'Forgotten Core Data Field': 1 }],
      ['Ben', {}],
    ])
  })

  it('says which names a hand-edited link repeats, keeping the first row of each', () => {
    const { setup: s, problems } = participationFromQuery(new URLSearchParams('tier=C5&p=Ann|Core Garrison*2&p=ann|Core Garrison*5&p=Ben|&p=Ann|&p=BEN|'))
    expect(s.players.map((p) => [p.name, p.counts])).toEqual([
      ['Ann', { 'Core Garrison': 2 }],
      ['Ben', {}],
    ])
    expect(problems).toEqual(['The link lists Ann and Ben more than once: only the first row of each is kept.'])
  })

  it('on a tier change resets Number Ran, keeps players, and keeps counts only for sites with the same name', () => {
    const changed = changeTier(setup(), 'C6')
    expect(changed.ran).toEqual({})
    const pruned = pruneToSites({ ...changed, players: [{ ...changed.players[0], counts: { 'Core Garrison': 3, 'The Mirror': 2 } }, changed.players[1]] }, [
      'The Mirror',
      'Core Bastion',
    ])
    expect(pruned.players.map((p) => [p.name, p.counts])).toEqual([
      ['Ann', { 'The Mirror': 2 }],
      ['Ben', {}],
    ])
  })

  it('names the sites a link counts that the tier does not have, once each, in the order they appear', () => {
    const linked = {
      ...setup(),
      ran: { 'Core Garrison': 3, 'Core Garisson': 2 },
      players: [{ ...newParticipant('Ann'), counts: { 'Core Garisson': 1, 'The Mirror': 1, 'Core Garrison': 1 } }],
    }
    expect(sitesNotIn(linked, sites)).toEqual(['Core Garisson', 'The Mirror'])
    expect(sitesNotIn(setup(), sites)).toEqual([])
  })

  it('builds the request with the escalated runs per site, and none below C5', () => {
    const body = participationRequest(setup(), sites)
    expect(body).toMatchObject({
      siteTier: 'C5',
      drifterRan: false,
      usedDread: false,
      siteTotals: { 'Core Garrison': 3, 'Core Stronghold': 0, 'Forgotten Core Data Field': 1 },
      avengerRuns: { 'Core Garrison': 2, 'Core Stronghold': 0, 'Forgotten Core Data Field': 0 },
      drifterRuns: { 'Core Garrison': 3, 'Core Stronghold': 0, 'Forgotten Core Data Field': 0 },
    })
    expect(body.players[1]).toEqual({ name: 'Ben', participation: { 'Core Garrison': 0, 'Core Stronghold': 0, 'Forgotten Core Data Field': 0 } })
    expect(participationRequest({ ...setup(), tier: 'C3' }, [])).toMatchObject({ avengerRuns: {}, drifterRuns: {} })
  })
})

describe('pasted player names', () => {
  it('cuts a long name to 64 UTF-16 units (the server limit) without splitting a character in two', () => {
    const name = cleanName(`${'a'.repeat(63)}🚀 tail`)
    expect(name).toBe('a'.repeat(63))
    expect(name).not.toMatch(/[\uD800-\uDBFF]$/)
    expect(cleanName(`${'a'.repeat(62)}🚀 tail`)).toBe(`${'a'.repeat(62)}🚀`)
  })

  it('reads one name a line, the first column of tab-separated rows, without blanks or repeats', () => {
    expect(namesFromPaste('Alice\r\nBob\tJita\tLoki\n\n   Carol   Smith \nALICE\n')).toEqual(['Alice', 'Bob', 'Carol Smith'])
    expect(namesFromPaste('Just One')).toBeNull()
    expect(namesFromPaste('Just One\n')).toBeNull()
  })

  it('reads one pasted fleet window row as the name in its first column, not all four columns joined', () => {
    expect(namesFromPaste('Bob Smith\tJita\tLoki\tStrategic Cruiser')).toEqual(['Bob Smith'])
  })
})
