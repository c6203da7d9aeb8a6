/**
 * The route matcher's last step, shared by the killfeed router (pipelines/killfeed/router.ts), the public live
 * killfeed's API and its page (which checks kills pushed over the websocket against the filter the API compiled).
 * A route's filters are compiled against the static data once (pipelines/killfeed/filters.ts, `compileFilters`) into
 * these plain facts; checking a kill against them needs no static data. (No zod here: the pages import it.)
 */

/** A filter as facts. null sets mean "any". */
export interface CompiledFilter {
  minValue: number
  includeNpc: boolean
  solo: boolean
  minAttackers: number
  maxAttackers: number
  systems: ReadonlySet<number> | null
  shipTypes: ReadonlySet<number> | null
}

/** What the filters read of a kill, taken once per kill (not once per route). */
export interface KillFacts {
  value: number
  npc: boolean
  solo: boolean
  attackers: number
  systemId: number
  shipTypeId: number
}

/** Whether a kill passes a compiled filter. NPC-only kills (zKillboard's npc flag) pass only when include_npc. */
export function killPasses(f: CompiledFilter, k: KillFacts): boolean {
  return (
    k.value >= f.minValue &&
    (f.includeNpc || !k.npc) &&
    (!f.solo || k.solo) &&
    k.attackers >= f.minAttackers &&
    k.attackers <= f.maxAttackers &&
    (f.systems === null || f.systems.has(k.systemId)) &&
    (f.shipTypes === null || f.shipTypes.has(k.shipTypeId))
  )
}

/** A compiled filter as JSON carries it: lists for sets, null for no upper limit of attackers. */
export interface CompiledFilterWire {
  minValue: number
  includeNpc: boolean
  solo: boolean
  minAttackers: number
  maxAttackers: number | null
  systems: number[] | null
  shipTypes: number[] | null
}

export function filterToWire(f: CompiledFilter): CompiledFilterWire {
  return {
    ...f,
    maxAttackers: Number.isFinite(f.maxAttackers) ? f.maxAttackers : null,
    systems: f.systems ? [...f.systems] : null,
    shipTypes: f.shipTypes ? [...f.shipTypes] : null,
  }
}

export function filterFromWire(w: CompiledFilterWire): CompiledFilter {
  return {
    ...w,
    maxAttackers: w.maxAttackers ?? Infinity,
    systems: w.systems ? new Set(w.systems) : null,
    shipTypes: w.shipTypes ? new Set(w.shipTypes) : null,
  }
}

/** The facts of a kill as the live killfeed describes it (schemas/live-kill.ts); flags it does not carry count as false. */
export function liveKillFacts(k: { value: number; npc?: boolean; solo?: boolean; attackers: number; system: { id: number }; ship: { id: number } }): KillFacts {
  return { value: k.value, npc: k.npc ?? false, solo: k.solo ?? false, attackers: k.attackers, systemId: k.system.id, shipTypeId: k.ship.id }
}
