import type { Catalog } from '../../../platform/catalog/catalog.js'
import type { IndustryBlueprint, IndustrySystem } from '../../../schemas/industry.js'
import type { BuildBlueprint } from './build-cost.js'
import { securityClassOf } from '../../common/industry/formulas.js'
import type { CostIndices } from '../../common/industry/inputs-store.js'

export interface Listings {
  /** Every published manufacturing blueprint, keyed by blueprint type id. */
  blueprints: Map<number, BuildBlueprint & { productTypeID: number; productName: string }>
  blueprintList: Record<string, IndustryBlueprint>
  /** Every solar system of the SDE (k-space and J-space), by name. */
  systems: Array<Omit<IndustrySystem, 'manufacturing_index' | 'reaction_index'>>
}

/** The pick lists of the build-cost page, derived once per static import. */
export function buildListings(catalog: Catalog): Listings {
  const name = (id: number) => catalog.type(id)?.name ?? `Type ${id}`
  const blueprints: Listings['blueprints'] = new Map()
  for (const bp of catalog.blueprints.values()) {
    const act = bp.activities.manufacturing
    const t = catalog.type(bp.blueprintTypeId)
    if (!act || !t?.published || !act.products.length || !act.materials.length) continue
    const product = act.products[0]
    blueprints.set(bp.blueprintTypeId, {
      blueprintID: bp.blueprintTypeId,
      blueprintName: t.name,
      materials: act.materials,
      products: act.products.map(({ typeId, quantity }) => ({ typeId, quantity })),
      productTypeID: product.typeId,
      productName: name(product.typeId),
    })
  }
  const sorted = [...blueprints.values()].sort((a, b) => a.blueprintName.localeCompare(b.blueprintName))
  const blueprintList = Object.fromEntries(
    sorted.map((b) => [
      String(b.blueprintID),
      { blueprintID: b.blueprintID, blueprintName: b.blueprintName, productTypeID: b.productTypeID, productName: b.productName },
    ]),
  )
  const systems = [...catalog.systems.values()]
    .map((s) => ({
      solar_system_id: s.solar_system_id,
      system_name: s.name,
      region_name: s.region_name,
      security: s.security,
      security_class: securityClassOf(s.security, s.is_jspace),
    }))
    .sort((a, b) => a.system_name.localeCompare(b.system_name, 'en', { numeric: true }))
  return { blueprints, blueprintList, systems }
}

export function withIndices(systems: Listings['systems'], indices: (systemId: number) => CostIndices): IndustrySystem[] {
  return systems.map((s) => {
    const i = indices(s.solar_system_id)
    return { ...s, manufacturing_index: i.manufacturing, reaction_index: i.reaction }
  })
}
