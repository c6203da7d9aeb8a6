import { apiGet } from '../../lib/api'
import type { Wormhole, WormholeTypeInfo } from '../../../schemas/wormholes'

/**
 * The list and the type table are fetched once per page load and shared by the list page and the system page
 * (moving between /wormholes and /wormholes/J123450 does not fetch again). A failed fetch is forgotten so a
 * later visit tries again.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null
      throw err
    })
    return pending
  }
}

export const loadWormholes = once(() => apiGet<Wormhole[]>('/api/wormholes'))
export const loadWormholeTypes = once(() => apiGet<WormholeTypeInfo[]>('/api/wormhole-types'))
