import type { AppContext } from '../platform/context.js'

/** An ingest job: pulls from the outside and publishes to topics, on a cron schedule and/or once at start. */
export interface IngestJob {
  name: string
  /** node-cron expression (seconds field allowed), or null for jobs that only run at start or by command. */
  schedule: (ctx: AppContext) => string | null
  runOnStart?: boolean
  run: (ctx: AppContext, signal: AbortSignal) => Promise<void>
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
