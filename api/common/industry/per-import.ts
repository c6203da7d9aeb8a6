import type { Catalog } from '../../../platform/catalog/catalog.js'

/** `build(catalog)` computed once per static import (and again when a newer import is loaded). */
export function perImport<T>(build: (catalog: Catalog) => T): (catalog: Catalog) => T {
  let cached: { importId: number; value: T } | null = null
  return (catalog) => {
    if (cached?.importId !== catalog.importId) cached = { importId: catalog.importId, value: build(catalog) }
    return cached.value
  }
}
