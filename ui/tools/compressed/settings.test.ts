import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, LIMIT_RANGES, parseRateText, planRequest, readLimit, settingsFromQuery, settingsToQuery, type PlannerSettings } from './settings'

describe('planner settings in the URL', () => {
  it('round-trips every setting and keeps the defaults out of the link', () => {
    const s: PlannerSettings = {
      ...DEFAULT_SETTINGS,
      targets: { ...DEFAULT_SETTINGS.targets, Tritanium: 1_000_000, Morphite: 50 },
      refineRate: 90.6,
      setup: { ...DEFAULT_SETTINGS.setup, implant: 0.04, reprocessing: 4 },
      excluded: [62530, 62516],
      strategy: 'blend',
      stationId: 60008494,
      priceField: 'buy_max',
      blendWeight: 0.35,
      maxOres: 4,
      minBatches: 10,
    }
    const query = settingsToQuery(s)
    expect([query.get('maxOres'), query.get('minB')]).toEqual(['4', '10'])
    expect(query.get('t')).toBe('Tritanium:1000000,Morphite:50')
    expect(query.get('x')).toBe('62516,62530')
    expect(settingsFromQuery(new URLSearchParams(query.toString()))).toEqual({ ...s, excluded: [62516, 62530] })
    expect(settingsToQuery(DEFAULT_SETTINGS).toString()).toBe('')
  })

  it('ignores malformed values instead of failing', () => {
    const s = settingsFromQuery(new URLSearchParams('t=Tritanium:-5,Pyerite:1.5,Bogus:3,Mexallon:7&rate=500&s=cheap&hub=-1&w=0.33&setup=1,2'))
    expect(s.targets.Mexallon).toBe(7)
    expect([s.targets.Tritanium, s.targets.Pyerite]).toEqual([0, 0])
    expect([s.refineRate, s.strategy, s.stationId, s.blendWeight]).toEqual([86.7, 'min_cost', 60003760, 0.5])
    expect(s.setup).toEqual(DEFAULT_SETTINGS.setup)
    // a station that is not one of the five hubs plans at the default hub, which the hub box then shows
    expect(settingsFromQuery(new URLSearchParams('hub=60003761')).stationId).toBe(60003760)
    expect(settingsFromQuery(new URLSearchParams('hub=60008494')).stationId).toBe(60008494)
  })

  it('keeps Null sec apart from Wormhole (both 12%) in the link', () => {
    const nullSec: PlannerSettings = { ...DEFAULT_SETTINGS, nullSec: true }
    expect(settingsToQuery(nullSec).get('sec')).toBe('null')
    expect(settingsFromQuery(settingsToQuery(nullSec)).nullSec).toBe(true)
    // the default (Wormhole) and a link without the mark read as Wormhole
    expect(settingsFromQuery(new URLSearchParams('')).nullSec).toBe(false)
    // the mark means nothing unless the security bonus is Null sec's 12%
    expect(settingsToQuery({ ...nullSec, setup: { ...DEFAULT_SETTINGS.setup, security: 0.06 } }).get('sec')).toBeNull()
    expect(settingsFromQuery(new URLSearchParams('setup=0.03,0.04,0.06,0.055,5,5,5&sec=null')).nullSec).toBe(false)
  })

  it('takes a refinery setup from a link only when every bonus is one the calculator offers', () => {
    // a hand-edited rig of 5 (500%) would show "No rig" in the box while the calculator offered 100%
    expect(settingsFromQuery(new URLSearchParams('setup=5,0,0.12,0.055,5,5,5')).setup).toEqual(DEFAULT_SETTINGS.setup)
    expect(settingsFromQuery(new URLSearchParams('setup=0.03,0.03,0.12,0.055,5,5,5')).setup).toEqual(DEFAULT_SETTINGS.setup)
    expect(settingsFromQuery(new URLSearchParams('setup=0.01,0.04,0.06,0.02,3,4,2')).setup).toEqual({
      rig: 0.01,
      implant: 0.04,
      security: 0.06,
      structure: 0.02,
      reprocessing: 3,
      efficiency: 4,
      specialized: 2,
    })
  })

  it('sends only what the chosen strategy needs', () => {
    const base = { ...DEFAULT_SETTINGS, targets: { ...DEFAULT_SETTINGS.targets, Pyerite: 10 }, excluded: [2] }
    expect(planRequest({ ...base, strategy: 'min_haul', haulMode: 'batches' }, [1, 2, 3])).toEqual({
      targets: { Pyerite: 10 },
      refineRate: 86.7,
      allowedOres: [1, 3],
      strategy: { type: 'min_haul', haul_mode: 'batches' },
    })
    expect(planRequest(base, [1]).strategy).toEqual({ type: 'min_cost', station_id: 60003760, price_field: 'sell_5pct' })
    // the limits only when set (a minimum of 1 is no minimum)
    expect(planRequest({ ...base, maxOres: 3, minBatches: 5 }, [1])).toMatchObject({ maxOres: 3, minBatchesPerOre: 5 })
    expect(planRequest({ ...base, minBatches: 1 }, [1])).not.toHaveProperty('minBatchesPerOre')
    expect(planRequest(base, [1])).not.toHaveProperty('maxOres')
  })

  it('reads a limit box: empty is no limit, whole numbers in range, anything else refused (never changed)', () => {
    expect(readLimit('', LIMIT_RANGES.maxOres)).toEqual({ ok: true, value: null })
    expect(readLimit(' 4 ', LIMIT_RANGES.maxOres)).toEqual({ ok: true, value: 4 })
    expect(readLimit('1,000', LIMIT_RANGES.minBatches)).toEqual({ ok: true, value: 1000 })
    for (const bad of ['0', '51', '2.5', '-3', 'abc', '1e2']) expect(readLimit(bad, LIMIT_RANGES.maxOres)).toEqual({ ok: false })
    expect(settingsFromQuery(new URLSearchParams('maxOres=99&minB=x'))).toMatchObject({ maxOres: null, minBatches: null })
  })

  it('reads amounts in a link as digits only and numbers as plain decimals: hex, exponents and spaces take the default', () => {
    // Number() reads all of these; a mineral amount is digits only (spec), and a hand-edited or mangled link must not
    // plan 16 Tritanium for "0x10" or 1,000 Pyerite for "1e3"
    const s = settingsFromQuery(new URLSearchParams('t=Tritanium:0x10,Pyerite:1e3,Mexallon:%2012,Isogen:12,Nocxium:0b11,Zydrine:7.0'))
    expect(s.targets).toEqual({ ...DEFAULT_SETTINGS.targets, Isogen: 12 })
    for (const rate of ['0x50', '1e1', '%2090', '90.', 'Infinity']) expect(settingsFromQuery(new URLSearchParams(`rate=${rate}`)).refineRate).toBe(86.7)
    expect(settingsFromQuery(new URLSearchParams('rate=90.5')).refineRate).toBe(90.5)
    expect(settingsFromQuery(new URLSearchParams('rate=0.9')).refineRate).toBe(0.9)
    expect(settingsFromQuery(new URLSearchParams('w=1e-1')).blendWeight).toBe(0.5)
    expect(settingsFromQuery(new URLSearchParams('w=0x0')).blendWeight).toBe(0.5)
    expect(settingsFromQuery(new URLSearchParams('w=0.1')).blendWeight).toBe(0.1)
    // 0x393a82e is Amarr's station 60008494
    expect(settingsFromQuery(new URLSearchParams('hub=0x393a82e')).stationId).toBe(60003760)
    expect(settingsFromQuery(new URLSearchParams('setup=0x0,0,0,0,5,5,5')).setup).toEqual(DEFAULT_SETTINGS.setup)
    expect(settingsFromQuery(new URLSearchParams('setup=0,0,0,0,5,5,1e0')).setup).toEqual(DEFAULT_SETTINGS.setup)
    expect(settingsFromQuery(new URLSearchParams('setup=0,0,0,0,5,5,1')).setup).toEqual({
      rig: 0,
      implant: 0,
      security: 0,
      structure: 0,
      reprocessing: 5,
      efficiency: 5,
      specialized: 1,
    })
  })

  it('reads the refine rate box as a plain decimal, with a comma or a point', () => {
    expect(parseRateText('86.7')).toBe(86.7)
    expect(parseRateText(' 86,7 ')).toBe(86.7)
    expect(parseRateText('.5')).toBe(0.5)
    expect(parseRateText('90.')).toBe(90)
    for (const junk of ['', ' ', '0x50', '1e2', 'Infinity', '86.7.1', '8 6', '-5', '+5', '.']) expect(parseRateText(junk)).toBeNaN()
  })
})
