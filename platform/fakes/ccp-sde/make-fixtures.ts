/**
 * Writes the two small SDE fixtures of this folder from the bundled npm package (run by hand:
 * `node --max-old-space-size=3000 --import tsx platform/fakes/ccp-sde/make-fixtures.ts`):
 * - `yaml-tree/`: a subset of the package's YAML tree in its own layout (fsd/, bsd/, universe/);
 * - `jsonl/`: the same records in CCP's JSON Lines layout, converted by the rules CCP documents (record id in `_key`,
 *   integer-keyed maps as lists of records with `_key`, the map split into mapRegions … mapStargates files; see
 *   platform/fakes/api-fixtures/ccp-sde/FORMAT.md), with the real `_sde.jsonl` record of build 3484357.
 * Real records throughout (no invented values): both readers must give the same catalog answers from them.
 * With FULL_OUT=<dir>, the whole package is converted into <dir> instead (JSON Lines only): a full-size folder for
 * `SDE_BENCH_ZIP=<dir> npm run bench -- sde-current` when no CCP archive is at hand.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { z } from 'zod'
import { readKeyedFile, readSdeYaml, SDE_DIR } from '../../sde/sde-files.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const full = process.env.FULL_OUT
const yamlOut = full ? path.join(full, '.yaml-unused') : path.join(here, 'yaml-tree')
const jsonlOut = full ?? path.join(here, 'jsonl')
fs.rmSync(yamlOut, { recursive: true, force: true })
fs.rmSync(jsonlOut, { recursive: true, force: true })

type Rec = Record<string, unknown>
const anyRecord = z.record(z.string(), z.unknown())
const read = async (table: string) => new Map<number, Rec>(await readKeyedFile(`fsd/${table}.yaml`, anyRecord))
const writeYaml = (relative: string, value: unknown) => {
  if (full) return
  const file = path.join(yamlOut, relative)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, yaml.dump(value, { lineWidth: -1 }))
}
const jsonl: Record<string, Rec[]> = {}
const addJsonl = (file: string, record: Rec) => (jsonl[file] ??= []).push(record)
const pick = (map: Map<number, Rec>, ids: Iterable<number>) => (full ? map : new Map([...ids].filter((id) => map.has(id)).map((id) => [id, map.get(id)!])))
const rename = (r: Rec, from: string, to: string) => {
  const { [from]: v, ...rest } = r
  return v === undefined ? rest : { ...rest, [to]: v }
}

// The systems: Kimotoro (Jita's constellation, gates among its seven systems kept) and one C1 with an effect.
const subdirs = (p: string) => fs.readdirSync(p).filter((d) => fs.statSync(path.join(p, d)).isDirectory())
const everything = (space: string) =>
  subdirs(path.join(SDE_DIR, 'universe', space)).flatMap((r) => subdirs(path.join(SDE_DIR, 'universe', space, r)).map((c) => `${r}/${c}`))
const eveSystems = full ? everything('eve') : ['TheForge/Kimotoro']
const wormholeSystems = full ? everything('wormhole') : ['A-R00001/A-C00311/J100744']
const names = new Map((readSdeYaml('bsd/invNames.yaml') as Array<{ itemID: number; itemName: string }>).map((n) => [n.itemID, n.itemName]))
const usedNames = new Set<number>()
const typeIds = new Set<number>([34, 35, 36, 37, 587, 691, 1230, 62516, 2389, 3645, 9838, 2073, 2393])

interface SystemRec extends Rec {
  solarSystemID: number
  security: number
  star?: { id: number; typeID: number; statistics?: Rec }
  sunTypeID?: number
  secondarySun?: { itemID: number; typeID: number; effectBeaconTypeID?: number }
  planets?: Record<string, { celestialIndex: number; typeID: number; moons?: Record<string, unknown> }>
  stargates?: Record<string, { destination: number; typeID: number; position: number[] }>
  wormholeClassID?: number
}
const systems: Array<{ space: string; regionDir: string; constellationDir: string; systemDir: string; s: SystemRec }> = []
for (const [space, list] of [
  ['eve', eveSystems],
  ['wormhole', wormholeSystems],
] as const) {
  for (const entry of list) {
    const [regionDir, constellationDir, only] = entry.split('/')
    const cPath = path.join(SDE_DIR, 'universe', space, regionDir, constellationDir)
    for (const systemDir of fs.readdirSync(cPath).filter((d) => fs.statSync(path.join(cPath, d)).isDirectory() && (!only || d === only)))
      systems.push({
        space,
        regionDir,
        constellationDir,
        systemDir,
        s: yaml.load(fs.readFileSync(path.join(cPath, systemDir, 'solarsystem.yaml'), 'utf8')) as SystemRec,
      })
  }
}
const gateSystem = new Map<number, number>()
for (const { s } of systems) for (const gate of Object.keys(s.stargates ?? {})) gateSystem.set(Number(gate), s.solarSystemID)
const regionsDone = new Set<string>()
const constellationsDone = new Set<string>()
for (const { space, regionDir, constellationDir, systemDir, s } of systems) {
  const rPath = path.join(SDE_DIR, 'universe', space, regionDir)
  const region = yaml.load(fs.readFileSync(path.join(rPath, 'region.yaml'), 'utf8')) as Rec & { regionID: number; wormholeClassID?: number }
  const constellation = yaml.load(fs.readFileSync(path.join(rPath, constellationDir, 'constellation.yaml'), 'utf8')) as Rec & {
    constellationID: number
    wormholeClassID?: number
  }
  const localised = (id: number) => ({ en: String(names.get(id)) })
  if (!regionsDone.has(regionDir)) {
    regionsDone.add(regionDir)
    writeYaml(`universe/${space}/${regionDir}/region.yaml`, region)
    usedNames.add(region.regionID)
    addJsonl('mapRegions', {
      _key: region.regionID,
      name: localised(region.regionID),
      ...(region.wormholeClassID !== undefined ? { wormholeClassID: region.wormholeClassID } : {}),
    })
  }
  if (!constellationsDone.has(constellationDir)) {
    constellationsDone.add(constellationDir)
    writeYaml(`universe/${space}/${regionDir}/${constellationDir}/constellation.yaml`, constellation)
    usedNames.add(constellation.constellationID)
    addJsonl('mapConstellations', {
      _key: constellation.constellationID,
      name: localised(constellation.constellationID),
      regionID: region.regionID,
      ...(constellation.wormholeClassID !== undefined ? { wormholeClassID: constellation.wormholeClassID } : {}),
    })
  }
  // Keep only the gates between the chosen systems.
  const stargates = Object.fromEntries(Object.entries(s.stargates ?? {}).filter(([, g]) => gateSystem.has(g.destination)))
  const system = { ...s, stargates }
  writeYaml(`universe/${space}/${regionDir}/${constellationDir}/${systemDir}/solarsystem.yaml`, system)
  usedNames.add(s.solarSystemID)
  const starId = s.star?.id
  addJsonl('mapSolarSystems', {
    _key: s.solarSystemID,
    constellationID: constellation.constellationID,
    name: localised(s.solarSystemID),
    planetIDs: Object.keys(s.planets ?? {}).map(Number),
    regionID: region.regionID,
    securityStatus: s.security,
    ...(starId ? { starID: starId } : {}),
    ...(Object.keys(stargates).length ? { stargateIDs: Object.keys(stargates).map(Number) } : {}),
    ...(s.wormholeClassID !== undefined ? { wormholeClassID: s.wormholeClassID } : {}),
  })
  const starType = s.star?.typeID ?? s.sunTypeID
  if (starType) typeIds.add(starType)
  if (starId) addJsonl('mapStars', { _key: starId, solarSystemID: s.solarSystemID, statistics: s.star?.statistics, typeID: s.star?.typeID ?? s.sunTypeID })
  if (s.secondarySun) {
    typeIds.add(s.secondarySun.typeID)
    if (s.secondarySun.effectBeaconTypeID) typeIds.add(s.secondarySun.effectBeaconTypeID)
    addJsonl('mapSecondarySuns', {
      _key: s.secondarySun.itemID,
      effectBeaconTypeID: s.secondarySun.effectBeaconTypeID,
      solarSystemID: s.solarSystemID,
      typeID: s.secondarySun.typeID,
    })
  }
  for (const [planetId, p] of Object.entries(s.planets ?? {})) {
    usedNames.add(Number(planetId))
    typeIds.add(p.typeID)
    addJsonl('mapPlanets', {
      _key: Number(planetId),
      celestialIndex: p.celestialIndex,
      ...(p.moons && Object.keys(p.moons).length ? { moonIDs: Object.keys(p.moons).map(Number) } : {}),
      solarSystemID: s.solarSystemID,
      typeID: p.typeID,
    })
  }
  for (const [gateId, g] of Object.entries(stargates))
    addJsonl('mapStargates', {
      _key: Number(gateId),
      destination: { solarSystemID: gateSystem.get(g.destination), stargateID: g.destination },
      solarSystemID: s.solarSystemID,
      typeID: g.typeID,
    })
}
writeYaml(
  'bsd/invNames.yaml',
  [...usedNames].sort((a, b) => a - b).map((id) => ({ itemID: id, itemName: names.get(id) })),
)

// The tables. Blueprints and schematics that make the chosen types bring their inputs along.
const blueprints = await read('blueprints')
const chosenBlueprints = pick(blueprints, [691])
for (const bp of chosenBlueprints.values())
  for (const act of Object.values(bp.activities as Record<string, { materials?: Array<{ typeID: number }>; products?: Array<{ typeID: number }> }>))
    for (const q of [...(act.materials ?? []), ...(act.products ?? [])]) typeIds.add(q.typeID)
const schematics = await read('planetSchematics')
const typeDogma = await read('typeDogma')
const typeMaterials = await read('typeMaterials')
for (const id of [...typeIds]) for (const m of (typeMaterials.get(id)?.materials as Array<{ materialTypeID: number }>) ?? []) typeIds.add(m.materialTypeID)
const types = pick(await read('types'), typeIds)
const chosenDogma = pick(typeDogma, typeIds)
// Only the groups, categories, market groups and attributes the chosen types use.
const groups = pick(
  await read('groups'),
  [...types.values()].map((t) => t.groupID as number),
)
const categories = pick(
  await read('categories'),
  [...groups.values()].map((g) => g.categoryID as number),
)
const marketGroups = pick(
  await read('marketGroups'),
  [...types.values()].map((t) => t.marketGroupID as number),
)
const attributeIds = [...chosenDogma.values()].flatMap((d) => ((d.dogmaAttributes as Array<{ attributeID: number }>) ?? []).map((a) => a.attributeID))
const attributes = pick(await read('dogmaAttributes'), attributeIds)
const effects = await read('dogmaEffects')
const effectIds = new Set<number>()
for (const d of chosenDogma.values()) for (const e of (d.dogmaEffects as Array<{ effectID: number }>) ?? []) effectIds.add(e.effectID)
const tables: Array<[string, Map<number, Rec>, (r: Rec) => Rec]> = [
  ['categories', categories, (r) => r],
  ['groups', groups, (r) => r],
  ['marketGroups', marketGroups, (r) => rename(r, 'nameID', 'name')],
  ['types', types, (r) => r],
  ['dogmaAttributes', attributes, (r) => rename(r, 'displayNameID', 'displayName')],
  ['dogmaEffects', pick(effects, effectIds), (r) => rename(r, 'effectName', 'name')],
  ['typeDogma', chosenDogma, (r) => r],
  ['typeMaterials', pick(typeMaterials, typeIds), (r) => r],
  ['blueprints', chosenBlueprints, (r) => r],
  [
    'planetSchematics',
    schematics,
    (r) => ({ ...rename(r, 'nameID', 'name'), types: Object.entries(r.types as Record<string, Rec>).map(([id, t]) => ({ _key: Number(id), ...t })) }),
  ],
]
for (const [table, records, toJsonl] of tables) {
  writeYaml(`fsd/${table}.yaml`, Object.fromEntries(records))
  for (const [id, r] of records) addJsonl(table, { _key: id, ...toJsonl(r), ...(table === 'blueprints' ? { blueprintTypeID: id } : {}) })
}
fs.mkdirSync(jsonlOut, { recursive: true })
fs.copyFileSync(path.join(here, '../api-fixtures/ccp-sde/samples/_sde.jsonl'), path.join(jsonlOut, '_sde.jsonl'))
// CCP's serializer: a space after ':' and ',', keys in ASCII order after _key (FORMAT.md §3).
const serialize = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(serialize).join(', ')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Rec).filter(([, v]) => v !== undefined)
    entries.sort(([a], [b]) => (a === '_key' ? -1 : b === '_key' ? 1 : a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${serialize(v)}`).join(', ')}}`
  }
  return JSON.stringify(value)
}
for (const [file, records] of Object.entries(jsonl)) fs.writeFileSync(path.join(jsonlOut, `${file}.jsonl`), records.map(serialize).join('\n') + '\n')
console.log(`types ${types.size}, systems ${systems.length}, files ${Object.keys(jsonl).length + 1}`)
