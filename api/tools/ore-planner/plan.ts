import { hubByStation, type StationPriceRow } from '../../../schemas/market.js'
import {
  BATCH_UNITS,
  MINERAL_UNIT_M3,
  MINERALS,
  PLANNER_DEFAULTS,
  PRICE_FIELD_LABELS,
  refineRateFraction,
  type MineralName,
  type PlannerPriceField,
} from '../../../schemas/ore-planner-constants.js'
import type { PlanRequest, PlanResponse, PlanRow } from '../../../schemas/ore-planner.js'
import { badRequest, HttpError } from '../../../platform/http/errors.js'
import { resolveAllowedOres, type PlannerOre } from './ores.js'
import type { SearchRunner } from './solver/branch-and-bound.js'
import type { MipRunner } from './solver/mip.js'
import { objectiveStep, optimise, relaxedOptimum, stackYield, type OreColumn } from './solver/optimise.js'

/** The hub prices a plan reads: the api's in-memory price store, or hand-built rows in tests. */
export interface HubPrices {
  rows(stationId: number, typeIds: number[]): StationPriceRow[]
  snapshotAt(stationId: number): Date | null
}

export interface PlanDeps {
  ores: PlannerOre[]
  prices: HubPrices
  run: MipRunner
  /** The exact search (`solver/branch-and-bound.ts`), tried first for m³ and batch plans; without it HiGHS does all. */
  search?: SearchRunner
  /** The group search (`solver/group-search.ts`), tried first for ISK and blend plans; without it HiGHS does all. */
  groupSearch?: SearchRunner
  timeLimitMs: number
  /** Prices older than this get a warning (seconds). */
  staleAfterSeconds: number
}

type Measure = 'isk' | 'm3' | 'batches' | 'blend'

/** The objective's resolution: plans this close to the proven bound count as optimal. */
const TOLERANCE: Record<Measure, number> = { isk: 1, m3: 0.001, batches: 0.5, blend: 1e-6 }
/** The unit each measure's costs are counted in for `objectiveStep` (ISK to the cent); blends have none. */
const COST_UNIT: Partial<Record<Measure, number>> = { isk: 0.01, m3: 0.001, batches: 1 }

/**
 * The gap at which a plan is proven optimal: the measure's resolution, or just under the step every plan's value
 * moves in when that is larger (then the proof is exact, and the solver can stop sooner).
 */
function toleranceFor(measure: Measure, costs: number[]): number {
  const unit = COST_UNIT[measure]
  if (unit === undefined) return TOLERANCE[measure]
  return Math.max(TOLERANCE[measure], objectiveStep(costs, unit) * (1 - 1e-6))
}

/**
 * HiGHS's RENS and RINS heuristics solve sub-MIPs at the root to find good plans early. For haul plans (few
 * distinct volumes, 27 ores after the reductions) they cost more than they find: without them m³ plans were proven
 * 26% sooner over 12 random target sets and never later. For ISK and blend plans they stay on: without them the
 * plan returned at the time limit can be much worse (docs/tools/compressed.md, Speed).
 */
const isHaul = (measure: Measure) => measure === 'm3' || measure === 'batches'
const subMipHeuristicsFor = (measure: Measure) => !isHaul(measure)

/**
 * m³ and batch plans go first to the planner's own exact search, which proves them 2–7× sooner than HiGHS
 * (docs/tools/compressed.md, Speed). A search that does not finish in this time hands its plan (as HiGHS's start)
 * and its bound to HiGHS.
 */
const EXACT_SEARCH_MS = 150
const exactSearchFor = (measure: Measure, deps: PlanDeps) => (isHaul(measure) && deps.search ? { run: deps.search, timeLimitMs: EXACT_SEARCH_MS } : undefined)

/**
 * ISK and blend plans go first to the group search, which proves the bench's full plans in 15–40 ms where HiGHS
 * took 0.5 s to past the 3 s limit (docs/tools/compressed.md, Twenty-third session). Blends weighted towards m³ are
 * like m³ plans, whose near-equal volumes it does not suit; one that does not finish in this time hands HiGHS its
 * best plan and bound (on random full plans, the searches that finished took 0.5 s at most, most under 10 ms).
 */
const GROUP_SEARCH_MS = 500
const groupSearchFor = (measure: Measure, deps: PlanDeps) =>
  !isHaul(measure) && deps.groupSearch ? { run: deps.groupSearch, timeLimitMs: GROUP_SEARCH_MS } : undefined

/** A haul plan costing this many times a cost plan (or more) is said to cost far more. */
export const HAUL_COST_WARNING_RATIO = 2

/**
 * What a Minimize Cost plan for the same targets costs: the group search's plan when it finishes in its time, else
 * the best plan found (its value is then at or above the cheapest, so a ratio against it never overstates).
 * null when an ore has no price or nothing could be planned.
 */
async function cheapestPlanCost(
  deps: PlanDeps,
  candidates: PlannerOre[],
  targets: number[],
  rateMicro: number,
  batchCost: (o: PlannerOre) => number,
  limits: { maxOres?: number; minBatches?: number },
): Promise<number | null> {
  const priced = candidates.filter((o) => batchCost(o) > 0)
  const columns = priced.map((o) => ({ id: o.typeIdCompressed, batchYield: o.batchYield, cost: batchCost(o) }))
  const solved = await optimise(deps.run, {
    columns,
    targets,
    rateMicro,
    absGap: toleranceFor(
      'isk',
      columns.map((c) => c.cost),
    ),
    timeLimitMs: Math.min(deps.timeLimitMs, 1000),
    subMipHeuristics: true,
    groupSearch: groupSearchFor('isk', deps),
    limits,
  }).catch(() => null)
  return solved && !solved.infeasible && solved.batches.size > 0 && solved.unreachable.length === 0 ? solved.value : null
}

/**
 * One hub price per unit, or null when there is none. avg_price is the midpoint of sell 5% and buy 5% and needs
 * both; a price of 0 or less counts as no price.
 */
export function unitPrice(row: StationPriceRow | undefined, field: PlannerPriceField): number | null {
  if (!row) return null
  const value = field === 'avg_price' ? (row.sell_5pct !== null && row.buy_5pct !== null ? (row.sell_5pct + row.buy_5pct) / 2 : null) : row[field]
  return value !== null && value > 0 ? value : null
}

const listNames = (names: string[], max = 6) => (names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`)
const sumOrNull = (values: Array<number | null>) => (values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + v!, 0))

export async function makePlan(req: PlanRequest, deps: PlanDeps): Promise<PlanResponse> {
  const rate = refineRateFraction(req.refineRate)
  const rateMicro = Math.round(rate * 1e6)
  const { found: allowed, unknown } = resolveAllowedOres(deps.ores, req.allowedOres)
  if (unknown.length) throw badRequest(`allowedOres: not a compressed ore the planner knows: ${listNames(unknown.map((u) => `'${u.slice(0, 60)}'`))}`)

  const strategy = req.strategy
  const stationId = strategy.station_id ?? PLANNER_DEFAULTS.stationId
  const priceField = strategy.price_field ?? PLANNER_DEFAULTS.priceField
  const hub = hubByStation(stationId)!
  const snapshot = deps.prices.snapshotAt(stationId)
  const pricedByCost = strategy.type !== 'min_haul'
  if (pricedByCost && !snapshot) {
    throw new HttpError(
      503,
      `No market prices for ${hub.label} yet: the market data has not arrived from ESI (see the Status page). Prioritize Hauling plans without prices.`,
      undefined,
      { 'Retry-After': '60' },
    )
  }
  const priceRows = new Map(
    deps.prices.rows(stationId, [...allowed.map((o) => o.typeIdCompressed), ...MINERALS.map((m) => m.typeId)]).map((r) => [r.type_id, r]),
  )
  const priceOf = (typeId: number) => unitPrice(priceRows.get(typeId), priceField)
  const fieldLabel = `${PRICE_FIELD_LABELS[priceField].toLowerCase()} price at ${hub.label}`

  const targets = MINERALS.map((m) => req.targets[m.name] ?? 0)
  const warnings: string[] = []
  const unpricedOres = allowed.filter((o) => priceOf(o.typeIdCompressed) === null)
  const candidates = pricedByCost ? allowed.filter((o) => priceOf(o.typeIdCompressed) !== null) : allowed
  if (pricedByCost && unpricedOres.length) warnings.push(`No ${fieldLabel} for ${listNames(unpricedOres.map((o) => o.name))}: left out of the plan.`)

  // At an absurd refine rate (0.0001%) the ore a target needs can pass what a double holds exactly: refuse the plan
  // rather than answer with rounded unit counts.
  targets.forEach((target, m) => {
    const bestPerBatch = Math.max(0, ...candidates.map((o) => o.batchYield[m])) * (rateMicro / 1e6)
    if (target > 0 && bestPerBatch > 0 && (target / bestPerBatch) * BATCH_UNITS > Number.MAX_SAFE_INTEGER) {
      throw badRequest(
        `refineRate: at ${(rateMicro / 1e4).toLocaleString('en-US', { maximumFractionDigits: 4 })}% the plan would need more than ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')} units of ore for ${MINERALS[m].name}: raise the refine rate or lower the target`,
      )
    }
  })

  const batchCost = (o: PlannerOre) => priceOf(o.typeIdCompressed)! * BATCH_UNITS
  const batchVolume = (o: PlannerOre) => o.volumeCompressedM3 * BATCH_UNITS
  const columnsWith = (cost: (o: PlannerOre) => number): OreColumn[] =>
    candidates.map((o) => ({ id: o.typeIdCompressed, batchYield: o.batchYield, cost: cost(o) }))
  let measure: Measure
  let columns: OreColumn[]
  if (strategy.type === 'min_cost') {
    measure = 'isk'
    columns = columnsWith(batchCost)
  } else if (strategy.type === 'min_haul') {
    measure = strategy.haul_mode === 'batches' ? 'batches' : 'm3'
    columns = columnsWith(measure === 'batches' ? () => 1 : batchVolume)
  } else {
    // Each measure is divided by its own best possible value (fractional batches allowed), so both sides count
    // from 1 and the weight means what it says: 1.00 is all cost, 0.00 all m³.
    measure = 'blend'
    const w = strategy.blend_weight
    const [bestCost, bestVolume] = await Promise.all([
      relaxedOptimum(deps.run, { columns: columnsWith(batchCost), targets, rateMicro }),
      relaxedOptimum(deps.run, { columns: columnsWith(batchVolume), targets, rateMicro }),
    ])
    columns = columnsWith((o) => (w * batchCost(o)) / (bestCost || 1) + ((1 - w) * batchVolume(o)) / (bestVolume || 1))
  }

  const anyTarget = targets.some((t) => t > 0)
  const limits = { maxOres: req.maxOres, minBatches: req.minBatchesPerOre }
  const tolerance = toleranceFor(
    measure,
    columns.map((c) => c.cost),
  )
  const solved = anyTarget
    ? await optimise(deps.run, {
        columns,
        targets,
        rateMicro,
        absGap: tolerance,
        timeLimitMs: deps.timeLimitMs,
        subMipHeuristics: subMipHeuristicsFor(measure),
        groupSearch: groupSearchFor(measure, deps),
        exactSearch: exactSearchFor(measure, deps),
        limits,
      })
    : null
  if (solved?.infeasible) {
    const cap = req.maxOres === undefined ? '' : ` at most ${req.maxOres} ${req.maxOres === 1 ? 'ore' : 'ores'}`
    const min = (req.minBatchesPerOre ?? 1) > 1 ? `${cap ? ' and' : ''} at least ${req.minBatchesPerOre} batches of each` : ''
    warnings.push(
      solved.timedOut
        ? `No plan with${cap}${min} was found within the time limit. Raise the limits, or leave them empty.`
        : `No plan with${cap}${min} meets every target: no such set of allowed ores yields all the minerals. Allow more ores, or raise the cap.`,
    )
  }

  const rows: PlanRow[] = []
  for (const ore of deps.ores) {
    const batches = solved?.batches.get(ore.typeIdCompressed)
    if (!batches) continue
    const price = priceOf(ore.typeIdCompressed)
    const yields: Partial<Record<MineralName, number>> = {}
    ore.batchYield.forEach((q, m) => {
      const out = stackYield(batches, q, rateMicro)
      if (out > 0) yields[MINERALS[m].name] = out
    })
    rows.push({
      name: ore.name,
      typeId: ore.typeIdCompressed,
      batches,
      units: batches * BATCH_UNITS,
      volumeM3: batches * batchVolume(ore),
      unitPrice: price,
      cost: price === null ? null : price * batches * BATCH_UNITS,
      yields,
    })
  }

  const totals = {} as PlanResponse['totals']
  const mineralLines = MINERALS.map((m, i) => {
    const produced = rows.reduce((s, r) => s + (r.yields[m.name] ?? 0), 0)
    const target = targets[i]
    const line = { target, produced, surplus: Math.max(0, produced - target), shortfall: Math.max(0, target - produced) }
    totals[m.name] = line
    return { ...line, name: m.name, price: priceOf(m.typeId), targeted: Math.min(produced, target) }
  })

  const allowedIds = new Set(allowed.map((o) => o.typeIdCompressed))
  for (const m of solved?.unreachable ?? []) {
    const short = `${MINERALS[m].name}: ${targets[m].toLocaleString('en-US')} short.`
    // An allowed ore that yields it but was left out for want of a price: "allow it" would be wrong advice.
    const unpricedSource = pricedByCost && unpricedOres.some((o) => o.batchYield[m] > 0)
    const sources = [...new Set(deps.ores.filter((o) => o.batchYield[m] > 0 && !allowedIds.has(o.typeIdCompressed)).map((o) => o.family))]
    const allow = sources.length ? ` Allow ${listNames(sources)} to get it.` : ''
    warnings.push(
      rateMicro === 0
        ? `Refine rate is 0%: no ${MINERALS[m].name} can be produced (${targets[m].toLocaleString('en-US')} short).`
        : unpricedSource
          ? `No allowed ore with a ${fieldLabel} yields ${short}${allow}`
          : `No allowed ore yields ${short}${allow}`,
    )
  }
  if (!anyTarget) warnings.push('No mineral targets: enter an amount for at least one mineral.')
  const haulCost = isHaul(measure) && snapshot ? sumOrNull(rows.map((r) => r.cost)) : null
  if (haulCost !== null && haulCost > 0) {
    const cheaper = await cheapestPlanCost(deps, candidates, targets, rateMicro, batchCost, limits)
    // The cost plan's value is the cheapest found, at or above the true cheapest, so the ratio said is a floor.
    if (cheaper !== null && haulCost >= HAUL_COST_WARNING_RATIO * cheaper) {
      warnings.push(
        `This plan costs ${Math.round(haulCost).toLocaleString('en-US')} ISK, at least ${Math.floor(haulCost / cheaper).toLocaleString('en-US')} times the ${Math.round(cheaper).toLocaleString('en-US')} ISK of a Minimize Cost plan for the same minerals: it saves hauling at that price.`,
      )
    }
  }
  const unpricedRows = rows.filter((r) => r.unitPrice === null)
  if (unpricedRows.length) warnings.push(`No ${fieldLabel} for ${listNames(unpricedRows.map((r) => r.name))}: the ore cost is not shown.`)
  const unpricedMinerals = mineralLines.filter((l) => l.produced > 0 && l.price === null)
  if (unpricedMinerals.length) warnings.push(`No ${fieldLabel} for ${listNames(unpricedMinerals.map((l) => l.name))}: mineral values are not shown.`)
  const ageSeconds = snapshot ? Math.max(0, Math.round((Date.now() - snapshot.getTime()) / 1000)) : null
  if (ageSeconds !== null && ageSeconds > deps.staleAfterSeconds) warnings.push(`Prices at ${hub.label} are ${Math.round(ageSeconds / 60)} minutes old.`)
  if (solved && !solved.proven) {
    const gap = solved.value - solved.lowerBound
    const amount =
      measure === 'isk'
        ? `${Math.ceil(gap).toLocaleString('en-US')} ISK`
        : measure === 'm3'
          ? `${gap.toFixed(2)} m³`
          : measure === 'batches'
            ? `${Math.ceil(gap)} batches`
            : `${((gap / solved.value) * 100).toFixed(4)}%`
    warnings.push(
      `Stopped at the ${Math.round(deps.timeLimitMs / 1000)} s time limit before proving this plan the best: it is at most ${amount} from the best possible.`,
    )
  }

  const valueOf = (pick: (l: (typeof mineralLines)[number]) => number) =>
    sumOrNull(mineralLines.map((l) => (pick(l) > 0 ? (l.price === null ? null : l.price * pick(l)) : 0)))
  const m3Of = (pick: (l: (typeof mineralLines)[number]) => number) => mineralLines.reduce((s, l) => s + pick(l) * MINERAL_UNIT_M3, 0)
  return {
    rows,
    summary: {
      batchesTotal: rows.reduce((s, r) => s + r.batches, 0),
      oresM3: rows.reduce((s, r) => s + r.volumeM3, 0),
      targetedMineralsM3: m3Of((l) => l.targeted),
      surplusMineralsM3: m3Of((l) => l.surplus),
      allMineralsM3: m3Of((l) => l.produced),
      oresCostIsk: sumOrNull(rows.map((r) => r.cost)),
      targetedValueIsk: valueOf((l) => l.targeted),
      surplusValueIsk: valueOf((l) => l.surplus),
      allMineralsValueIsk: valueOf((l) => l.produced),
    },
    totals,
    warnings,
    refineRate: rate,
    strategy: strategy.type,
    pricing: { station_id: stationId, label: hub.label, price_field: priceField, updated: snapshot?.toISOString() ?? null, age_seconds: ageSeconds },
    optimality:
      solved && solved.batches.size > 0
        ? {
            proven: solved.proven,
            measure,
            value: solved.value,
            lowerBound: solved.lowerBound,
            gap: Math.max(0, solved.value - solved.lowerBound),
            tolerance,
            solveMs: Math.round(solved.solveMs),
            timedOut: solved.timedOut,
          }
        : null,
  }
}
