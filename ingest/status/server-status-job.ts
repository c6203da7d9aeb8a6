import { LiveEventsTopic } from '../../schemas/topics.js'
import { publish } from '../../platform/stream/typed.js'
import { everySeconds, type IngestJob, type RunOutcome } from '../job.js'

interface EsiStatus {
  players: number
  server_version?: string
  start_time?: string
}

/**
 * Tranquility's online count from ESI `/status`, pushed to every open page. When ESI fails or answers something
 * that is not a count, pages are told the count is unknown ('ESI: reconnecting…').
 */
export const serverStatusJob: IngestJob = {
  name: 'esi-server-status',
  schedule: (ctx) => everySeconds(ctx.config.STATUS_INTERVAL_SECONDS),
  runOnStart: true,
  async run(ctx, signal) {
    let players: number | null = null
    let outcome: RunOutcome
    try {
      const res = await ctx.esi.get<EsiStatus>('/status/', undefined, signal)
      players = Number.isInteger(res.data?.players) && res.data.players >= 0 ? res.data.players : null
      outcome =
        players === null ? { outcome: 'failed', detail: 'ESI answered without a player count' } : { outcome: 'fetched', detail: `${players} players online` }
    } catch (err) {
      ctx.log.warn({ err: (err as Error).message }, 'ESI status unavailable')
      outcome = { outcome: 'failed', detail: (err as Error).message }
    }
    await publish(ctx.stream, LiveEventsTopic, [{ value: { message: { type: 'online', players, at: new Date().toISOString() }, retain: true } }])
    return outcome
  },
}
