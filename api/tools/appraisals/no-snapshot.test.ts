import { describe, expect, it } from 'vitest'
import { APPRAISAL_TEXT, noPriceDataWarning } from '../../../schemas/appraisal/constants.js'
import type { TypeRow } from '../../../schemas/static-data.js'
import { createLogger } from '../../../platform/log.js'
import { Catalog, type CatalogSource } from '../../../platform/catalog/catalog.js'
import { HttpError } from '../../../platform/http/errors.js'
import { PriceStore } from '../../common/price-store.js'
import { appraiseOnServer, assertFreezable } from './appraise.js'
import { PackagedVolumeStore } from './packaged-volumes.js'

/**
 * A fresh install that has never reached ESI: the catalog is imported, but the price store holds no market
 * snapshot. Tritanium and Pyerite as the SDE lists them.
 */
const mineral = (type_id: number, name: string): TypeRow => ({
  type_id,
  name,
  group_id: 18,
  category_id: 4,
  market_group_id: 1857,
  volume: 0.01,
  capacity: 0,
  mass: 1,
  portion_size: 1,
  base_price: null,
  published: true,
  meta_group_id: null,
})
const empty = { groups: [], categories: [], marketGroups: [], attributes: [], typeAttributes: [], typeEffects: [], typeMaterials: [], systems: [] }
const more = {
  blueprints: [],
  blueprintMaterials: [],
  blueprintProducts: [],
  blueprintSkills: [],
  schematics: [],
  schematicTypes: [],
  planets: [],
  community: [],
}
const catalog = new Catalog({
  importId: 1,
  sourceVersion: 'test',
  importedAt: '',
  summary: { community: [] },
  ...empty,
  ...more,
  types: [mineral(34, 'Tritanium'), mineral(35, 'Pyerite')],
} as unknown as CatalogSource)
const log = createLogger('silent')
// Neither store is ever loaded, so neither touches the database: prices as before the first market snapshot.
const deps = {
  catalog,
  prices: new PriceStore(null as never, log),
  volumes: new PackagedVolumeStore(null as never, log),
  imageServer: 'https://images.evetech.net',
}
const JITA = 60003760

describe('appraising before the first market snapshot', () => {
  const { result } = appraiseOnServer({ text: 'Tritanium 1000\nPyerite 500', station_id: JITA, mode: 'sell5', combine: true }, deps)

  it('says there is no price data rather than that Tritanium has no orders', () => {
    expect(result.prices_at).toBeNull()
    expect(result.rows.map((r) => [r.name, r.price, r.status])).toEqual([
      ['Tritanium', null, 'unpriced'],
      ['Pyerite', null, 'unpriced'],
    ])
    expect(result.warnings).toEqual([noPriceDataWarning])
  })

  it('refuses to freeze it, with the reason', () => {
    let refused: unknown
    try {
      assertFreezable(result)
    } catch (err) {
      refused = err
    }
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 503, message: APPRAISAL_TEXT.nothingToFreeze })
  })
})
