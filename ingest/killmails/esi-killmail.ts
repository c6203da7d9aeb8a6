import { EsiKillmail } from '../../schemas/killmails.js'
import { EsiError, type EsiClient } from '../../platform/esi/client.js'

export type BodyLookup = { ok: true; body: EsiKillmail } | { ok: false; permanent: boolean; message: string }

/**
 * The full killmail from ESI (`GET /killmails/{id}/{hash}/`). A 4xx answer (unknown id, wrong hash) is permanent:
 * asking again cannot help. Anything else (ESI down, limits) is worth another try later.
 */
export async function fetchKillmailBody(esi: EsiClient, killmailId: number, hash: string, signal?: AbortSignal): Promise<BodyLookup> {
  try {
    // Not kept in the client's cache: a kill is never asked for again once stored, and ESI caches killmails for 30 days,
    // so a backfill would otherwise fill the cache's 5,000 entries with bodies (a battle's is megabytes) and hold
    // them for good in the ingest process's 256 MB heap.
    const res = await esi.get<unknown>(`/killmails/${killmailId}/${encodeURIComponent(hash)}/`, undefined, signal, { cache: false })
    const parsed = EsiKillmail.safeParse(res.data)
    if (!parsed.success)
      return { ok: false, permanent: true, message: `ESI killmail ${killmailId} has an unexpected shape: ${parsed.error.issues[0]?.message}` }
    if (!hasReadableTime(parsed.data)) return { ok: false, permanent: true, message: `ESI killmail ${killmailId} has a killmail_time that is no date` }
    if (parsed.data.killmail_id !== killmailId)
      return { ok: false, permanent: true, message: `ESI answered killmail ${parsed.data.killmail_id} for ${killmailId}` }
    return { ok: true, body: parsed.data }
  } catch (err) {
    if (signal?.aborted) throw err
    const status = err instanceof EsiError ? err.status : 0
    return { ok: false, permanent: status >= 400 && status < 500 && status !== 420 && status !== 429, message: (err as Error).message }
  }
}

/** Whether the kill's time is a date: the store leaves out kills whose time is not (ClickHouse would refuse the batch). */
export const hasReadableTime = (killmail: EsiKillmail) => !Number.isNaN(new Date(killmail.killmail_time).getTime())
