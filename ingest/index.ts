import { setMaxListeners } from 'node:events'
import type { AppContext } from '../platform/context.js'
import { ingestJobs } from './jobs.js'
import type { IngestJob, RunOutcome } from './job.js'
import { nextDue, wallClock, type ScheduleClock } from './schedule.js'

export interface RunningIngest {
  stop(): Promise<void>
}

export interface IngestOptions {
  /**
   * With `false` only the runs at start happen: tests that drive a job by hand turn the wall-clock schedules off,
   * or a run at :00 or :30 would land in the middle of their steps. A `ScheduleClock` (a test's fake clock) runs
   * the schedules on that clock instead of the wall clock.
   */
  schedules?: boolean | ScheduleClock
}

/** ClickHouse DateTime64 from epoch milliseconds, in UTC. */
const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '')

/**
 * Start every ingest job's schedule. A run never overlaps the previous run of the same job. Every run logs how it
 * ended (fetched, unchanged since …, failed) and is recorded in `ingest_runs` with the time the next one is due,
 * which the status page shows.
 */
export async function startIngest(ctx: AppContext, jobs: IngestJob[] = ingestJobs, options: IngestOptions = {}): Promise<RunningIngest> {
  const abort = new AbortController()
  // Every job's requests and waits listen on this one signal (about eleven at start): more than Node's default of
  // ten is expected here, and a leak would still pass the raised bound soon enough to be warned of.
  setMaxListeners(Math.max(10, jobs.length * 8), abort.signal)
  const stops: Array<{ stop(): Promise<void> | void }> = []
  const running = new Set<Promise<void>>()
  const log = ctx.log.child({ component: 'ingest' })
  const clock = typeof options.schedules === 'object' ? options.schedules : wallClock
  const scheduled = options.schedules !== false

  const record = async (job: IngestJob, expr: string | null, trigger: 'start' | 'schedule', dueAt: number, startedAt: number, result: RunOutcome) => {
    const finishedAt = clock.now()
    const next = expr && scheduled ? nextDue(expr, finishedAt) : null
    const fields = { job: job.name, trigger, outcome: result.outcome, detail: result.detail, nextDue: next?.toISOString() ?? null }
    if (result.outcome === 'failed') log.warn(fields, `ingest run failed: ${job.name}`)
    else log.info(fields, `ingest run ${result.outcome}: ${job.name}`)
    try {
      await ctx.ch.insert({
        table: 'ingest_runs',
        values: [
          {
            job: job.name,
            trigger,
            schedule: expr ?? '',
            due_at: chTime(dueAt),
            started_at: chTime(startedAt),
            finished_at: chTime(finishedAt),
            outcome: result.outcome,
            detail: result.detail,
            next_due_at: next ? chTime(next.getTime()) : null,
          },
        ],
        format: 'JSONEachRow',
      })
    } catch (err) {
      log.warn({ err: (err as Error).message, job: job.name }, 'could not record the ingest run')
    }
  }

  // node-cron's noOverlap knows only its own runs, not the run at start: a slow first run (a whole region's order
  // book, a backfill) would otherwise get a second one beside it at the next tick.
  const inFlight = new Set<string>()
  const runJob = (job: IngestJob, expr: string | null, trigger: 'start' | 'schedule', dueAt: number) => {
    if (inFlight.has(job.name)) {
      log.warn({ job: job.name }, 'ingest job still running; this run is skipped')
      return
    }
    inFlight.add(job.name)
    const startedAt = clock.now()
    const p = job
      .run(ctx, abort.signal)
      .then(
        (result): RunOutcome => result ?? { outcome: 'done', detail: '' },
        (err: Error): RunOutcome => {
          // stopped by a shutdown: not a failure, and nothing is recorded for it (below)
          if (abort.signal.aborted) log.info({ job: job.name }, 'ingest job stopped by the shutdown')
          else log.error({ err, job: job.name }, 'ingest job failed')
          return { outcome: 'failed', detail: err.message }
        },
      )
      .then((result) => (abort.signal.aborted ? undefined : record(job, expr, trigger, dueAt, startedAt, result)))
      .finally(() => {
        running.delete(p)
        inFlight.delete(job.name)
      })
    running.add(p)
    return p
  }

  for (const job of jobs) {
    const expr = job.schedule(ctx)
    if (expr && scheduled) stops.push(clock.every(expr, job.name, (due) => runJob(job, expr, 'schedule', due.getTime())))
    if (job.runOnStart) void runJob(job, expr, 'start', clock.now())
    log.info({ job: job.name, schedule: expr, runOnStart: !!job.runOnStart }, 'ingest job scheduled')
  }

  return {
    async stop() {
      abort.abort()
      for (const s of stops) await s.stop()
      await Promise.allSettled([...running])
    },
  }
}
