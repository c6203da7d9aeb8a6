import type { EsiClient } from './client.js'

/** Categories of POST /universe/names answers. */
export type EsiNameCategory = 'alliance' | 'character' | 'constellation' | 'corporation' | 'inventory_type' | 'region' | 'solar_system' | 'station' | 'faction'

export interface EsiName {
  id: number
  name: string
  category: EsiNameCategory
}

/** POST /universe/ids answers: one list per category that matched (categories without a match are left out). */
export type UniverseIds = Partial<
  Record<'agents' | 'alliances' | 'characters' | 'constellations' | 'corporations' | 'factions' | 'inventory_types' | 'regions' | 'stations' | 'systems', Array<{ id: number; name: string }>>
>

/**
 * Exact names to ids (POST /universe/ids: "Only exact matches will be returned"; ESI matches without regard to
 * case). ESI has no public partial-name search any more: its /search route needs a signed-in character.
 */
export async function idsForNames(esi: EsiClient, names: string[], signal?: AbortSignal): Promise<UniverseIds> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))]
  const merged: UniverseIds = {}
  for (let i = 0; i < unique.length; i += 500) {
    const { data } = await esi.post<UniverseIds>('/universe/ids', unique.slice(i, i + 500), signal)
    for (const [key, list] of Object.entries(data ?? {}) as Array<[keyof UniverseIds, Array<{ id: number; name: string }>]>) {
      merged[key] = [...(merged[key] ?? []), ...list]
    }
  }
  return merged
}

/**
 * Names for ids through POST /universe/names, remembered in memory (names of characters, corporations and
 * alliances change rarely; a restart forgets them). ESI answers 404 for the whole call when one id is unknown,
 * so a failed chunk is split in halves until the unknown ids are isolated and left out.
 */
export class EsiNameCache {
  private known = new Map<number, EsiName>()
  private unknown = new Set<number>()

  constructor(
    private esi: EsiClient,
    private maxEntries = 50_000,
  ) {}

  get(id: number): EsiName | undefined {
    return this.known.get(id)
  }

  remember(entries: EsiName[]): void {
    for (const e of entries) this.known.set(e.id, e)
    while (this.known.size > this.maxEntries) this.known.delete(this.known.keys().next().value!)
  }

  /** Every id ESI could name; ids it could not (or an ESI outage) are simply missing from the map. */
  async names(ids: Iterable<number>, signal?: AbortSignal): Promise<Map<number, EsiName>> {
    const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0)
    const missing = wanted.filter((id) => !this.known.has(id) && !this.unknown.has(id))
    for (let i = 0; i < missing.length; i += 1000) await this.fetch(missing.slice(i, i + 1000), signal)
    return new Map(wanted.filter((id) => this.known.has(id)).map((id) => [id, this.known.get(id)!]))
  }

  private async fetch(ids: number[], signal?: AbortSignal): Promise<void> {
    try {
      const { data } = await this.esi.post<EsiName[]>('/universe/names', ids, signal)
      this.remember(data)
    } catch (err) {
      if ((err as { status?: number }).status !== 404) throw err
      if (ids.length === 1) {
        this.unknown.add(ids[0])
        return
      }
      const half = Math.ceil(ids.length / 2)
      await this.fetch(ids.slice(0, half), signal)
      await this.fetch(ids.slice(half), signal)
    }
  }
}
