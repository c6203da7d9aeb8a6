import { z } from 'zod'
import { WormholeEffect } from './static-data.js'

export const WormholePlanet = z.object({
  planet_id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  moon_count: z.number().int(),
})

export const Wormhole = z
  .object({
    jcode: z.string().meta({ example: 'J123450' }),
    solarsystemid: z.number().int(),
    class: z.number().int().meta({ description: 'SDE wormhole class: 1-6, 13 (shattered frigate holes), 14-18 Drifter systems' }),
    class_label: z.string().meta({ example: 'C5', description: 'C1-C6, C13, Sentinel, Barbican, Vidette, Conflux or Redoubt' }),
    region: z.string(),
    constellation: z.string(),
    effect: WormholeEffect.nullable().meta({ description: 'From the secondary sun; null for no effect' }),
    effect_strength: z.number().int().nullable().meta({ description: 'Class strength (1-6) of the effect beacon that applies' }),
    effect_beacon_type_id: z.number().int().nullable(),
    statics: z.array(z.string()).meta({ description: 'Static wormhole type codes (community data)', example: ['C247', 'N766'] }),
    planets: z.array(WormholePlanet),
    star_type_id: z.number().int().nullable(),
    star_name: z.string().nullable().meta({ description: 'The star type name, e.g. "Sun A0 (Blue Small)"' }),
    star_spectral_class: z.string().nullable().meta({ example: 'A0IV' }),
  })
  .meta({ id: 'Wormhole' })
export type Wormhole = z.infer<typeof Wormhole>
export const WormholeList = z.array(Wormhole).meta({ id: 'WormholeList' })

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
    total_mass: z.number().nullable().meta({ description: 'kg (community value)', example: 2_000_000_000 }),
    max_jump_mass: z.number().nullable().meta({ description: 'Heaviest ship that may jump, kg (community value)', example: 375_000_000 }),
    lifetime_hours: z.number().nullable(),
    mass_regen: z.number().nullable(),
    static: z.boolean().meta({ description: 'Can spawn as a static' }),
    sde: z
      .array(WormholeTypeVariant)
      .meta({ description: 'The values of the serving static data (its build: GET /api/static/status), one entry per distinct variant' }),
    disagreements: z
      .array(z.enum(['total_mass', 'max_jump_mass', 'lifetime_hours', 'mass_regen', 'destination']))
      .meta({ description: 'Fields where the community value and the SDE differ' }),
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

export const WormholeSystemDetail = z
  .object({
    system: Wormhole,
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
  })
  .meta({ id: 'WormholeSystemDetail' })
export type WormholeSystemDetail = z.infer<typeof WormholeSystemDetail>

/** `GET /api/wormholes/:jcode` */
export const WormholeSystemParams = z.object({ jcode: z.string().min(1).max(20).meta({ example: 'J123450' }) })
