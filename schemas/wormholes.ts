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
