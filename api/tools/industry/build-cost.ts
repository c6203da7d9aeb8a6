import type { Quantity } from '../../../platform/catalog/catalog.js'
import type { StationPriceRow } from '../../../schemas/market.js'
import type { BuildCostQuery, BuildCostResponse, DataAges } from '../../../schemas/industry.js'
import { rigOf, type IndustryBonuses } from '../../common/industry/bonuses.js'
import { cents, estimatedItemValue, jobCost, materialMultiplier, materialQuantity, rigReduction, securityClassOf } from '../../common/industry/formulas.js'

export interface BuildBlueprint {
  blueprintID: number
  blueprintName: string
  materials: Quantity[]
  products: Quantity[]
}

export interface BuildSystem {
  solar_system_id: number
  name: string
  security: number
  is_jspace: boolean
}

export interface BuildCostData {
  name: (typeId: number) => string
  hubPrice: (typeId: number) => StationPriceRow | undefined
  adjustedPrice: (typeId: number) => number | null
  /** The system's manufacturing cost index from ESI, null when ESI has none. */
  costIndex: number | null
  stationLabel: string
  bonuses: IndustryBonuses
  ages: DataAges
}

/**
 * Materials and job cost of `runs` runs of a manufacturing blueprint: quantities after ME, the structure's role
 * bonus and an optional material rig (its security multiplier from the system), valued at the hub's sell and buy
 * prices; the job cost from the estimated item value and the system's (or the given) cost index.
 */
export function calcBuildCost(q: BuildCostQuery, bp: BuildBlueprint, system: BuildSystem, data: BuildCostData): BuildCostResponse {
  const securityClass = securityClassOf(system.security, system.is_jspace)
  const structure = data.bonuses.engineering[q.structure]
  const rig = rigOf(data.bonuses.manufacturingMaterialRig, q.rig)
  const multiplier = materialMultiplier({ me: q.me, structure: structure.material, rig: rigReduction(rig, securityClass) })

  const missingPrices: number[] = []
  let missingBuyPrices = 0
  const materials = bp.materials.map((m) => {
    const row = data.hubPrice(m.typeId)
    const price = { sell: row?.sell_min ?? null, buy: row?.buy_max ?? null }
    const adjustedQuantity = materialQuantity(m.quantity, q.runs, multiplier)
    if (price.sell === null) missingPrices.push(m.typeId)
    if (price.buy === null) missingBuyPrices++
    return {
      typeID: m.typeId,
      name: data.name(m.typeId),
      baseQuantity: m.quantity,
      adjustedQuantity,
      price,
      costSell: cents(adjustedQuantity * (price.sell ?? 0)),
      adjustedPrice: data.adjustedPrice(m.typeId),
    }
  })

  const eiv = estimatedItemValue(
    materials.map((m) => ({ typeId: m.typeID, basePerRun: m.baseQuantity, adjustedPrice: m.adjustedPrice })),
    q.runs,
  )
  const costIndex = q.jobCostOverride ?? data.costIndex
  const job = jobCost({ eiv: eiv.value, costIndex: costIndex ?? 0, structureCost: structure.cost, facilityTax: (q.facilityTax ?? 0) / 100 })

  const warnings: string[] = []
  if (structure.disallowedInHighSec && securityClass === 'high') warnings.push(`A ${q.structure} cannot be anchored in high-security space (${system.name}).`)
  // Before the first ESI snapshot is stored every lookup is null: that is our data missing, not ESI's.
  if (costIndex === null)
    warnings.push(
      data.ages.costIndicesAt === null
        ? 'System cost indices have not been fetched from ESI yet; the job cost counts only the taxes. Enter a job cost index to override.'
        : `ESI has no manufacturing cost index for ${system.name}; the job cost counts only the taxes. Enter a job cost index to override.`,
    )
  // A total none of whose parts has a price is no result: the page reads it as n/a, and the warning says why.
  const none = (count: number) => count > 0 && count === materials.length
  if (none(eiv.missing.length))
    warnings.push(
      data.ages.adjustedPricesAt === null
        ? 'Adjusted prices have not been fetched from ESI yet, so the estimated item value and the job cost are n/a.'
        : 'No material has an ESI adjusted price, so the estimated item value and the job cost are n/a.',
    )
  else if (eiv.missing.length) warnings.push(`${eiv.missing.length} material(s) have no ESI adjusted price and are left out of the estimated item value.`)
  if (data.ages.pricesAt === null)
    warnings.push(`Prices at ${data.stationLabel} have not been loaded from ESI yet, so the material costs and the build cost are n/a.`)
  else {
    if (none(missingPrices.length)) warnings.push(`No material has sell orders at ${data.stationLabel}, so the materials total and the build cost are n/a.`)
    else if (missingPrices.length)
      warnings.push(`${missingPrices.length} material(s) have no sell orders at ${data.stationLabel}; they count as 0 in the total.`)
    if (none(missingBuyPrices)) warnings.push(`No material has buy orders at ${data.stationLabel}, so the buy total is n/a.`)
    else if (missingBuyPrices) warnings.push(`${missingBuyPrices} material(s) have no buy orders at ${data.stationLabel}; they count as 0 in the buy total.`)
  }

  return {
    blueprintID: bp.blueprintID,
    blueprintName: bp.blueprintName,
    runs: q.runs,
    ME: q.me,
    station: q.station,
    stationLabel: data.stationLabel,
    structure: q.structure,
    system: { solar_system_id: system.solar_system_id, system_name: system.name, security: system.security, security_class: securityClass },
    materials,
    totalCost: {
      sell: cents(materials.reduce((s, m) => s + m.costSell, 0)),
      buy: cents(materials.reduce((s, m) => s + m.adjustedQuantity * (m.price.buy ?? 0), 0)),
    },
    jobCost: {
      avg: cents(job.total),
      estimatedItemValue: cents(eiv.value),
      costIndex,
      costIndexSource: q.jobCostOverride !== undefined ? 'override' : costIndex === null ? 'missing' : 'system',
      gross: cents(job.gross),
      facilityTax: cents(job.facilityTax),
      sccSurcharge: cents(job.scc),
    },
    products: bp.products.map((p) => {
      const row = data.hubPrice(p.typeId)
      return { typeID: p.typeId, name: data.name(p.typeId), quantity: p.quantity * q.runs, price: { sell: row?.sell_min ?? null, buy: row?.buy_max ?? null } }
    }),
    materialMultiplier: multiplier,
    missingPrices,
    missingAdjustedPrices: eiv.missing,
    warnings,
    ages: data.ages,
  }
}
