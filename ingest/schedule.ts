import cron from 'node-cron'

/**
 * What the ingest runner reads the time from and fires schedules by. The real one is node-cron on the wall clock (in
 * UTC, the game's clock that ESI's refreshes and downtime follow); tests pass a `FakeScheduleClock` and move time
 * themselves, so a test can start the app with its schedules on and see each job run when it is due.
 */
export interface ScheduleClock {
  now(): number
  /** Calls `fire` each time `expr` (node-cron, seconds field allowed, UTC) matches, until `stop`. */
  every(expr: string, name: string, fire: (dueAt: Date) => Promise<unknown> | undefined): { stop(): Promise<void> | void }
}

export const wallClock: ScheduleClock = {
  now: () => Date.now(),
  every(expr, name, fire) {
    // node-cron's noOverlap waits for the promise `fire` answers; the runner itself also skips a run while one is going.
    const task = cron.schedule(expr, (c) => fire(c.date ?? new Date()), { name, noOverlap: true, timezone: 'UTC' })
    return { stop: () => task.destroy() }
  },
}

/** Whether a time matches `expr` in UTC, from node-cron's own parse of the expression (fast enough to walk a day by seconds). */
function matcher(expr: string): { match(date: Date): boolean } {
  const f = cron.parse(expr)
  const sets = [f.second, f.minute, f.hour, f.dayOfMonth, f.month, f.dayOfWeek].map((v) => new Set(v.map(Number)))
  return {
    match: (d) =>
      sets[0].has(d.getUTCSeconds()) &&
      sets[1].has(d.getUTCMinutes()) &&
      sets[2].has(d.getUTCHours()) &&
      sets[3].has(d.getUTCDate()) &&
      sets[4].has(d.getUTCMonth() + 1) &&
      sets[5].has(d.getUTCDay()),
  }
}

/** The first whole second after `fromMs` at which `expr` matches (UTC), searching up to 8 days ahead; null if none. */
export function nextDue(expr: string, fromMs: number): Date | null {
  const task = matcher(expr)
  const start = Math.floor(fromMs / 1000) * 1000 + 1000
  for (let t = start; t < start + 8 * 86_400_000; t += 1000) {
    if (task.match(new Date(t))) return new Date(t)
  }
  return null
}

/**
 * A clock that stands still until a test moves it. `advanceTo` walks every whole second up to the target, fires the
 * schedules that match it, and waits for the runs it fired before going on, so runs happen in the order they fall due.
 */
export class FakeScheduleClock implements ScheduleClock {
  private ms: number
  private schedules = new Set<{ task: { match(date: Date): boolean }; fire: (dueAt: Date) => Promise<unknown> | undefined }>()

  constructor(start: Date) {
    this.ms = start.getTime()
  }

  now(): number {
    return this.ms
  }

  every(expr: string, _name: string, fire: (dueAt: Date) => Promise<unknown> | undefined) {
    const entry = { task: matcher(expr), fire }
    this.schedules.add(entry)
    return { stop: () => void this.schedules.delete(entry) }
  }

  async advanceTo(target: Date): Promise<void> {
    for (let t = Math.floor(this.ms / 1000) * 1000 + 1000; t <= target.getTime(); t += 1000) {
      this.ms = t
      const due = new Date(t)
      const fired = [...this.schedules].filter((s) => s.task.match(due)).map((s) => s.fire(due))
      await Promise.all(fired)
    }
    this.ms = Math.max(this.ms, target.getTime())
  }
}
