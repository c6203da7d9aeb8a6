import type { Catalog } from '../../../platform/catalog/catalog.js'
import type { TheraFeed } from '../../../schemas/thera.js'
import type { TheraState } from '../../../ingest/thera/store.js'

/**
 * The page's view of the kept list at `now`: each connection with the far system's security (SDE) and its minutes
 * left; connections past their end of life are left out (a hole that old has collapsed), and counted.
 */
export function feedAt(state: TheraState, catalog: Catalog | null, now: number): TheraFeed {
  const alive = state.connections
    .map((c) => {
      const system = catalog?.system(c.system_id)
      return {
        ...c,
        security: system ? system.security : null,
        kspace: system ? !system.is_jspace : /^(hs|ls|ns)$/.test(c.system_class),
        remaining_minutes: Math.floor((Date.parse(c.expires_at) - now) / 60_000),
      }
    })
    .filter((c) => c.remaining_minutes > 0)
  return {
    connections: alive,
    fetched_ok_at: state.okAt,
    list_changed_at: state.listAt,
    unreachable_since: state.failingSince,
    last_error: state.lastError,
    expired_left_out: state.connections.length - alive.length,
  }
}
