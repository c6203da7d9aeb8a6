import { getSystemActivity } from '../../../schemas/system-activity-endpoints.js'
import { SystemActivity, SystemActivityParams } from '../../../schemas/system-activity.js'
import type { ApiContext } from '../../app.js'
import type { ApiRouter } from '../../http/router.js'
import { readSystemActivity } from './read.js'

export function register(router: ApiRouter, ctx: ApiContext): void {
  router.route(
    getSystemActivity,
    {
      summary: "A system's last 24 hours of NPC, ship and pod kills and jumps, from ESI's hourly counts",
      description:
        "ESI's `/universe/system_kills/` and `/universe/system_jumps/`, fetched each hour once ESI's cache expires and kept 30 days. " +
        'Each of the 24 entries (oldest first, ending at the newest hour stored) is the hour ESI published the counts in; they cover the hour before. ' +
        'A count is 0 when ESI answered for that hour without listing the system, and null when no answer is stored for the hour. ' +
        'ESI leaves wormhole space out of both counts, so a J-space system normally has no entries: `wormhole_space` says so.',
      tags: ['Wormholes'],
      params: SystemActivityParams,
      response: SystemActivity,
    },
    async ({ params, ctx: kctx }) => {
      // ESI's counts change once an hour: a few minutes of caching costs nothing and spares the database a busy dialog.
      kctx.set('Cache-Control', 'public, max-age=300')
      return readSystemActivity(ctx.ch, params.solarsystemid, new Date())
    },
  )
}
