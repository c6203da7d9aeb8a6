import { readSdeYaml } from '../../../../platform/sde/sde-files.js'

interface RawActivity {
  materials?: Array<{ typeID: number; quantity: number }>
  products?: Array<{ typeID: number; quantity: number }>
  time: number
}

let cache: Record<number, { activities: Record<string, RawActivity> }> | null = null

/** One blueprint's activity straight from the SDE's blueprints.yaml (not through the catalog), for tests to check against. */
export function sdeActivity(blueprintId: number, activity: 'manufacturing' | 'reaction'): RawActivity {
  cache ??= readSdeYaml('fsd/blueprints.yaml') as typeof cache
  const act = cache![blueprintId]?.activities[activity]
  if (!act) throw new Error(`blueprint ${blueprintId} has no ${activity} in the SDE`)
  return act
}

/** [typeID, quantity] pairs in type order (the SDE file and the catalog may list materials in different orders). */
export const byType = (pairs: number[][]) => [...pairs].sort((a, b) => a[0] - b[0])
