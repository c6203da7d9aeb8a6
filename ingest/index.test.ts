import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppContext } from '../platform/context.js'
import { pino } from 'pino'
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

/** Let the fake clock run `ms`, with every timer and promise due in that time settled. */
const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms)

describe('ingest job runner', () => {
  // The schedules run on a fake clock: the wall clock of a loaded machine would make 'two ticks in 2.3 s' a guess.
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-12-02T11:19:57.200Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

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
      await elapse(4_500)
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
    await elapse(2_300)
    await ingest.stop()
    expect(job.runs).toBe(3) // at start, then at :58 and :59
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
    await elapse(2_300) // two whole seconds tick while the first run is going
    const stopped = ingest.stop() // waits for the run at start, which ends 0.2 s later
    await elapse(300)
    await stopped
    expect(most).toBe(1)
    expect(runs).toBe(1)
  })

  it('says a job the shutdown ended was stopped, not that it failed', async () => {
    const lines: Array<{ level: number; msg: string }> = []
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
    const waiting: IngestJob = {
      name: 'waiting',
      schedule: () => null,
      runOnStart: true,
      run: (_ctx, signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')))),
    }
    const ingest = await startIngest({ log } as unknown as AppContext, [waiting])
    await ingest.stop()
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
    expect(lines.map((l) => l.msg)).toContain('ingest job stopped by the shutdown')
  })

  it('with schedules off, runs a job only at start', async () => {
    const job = countingJob()
    const ingest = await startIngest(ctx, [job], { schedules: false })
    await elapse(2_300)
    await ingest.stop()
    expect(job.runs).toBe(1)
  })
})
