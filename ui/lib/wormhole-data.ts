import { apiGet } from './api'
import type { Wormhole, WormholeSystemDetail, WormholeTypeInfo } from '../../schemas/wormholes'
import { isObject } from './is-object'

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

/**
 * A list answer, or an error when the answer is JSON of another shape (a server of another version, a proxy's JSON
 * error with a 200): the page then says the data did not load instead of crashing on it.
 */
async function loadList<T>(path: string, what: string): Promise<T[]> {
  const body = await apiGet<unknown>(path)
  if (!Array.isArray(body)) throw new Error(`the server's answer was not ${what}`)
  return body as T[]
}

export const loadWormholes = once(() => loadList<Wormhole>('/api/wormholes', 'the wormhole list'))
export const loadWormholeTypes = once(() => loadList<WormholeTypeInfo>('/api/wormhole-types', 'the wormhole type data'))

/** One system's detail, checked for the parts the dialog reads, so another answer is reported rather than shown blank. */
export async function loadSystemDetail(jcode: string): Promise<WormholeSystemDetail> {
  const body = await apiGet<unknown>(`/api/wormholes/${encodeURIComponent(jcode)}`)
  const detail = isObject(body) ? body : null
  if (!detail || !isObject(detail.system) || !Array.isArray(detail.statics) || !isObject(detail.weather) || typeof detail.image_server !== 'string') {
    throw new Error(`${jcode} did not load: the server's answer was not a wormhole system`)
  }
  return detail as unknown as WormholeSystemDetail
}
