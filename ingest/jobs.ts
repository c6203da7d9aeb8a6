import type { AppContext } from '../api/context.js'
import { killmailBackfillJob, killmailFeedJob } from './killmails/jobs.js'

/** An ingest job: pulls from the outside and publishes to topics, on a cron schedule and/or once at start. */
export interface IngestJob {
  name: string
  /** node-cron expression (seconds field allowed), or null for jobs that only run at start or by command. */
  schedule: (ctx: AppContext) => string | null
  runOnStart?: boolean
  run: (ctx: AppContext, signal: AbortSignal) => Promise<void>
}

/** Every scheduled ingest job, one entry per source. */
export const ingestJobs: IngestJob[] = [killmailFeedJob, killmailBackfillJob]
