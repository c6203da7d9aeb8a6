import type { AppContext } from '../platform/context.js'

/** An ingest job: pulls from the outside and publishes to topics, on a cron schedule and/or once at start. */
export interface IngestJob {
  name: string
  /** node-cron expression (seconds field allowed), or null for jobs that only run at start or by command. */
  schedule: (ctx: AppContext) => string | null
  runOnStart?: boolean
  /** A run may say how it ended (the runner logs and records it); a run that says nothing and throws nothing is 'done'. */
  run: (ctx: AppContext, signal: AbortSignal) => Promise<void | RunOutcome>
}

/** How a run ended: fetched new data, found the source unchanged (the detail says since when), failed, or done. */
export interface RunOutcome {
  outcome: 'fetched' | 'unchanged' | 'failed' | 'done'
  detail: string
}

/**
 * A node-cron expression that fires every `seconds` (which divides 60 or is a whole number of minutes that
 * divides 60 or is a whole number of hours).
 */
export function everySeconds(seconds: number): string {
  if (seconds < 60) return `*/${seconds} * * * * *`
  const minutes = seconds / 60
  if (minutes < 60) return minutes === 1 ? '0 * * * * *' : `0 */${minutes} * * * *`
  const hours = minutes / 60
  return hours === 1 ? '0 0 * * * *' : `0 0 */${hours} * * *`
}

/** Every scheduled ingest job, one entry per source. */
