import cron, { type ScheduledTask } from 'node-cron'
import type { AppContext } from '../platform/context.js'
import { ingestJobs } from './jobs.js'
import type { IngestJob } from './job.js'

export interface RunningIngest {
  stop(): Promise<void>
}

/**
 * Start every ingest job's schedule. A run never overlaps the previous run of the same job. With
 * `schedules: false` only the runs at start happen: tests that drive a job by hand turn the wall-clock
 * schedules off, or a run at :00 or :30 would land in the middle of their steps.
 */
export async function startIngest(ctx: AppContext, jobs: IngestJob[] = ingestJobs, options: { schedules?: boolean } = {}): Promise<RunningIngest> {
  const abort = new AbortController()
  const tasks: ScheduledTask[] = []
  const running = new Set<Promise<void>>()
  const log = ctx.log.child({ component: 'ingest' })

  // node-cron's noOverlap knows only its own runs, not the run at start: a slow first run (a whole region's order
  // book, a backfill) would otherwise get a second one beside it at the next tick.
  const inFlight = new Set<string>()
  const runJob = (job: IngestJob) => {
    if (inFlight.has(job.name)) {
      log.warn({ job: job.name }, 'ingest job still running; this run is skipped')
      return
    }
    inFlight.add(job.name)
    const p = job
      .run(ctx, abort.signal)
      .catch((err) => log.error({ err, job: job.name }, 'ingest job failed'))
      .finally(() => {
        running.delete(p)
        inFlight.delete(job.name)
      })
    running.add(p)
    return p
  }

  for (const job of jobs) {
    const expr = job.schedule(ctx)
    // In UTC, the game's clock that ESI's refreshes and downtime follow, whatever zone the server is set to.
    if (expr && options.schedules !== false) tasks.push(cron.schedule(expr, () => runJob(job), { name: job.name, noOverlap: true, timezone: 'UTC' }))
    if (job.runOnStart) void runJob(job)
    log.info({ job: job.name, schedule: expr, runOnStart: !!job.runOnStart }, 'ingest job scheduled')
  }

  return {
    async stop() {
      abort.abort()
      for (const t of tasks) await t.destroy()
      await Promise.allSettled([...running])
    },
  }
}
