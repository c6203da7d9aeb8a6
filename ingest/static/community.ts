import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { COMMUNITY_DATASETS, type CommunityDatasetName } from '../../schemas/community.js'
import type { DatasetStatus } from '../../schemas/static-data.js'

export interface CommunityDatasetRecord extends DatasetStatus {
  sha256: string
  /** The file's JSON, exactly as read (validated), or '' when absent or invalid. */
  content: string
}

/**
 * Read every community data set from `dir`. A missing or invalid file never fails the import: it is recorded
 * as absent (with the reason), the status page shows it, and the pages that need it say so.
 */
export function readCommunityData(dir: string): CommunityDatasetRecord[] {
  return (Object.keys(COMMUNITY_DATASETS) as CommunityDatasetName[]).map((name) => {
    const { file, schema, what } = COMMUNITY_DATASETS[name]
    const full = path.join(dir, file)
    const base = { name, file, what, sha256: '', content: '', records: 0 }
    if (!fs.existsSync(full)) return { ...base, present: false, error: `not found in ${dir}` }
    const text = fs.readFileSync(full, 'utf8')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (err) {
      return { ...base, present: false, error: `${file} is not valid JSON: ${(err as Error).message}` }
    }
    const checked = schema.safeParse(json)
    if (!checked.success) {
      const issue = checked.error.issues[0]
      return { ...base, present: false, error: `${file}: record ${issue.path.join('.')}: ${issue.message}` }
    }
    return {
      ...base,
      present: true,
      error: null,
      sha256: crypto.createHash('sha256').update(text).digest('hex'),
      content: JSON.stringify(json),
      records: Array.isArray(json) ? json.length : Object.keys(json as object).length,
    }
  })
}

/** A fingerprint of the community files, part of the static data's source version. */
export function communityFingerprint(dir: string): string {
  const hash = crypto.createHash('sha256')
  for (const { file } of Object.values(COMMUNITY_DATASETS)) {
    const full = path.join(dir, file)
    hash.update(file)
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full))
    else hash.update('absent')
  }
  return hash.digest('hex').slice(0, 16)
}
