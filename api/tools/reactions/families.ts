import type { Catalog, Quantity } from '../../../platform/catalog/catalog.js'
import { HYBRID_BLUEPRINT_IDS, type ReactionFamiliesResponse } from '../../../schemas/reactions.js'

/** A published reaction formula as the calculator needs it. */
export interface ReactionBlueprint {
  blueprintID: number
  blueprintName: string
  /** The SDE group's family ('polymer', 'composite', 'biochemical', 'molecular-forged'): picks the rig line. */
  rigFamily: string
  /** The family the page lists it under. */
  family: string
  seconds: number
  materials: Quantity[]
  products: Quantity[]
}

export interface ReactionIndex {
  blueprints: Map<number, ReactionBlueprint>
  families: ReactionFamiliesResponse
}

const LABELS: Record<string, string> = {
  hybrid: 'Hybrid (default)',
  polymer: 'Polymer, all formulas',
  'composite-simple': 'Composite: simple',
  'composite-complex': 'Composite: complex',
  biochemical: 'Biochemical',
  'molecular-forged': 'Molecular-forged',
}

/** 'Molecular-Forged Reaction Formulas' → 'molecular-forged'. */
const familyOfGroup = (groupName: string) =>
  groupName
    .replace(/ Reaction Formulas$/, '')
    .toLowerCase()
    .replace(/\s+/g, '-')

/**
 * Every published reaction formula of the SDE, grouped the way players pick them: the spec's eight hybrid formulas
 * first (the default list), then each SDE group, composite split into simple (moon materials in) and complex.
 */
export function buildReactionIndex(catalog: Catalog): ReactionIndex {
  const blueprints = new Map<number, ReactionBlueprint>()
  const members = new Map<string, number[]>()
  const moonMaterials = [...catalog.groups.values()].find((g) => g.name === 'Moon Materials')?.group_id
  for (const bp of catalog.blueprints.values()) {
    const act = bp.activities.reaction
    const t = catalog.type(bp.blueprintTypeId)
    if (!act || !t?.published || !act.products.length || !act.materials.length) continue
    const rigFamily = familyOfGroup(catalog.groups.get(t.group_id)?.name ?? 'Other')
    let family = rigFamily
    if (rigFamily === 'composite')
      family = act.materials.some((m) => catalog.type(m.typeId)?.group_id === moonMaterials) ? 'composite-simple' : 'composite-complex'
    blueprints.set(bp.blueprintTypeId, {
      blueprintID: bp.blueprintTypeId,
      blueprintName: t.name,
      rigFamily,
      family,
      seconds: act.time,
      materials: act.materials,
      products: act.products.map(({ typeId, quantity }) => ({ typeId, quantity })),
    })
    members.set(family, [...(members.get(family) ?? []), bp.blueprintTypeId])
  }
  members.set(
    'hybrid',
    HYBRID_BLUEPRINT_IDS.filter((id) => blueprints.has(id)),
  )
  const productName = (bp: ReactionBlueprint) => catalog.type(bp.products[0].typeId)?.name ?? `Type ${bp.products[0].typeId}`
  const order = ['hybrid', ...Object.keys(LABELS).filter((k) => k !== 'hybrid'), ...[...members.keys()].filter((k) => !(k in LABELS)).sort()]
  const families = order
    .filter((id) => members.get(id)?.length)
    .map((id) => ({
      id,
      label: LABELS[id] ?? id,
      blueprints: members
        .get(id)!
        .map((bpId) => blueprints.get(bpId)!)
        .map((bp) => ({ blueprintID: bp.blueprintID, blueprintName: bp.blueprintName, productName: productName(bp) }))
        .sort((a, b) => a.productName.localeCompare(b.productName)),
    }))
  return { blueprints, families: { defaultFamily: 'hybrid', families } }
}
