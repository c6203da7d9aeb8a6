import crypto from 'node:crypto'
import { WormholeList } from '../../../schemas/wormholes.js'
import type { ApiContext } from '../../app.js'
import type { ApiRouter } from '../../http/router.js'
import { buildWormholeList } from './list.js'

interface Cached {
  importId: number
  body: string
  etag: string
  missing: string[]
}

export function register(router: ApiRouter, ctx: ApiContext): void {
  let cached: Cached | null = null
  const current = (): Cached => {
    const catalog = ctx.catalog.current()
    if (cached?.importId !== catalog.importId) {
      const body = JSON.stringify(buildWormholeList(catalog))
      const missing = catalog.community.wormholeSystems ? [] : ['wormholeSystems']
      cached = { importId: catalog.importId, body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`, missing }
    }
    return cached
  }

  router.route(
    {
      method: 'get',
      path: '/api/wormholes',
      summary: 'Every wormhole system (2603: classes 1-6, 13 and the five Drifter systems; Thera excluded)',
      description: 'Answered with an ETag; send If-None-Match to get 304. When the community statics data set is missing, statics are empty and the X-Data-Missing header says so.',
      tags: ['Wormholes'],
      response: WormholeList,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ ctx: kctx }) => {
      const c = current()
      kctx.set('ETag', c.etag)
      kctx.set('Cache-Control', 'public, max-age=3600')
      if (c.missing.length) kctx.set('X-Data-Missing', c.missing.join(','))
      if (kctx.get('If-None-Match') === c.etag) {
        kctx.status = 304
        return
      }
      kctx.type = 'application/json'
      kctx.body = c.body
    },
  )
}
