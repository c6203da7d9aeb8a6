import { callApi, type CallInput } from './api'
import type { Endpoint, EndpointSchemas } from '../../schemas/endpoint'
import { getWormholeTypes, getWormholes, getWormholesByJcode } from '../../schemas/wormholes-endpoints'
import type { Wormhole, WormholeSystemDetail, WormholeTypeInfo } from '../../schemas/wormholes'
import { isObject } from './is-object'
import { wormholeRows } from '../../schemas/wormhole-list'

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
async function loadList<T, S extends EndpointSchemas>(endpoint: Endpoint<S>, input: CallInput<S>, what: string): Promise<T[]> {
  const body: unknown = await callApi(endpoint, input)
  if (!Array.isArray(body)) throw new Error(`the server's answer was not ${what}`)
  return body as T[]
}

export const loadWormholes = once(async (): Promise<Wormhole[]> => {
  const rows = wormholeRows(await callApi(getWormholes, {}))
  if (!rows) throw new Error("the server's answer was not the wormhole list")
  return rows
})
export const loadWormholeTypes = once(() =>
  loadList<WormholeTypeInfo, NonNullable<typeof getWormholeTypes.schemas>>(getWormholeTypes, {}, 'the wormhole type data'),
)

/** One system's detail, checked for the parts the dialog reads, so another answer is reported rather than shown blank. */
export async function loadSystemDetail(jcode: string): Promise<WormholeSystemDetail> {
  const body: unknown = await callApi(getWormholesByJcode, { params: { jcode } })
  const detail = isObject(body) ? body : null
  if (!detail || !isObject(detail.system) || !Array.isArray(detail.statics) || !isObject(detail.weather) || typeof detail.image_server !== 'string') {
    throw new Error(`${jcode} did not load: the server's answer was not a wormhole system`)
  }
  return detail as unknown as WormholeSystemDetail
}
