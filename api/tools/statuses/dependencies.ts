import type { z } from 'zod'
import type { DependencyStatus } from '../../../schemas/statuses.js'

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

  private async ping(): Promise<Status> {
    const started = performance.now()
    let result: Status
    try {
      const res = await fetch(this.url, { headers: { 'User-Agent': this.userAgent, Accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) })
      await res.arrayBuffer()
      const ms = Math.round(performance.now() - started)
      result = res.ok ? { ok: true, ms, status: res.status, error: null } : { ok: false, ms, status: res.status, error: `HTTP ${res.status} ${res.statusText}`.trim() }
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } }
      result = { ok: false, ms: null, status: null, error: e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs / 1000} s` : (e.cause?.code ?? e.message) }
    }
    this.last = { at: Date.now(), result }
    return result
  }
}
