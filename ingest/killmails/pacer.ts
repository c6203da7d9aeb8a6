import { sleep } from '../../platform/sleep.js'

/**
 * One request at a time, at least `minIntervalMs` between the starts of two requests, and a pause that any caller
 * can extend (a 429's Retry-After): what zKillboard and ESI's per-route budgets ask of a client.
 */
export class Pacer {
  private chain: Promise<unknown> = Promise.resolve()
  private lastStart = 0
  private pausedUntil = 0

  constructor(readonly minIntervalMs: number) {}

  /** No request starts before `when` (epoch ms). */
  pauseUntil(when: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, when)
  }

  get pausedForMs(): number {
    return Math.max(0, this.pausedUntil - Date.now())
  }

  /** Run `task` when its turn comes: after every earlier task finished, the interval passed and no pause is in force. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const turn = this.chain.then(async () => {
      const wait = Math.max(this.lastStart + this.minIntervalMs, this.pausedUntil) - Date.now()
      await sleep(wait, signal)
      signal?.throwIfAborted()
      this.lastStart = Date.now()
      return task()
    })
    this.chain = turn.catch(() => undefined)
    return turn
  }
}
