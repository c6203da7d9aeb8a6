import { z } from 'zod'
import type { Config } from '../../schemas/config.js'
import { EsiKillmail, ZkbMeta } from '../../schemas/killmails.js'
import type { Logger } from '../../platform/log.js'
import { esiUserAgent } from '../../platform/esi/client.js'
import { hasReadableTime } from './esi-killmail.js'
import { ZkillHttp } from './zkill-http.js'

/** R2Z2 `ephemeral/sequence.json`: the newest sequence number that has a file. */
export const R2z2Sequence = z.object({ sequence: z.number().int().positive() })

/** One R2Z2 file (`ephemeral/{sequence}.json`): the ESI killmail plus zKillboard's block. */
export const R2z2Record = z.looseObject({
  killmail_id: z.number().int().positive(),
  hash: z.string().min(1),
  esi: EsiKillmail.optional(),
  zkb: ZkbMeta,
  uploaded_at: z.number().optional(),
  sequence_id: z.number().int().optional(),
})
export type R2z2Record = z.infer<typeof R2z2Record>
/** A file read leniently: an `esi` body that is not a whole killmail does not cost the kill (ESI has it by id and hash). */
const R2z2Envelope = R2z2Record.extend({ esi: z.unknown().optional() })

/** `/api/history/YYYYMMDD.json`: every killmail zKillboard knows for that UTC day, id → hash. */
export const HistoryDay = z.record(z.string().regex(/^\d+$/), z.string().min(1))

/** `/api/killID/{id}/`: zKillboard's block for one kill (an empty list when it does not know the kill). */
export const KillIdAnswer = z.array(z.looseObject({ killmail_id: z.number().int(), zkb: ZkbMeta }))

export type FeedRead =
  | { kind: 'record'; record: R2z2Record; esiProblem?: string }
  | { kind: 'missing' }
  | { kind: 'malformed'; problem: string }
  | { kind: 'unavailable'; status: number }

const describeIssues = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.')}: ${i.message}`)
    .join('; ')

export type Lookup<T> = { ok: true; value: T } | { ok: false; status: number }

/**
 * zKillboard as this product uses it: the R2Z2 live feed, the daily history lists and the per-kill API.
 * R2Z2 and the API are separate hosts with separate budgets, so each has its own one-at-a-time client.
 */
export class Zkillboard {
  constructor(
    readonly r2z2: ZkillHttp,
    readonly api: ZkillHttp,
  ) {}

  async sequencePointer(signal?: AbortSignal): Promise<Lookup<number>> {
    const res = await this.r2z2.getJson<unknown>('/ephemeral/sequence.json', signal)
    const parsed = res.status === 200 ? R2z2Sequence.safeParse(res.data) : null
    return parsed?.success ? { ok: true, value: parsed.data.sequence } : { ok: false, status: res.status }
  }

  async readFeed(sequence: number, signal?: AbortSignal): Promise<FeedRead> {
    const res = await this.r2z2.getJson<unknown>(`/ephemeral/${sequence}.json`, signal)
    if (res.status === 404) return { kind: 'missing' }
    if (res.notJson) return { kind: 'malformed', problem: 'the file is not JSON' }
    if (res.status !== 200) return { kind: 'unavailable', status: res.status }
    const parsed = R2z2Envelope.safeParse(res.data)
    if (!parsed.success) return { kind: 'malformed', problem: describeIssues(parsed.error) }
    const { esi, ...rest } = parsed.data
    if (esi === undefined) return { kind: 'record', record: rest }
    const body = EsiKillmail.safeParse(esi)
    if (!body.success) return { kind: 'record', record: rest, esiProblem: describeIssues(body.error) }
    if (!hasReadableTime(body.data)) return { kind: 'record', record: rest, esiProblem: `killmail_time is no date (${body.data.killmail_time})` }
    return { kind: 'record', record: { ...rest, esi: body.data } }
  }

  /**
   * The day's killmail ids and hashes (`day` as YYYY-MM-DD, UTC). A 404 is not an empty day: New Eden has kills every
   * day, and zKillboard lists every kill it knows for a date, so a missing file is unavailable and asked again later.
   * An empty answer (`{}`, or `[]` as PHP encodes an empty list) is an empty map here; the caller decides what it means.
   */
  async history(day: string, signal?: AbortSignal): Promise<Lookup<Map<number, string>>> {
    const res = await this.api.getJson<unknown>(`/api/history/${day.replaceAll('-', '')}.json`, signal)
    const data = Array.isArray(res.data) && res.data.length === 0 ? {} : res.data
    const parsed = res.status === 200 ? HistoryDay.safeParse(data) : null
    if (!parsed?.success) return { ok: false, status: res.status }
    return { ok: true, value: new Map(Object.entries(parsed.data).map(([id, hash]) => [Number(id), hash])) }
  }

  /** zKillboard's block (value, labels) for one kill; null when zKillboard does not know it. */
  async killInfo(killmailId: number, signal?: AbortSignal): Promise<Lookup<ZkbMeta | null>> {
    const res = await this.api.getJson<unknown>(`/api/killID/${killmailId}/`, signal)
    const parsed = res.status === 200 ? KillIdAnswer.safeParse(res.data) : null
    if (!parsed?.success) return { ok: false, status: res.status }
    return { ok: true, value: parsed.data.find((k) => k.killmail_id === killmailId)?.zkb ?? null }
  }
}

/** Pacing zKillboard asks for: see docs/tools/killmails.md ("zKillboard's rules"). */
export const ZKILL_PACING = {
  /** Between two R2Z2 requests while catching up (about 10 per second at most). */
  r2z2IntervalMs: 100,
  /** Between two requests to zkillboard.com/api (the maintainer's limit: one per second). */
  apiIntervalMs: 1000,
}

export function createZkillboard(
  config: Pick<Config, 'ZKILL_BASE_URL' | 'ZKILL_R2Z2_URL' | 'USER_AGENT_CONTACT'>,
  version: string,
  log: Logger,
  pacing = ZKILL_PACING,
): Zkillboard {
  const userAgent = esiUserAgent(version, config.USER_AGENT_CONTACT)
  return new Zkillboard(
    new ZkillHttp({ baseUrl: config.ZKILL_R2Z2_URL, userAgent, log: log.child({ component: 'zkill-r2z2' }), minIntervalMs: pacing.r2z2IntervalMs }),
    new ZkillHttp({ baseUrl: config.ZKILL_BASE_URL, userAgent, log: log.child({ component: 'zkill-api' }), minIntervalMs: pacing.apiIntervalMs }),
  )
}
