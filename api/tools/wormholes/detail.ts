import type { WormholeSystem, WormholeSystemDetail, WormholeTypeInfo } from '../../../schemas/wormholes.js'
import type { WormholeEffects, WormholeSystemFacts } from '../../../schemas/community.js'
import { weatherFor } from './weather.js'

/** A J-code as people type it: any case, with or without the leading J ("j123450", "123450", "J1226-0"). */
export const jcodeKey = (input: string) => input.trim().toLowerCase().replace(/^j/, '')

/** Everything the system dialog shows that the list does not carry: static details and weather. */
export function systemDetail(
  system: WormholeSystem,
  types: ReadonlyMap<string, WormholeTypeInfo>,
  effects: WormholeEffects | null,
  imageServer: string,
  staticsElsewhere: WormholeSystemDetail['statics_elsewhere'],
): Omit<WormholeSystemDetail, 'wandering' | 'sites'> {
  return {
    system,
    statics: system.statics.map((code) => ({ code, type: types.get(code) ?? null })),
    weather: weatherFor(system, effects),
    statics_elsewhere: staticsElsewhere,
    image_server: imageServer.replace(/\/+$/, ''),
  }
}

/** The community systems data keeps Pathfinder's 2019 statics in a note where they differ from its own (newer) ones. */
const PATHFINDER_NOTE = /^statics differ from Pathfinder 2019 export: \[(.*)\]$/

/** Statics another public map lists for the system, read from the data set's notes; null when none differ. */
export function staticsElsewhere(facts: WormholeSystemFacts): WormholeSystemDetail['statics_elsewhere'] {
  for (const note of facts.notes ?? []) {
    const m = PATHFINDER_NOTE.exec(note)
    if (m) return { source: "Pathfinder's 2019 export", statics: [...m[1].matchAll(/'([A-Z]\d{3})'/g)].map((c) => c[1]) }
  }
  return null
}
