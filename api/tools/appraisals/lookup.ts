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
  // A type id, or a current name, resolves as before; only a name that matches nothing goes through the rename table.
  const direct = catalog.resolve(key)
  if (direct) return { type: direct, renamed_from: null, suggestion: null }
  const found = catalog.lookupName(key)
  if (found.kind === 'exact') return { type: found.type, renamed_from: null, suggestion: null }
  if (found.kind === 'renamed') return { type: found.type, renamed_from: found.pastedName, suggestion: null }
  return { type: null, renamed_from: null, suggestion: found.suggestion }
}
