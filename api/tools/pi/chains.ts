import type { Catalog, Quantity, Schematic } from '../../../platform/catalog/catalog.js'

/**
 * Planetary production chains, derived from the SDE planet schematics alone (docs/tools/pi.md):
 * - a type no schematic makes is raw (P0);
 * - a product's tier is one more than the highest tier among its inputs (P1 from P0, P2 from P1, P3 from P2,
 *   P4 from P3 and sometimes P1), so the tiers come out of the schematic structure rather than a typed list.
 *   The SDE's market groups (Raw/Processed/Refined/Specialized/Advanced Planetary Materials) agree; the API test
 *   checks that against the real SDE.
 */

export interface PiChain {
  typeId: number
  name: string
  tier: number
  /** Units one factory cycle makes. */
  batch: number
  cycleTime: number
  /** Direct inputs of one batch, sorted by name. */
  inputs: Quantity[]
  /** P0 behind one batch through the whole chain (fractional where intermediate batches do not divide evenly). */
  raw: Quantity[]
  /** Every made item (P1 and up, the product itself excluded) behind one batch: what crosses customs offices. */
  intermediates: Quantity[]
}

export interface PiChainSource {
  schematics: Iterable<Schematic>
  name(typeId: number): string
  /** Customs value of one unit, or null when the SDE has none. */
  taxBase(typeId: number): number | null
}

export interface PiChainIndex {
  /** Every product (P1-P4) by type id. */
  chains: Map<number, PiChain>
  /** Tier of every type that appears in a schematic, P0 included. */
  tiers: Map<number, number>
  name(typeId: number): string
  taxBase(typeId: number): number | null
}

type PerUnit = Map<number, number>

function addScaled(into: PerUnit, from: PerUnit, factor: number): void {
  for (const [id, q] of from) into.set(id, (into.get(id) ?? 0) + q * factor)
}

export function buildChains(source: PiChainSource): PiChainIndex {
  const byOutput = new Map<number, Schematic>()
  for (const s of source.schematics) byOutput.set(s.output.typeId, s)

  const tiers = new Map<number, number>()
  const visiting = new Set<number>()
  const tierOf = (typeId: number): number => {
    const known = tiers.get(typeId)
    if (known !== undefined) return known
    const schematic = byOutput.get(typeId)
    if (!schematic) {
      tiers.set(typeId, 0)
      return 0
    }
    if (visiting.has(typeId)) throw new Error(`planet schematics form a loop through type ${typeId}`)
    visiting.add(typeId)
    const tier = 1 + Math.max(...schematic.inputs.map((i) => tierOf(i.typeId)))
    visiting.delete(typeId)
    tiers.set(typeId, tier)
    return tier
  }

  // Per unit of a product: the P0 and the made items behind it (memoised; linear in the schematic count).
  const rawPerUnit = new Map<number, PerUnit>()
  const madePerUnit = new Map<number, PerUnit>()
  const expand = (typeId: number): { raw: PerUnit; made: PerUnit } => {
    const cached = rawPerUnit.get(typeId)
    if (cached) return { raw: cached, made: madePerUnit.get(typeId)! }
    const schematic = byOutput.get(typeId)
    const raw: PerUnit = new Map()
    const made: PerUnit = new Map()
    if (!schematic) raw.set(typeId, 1)
    else {
      for (const input of schematic.inputs) {
        const perUnit = input.quantity / schematic.output.quantity
        const sub = expand(input.typeId)
        addScaled(raw, sub.raw, perUnit)
        addScaled(made, sub.made, perUnit)
        if (byOutput.has(input.typeId)) made.set(input.typeId, (made.get(input.typeId) ?? 0) + perUnit)
      }
    }
    rawPerUnit.set(typeId, raw)
    madePerUnit.set(typeId, made)
    return { raw, made }
  }

  const byName = (a: Quantity, b: Quantity) => source.name(a.typeId).localeCompare(source.name(b.typeId), 'en')
  const perBatch = (m: PerUnit, batch: number): Quantity[] => [...m].map(([typeId, q]) => ({ typeId, quantity: q * batch })).sort(byName)

  const chains = new Map<number, PiChain>()
  for (const [typeId, schematic] of byOutput) {
    const tier = tierOf(typeId)
    const { raw, made } = expand(typeId)
    const batch = schematic.output.quantity
    chains.set(typeId, {
      typeId,
      name: source.name(typeId),
      tier,
      batch,
      cycleTime: schematic.cycleTime,
      inputs: [...schematic.inputs].sort(byName),
      raw: perBatch(raw, batch),
      intermediates: perBatch(made, batch),
    })
    for (const input of schematic.inputs) tierOf(input.typeId)
  }
  return { chains, tiers, name: source.name, taxBase: source.taxBase }
}

/**
 * The customs value of a commodity: the SDE carries it on every planetary commodity as the dogma attribute
 * `exportTaxMultiplier` (1641; `importTaxMultiplier`, 1640, holds the same number). Its `basePrice` is a different,
 * unrelated number (Water: 35 vs 400), so it is not used. Read directly, never with the attribute's default of 1.
 */
export function chainSourceFromCatalog(catalog: Catalog): PiChainSource {
  const attribute = catalog.attributesByName.get('exportTaxMultiplier')
  return {
    schematics: catalog.schematics.values(),
    name: (id) => catalog.type(id)?.name ?? `Type ${id}`,
    taxBase: (id) => (attribute ? (catalog.dogma(id).get(attribute.attribute_id) ?? null) : null),
  }
}
