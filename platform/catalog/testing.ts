import type { CatalogSource } from './catalog.js'

/** A catalog source with nothing in it but what a test passes (tests of the catalog's own indexes). */
export function catalogSource(parts: Partial<CatalogSource> = {}): CatalogSource {
  return {
    importId: 1,
    sourceVersion: 'test',
    importedAt: '2026-01-01 00:00:00',
    summary: { sdeVersion: 'test', counts: {}, community: [], seconds: 0 },
    types: [],
    groups: [],
    categories: [],
    marketGroups: [],
    attributes: [],
    typeAttributes: [],
    typeEffects: [],
    typeMaterials: [],
    blueprints: [],
    blueprintMaterials: [],
    blueprintProducts: [],
    blueprintSkills: [],
    schematics: [],
    schematicTypes: [],
    systems: [],
    planets: [],
    community: [],
    stargates: [],
    ...parts,
  }
}
