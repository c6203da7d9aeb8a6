import { describe, expect, it } from 'vitest'
import type { AppContext } from '../platform/context.js'
import { createLogger } from '../platform/log.js'
import { startIngest } from './index.js'
import type { IngestJob } from './job.js'

/** A job on an every-second schedule that also runs at start, counting its runs. */
function countingJob(): IngestJob & { runs: number } {
  const job = {
    name: 'counting',
    runs: 0,
    schedule: () => '* * * * * *',
    runOnStart: true,
    async run() {
      job.runs++
    },
  }
  return job
}

const ctx = { log: createLogger('silent') } as unknown as AppContext

describe('ingest job runner', () => {
  it("reads schedules in UTC, EVE's clock, whatever the server's own time zone (the 11:20 packaged-volumes run follows ESI's 11:05 UTC refresh)", async () => {
    const zone = process.env.TZ
    // UTC+14: an hour written in local time would be fourteen hours off. (First in the file: node-cron keeps the
    // date formatter of the zone it first meets.)
    process.env.TZ = 'Pacific/Kiritimati'
    try {
      const at = new Date(Date.now() + 3_000)
      let runs = 0
      const job: IngestJob = {
        name: 'utc',
        schedule: () => `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`,
        async run() {
          runs++
        },
      }
      const ingest = await startIngest(ctx, [job])
      await new Promise((r) => setTimeout(r, 4_500))
      await ingest.stop()
      expect(runs).toBe(1)
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('runs a job at start and on its schedule', async () => {
    const job = countingJob()
    const ingest = await startIngest(ctx, [job])
    await new Promise((r) => setTimeout(r, 2_300))
    await ingest.stop()
    expect(job.runs).toBeGreaterThanOrEqual(2) // at start, then on at least one of the two whole seconds passed
  })

  it('does not start a scheduled run while the run at start is still going', async () => {
    let inFlight = 0
    let most = 0
    let runs = 0
    const slow: IngestJob = {
      name: 'slow',
      schedule: () => '* * * * * *',
      runOnStart: true,
      async run() {
        runs++
        most = Math.max(most, ++inFlight)
        await new Promise((r) => setTimeout(r, 2_500))
        inFlight--
      },
    }
    const ingest = await startIngest(ctx, [slow])
    await new Promise((r) => setTimeout(r, 2_300)) // two whole seconds tick while the first run is going
    await ingest.stop()
    expect(most).toBe(1)
    expect(runs).toBe(1)
  })

  it('with schedules off, runs a job only at start', async () => {
    const job = countingJob()
    const ingest = await startIngest(ctx, [job], { schedules: false })
    await new Promise((r) => setTimeout(r, 2_300))
    await ingest.stop()
    expect(job.runs).toBe(1)
  })
})
