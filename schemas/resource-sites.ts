import { z } from 'zod'

/**
 * `GET /api/wormhole-sites/resource-sites`: the gas and ore sites of the community data sets (data/community/gas-sites
 * and ore-sites, from the community wormhole-sites sheet) with what they hold and the sleepers that defend them.
 */
export const ResourceSiteDefender = z.object({
  name: z.string(),
  type_id: z.number().int().nullable(),
  quantity: z.number(),
  /** The sheet's size class letter (F frigate, C cruiser, B battleship …), as it gives it. */
  size_class: z.string().nullable(),
  dps: z.number().nullable(),
  alpha: z.number().nullable(),
  ehp: z.number().nullable(),
  scram: z.number().nullable(),
  web: z.number().nullable(),
  /** Energy neutralised per second (GJ/s), positive. */
  neut_gj_s: z.number().nullable(),
  rrep_hp_s: z.number().nullable(),
  orbit_distance_m: z.number().nullable(),
  max_velocity: z.number().nullable(),
})
export type ResourceSiteDefender = z.infer<typeof ResourceSiteDefender>

export const ResourceSite = z.object({
  name: z.string(),
  kind: z.enum(['gas', 'ore']),
  classes: z.array(z.string()),
  blue_loot_isk: z.number().nullable(),
  resource_value_isk: z.number().nullable().meta({ description: "The clouds' or ores' value at the data set's prices (ESI average prices of 2026-05-23)" }),
  resources: z.array(z.object({ name: z.string(), type_id: z.number().int(), units: z.number(), volume_m3: z.number() })),
  defenders: z.array(ResourceSiteDefender),
  /** The sheet's totals of the defenders (DPS, alpha, EHP), or null when it has none. */
  defender_totals: z.object({ dps: z.number().nullable(), alpha: z.number().nullable(), ehp: z.number().nullable() }).nullable(),
})
export type ResourceSite = z.infer<typeof ResourceSite>

export const ResourceSites = z
  .object({
    sites: z.array(ResourceSite),
    /** Data sets that are missing on this server (their sites are absent). */
    missing: z.array(z.string()),
  })
  .meta({ id: 'ResourceSites' })
export type ResourceSites = z.infer<typeof ResourceSites>
