import type { z } from 'zod'
import type { DependencyStatus } from '../../schemas/statuses.js'
import type { Config } from '../../schemas/config.js'
import { esiUserAgent } from '../../platform/esi/client.js'

type Status = z.infer<typeof DependencyStatus>

/** Pings an outside service at most once a minute, so the status page never hammers it. */
export class DependencyProbe {
  private last: { at: number; result: Status } | null = null
  private inflight: Promise<Status> | null = null

  constructor(
    private url: string,
    private userAgent: string,
    private ttlMs = 60_000,
    private timeoutMs = 5000,
  ) {}

  async status(): Promise<Status> {
    if (this.last && Date.now() - this.last.at < this.ttlMs) return this.last.result
    this.inflight ??= this.ping().finally(() => (this.inflight = null))
    return this.inflight
  }

  /** The last result without waiting (null before the first ping); starts a ping in the background when it is old. */
  known(): Status | null {
    if (!this.last || Date.now() - this.last.at >= this.ttlMs) void this.status()
    return this.last?.result ?? null
  }

  private async ping(): Promise<Status> {
    const started = performance.now()
    let result: Status
    try {
      const res = await fetch(this.url, { headers: { 'User-Agent': this.userAgent, Accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) })
      await res.arrayBuffer()
      const ms = Math.round(performance.now() - started)
      result = res.ok
        ? { ok: true, ms, status: res.status, error: null }
        : { ok: false, ms, status: res.status, error: `HTTP ${res.status} ${res.statusText}`.trim() }
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } }
      result = {
        ok: false,
        ms: null,
        status: null,
        error: e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs / 1000} s` : (e.cause?.code ?? e.message),
      }
    }
    this.last = { at: Date.now(), result }
    return result
  }
}

const zkillProbes = new WeakMap<object, DependencyProbe>()

/**
 * The one zKillboard reachability probe (R2Z2's `sequence.json`) of an app, shared by the status page and the killmail
 * answers, so zKillboard is pinged at most once a minute however many pages ask.
 */
export function zkillProbe(ctx: { config: Pick<Config, 'ZKILL_R2Z2_URL' | 'USER_AGENT_CONTACT'>; version: string }): DependencyProbe {
  let probe = zkillProbes.get(ctx)
  if (!probe) {
    probe = new DependencyProbe(
      `${ctx.config.ZKILL_R2Z2_URL.replace(/\/$/, '')}/ephemeral/sequence.json`,
      esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT),
    )
    zkillProbes.set(ctx, probe)
  }
  return probe
}
