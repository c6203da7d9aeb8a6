import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../../../../schemas/config.js'
import type { BlueprintActivity, CategoryRow, DogmaAttributeRow, GroupRow, TypeRow } from '../../../../schemas/static-data.js'
import { readCommunityData } from '../../../../ingest/static/community.js'
import { Catalog } from '../../../../platform/catalog/catalog.js'
import { catalogDogma, HarvestingData } from '../game-data.js'

interface Subset {
  sdeVersion: string
  categories: CategoryRow[]
  groups: GroupRow[]
  attributes: DogmaAttributeRow[]
  types: TypeRow[]
  typeAttributes: Array<[number, number, number]>
  typeEffects: Array<[number, string]>
}

/** Community data sets to leave out, as on a server where they did not load. */
export interface SubsetOptions {
  withoutGasSites?: boolean
  withoutOreSites?: boolean
}

/**
 * A catalog holding only the SDE subset in `sde-subset.json` (real records, see make-sde-subset.ts) and the
 * community data sets from COMMUNITY_DATA_DIR, for unit tests of the harvesting calculators.
 */
export function subsetCatalog(options: SubsetOptions = {}): Catalog {
  const subset = JSON.parse(fs.readFileSync(fileURLToPath(new URL('./sde-subset.json', import.meta.url)), 'utf8')) as Subset
  const community = readCommunityData(loadConfig({}).COMMUNITY_DATA_DIR).map((d) => ({
    dataset: d.name,
    present: d.present && !(options.withoutGasSites && d.name === 'gasSites') && !(options.withoutOreSites && d.name === 'oreSites'),
    content: d.content,
  }))
  const none: never[] = []
  return new Catalog({
    importId: 1,
    sourceVersion: subset.sdeVersion,
    importedAt: '2024-01-01 00:00:00',
    summary: { sdeVersion: subset.sdeVersion, counts: {}, community: [], seconds: 0 },
    types: subset.types,
    groups: subset.groups,
    categories: subset.categories,
    marketGroups: [],
    attributes: subset.attributes,
    typeAttributes: subset.typeAttributes,
    typeEffects: subset.typeEffects,
    typeMaterials: none,
    blueprints: none as Array<[number, BlueprintActivity, number, number]>,
    blueprintMaterials: none,
    blueprintProducts: none,
    blueprintSkills: none,
    schematics: none,
    schematicTypes: none,
    systems: none,
    planets: none,
    community,
  })
}

export function subsetData(options: SubsetOptions = {}): HarvestingData {
  const catalog = subsetCatalog(options)
  return new HarvestingData(catalog, catalogDogma(catalog))
}
