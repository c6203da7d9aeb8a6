import { z } from 'zod'
import type { PlanetRow, SolarSystemRow, StargateRow, TypeRow, WormholeEffect } from '../../schemas/static-data.js'
import { readJsonlFile, SourceError } from './sde-files.js'
import { EFFECT_BY_SUN_NAME, type UniverseData } from './universe.js'

/**
 * The map of CCP's JSON Lines SDE (mapRegions, mapConstellations, mapSolarSystems, mapPlanets, mapStars,
 * mapSecondarySuns, mapStargates), read into the same rows as the YAML tree's universe/ folders (platform/sde/universe.ts):
 * k-space (30M ids) and J-space (31M ids) systems, J-space planets, and the stargate graph. Names are the English
 * `name` of each record; a planet has no name field and is named "<system> <celestial index in Roman numerals>" as
 * CCP's guides say (the YAML tree's invNames holds the same names).
 */

const English = z.object({ en: z.string() })
const RawRegion = z.object({ name: English, wormholeClassID: z.number().int().optional() })
const RawConstellation = z.object({ name: English, regionID: z.number().int(), wormholeClassID: z.number().int().optional() })
const RawSystem = z.object({
  name: English,
  constellationID: z.number().int(),
  regionID: z.number().int(),
  securityStatus: z.number(),
  wormholeClassID: z.number().int().optional(),
  starID: z.number().int().optional(),
})
const RawPlanet = z.object({
  celestialIndex: z.number().int(),
  solarSystemID: z.number().int(),
  typeID: z.number().int(),
  moonIDs: z.array(z.number().int()).optional(),
})
const RawStar = z.object({ typeID: z.number().int(), statistics: z.object({ spectralClass: z.string().optional() }).optional() })
const RawSecondarySun = z.object({ solarSystemID: z.number().int(), typeID: z.number().int(), effectBeaconTypeID: z.number().int().optional() })
const RawStargate = z.object({
  solarSystemID: z.number().int(),
  destination: z.object({ solarSystemID: z.number().int(), stargateID: z.number().int() }),
})

const isKspace = (id: number) => id >= 30_000_000 && id < 31_000_000
const isJspace = (id: number) => id >= 31_000_000 && id < 32_000_000

export function roman(n: number): string {
  const numerals: Array<[number, string]> = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ]
  let out = ''
  for (const [value, letters] of numerals)
    while (n >= value) {
      out += letters
      n -= value
    }
  return out
}

export async function readUniverseJsonl(root: string, types: Map<number, TypeRow>): Promise<UniverseData> {
  const typeName = (id: number) => types.get(id)?.name ?? null
  const regions = new Map(await readJsonlFile(root, 'mapRegions.jsonl', RawRegion))
  const constellations = new Map(await readJsonlFile(root, 'mapConstellations.jsonl', RawConstellation))
  const kept = (r: Record<string, unknown>) => isKspace(r._key as number) || isJspace(r._key as number)
  const systemsRaw = await readJsonlFile(root, 'mapSolarSystems.jsonl', RawSystem, kept)
  const stars = new Map(await readJsonlFile(root, 'mapStars.jsonl', RawStar))
  const suns = new Map((await readJsonlFile(root, 'mapSecondarySuns.jsonl', RawSecondarySun)).map(([, s]) => [s.solarSystemID, s]))
  const jspacePlanets = await readJsonlFile(root, 'mapPlanets.jsonl', RawPlanet, (r) => isJspace(r.solarSystemID as number))
  const planetsBySystem = new Map<number, Array<[number, z.output<typeof RawPlanet>]>>()
  for (const entry of jspacePlanets) {
    const list = planetsBySystem.get(entry[1].solarSystemID) ?? []
    list.push(entry)
    planetsBySystem.set(entry[1].solarSystemID, list)
  }

  const systems: SolarSystemRow[] = []
  const planets: PlanetRow[] = []
  for (const [id, s] of systemsRaw) {
    const constellation = constellations.get(s.constellationID)
    const region = regions.get(s.regionID)
    if (!constellation) throw new SourceError(`mapSolarSystems.jsonl: record ${id}: constellation ${s.constellationID} is not in mapConstellations.jsonl`)
    if (!region) throw new SourceError(`mapSolarSystems.jsonl: record ${id}: region ${s.regionID} is not in mapRegions.jsonl`)
    const star = s.starID !== undefined ? stars.get(s.starID) : undefined
    const jspace = isJspace(id)
    const sun = jspace ? suns.get(id) : undefined
    let effect: WormholeEffect | null = null
    let strength: number | null = null
    if (sun) {
      const sunName = typeName(sun.typeID) ?? ''
      effect = EFFECT_BY_SUN_NAME[sunName] ?? null
      if (!effect) throw new SourceError(`mapSecondarySuns.jsonl: system ${id}: secondary sun type ${sun.typeID} ('${sunName}') is not a known wormhole effect`)
      const beaconName = sun.effectBeaconTypeID ? typeName(sun.effectBeaconTypeID) : null
      const m = beaconName ? /^Class (\d+) /.exec(beaconName) : null
      strength = m ? Number(m[1]) : null
    }
    let moonCount = 0
    const own = jspace ? (planetsBySystem.get(id) ?? []).sort(([a], [b]) => a - b) : []
    for (const [planetId, p] of own) {
      const moons = p.moonIDs?.length ?? 0
      moonCount += moons
      planets.push({
        solar_system_id: id,
        planet_id: planetId,
        celestial_index: p.celestialIndex,
        name: `${s.name.en} ${roman(p.celestialIndex)}`,
        type_id: p.typeID,
        type_name: typeName(p.typeID) ?? `Type ${p.typeID}`,
        moon_count: moons,
      })
    }
    systems.push({
      solar_system_id: id,
      name: s.name.en,
      region_id: s.regionID,
      region_name: region.name.en,
      constellation_id: s.constellationID,
      constellation_name: constellation.name.en,
      security: s.securityStatus,
      class_id: s.wormholeClassID ?? constellation.wormholeClassID ?? region.wormholeClassID ?? null,
      is_jspace: jspace,
      star_type_id: star?.typeID ?? null,
      star_type_name: star ? typeName(star.typeID) : null,
      // The YAML reader reads spectral classes of J-space stars only (k-space files are read by their top level).
      star_spectral_class: jspace ? (star?.statistics?.spectralClass ?? null) : null,
      secondary_sun_type_id: sun?.typeID ?? null,
      effect,
      effect_beacon_type_id: sun?.effectBeaconTypeID ?? null,
      effect_strength: strength,
      planet_count: own.length,
      moon_count: moonCount,
    })
  }

  const known = new Set(systems.map((s) => s.solar_system_id))
  const stargates: StargateRow[] = []
  for (const [gateId, g] of await readJsonlFile(root, 'mapStargates.jsonl', RawStargate)) {
    if (!known.has(g.solarSystemID)) continue
    if (!known.has(g.destination.solarSystemID))
      throw new SourceError(`mapStargates.jsonl: record ${gateId}: destination system ${g.destination.solarSystemID} is not in mapSolarSystems.jsonl`)
    stargates.push({
      stargate_id: gateId,
      solar_system_id: g.solarSystemID,
      destination_stargate_id: g.destination.stargateID,
      destination_system_id: g.destination.solarSystemID,
    })
  }
  return { systems, planets, stargates }
}
