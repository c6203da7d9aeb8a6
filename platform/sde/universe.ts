import fs from 'node:fs'
import path from 'node:path'
import yaml from 'js-yaml'
import { z } from 'zod'
import { WormholeEffect, type PlanetRow, type SolarSystemRow, type StargateRow, type TypeRow } from '../../schemas/static-data.js'
import { checkRecord, readSdeYaml, SDE_DIR, SourceError } from './sde-files.js'

// Some names are digits only, which YAML reads as numbers.
const RawName = z.object({ itemID: z.number().int(), itemName: z.union([z.string(), z.number()]).transform(String) })

/** invNames: the names of map objects (regions, constellations, systems, planets) by item id. */
export function readItemNames(root = SDE_DIR): Map<number, string> {
  const raw = readSdeYaml('bsd/invNames.yaml', root)
  if (!Array.isArray(raw)) throw new SourceError('bsd/invNames.yaml: expected a list of {itemID, itemName}')
  const names = new Map<number, string>()
  raw.forEach((r, i) => {
    const n = checkRecord(RawName, r, 'bsd/invNames.yaml', i)
    names.set(n.itemID, n.itemName)
  })
  return names
}

const RawRegion = z.object({ regionID: z.number().int(), wormholeClassID: z.number().int().optional() })
const RawConstellation = z.object({ constellationID: z.number().int(), wormholeClassID: z.number().int().optional() })
const RawPlanet = z.object({ celestialIndex: z.number().int(), typeID: z.number().int(), moons: z.record(z.string(), z.unknown()).optional() })
const RawSystem = z.object({
  solarSystemID: z.number().int(),
  security: z.number(),
  wormholeClassID: z.number().int().optional(),
  planets: z.record(z.string(), RawPlanet).optional(),
  star: z.object({ typeID: z.number().int(), statistics: z.object({ spectralClass: z.string().optional() }).optional() }).optional(),
  secondarySun: z.object({ typeID: z.number().int(), effectBeaconTypeID: z.number().int().optional() }).optional(),
})

/** The spec's effect names, from the SDE name of the secondary sun's type. */
export const EFFECT_BY_SUN_NAME: Record<string, WormholeEffect> = {
  'Black Hole': 'Black Hole',
  'Cataclysmic Variable': 'Cataclysmic Variable',
  Magnetar: 'Magnetar',
  Pulsar: 'Pulsar',
  'Red Giant': 'Red Giant',
  'Wolf-Rayet Star': 'Wolf Rayet',
}

const dirs = (p: string) =>
  fs
    .readdirSync(p, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()

function readYamlFile<T extends z.ZodType>(file: string, schema: T, root: string): z.output<T> {
  const relative = path.relative(root, file)
  let parsed: unknown
  try {
    parsed = yaml.load(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new SourceError(`SDE file ${relative} could not be read: ${(err as Error).message.split('\n')[0]}`)
  }
  return checkRecord(schema, parsed, relative, path.basename(path.dirname(file)))
}

/** Top-level scalar fields of a large k-space system file, without parsing its planets and stations. */
export function readTopLevel(file: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/^([A-Za-z]+): ([^\n]+)$/gm)) fields[m[1]] = m[2]
  return fields
}

interface Placement {
  region: z.output<typeof RawRegion>
  constellation: z.output<typeof RawConstellation>
  file: string
}

/** Every system file under `universe/<space>/<region>/<constellation>/<system>/`, with its region and constellation. */
export function* systemFiles(space: 'wormhole' | 'eve', sdeRoot = SDE_DIR): Generator<Placement> {
  const root = path.join(sdeRoot, 'universe', space)
  for (const regionDir of dirs(root)) {
    const region = readYamlFile(path.join(root, regionDir, 'region.yaml'), RawRegion, sdeRoot)
    for (const constellationDir of dirs(path.join(root, regionDir))) {
      const cPath = path.join(root, regionDir, constellationDir)
      const constellation = readYamlFile(path.join(cPath, 'constellation.yaml'), RawConstellation, sdeRoot)
      for (const systemDir of dirs(cPath)) yield { region, constellation, file: path.join(cPath, systemDir, 'solarsystem.yaml') }
    }
  }
}

/**
 * The `stargates:` block of a k-space system file: each gate id and the id of the gate it leads to, read by line
 * pattern like the top-level fields (the block is small and regular: `  <gateID>:` then `    destination: <gateID>`).
 */
export function readStargates(file: string): Array<{ stargateId: number; destination: number }> {
  const text = fs.readFileSync(file, 'utf8')
  const start = text.search(/^stargates:/m)
  if (start < 0) return []
  const gates: Array<{ stargateId: number; destination: number }> = []
  let current: number | null = null
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (line.length && line[0] !== ' ') break
    const gate = /^ {2}'?(\d+)'?:\s*$/.exec(line)
    if (gate) current = Number(gate[1])
    const dest = /^ {4}destination: (\d+)\s*$/.exec(line)
    if (dest && current !== null) gates.push({ stargateId: current, destination: Number(dest[1]) })
  }
  return gates
}

/** Gates with the system each leads to; a gate whose destination is in no system is refused, naming the file and gate. */
export function linkStargates(gates: Array<{ stargateId: number; systemId: number; destination: number; file: string }>): StargateRow[] {
  const systemOf = new Map(gates.map((g) => [g.stargateId, g.systemId]))
  return gates.map((g) => {
    const destinationSystem = systemOf.get(g.destination)
    if (destinationSystem === undefined) throw new SourceError(`${g.file}: record ${g.stargateId}: destination stargate ${g.destination} is in no solar system`)
    return { stargate_id: g.stargateId, solar_system_id: g.systemId, destination_stargate_id: g.destination, destination_system_id: destinationSystem }
  })
}

export interface UniverseData {
  systems: SolarSystemRow[]
  planets: PlanetRow[]
  stargates: StargateRow[]
}

/**
 * Every solar system in `universe/wormhole` (J-space, fully read: star, effect, planets) and `universe/eve`
 * (k-space: id, name, region, constellation, security). Class is the system's wormholeClassID, else its
 * constellation's, else its region's.
 */
export function readUniverse(types: Map<number, TypeRow>, names: Map<number, string>, root = SDE_DIR): UniverseData {
  const systems: SolarSystemRow[] = []
  const planets: PlanetRow[] = []
  const typeName = (id: number) => types.get(id)?.name ?? null
  const name = (id: number, what: string) => {
    const n = names.get(id)
    if (!n) throw new SourceError(`bsd/invNames.yaml has no name for ${what} ${id}`)
    return n
  }

  for (const { region, constellation, file } of systemFiles('wormhole', root)) {
    const s = readYamlFile(file, RawSystem, root)
    const systemName = name(s.solarSystemID, 'solar system')
    let effect: WormholeEffect | null = null
    let strength: number | null = null
    if (s.secondarySun) {
      const sunName = typeName(s.secondarySun.typeID) ?? ''
      effect = EFFECT_BY_SUN_NAME[sunName] ?? null
      if (!effect)
        throw new SourceError(`${path.relative(root, file)}: secondary sun type ${s.secondarySun.typeID} ('${sunName}') is not a known wormhole effect`)
      const beaconName = s.secondarySun.effectBeaconTypeID ? typeName(s.secondarySun.effectBeaconTypeID) : null
      const m = beaconName ? /^Class (\d+) /.exec(beaconName) : null
      strength = m ? Number(m[1]) : null
    }
    let moonCount = 0
    const planetEntries = Object.entries(s.planets ?? {}).sort(([a], [b]) => Number(a) - Number(b))
    for (const [planetId, p] of planetEntries) {
      const moons = Object.keys(p.moons ?? {}).length
      moonCount += moons
      planets.push({
        solar_system_id: s.solarSystemID,
        planet_id: Number(planetId),
        celestial_index: p.celestialIndex,
        name: name(Number(planetId), 'planet'),
        type_id: p.typeID,
        type_name: typeName(p.typeID) ?? `Type ${p.typeID}`,
        moon_count: moons,
      })
    }
    systems.push({
      solar_system_id: s.solarSystemID,
      name: systemName,
      region_id: region.regionID,
      region_name: name(region.regionID, 'region'),
      constellation_id: constellation.constellationID,
      constellation_name: name(constellation.constellationID, 'constellation'),
      security: s.security,
      class_id: s.wormholeClassID ?? constellation.wormholeClassID ?? region.wormholeClassID ?? null,
      is_jspace: true,
      star_type_id: s.star?.typeID ?? null,
      star_type_name: s.star ? typeName(s.star.typeID) : null,
      star_spectral_class: s.star?.statistics?.spectralClass ?? null,
      secondary_sun_type_id: s.secondarySun?.typeID ?? null,
      effect,
      effect_beacon_type_id: s.secondarySun?.effectBeaconTypeID ?? null,
      effect_strength: strength,
      planet_count: planetEntries.length,
      moon_count: moonCount,
    })
  }

  const gates: Array<{ stargateId: number; systemId: number; destination: number; file: string }> = []
  for (const { region, constellation, file } of systemFiles('eve', root)) {
    const top = readTopLevel(file)
    const id = Number(top.solarSystemID)
    const security = Number(top.security)
    if (!Number.isInteger(id) || !Number.isFinite(security)) throw new SourceError(`${path.relative(root, file)}: missing solarSystemID or security`)
    for (const g of readStargates(file)) gates.push({ ...g, systemId: id, file: path.relative(root, file) })
    const ownClass = top.wormholeClassID ? Number(top.wormholeClassID) : undefined
    systems.push({
      solar_system_id: id,
      name: name(id, 'solar system'),
      region_id: region.regionID,
      region_name: name(region.regionID, 'region'),
      constellation_id: constellation.constellationID,
      constellation_name: name(constellation.constellationID, 'constellation'),
      security,
      class_id: ownClass ?? constellation.wormholeClassID ?? region.wormholeClassID ?? null,
      is_jspace: false,
      star_type_id: top.sunTypeID ? Number(top.sunTypeID) : null,
      star_type_name: top.sunTypeID ? typeName(Number(top.sunTypeID)) : null,
      star_spectral_class: null,
      secondary_sun_type_id: null,
      effect: null,
      effect_beacon_type_id: null,
      effect_strength: null,
      planet_count: 0,
      moon_count: 0,
    })
  }
  return { systems, planets, stargates: linkStargates(gates) }
}
