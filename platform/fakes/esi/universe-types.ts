import fs from 'node:fs'
import path from 'node:path'
import { isRepackaged } from '../../../schemas/appraisal/constants.js'
import { readGroupsAndCategories, readTypes } from '../../sde/sde-records.js'
import { sdeVersion } from '../../sde/sde-files.js'
import type { FakeEsi } from './server.js'

/** GET /universe/types/{type_id}/ as ESI answers it (the fields of its UniverseTypesTypeIdGet schema we can fill). */
export interface FakeUniverseType {
  type_id: number
  name: string
  description: string
  group_id: number
  published: boolean
  volume: number
  capacity: number
  mass: number
  portion_size: number
  market_group_id?: number
  packaged_volume?: number
}

export interface FakeUniverseTypesState {
  types: Map<number, FakeUniverseType>
}

/** Seconds until ESI's daily type-data refresh at 11:05 UTC (the route's documented expiry). */
function secondsUntilDailyExpiry(now = new Date()): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 11, 5))
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1)
  return Math.round((next.getTime() - now.getTime()) / 1000)
}

export function addUniverseTypeRoutes(esi: FakeEsi, state: FakeUniverseTypesState): void {
  esi.route('GET', '/universe/types/:type_id', (req) => {
    const type = state.types.get(Number(req.params.type_id))
    if (!type) return { status: 404, body: { error: 'Type not found' } }
    return { body: type, expiresIn: secondsUntilDailyExpiry() }
  })
}

/**
 * Type records for the demo's fake ESI, built from the static data export and cached per SDE version under the
 * data directory. The SDE has no packaged volumes and nothing offline documents them, so the fake gives
 * `packaged_volume` only where it equals the listed volume (types the game does not repackage) and leaves it out
 * for ships, capital modules and containers: the demo then shows their volume as unknown rather than a made-up number.
 */
export async function demoUniverseTypes(dataDir: string): Promise<FakeUniverseTypesState> {
  // Named after the REPACKAGED_TYPES rule it was built with (v2: capital modules), so a changed rule rebuilds it.
  const cache = path.join(dataDir, 'demo-universe-types-v2.json')
  if (fs.existsSync(cache)) {
    const cached = JSON.parse(fs.readFileSync(cache, 'utf8')) as { sde: string; types: FakeUniverseType[] }
    if (cached.sde === sdeVersion()) return { types: new Map(cached.types.map((t) => [t.type_id, t])) }
  }
  const { groups } = await readGroupsAndCategories()
  const rows = await readTypes(new Map(groups.map((g) => [g.group_id, g.category_id])))
  const types: FakeUniverseType[] = rows
    .filter((t) => t.published)
    .map((t) => ({
      type_id: t.type_id,
      name: t.name,
      description: '',
      group_id: t.group_id,
      published: t.published,
      volume: t.volume,
      capacity: t.capacity,
      mass: t.mass,
      portion_size: t.portion_size,
      ...(t.market_group_id !== null ? { market_group_id: t.market_group_id } : {}),
      ...(isRepackaged(t) ? {} : { packaged_volume: t.volume }),
    }))
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(cache, JSON.stringify({ sde: sdeVersion(), types }))
  return { types: new Map(types.map((t) => [t.type_id, t])) }
}
