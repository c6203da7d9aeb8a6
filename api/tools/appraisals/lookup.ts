import type { TypeRow } from '../../../schemas/static-data.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'

/**
 * What the appraisal knows of one pasted name or type id: the type, the name as pasted when the type has been renamed
 * since (the row shows the current name with the pasted one beside it), and for an unknown name a "did you mean"
 * (shown on the Invalid line, never substituted). The one place the appraisal asks the catalog for a name.
 */
export interface NameLookup {
  type: TypeRow | null
  renamed_from: string | null
  suggestion: string | null
}

export function lookupName(catalog: Catalog, key: string): NameLookup {
  // The catalog resolves current names and type ids; renamed types and suggestions come with its name history.
  return { type: catalog.resolve(key) ?? null, renamed_from: null, suggestion: null }
}
