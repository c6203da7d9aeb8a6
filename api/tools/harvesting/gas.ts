import { GAS_IMPLANTS, gasModulesFor } from '../../../schemas/harvesting-options.js'
import type { GasCalcEntry, GasCalcRequest } from '../../../schemas/harvesting.js'
import { formatHuffTime } from '../../../schemas/harvesting-rules.js'
import { badRequest, HttpError } from '../../../platform/http/errors.js'
import { burstFor, m3PerHour, type PriceLookup } from './fleet.js'
import type { HarvestingData } from './game-data.js'
import { harvestModule } from './mechanics.js'
import { siteHuffSeconds, siteIskPerHour } from './site-hour.js'

export const GAS_DATA_MISSING = 'The gas site data set (gas-sites/gas-sites.json) is not loaded on this server, so the clouds are unknown. Try again later.'

/**
 * The gas calculator: every cloud of every wormhole gas site, harvested by `shipCount` ships with `moduleCount`
 * modules each, all on the same cloud.
 * - Per hour: fleet m³/h = modules × yield ÷ cycle × 3600; units/h = m³/h ÷ unit volume; ISK/h = units/h × price.
 * - Residue: with chance p a cycle also destroys m × yield, so the cloud shrinks by (1 + p·m) × yield per cycle;
 *   the expected harvest is cloud ÷ (1 + p·m) and the rest is lost.
 * - Time to huff: whole fleet cycles until the cloud is gone (rounded up), × cycle time.
 * - Site ISK/h: what the site pays in the fleet's first hour on it, both clouds, bounded by what they hold
 *   (`siteIskPerHour`); iskPerHour stays the rate while huffing one gas (the spec's field).
 */
export function calcGas(data: HarvestingData, req: GasCalcRequest, prices: PriceLookup): GasCalcEntry[] {
  if (!data.gasClouds) throw new HttpError(503, GAS_DATA_MISSING)
  const ship = data.gasShips.get(req.ship) ?? null
  const module = data.gasModule(req.moduleType)
  const allowed = gasModulesFor(req.ship)
  if (!module || !allowed.includes(module.name)) {
    throw badRequest(
      `moduleType: ${module ? `a ${req.ship} does not use ${module.name}` : `'${req.moduleType.slice(0, 60)}' is not a gas module`}; choose one of: ${allowed.join(', ')}`,
    )
  }
  const implant = GAS_IMPLANTS.find((i) => Math.abs(i.value - req.implant) < 1e-9)
  if (!implant) throw badRequest(`implant: must be one of ${GAS_IMPLANTS.map((i) => i.value).join(', ')} (none, GH-801, GH-803, GH-805)`)

  const burst = burstFor(data, {
    ship: req.boostShip === 'gnosis' ? 'Gnosis' : req.boostShip,
    industrialCommandShips: req.industrialCommand,
    miningDirector: req.miningDirector,
    implant: req.boostImplant === 'none' ? 'None' : req.boostImplant,
    module: req.boostModule,
    core: req.bastion === 'yes',
  })
  const result = harvestModule(
    data.dogma,
    data.skills,
    { ship: ship?.typeId ?? null, module: module.typeId },
    {
      skills: { 'Mining Frigate': req.skills.Frigate, 'Mining Barge': req.skills.Barge, Exhumers: req.skills.Exhumer },
      implants: implant.name ? [data.gasImplants.get(implant.value)!] : [],
    },
    burst,
  )

  const modules = req.moduleCount * req.shipCount
  const fleetM3PerHour = m3PerHour(result, modules)
  const waste = result.residueProbability * result.residueMultiplier
  const depletionPerCycle = modules * result.yieldM3 * (1 + waste)

  const entries = data.gasClouds.map((cloud) => {
    const cloudM3 = cloud.units * cloud.unitVolume
    const harvestedM3 = cloudM3 / (1 + waste)
    const lostM3 = cloudM3 - harvestedM3
    const priceTypeId = req.compressed ? cloud.compressedTypeId : cloud.typeId
    const price = prices.price(priceTypeId)
    const value = (m3: number) => (price === null ? null : (m3 / cloud.unitVolume) * price)
    const ttkSeconds = depletionPerCycle > 0 ? Math.ceil(cloudM3 / depletionPerCycle - 1e-9) * result.cycleSeconds : Infinity
    const ttk = formatHuffTime(ttkSeconds)
    const unitsPerHour = fleetM3PerHour / cloud.unitVolume
    return {
      site: cloud.site,
      classes: cloud.classes,
      gas: cloud.gas,
      typeId: cloud.typeId,
      unitsPerCloud: cloud.units,
      m3PerUnit: cloud.unitVolume,
      m3_per_cloud: cloudM3,
      m3PerCloud: harvestedM3,
      m3LostResidue: lostM3,
      price,
      priceTypeId,
      totalIskPerCloud: value(cloudM3),
      iskPerCloud: value(harvestedM3),
      iskLostResidue: value(lostM3),
      ttk,
      minutesToHuff: ttk,
      ttkSeconds: Number.isFinite(ttkSeconds) ? ttkSeconds : -1,
      unitsPerHour,
      iskPerHour: price === null ? null : unitsPerHour * price,
      m3PerHour: fleetM3PerHour,
      cycleTime: result.cycleSeconds,
      yieldPerCycle: result.yieldM3,
      residueChance: result.residueProbability,
      residueMultiplier: result.residueMultiplier,
      prices: prices.source,
    }
  })
  // What each site pays per hour of huffing it, bounded by both its clouds (site-hour.ts); on both of its entries.
  const bySite = new Map<string, typeof entries>()
  for (const e of entries) bySite.set(e.site, [...(bySite.get(e.site) ?? []), e])
  return entries.map((e) => {
    const clouds = bySite.get(e.site)!
    return { ...e, siteIskPerHour: siteIskPerHour(clouds), siteHuffSeconds: siteHuffSeconds(clouds) }
  })
}
