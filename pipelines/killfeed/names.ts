import type { CatalogHolder } from '../../platform/catalog/holder.js'
import { systemClassLabel } from '../../schemas/killfeed-constants.js'
import type { EsiNameCache } from '../../platform/esi/names.js'
import type { KillmailMessage } from '../../schemas/killmails.js'
import type { Logger } from '../../platform/log.js'
import type { NameLookup, SystemInfo } from './describe.js'

/** Every id on a kill a reader sees by name: victim, final blow, ships, system. */
function idsOf(msg: KillmailMessage): number[] {
  const { victim, attackers, solar_system_id } = msg.esi
  const final = attackers.find((a) => a.final_blow)
  return [
    victim.character_id,
    victim.corporation_id,
    victim.alliance_id,
    victim.ship_type_id,
    final?.character_id,
    final?.corporation_id,
    final?.ship_type_id,
    solar_system_id,
  ].filter((id): id is number => typeof id === 'number' && id > 0)
}

/**
 * Names for kills: ship types and systems from the static data when it is loaded (no network), everything else
 * (and those, when it is not) from ESI's POST /universe/names. An ESI that does not answer within `timeoutMs`
 * leaves the names out rather than holding up the feed.
 */
export class KillNames {
  constructor(
    private esiNames: EsiNameCache,
    private catalog: CatalogHolder,
    private log: Logger,
    private timeoutMs = 5000,
  ) {}

  async lookupFor(kills: KillmailMessage[]): Promise<NameLookup> {
    const catalog = this.catalog.ready ? this.catalog.current() : null
    const ids = new Set(kills.flatMap(idsOf))
    const remote = [...ids].filter((id) => !catalog?.type(id) && !catalog?.system(id))
    let fetched = new Map<number, { name: string }>()
    if (remote.length) {
      let timer: NodeJS.Timeout | undefined
      try {
        fetched = await Promise.race([
          this.esiNames.names(remote),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs))),
        ])
      } catch (err) {
        this.log.warn({ err: (err as Error).message, ids: remote.length }, 'killfeed: names from ESI unavailable; posting with ids')
      } finally {
        clearTimeout(timer)
      }
    }
    return {
      name: (id) => (id ? (catalog?.type(id)?.name ?? fetched.get(id)?.name ?? this.esiNames.get(id)?.name ?? null) : null),
      system: (id): SystemInfo => {
        const s = catalog?.system(id)
        if (s) return { name: s.name, region: s.region_name, class_label: systemClassLabel(s.class_id) }
        return { name: fetched.get(id)?.name ?? this.esiNames.get(id)?.name ?? null, region: null, class_label: null }
      },
    }
  }
}
