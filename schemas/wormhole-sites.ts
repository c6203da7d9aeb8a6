import { z } from 'zod'

export { SITE_FILE_KINDS, SITE_TIERS, siteFileName, type SiteFileKind, type SiteTier } from './wormhole-sites-constants.js'

export const SiteSpecial = z
  .object({
    scram: z.number().optional().meta({ description: 'Warp scramble strength (points)' }),
    web: z.number().optional().meta({ description: 'Stasis web velocity reduction, percent' }),
    neut: z.number().optional().meta({ description: 'Energy neutralized, GJ/s' }),
    rr: z.number().optional().meta({ description: 'Remote armor repair, HP/s' }),
  })
  .meta({ id: 'SiteSpecial', description: 'Only the effects the ship has' })
export type SiteSpecial = z.infer<typeof SiteSpecial>

export const ShipClass = z.enum(['sentry', 'frigate', 'cruiser', 'battleship'])
export type ShipClass = z.infer<typeof ShipClass>

export const SiteShip = z
  .object({
    qty: z.number().int(),
    name: z.string(),
    type_id: z.number().int().nullable(),
    ship_class: ShipClass.nullable(),
    dps: z.number(),
    alpha: z.number(),
    ehp: z.number().meta({ description: "Omni EHP: each layer's HP over its mean resonance" }),
    sig: z.number().meta({ description: 'Signature radius, m' }),
    orbit_velocity: z.number().meta({ description: 'm/s' }),
    max_velocity: z.number().meta({ description: 'm/s' }),
    distance: z.number().meta({ description: 'Orbit distance, m' }),
    special: SiteSpecial,
    trigger: z.boolean().meta({ description: 'Killing the last of these spawns the next wave' }),
    optional: z.boolean(),
    dta: z.boolean().meta({ description: 'Triggers the Decloaked Transmission Relay (C5/C6 Drifter escalation)' }),
    note: z.string().nullable().meta({ description: 'The community data\'s trigger text, e.g. "1st Death Trigger"' }),
    stats_source: z
      .enum(['sde', 'community'])
      .meta({ description: 'sde: derived from the SDE dogma; community: the community data (type missing from the SDE)' }),
  })
  .meta({ id: 'SiteShip' })
export type SiteShip = z.infer<typeof SiteShip>

export const SiteWave = z
  .object({
    wave: z.string().meta({ example: 'Wave 1' }),
    triggerOnHack: z.boolean(),
    ships: z.array(SiteShip),
  })
  .meta({ id: 'SiteWave' })
export type SiteWave = z.infer<typeof SiteWave>

export const SiteType = z.enum(['Combat', 'Data', 'Relic'])
export type SiteType = z.infer<typeof SiteType>

export const SiteRecord = z
  .object({
    site: z.string().meta({ example: 'Core Garrison' }),
    class: z.string().meta({ example: 'C5' }),
    type: SiteType,
    blue_loot_isk: z.number().meta({ description: 'Blue loot for clearing the site (optional spawns excluded), ISK; 0 when unknown' }),
    notes: z.array(z.string()),
    waves: z.array(SiteWave),
  })
  .meta({ id: 'SiteRecord' })
export type SiteRecord = z.infer<typeof SiteRecord>
export const SiteFile = z.array(SiteRecord).meta({ id: 'SiteFile' })

export const DrifterAddition = z.object({
  ship: SiteShip,
  blue_loot_isk: z.number().meta({ description: 'Blue loot per ship, ISK' }),
  notes: z.string().nullable(),
})

export const DrifterAdditions = z
  .object({
    avengers: DrifterAddition.extend({ count: z.object({ C5: z.number().int(), C6: z.number().int() }) }).nullable(),
    response: DrifterAddition.nullable(),
    recon: DrifterAddition.nullable(),
    missing: z.array(z.string()).meta({ description: 'What could not be built, in words' }),
  })
  .meta({ id: 'DrifterAdditions', description: 'C5/C6 capital escalation (Upgraded Avengers), Drifter Response and Drifter Recon battleships' })
export type DrifterAdditions = z.infer<typeof DrifterAdditions>
