import { z } from 'zod'

/**
 * Community data sets the SDE lacks (see docs/data-sources.md and each PROVENANCE.md). Schemas check the fields
 * the product uses and keep the rest (loose objects), so a newer file with extra fields still imports.
 */

const Num = z.number()
const NullableNum = z.number().nullable()

export const SiteNpc = z.looseObject({
  name: z.string(),
  typeID: z.number().int().nullable(),
  sizeClass: z.string().nullable().optional(),
  quantity: Num,
  trigger: z.string().nullable(),
  scram: NullableNum.optional(),
  web: NullableNum.optional(),
  neutGJs: NullableNum.optional(),
  rrepHPs: NullableNum.optional(),
  sigRadius: NullableNum.optional(),
  maxVelocity: NullableNum.optional(),
  orbitDistance: NullableNum.optional(),
  orbitVelocity: NullableNum.optional(),
  dps: NullableNum.optional(),
  alpha: NullableNum.optional(),
  ehp: NullableNum.optional(),
})

export const SiteWave = z.looseObject({
  number: Num,
  label: z.string(),
  totals: z.looseObject({}).optional(),
  npcs: z.array(SiteNpc),
})

export const SleeperSite = z.looseObject({
  name: z.string(),
  siteType: z.enum(['combat', 'relic', 'data']),
  signatureLabel: z.string().optional(),
  blueLootIsk: NullableNum,
  class: z.enum(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']),
  waves: z.array(SiteWave),
})
export type SleeperSite = z.infer<typeof SleeperSite>

export const SleeperNpcStats = z.looseObject({ typeId: z.number().int(), name: z.string() })
/** Raw dogma per NPC type as the community sheet captured it ({attributeID: value, name}); covers types newer than the SDE. */
const DogmaSnapshot = z.record(z.string(), z.record(z.string(), z.union([z.number(), z.string()])))
export const SleeperNpcDogma = z.looseObject({ sleepers: DogmaSnapshot, missiles: DogmaSnapshot })
export type SleeperNpcDogma = z.infer<typeof SleeperNpcDogma>
export const SleeperEscalation = z.looseObject({ name: z.string(), typeId: z.number().int().nullable(), blueLootIsk: Num, classScope: z.string() })

const Resource = z.looseObject({
  name: z.string(),
  typeID: z.number().int(),
  compressedTypeID: z.number().int().nullable().optional(),
  unitVolumeM3: Num,
  units: Num,
  volumeM3: Num,
})

/** Gas and ore sites share one shape; only the name of their resource list differs. */
const resourceSite = <K extends 'gas' | 'ore', R extends string>(siteType: K, resources: R) =>
  z.looseObject({
    name: z.string(),
    siteType: z.literal(siteType),
    blueLootIsk: NullableNum,
    classes: z.array(z.string()),
    defenderWaves: z.array(SiteWave).optional(),
    ...({ [resources]: z.array(Resource) } as Record<R, z.ZodArray<typeof Resource>>),
  })

export const GasSite = resourceSite('gas', 'gases')
export type GasSite = z.infer<typeof GasSite>
export const OreSite = resourceSite('ore', 'ores')
export type OreSite = z.infer<typeof OreSite>

export const WormholeSystemFacts = z.looseObject({
  solarSystemID: z.number().int(),
  name: z.string(),
  class: z.number().int(),
  statics: z.array(z.string()),
  effect: z.string().optional(),
  effectStrength: z.number().int().optional(),
  shattered: z.boolean().optional(),
  wandererName: z.string().optional(),
  /** Caveats from the data set's authors; one form is read: `statics differ from Pathfinder 2019 export: ['J244', 'Z060']`. */
  notes: z.array(z.string()).optional(),
})
export type WormholeSystemFacts = z.infer<typeof WormholeSystemFacts>

export const WormholeType = z.looseObject({
  code: z.string(),
  destination: z.array(z.string()).nullable(),
  sources: z.array(z.string()).optional(),
  static: z.boolean().optional(),
  totalMass: NullableNum,
  maxJumpMass: NullableNum,
  lifetimeHours: NullableNum,
  massRegen: NullableNum.optional(),
  sde: z
    .array(
      z.looseObject({
        totalMass: NullableNum.optional(),
        maxJumpMass: NullableNum.optional(),
        lifetimeMinutes: NullableNum.optional(),
        typeIDs: z.array(z.number().int()),
      }),
    )
    .nullable()
    .optional(),
  sdeDisagrees: z.array(z.string()).optional(),
})
export type WormholeType = z.infer<typeof WormholeType>

export const WormholeEffects = z.looseObject({
  wandererEffectTable: z.array(
    z.looseObject({ name: z.string(), modifiers: z.array(z.looseObject({ name: z.string(), positive: z.boolean(), power: z.array(z.string()) })) }),
  ),
  sdeBeacons: z.array(
    z.looseObject({
      typeID: z.number().int(),
      name: z.string(),
      family: z.string(),
      strength: z.number().int(),
      attributes: z.array(z.looseObject({ attributeID: z.number().int(), name: z.string(), value: Num })),
    }),
  ),
})
export type WormholeEffects = z.infer<typeof WormholeEffects>

/** One row of the item-renames set (data/community/item-renames/PROVENANCE.md): an old item name and the name it has now. */
export const ItemRename = z.looseObject({
  old: z.string().min(1),
  new: z.string().min(1),
  typeID: z.number().int().nullable(),
  since: z.string(),
  source: z.string(),
  oldStillExists: z.boolean(),
})
export type ItemRename = z.infer<typeof ItemRename>

/** Every community data set: where its file lives under COMMUNITY_DATA_DIR and what it must look like. */
export const COMMUNITY_DATASETS = {
  wormholeSystems: { file: 'wormhole-systems/systems.json', schema: z.array(WormholeSystemFacts), what: 'static wormholes per system' },
  wormholeTypes: { file: 'wormhole-types/wormhole-types.json', schema: z.array(WormholeType), what: 'wormhole type mass, jump mass and lifetime' },
  wormholeWandering: {
    file: 'wormhole-systems/wanderer-wandering-by-class.json',
    schema: z.record(z.string(), z.array(z.string())),
    what: 'wandering wormhole types that may spawn in each class',
  },
  wormholeEffects: { file: 'wormhole-effects/effects.json', schema: WormholeEffects, what: 'system effect modifiers by class strength' },
  sleeperSites: { file: 'sleeper-sites/sites.json', schema: z.array(SleeperSite), what: 'sleeper site waves and blue loot values' },
  sleeperNpcStats: { file: 'sleeper-sites/sleeper-npc-stats.json', schema: z.array(SleeperNpcStats), what: 'sleeper NPC combat figures' },
  sleeperEscalations: { file: 'sleeper-sites/escalations.json', schema: z.array(SleeperEscalation), what: 'capital and Drifter escalations' },
  sleeperNpcDogma: {
    file: 'sleeper-sites/sleeper-npc-dogma-snapshot.json',
    schema: SleeperNpcDogma,
    what: 'raw dogma of sleeper NPCs, incl. the Drifter Recon Battleship the SDE lacks',
  },
  gasSites: { file: 'gas-sites/gas-sites.json', schema: z.array(GasSite), what: 'gas site clouds' },
  oreSites: { file: 'ore-sites/ore-sites.json', schema: z.array(OreSite), what: 'ore site contents' },
  itemRenames: { file: 'item-renames/renames.json', schema: z.array(ItemRename), what: 'old item names and the names they have now' },
} as const

export type CommunityDatasetName = keyof typeof COMMUNITY_DATASETS
export type CommunityData = { [K in CommunityDatasetName]: z.output<(typeof COMMUNITY_DATASETS)[K]['schema']> | null }
