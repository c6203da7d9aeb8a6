import { z } from 'zod'
import { WormholeEffect } from './static-data.js'
import { WORMHOLE_LIST_COLUMNS } from './wormhole-list.js'

export const WormholePlanet = z.object({
  planet_id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  moon_count: z.number().int(),
})

/**
 * One row of the list (`GET /api/wormholes`): what the list shows and filters on. Region, constellation, planets
 * and star details load with the system's dialog (`WormholeSystem`), which keeps the list under 400 KB (issue #44).
 */
export const Wormhole = z
  .object({
    jcode: z.string().meta({ example: 'J123450' }),
    solarsystemid: z.number().int(),
    class: z.number().int().meta({ description: 'SDE wormhole class: 1-6, 13 (shattered frigate holes), 14-18 Drifter systems' }),
    class_label: z.string().meta({ example: 'C5', description: 'C1-C6, C13, Sentinel, Barbican, Vidette, Conflux or Redoubt' }),
    effect: WormholeEffect.nullable().meta({ description: 'From the secondary sun; null for no effect' }),
    statics: z.array(z.string()).meta({ description: 'Static wormhole type codes (community data)', example: ['C247', 'N766'] }),
    planet_types: z.array(z.string()).meta({ description: 'The kinds of planet in the system, each once', example: ['Barren', 'Gas', 'Lava'] }),
    star_type_id: z.number().int().nullable(),
    shattered: z.boolean().meta({ description: 'An A0IV star or a shattered planet (C13, Drifter and shattered systems)' }),
  })
  .meta({ id: 'Wormhole' })
export type Wormhole = z.infer<typeof Wormhole>
/** One system with everything the dialog shows: the list row plus region, constellation, effect beacon, star and planets. */
export const WormholeSystem = Wormhole.extend({
  region: z.string(),
  constellation: z.string(),
  effect_strength: z.number().int().nullable().meta({ description: 'Class strength (1-6) of the effect beacon that applies' }),
  effect_beacon_type_id: z.number().int().nullable(),
  planets: z.array(WormholePlanet),
  star_name: z.string().nullable().meta({ description: 'The star type name, e.g. "Sun A0 (Blue Small)"' }),
  star_spectral_class: z.string().nullable().meta({ example: 'A0IV' }),
}).meta({ id: 'WormholeSystem' })
export type WormholeSystem = z.infer<typeof WormholeSystem>
/**
 * The list as a table: the column names once, then one array per system in that order (a list of objects repeats
 * every name 2603 times; this keeps the answer near 270 KB, issue #44). `wormholeRows` (schemas/wormhole-list.ts)
 * turns it back into `Wormhole` objects.
 */
export const WormholeList = z
  .object({
    columns: z
      .array(z.string())
      .meta({ description: 'The names of the row fields, in row order (the fields of Wormhole)', example: [...WORMHOLE_LIST_COLUMNS] }),
    // An array of values rather than a z.tuple: the OpenAPI generator cannot document tuples (it failed the whole
    // document), and the page reads each row by the column names anyway (schemas/wormhole-list.ts).
    rows: z
      .array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])))
      .meta({ description: 'One array per system: its values in the order of `columns`' }),
  })
  .meta({ id: 'WormholeList' })
export type WormholeList = z.infer<typeof WormholeList>

/** Where a wormhole type leads, as the community data names destinations (c1..c6, hs, ls, ns, thera, c13, pochven, drifter systems). */
export const WormholeTypeVariant = z.object({
  total_mass: z.number().nullable().meta({ description: 'kg' }),
  max_jump_mass: z.number().nullable().meta({ description: 'kg' }),
  lifetime_hours: z.number().nullable(),
  mass_regen: z.number().nullable().meta({ description: 'kg regenerated per cycle' }),
  destination: z.string().nullable(),
  type_ids: z.array(z.number().int()),
})

export const WormholeTypeInfo = z
  .object({
    code: z.string().meta({ example: 'C247' }),
    destinations: z.array(z.string()).meta({ description: 'Destination class ids (community data); usually one', example: ['c3'] }),
    total_mass: z.number().nullable().meta({ description: 'kg (the serving static data; the community figure where it has none)', example: 2_000_000_000 }),
    max_jump_mass: z.number().nullable().meta({ description: 'Heaviest ship that may jump, kg (static data first)', example: 375_000_000 }),
    lifetime_hours: z.number().nullable().meta({ description: 'Hours (static data first)' }),
    mass_regen: z.number().nullable().meta({ description: 'kg regenerated per cycle (static data first)' }),
    static: z.boolean().meta({ description: 'Can spawn as a static' }),
    community: z
      .object({
        total_mass: z.number().nullable(),
        max_jump_mass: z.number().nullable(),
        lifetime_hours: z.number().nullable(),
        mass_regen: z.number().nullable(),
      })
      .meta({ description: "The community data set's figures (Wanderer), shown beside the static data's where they differ" }),
    sde: z
      .array(WormholeTypeVariant)
      .meta({ description: 'The values of the serving static data (its build: GET /api/static/status), one entry per distinct variant' }),
    disagreements: z
      .array(z.enum(['total_mass', 'max_jump_mass', 'lifetime_hours', 'mass_regen', 'destination']))
      .meta({ description: "Fields where the community figure and the static data's differ" }),
  })
  .meta({ id: 'WormholeType' })
export type WormholeTypeInfo = z.infer<typeof WormholeTypeInfo>
export const WormholeTypeList = z.array(WormholeTypeInfo).meta({ id: 'WormholeTypeList' })

export const EffectModifier = z.object({
  label: z.string().meta({ example: 'Armor resistances' }),
  value: z.string().meta({ example: '-22%' }),
  good: z.boolean().meta({ description: 'Whether the change helps the pilot' }),
})
export type EffectModifier = z.infer<typeof EffectModifier>

export const SystemWeather = z
  .object({
    visible_effect: WormholeEffect.nullable().meta({ description: 'The effect of the secondary sun seen in space' }),
    applied: z
      .object({
        effect: z.string().meta({ example: 'Red Giant' }),
        strength: z.number().int(),
        beacon_type_id: z.number().int(),
        beacon_name: z.string(),
        modifiers: z.array(EffectModifier),
      })
      .nullable()
      .meta({ description: 'The effect beacon that applies (SDE), with what it does at its class strength' }),
    differs: z.boolean().meta({ description: 'The applied beacon is not the effect of the visible sun' }),
  })
  .meta({ id: 'SystemWeather' })
export type SystemWeather = z.infer<typeof SystemWeather>

export const SITE_KINDS = ['combat', 'relic', 'data', 'gas', 'ore'] as const
export const ClassSite = z
  .object({
    kind: z.enum(SITE_KINDS),
    name: z.string(),
    site_class: z.string().meta({ description: 'The class the site card on /wormhole-sites is filed under (C1-C6)', example: 'C3' }),
    blue_loot_isk: z.number().nullable().meta({ description: 'Blue loot from the sleepers; null when the data has no value' }),
    resource_isk: z.number().nullable().meta({ description: 'Gas or ore in the site at the data set’s prices; null for sleeper sites' }),
  })
  .meta({ id: 'ClassSite' })
export type ClassSite = z.infer<typeof ClassSite>

export const WormholeSystemDetail = z
  .object({
    system: WormholeSystem,
    statics: z.array(
      z.object({ code: z.string(), type: WormholeTypeInfo.nullable().meta({ description: 'null when the code is not in the wormhole type data' }) }),
    ),
    weather: SystemWeather,
    statics_elsewhere: z
      .object({ source: z.string(), statics: z.array(z.string()) })
      .nullable()
      .meta({
        description:
          'Statics an older public map lists for this system where they differ from `statics` (other tools may still show them); null when none is known to differ',
      }),
    image_server: z.string().meta({ description: 'Base URL of the game image server for type icons and logos' }),
    wandering: z
      .array(z.object({ code: z.string(), type: WormholeTypeInfo.nullable() }))
      .nullable()
      .meta({
        description:
          "Wandering (non-static) wormhole types that may spawn in the system's class (community data, Wanderer); null when that data set is missing",
      }),
    sites: z
      .array(ClassSite)
      .nullable()
      .meta({ description: "The sleeper, gas and ore sites of the system's class with their values (community data); null when those data sets are missing" }),
  })
  .meta({ id: 'WormholeSystemDetail' })
export type WormholeSystemDetail = z.infer<typeof WormholeSystemDetail>

/** `GET /api/wormholes/:jcode` */
export const WormholeSystemParams = z.object({ jcode: z.string().min(1).max(20).meta({ example: 'J123450' }) })

/** `GET /api/system-residents/:solarsystemid`: the corporations seen most in a system's kills and the UTC hours they are seen. */
export const SystemResidents = z
  .object({
    solarsystemid: z.number().int(),
    days: z.number().int().meta({ description: 'The window the hours cover, in days' }),
    corporations: z.array(
      z.object({
        id: z.number().int(),
        name: z.string().nullable(),
        kills: z.number().int().meta({ description: 'Kills the corporation took part in (as victim or attacker) in the window' }),
        hours: z.array(z.number().int()).length(24).meta({ description: 'Those kills by UTC hour, 00 to 23' }),
      }),
    ),
  })
  .meta({ id: 'SystemResidents' })
export type SystemResidents = z.infer<typeof SystemResidents>
export const SolarSystemIdParams = z.object({ solarsystemid: z.coerce.number().int().min(30_000_000).max(33_000_000).meta({ example: 31000488 }) })

/** `GET /api/wormhole-types/:code` */
export const WormholeTypeParams = z.object({ code: z.string().min(1).max(10).meta({ example: 'H296' }) })
export const WormholeTypeDetail = z
  .object({
    type: WormholeTypeInfo,
    static_in: z
      .array(z.object({ class_label: z.string(), systems: z.number().int() }))
      .meta({ description: 'The classes whose systems have it as a static, with how many systems (community statics)' }),
    wandering_in: z.array(z.string()).nullable().meta({ description: 'The classes it may open in as a wandering hole; null when that data set is missing' }),
  })
  .meta({ id: 'WormholeTypeDetail' })
export type WormholeTypeDetail = z.infer<typeof WormholeTypeDetail>
