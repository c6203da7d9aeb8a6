import type { Endpoint } from '../../../schemas/endpoint'
import { ApiError, apiPost, endpointUrl } from '../../lib/api'

/** Said when Calculate is pressed without players; the pages clear it as soon as a player is added. */
export const NO_PLAYERS = 'Add at least one player first.'

export type CallResult<T> = { ok: true; data: T } | { ok: false; message: string }

/**
 * Posts a splitter's setup. A setup without players is not sent: the page says so in its own words (the API's
 * own sentence about the players is for API callers). A non-OK answer is logged to the console as the spec
 * asks ('HTTP {status}' and the server's body) and comes back as the server's error sentence, which the page shows.
 */
export async function postCalc<T>(endpoint: Endpoint, body: { players: readonly unknown[] }): Promise<CallResult<T>> {
  const path = endpointUrl(endpoint)
  if (body.players.length === 0) return { ok: false, message: NO_PLAYERS }
  try {
    return { ok: true, data: await apiPost<T>(path, body) }
  } catch (err) {
    if (err instanceof ApiError) {
      console.error(`Server error from ${path}: HTTP ${err.status}`, err.body)
      return { ok: false, message: err.message }
    }
    console.error(`${path} could not be reached`, err)
    return { ok: false, message: 'The server could not be reached. Check your connection and try again.' }
  }
}
