import Router from '@koa/router'
import type { Context } from 'koa'
import { APPRAISAL_ID_PATTERN } from '../../schemas/appraisal/constants.js'
import { formatIskCompact, formatInt } from '../../schemas/format.js'
import { hubByStation } from '../../schemas/hubs.js'
import type { SavedAppraisal } from '../../schemas/appraisals.js'
import { notFound } from '../../platform/http/errors.js'
import type { ApiContext } from '../app.js'
import { getAppraisal } from '../tools/appraisals/store.js'
import { CardCache, renderCard, type CardContent } from './card.js'
import { appraisalTotal, type SystemFacts, type TrackerFacts, type TrackerLookup } from './pages.js'

const MODE_LABELS: Record<SavedAppraisal['mode'], string> = {
  sell5: 'sell (5% average)',
  buy5: 'buy (5% average)',
  sell: 'best sell order',
  buy: 'best buy order',
  split: 'split',
}

export function appraisalCard(a: SavedAppraisal): CardContent {
  const top = [...a.rows]
    .filter((r) => r.lineISK !== null)
    .sort((x, y) => (y.lineISK ?? 0) - (x.lineISK ?? 0))
    .slice(0, 5)
  const items = a.totals.itemCount
  return {
    kicker: 'Appraisal',
    headline: `${formatIskCompact(appraisalTotal(a))} ISK`,
    subline: `${a.hub} · ${MODE_LABELS[a.mode]} · ${formatInt(items)} item${items === 1 ? '' : 's'}`,
    lines: top.length ? top.map((r) => `${formatIskCompact(r.lineISK ?? 0)}  ${r.name} ×${formatInt(r.qty)}`) : ['No priced items'],
  }
}

export function systemCard({ system, statics }: SystemFacts): CardContent {
  return {
    kicker: 'Wormhole system',
    headline: system.jcode,
    subline: `${system.class_label} · ${system.effect ? `${system.effect} effect` : 'no effect'}`,
    lines: [
      `Statics: ${statics.length ? statics.map((s) => (s.to ? `${s.code} to ${s.to}` : s.code)).join(', ') : 'none listed'}`,
      `${system.region} · ${system.constellation}`,
      `Planets: ${system.planets.length}${system.star_name ? ` · ${system.star_name}` : ''}`,
    ],
  }
}

export function trackerCard({ displayName, last7d: w }: TrackerFacts): CardContent {
  const net = w.destroyedISK - w.lostISK
  return {
    kicker: 'Kill tracker',
    headline: displayName,
    subline: `Last 7 days: ${formatInt(w.kills)} kill${w.kills === 1 ? '' : 's'} · ${formatInt(w.losses)} loss${w.losses === 1 ? '' : 'es'}`,
    lines: [
      `Destroyed: ${formatIskCompact(w.destroyedISK)} ISK`,
      `Lost: ${formatIskCompact(w.lostISK)} ISK`,
      `Net: ${net < 0 ? '-' : ''}${formatIskCompact(Math.abs(net))} ISK`,
    ],
  }
}

/**
 * Summary cards for link previews: `GET /api/previews/appraisals/{id}.png` and `/api/previews/wormholes/{jcode}.png`
 * (1200×630 PNG, drawn once and kept). An unknown id or system is the usual JSON 404.
 */
export function previewRoutes(ctx: ApiContext, system: (key: string) => SystemFacts | null, trackers: TrackerLookup): Router {
  const router = new Router()
  const cards = new CardCache()
  const send = (kctx: Context, png: Buffer) => {
    kctx.type = 'image/png'
    kctx.set('Cache-Control', 'public, max-age=86400')
    kctx.body = png
  }
  router.get('/api/previews/appraisals/:file', async (kctx) => {
    const id = /^(.+)\.png$/.exec(kctx.params.file)?.[1] ?? ''
    if (!APPRAISAL_ID_PATTERN.test(id)) throw notFound('No saved appraisal with that id')
    const key = `appraisal:${id}`
    // A saved appraisal never changes, so its card is drawn once.
    const drawn = cards.peek(key)
    if (drawn) return send(kctx, drawn)
    const saved = await getAppraisal(ctx.ch, id, (station) => hubByStation(station)?.label ?? String(station))
    if (!saved) throw notFound('No saved appraisal with that id')
    send(
      kctx,
      cards.get(key, () => renderCard(appraisalCard(saved))),
    )
  })
  router.get('/api/previews/wormholes/:file', (kctx) => {
    const jcode = /^(.+)\.png$/.exec(kctx.params.file)?.[1] ?? ''
    const facts = jcode ? system(jcode) : null
    if (!facts) throw notFound('No wormhole system with that J-code')
    send(
      kctx,
      cards.get(`system:${ctx.catalog.current().importId}:${facts.system.jcode}`, () => renderCard(systemCard(facts))),
    )
  })
  router.get('/api/previews/trackers/:file', async (kctx) => {
    const name = /^(.+)\.png$/.exec(kctx.params.file)?.[1] ?? ''
    const facts = name ? await trackers(name) : null
    if (!facts) throw notFound('Nobody is tracked under that name')
    // Keyed by the figures, so the card is redrawn when they change and kept while they do not.
    const w = facts.last7d
    const key = `tracker:${facts.path.toLowerCase()}:${facts.displayName}:${w.kills}:${w.losses}:${w.destroyedISK}:${w.lostISK}`
    const png = cards.get(key, () => renderCard(trackerCard(facts)))
    send(kctx, png)
    kctx.set('Cache-Control', 'public, max-age=600')
  })
  return router
}
