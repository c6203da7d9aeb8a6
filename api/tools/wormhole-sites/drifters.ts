import type { DrifterAdditions } from '../../../schemas/wormhole-sites.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'
import { deriveNpcStats } from './npc-stats.js'
import { dogmaLookup, toSiteShip } from './records.js'

/** SDE type ids of the escalation ships (the Recon Battleship is newer than the SDE; its dogma comes from the community snapshot). */
export const ESCALATION_TYPES = { avenger: 37472, response: 37473, recon: 86498 } as const

/**
 * Upgraded Avengers that answer the first capital in a C5 or C6 site: 3 in C5, 4 in C6 (the spec's constants; the
 * community sheet notes "Spawns 4 Avengers now" on a C6 site). Not in the SDE or the escalation data.
 */
export const AVENGER_COUNT = { C5: 3, C6: 4 } as const

/**
 * The Drifters' orbit distance: the spec's 13 km. Their entityFlyRange attribute says 40 km, but the community
 * escalation data notes they really orbit at about 10-12 km, so 40 km would send a fleet to the wrong range.
 */
export const DRIFTER_ORBIT_M = 13_000

const NAMES = { avenger: 'Upgraded Avenger', response: 'Drifter Response Battleship', recon: 'Drifter Recon Battleship' } as const

/**
 * The Drifter additions for the PvE page: ship figures from dogma (SDE, else the community snapshot) and blue loot
 * from the community escalation data. A part whose data is missing is null and named in `missing`.
 */
export function buildDrifterAdditions(catalog: Catalog): DrifterAdditions {
  const dogma = dogmaLookup(catalog)
  const escalations = catalog.community.sleeperEscalations ?? []
  const missing: string[] = []
  const build = (key: keyof typeof NAMES) => {
    const typeId = ESCALATION_TYPES[key]
    const escalation = escalations.find((e) => e.typeId === typeId || e.name === NAMES[key])
    const found = dogma.npc(typeId)
    if (!found) missing.push(`${NAMES[key]}: no dogma in the SDE or the community snapshot`)
    if (!escalation) missing.push(`${NAMES[key]}: not in the community escalation data (blue loot unknown)`)
    if (!found || !escalation) return null
    const ship = toSiteShip(
      { qty: 1, name: NAMES[key], typeId, shipClass: 'battleship', trigger: null },
      deriveNpcStats(found, (id) => dogma.missile(id)),
      found.source,
    )
    if (key !== 'avenger') ship.distance = DRIFTER_ORBIT_M
    const notes = typeof escalation.triggerNotes === 'string' ? escalation.triggerNotes : null
    return { ship, blue_loot_isk: escalation.blueLootIsk, notes }
  }
  const avenger = build('avenger')
  return {
    avengers: avenger ? { ...avenger, count: { ...AVENGER_COUNT } } : null,
    response: build('response'),
    recon: build('recon'),
    missing,
  }
}
