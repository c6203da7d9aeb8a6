import type { StationPriceRow } from '../../../schemas/market.js'
import type { ModePrices, ReactionRequest, ReactionResult, ReactionStructure } from '../../../schemas/reactions.js'
import type { DataAges } from '../../../schemas/industry.js'
import { reactionRigsFor, rigModuleName, rigOf, type IndustryBonuses } from '../../common/industry/bonuses.js'
import {
  cents,
  estimatedItemValue,
  jobCost,
  materialMultiplier,
  materialQuantity,
  reactionSecondsPerRun,
  rigReduction,
} from '../../common/industry/formulas.js'
import { modePrices } from '../../common/industry/hub-prices.js'
import type { ReactionBlueprint } from './families.js'

/** What the calculator reads besides the request: names, hub prices, ESI adjusted prices and SDE bonuses. */
export interface ReactionData {
  name: (typeId: number) => string
  hubPrice: (typeId: number) => StationPriceRow | undefined
  adjustedPrice: (typeId: number) => number | null
  bonuses: IndustryBonuses
  ages: DataAges
}

/**
 * Profit of `runs` runs of one reaction formula: inputs bought at the input pricing mode, outputs sold at the output
 * pricing mode, and the job's taxes (job install cost = EIV × system cost index, facility tax and SCC surcharge on
 * the EIV). A price the hub does not have counts as 0 and is listed in `missingPrices`.
 */
export function calcReaction(req: ReactionRequest, bp: ReactionBlueprint, data: ReactionData): ReactionResult {
  const security = req.securityStatus
  const rigs = reactionRigsFor(data.bonuses, bp.rigFamily, req.structureType)
  const meRig = rigs ? rigOf(rigs.material, req.meRig) : null
  const teRig = rigs ? rigOf(rigs.time, req.teRig) : null
  const multiplier = materialMultiplier({ rig: rigReduction(meRig, security) })
  const structure = data.bonuses.refinery[req.structureType]

  const prices: Record<string, ModePrices> = {}
  const missingPrices: ReactionResult['missingPrices'] = []
  const priceOf = (typeId: number, mode: keyof ModePrices, side: 'input' | 'output') => {
    const p = (prices[typeId] ??= modePrices(data.hubPrice(typeId)))
    if (p[mode] === null) missingPrices.push({ typeID: typeId, name: data.name(typeId), side })
    return p[mode] ?? 0
  }

  const inputs = bp.materials.map((m) => ({
    typeID: m.typeId,
    name: data.name(m.typeId),
    baseQuantity: m.quantity,
    quantity: materialQuantity(m.quantity, req.runs, multiplier),
  }))
  const outputs = bp.products.map((p) => ({ typeID: p.typeId, name: data.name(p.typeId), quantity: p.quantity * req.runs }))
  const inputCost = inputs.reduce((sum, l) => sum + l.quantity * priceOf(l.typeID, req.inputPricingMode, 'input'), 0)
  const outputValue = outputs.reduce((sum, l) => sum + l.quantity * priceOf(l.typeID, req.outputPricingMode, 'output'), 0)

  const eiv = estimatedItemValue(
    bp.materials.map((m) => ({ typeId: m.typeId, basePerRun: m.quantity, adjustedPrice: data.adjustedPrice(m.typeId) })),
    req.runs,
  )
  const job = jobCost({ eiv: eiv.value, costIndex: req.systemCostIndex, structureCost: structure.cost, facilityTax: req.facilityTaxPercent / 100 })
  const totalTaxes = cents(job.gross) + cents(job.facilityTax) + cents(job.scc)

  const secondsPerRun = reactionSecondsPerRun({
    baseSeconds: bp.seconds,
    skillLevel: req.reactionSkill,
    skillPercentPerLevel: data.bonuses.reactionSkillPercent,
    structure: structure.time,
    rig: rigReduction(teRig, security),
  })

  return {
    blueprintID: bp.blueprintID,
    blueprintName: bp.blueprintName,
    family: bp.family,
    runs: req.runs,
    inputs,
    outputs,
    prices,
    inputPricingMode: req.inputPricingMode,
    outputPricingMode: req.outputPricingMode,
    inputCost: cents(inputCost),
    outputValue: cents(outputValue),
    estimatedItemValue: cents(eiv.value),
    jobInstallCost: cents(job.gross),
    facilityTax: cents(job.facilityTax),
    sccTax: cents(job.scc),
    totalTaxes: cents(totalTaxes),
    profit: cents(cents(outputValue) - cents(inputCost) - totalTaxes),
    missingPrices,
    missingAdjustedPrices: eiv.missing,
    time: { baseSecondsPerRun: bp.seconds, secondsPerRun: Math.round(secondsPerRun), totalSeconds: Math.round(secondsPerRun * req.runs) },
    materialMultiplier: multiplier,
    rigs: {
      material: rigs && req.meRig !== 'None' ? rigModuleName(rigs.materialRig, req.meRig) : null,
      time: rigs && req.teRig !== 'None' ? rigModuleName(rigs.timeRig, req.teRig) : null,
    },
    rigNote: !rigs && (req.meRig !== 'None' || req.teRig !== 'None') ? noRigSentence(data.bonuses, bp.rigFamily, req.structureType) : null,
    ages: data.ages,
  }
}

function noRigSentence(bonuses: IndustryBonuses, family: string, structure: ReactionStructure): string {
  return bonuses.reactionRigs.has(family)
    ? `The ${structure} fits no rig for ${family} formulas, so the chosen rigs are not applied.`
    : `No reaction rig works on ${family} formulas, so the chosen rigs are not applied.`
}
