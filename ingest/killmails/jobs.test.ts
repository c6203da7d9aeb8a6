import cron from 'node-cron'
import { describe, expect, it } from 'vitest'
import type { AppContext } from '../../platform/context.js'
import { killmailBackfillJob } from './jobs.js'

const ctxWith = (days: number) => ({ config: { KILLMAIL_BACKFILL_DAYS: days } }) as unknown as AppContext

describe('killmail backfill job', () => {
  it('runs again on a schedule when on, so a day left for a later run or a failed run is tried again without a restart', () => {
    const expr = killmailBackfillJob.schedule(ctxWith(3))
    expect(expr).not.toBeNull()
    expect(cron.validate(expr!)).toBe(true)
    expect(killmailBackfillJob.runOnStart).toBe(true)
  })

  it('has no schedule when off (KILLMAIL_BACKFILL_DAYS=0)', () => {
    expect(killmailBackfillJob.schedule(ctxWith(0))).toBeNull()
  })
})
