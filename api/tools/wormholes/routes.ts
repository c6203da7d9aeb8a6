import { getWormholeTypeByCode, getSystemResidents, getWormholeTypes, getWormholes, getWormholesByJcode } from '../../../schemas/wormholes-endpoints.js'
import type { Context } from 'koa'
import {
  WormholeTypeDetail,
  WormholeTypeParams,
  SolarSystemIdParams,
  SystemResidents,
  WormholeList,
  WormholeSystemDetail,
  WormholeSystemParams,
  WormholeTypeList,
  type WormholeSystem,
  type WormholeTypeInfo,
} from '../../../schemas/wormholes.js'
import type { ApiContext } from '../../app.js'
import { notFound } from '../../../platform/http/errors.js'
import { jsonWithEtag, sendJsonWithEtag, type JsonWithEtag } from '../../http/json-body.js'
import type { ApiRouter } from '../../http/router.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'
import { jcodeKey, staticsElsewhere, systemDetail } from './detail.js'
import { buildWormholeSystems, drifterName, listTable } from './list.js'
import { buildWormholeTypes } from './types.js'
import { sitesFor, typeDetail, wanderingFor } from './intel.js'
import { readResidents } from './residents.js'

interface Index {
  importId: number
  list: JsonWithEtag
  types: JsonWithEtag
  byKey: Map<string, WormholeSystem>
  systems: WormholeSystem[]
  typesByCode: Map<string, WormholeTypeInfo>
  /** By solar system id: statics an older map lists where they differ from ours. */
  elsewhere: Map<number, NonNullable<WormholeSystemDetail['statics_elsewhere']>>
  missing: string[]
}

/** Why /wormholes/Thera finds nothing: the list is the spec's 2603 systems, which leave Thera out. */
const THERA_LEFT_OUT = 'Thera is not in the wormhole database: it has no static wormholes, and its connections to known space change all the time'

/** A system is found by its J-code, and a Drifter system also by the name pilots know it by ("Vidette"). */
const lookupKeys = (w: WormholeSystem) => [w.jcode, drifterName(w.class)].filter((k): k is string => k !== null).map(jcodeKey)

function buildIndex(catalog: Catalog): Index {
  const list = buildWormholeSystems(catalog)
  const types = buildWormholeTypes(catalog)
  return {
    importId: catalog.importId,
    list: jsonWithEtag(listTable(list)),
    types: jsonWithEtag(types),
    systems: list,
    byKey: new Map(list.flatMap((w) => lookupKeys(w).map((key) => [key, w] as const))),
    typesByCode: new Map(types.map((t) => [t.code, t])),
    elsewhere: new Map(
      (catalog.community.wormholeSystems ?? []).flatMap((facts) => {
        const other = staticsElsewhere(facts)
        return other ? [[facts.solarSystemID, other] as const] : []
      }),
    ),
    missing: (['wormholeSystems', 'wormholeTypes', 'wormholeEffects', 'wormholeWandering'] as const).filter((name) => !catalog.community[name]),
  }
}

export function register(router: ApiRouter, ctx: ApiContext): void {
  let index: Index | null = null
  const current = (): Index => {
    const catalog = ctx.catalog.current()
    if (index?.importId !== catalog.importId) index = buildIndex(catalog)
    return index
  }

  /** Answers a cached body with its ETag (304 when the client has it), and names missing community data. */
  const sendCached = (kctx: Context, idx: Index, cached: JsonWithEtag) => {
    if (idx.missing.length) kctx.set('X-Data-Missing', idx.missing.join(','))
    sendJsonWithEtag(kctx, cached, () => current() === idx)
  }

  router.route(
    getWormholes,
    {
      summary: 'Every wormhole system (2603: classes 1-6, 13 and the five Drifter systems; Thera excluded)',
      description:
        'A table: `columns` names the fields once and each of `rows` is one system in that order (the fields of Wormhole); region, constellation, star and planets come with each system (`/api/wormholes/{jcode}`). Answered with an ETag; send If-None-Match to get 304. When the community statics data set is missing, statics are empty and the X-Data-Missing header says so.',
      tags: ['Wormholes'],
      response: WormholeList,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ ctx: kctx }) => {
      const idx = current()
      sendCached(kctx, idx, idx.list)
    },
  )

  router.route(
    getWormholeTypes,
    {
      summary: 'Every wormhole type code with its total mass, jump mass, lifetime and destination',
      description:
        'Community values (the current reading) with the SDE values beside them and the fields where the two disagree. Answered with an ETag. Empty, with X-Data-Missing, when the community wormhole type data set is missing.',
      tags: ['Wormholes'],
      response: WormholeTypeList,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ ctx: kctx }) => {
      const idx = current()
      sendCached(kctx, idx, idx.types)
    },
  )

  router.route(
    getWormholesByJcode,
    {
      summary: 'One wormhole system with its statics (mass, jump mass, lifetime) and weather (what its effect does)',
      description:
        'The J-code in any case, with or without the leading J (J123450, j123450 and 123450 are the same system); a Drifter system also by its name (Vidette). ' +
        'Thera is not in the database (it has no statics); asking for it answers 404 saying so.',
      tags: ['Wormholes'],
      params: WormholeSystemParams,
      response: WormholeSystemDetail,
      errors: { 404: 'No wormhole system with that J-code', 503: 'Static data not imported yet' },
    },
    ({ params, ctx: kctx }) => {
      const idx = current()
      const system = idx.byKey.get(jcodeKey(params.jcode))
      if (!system && jcodeKey(params.jcode) === 'thera') throw notFound(THERA_LEFT_OUT)
      if (!system) throw notFound(`No wormhole system called ${params.jcode.slice(0, 20)}`)
      kctx.set('Cache-Control', 'public, max-age=3600')
      if (idx.missing.length) kctx.set('X-Data-Missing', idx.missing.join(','))
      const { community } = ctx.catalog.current()
      return {
        ...systemDetail(system, idx.typesByCode, community.wormholeEffects, ctx.config.IMAGE_SERVER_URL, idx.elsewhere.get(system.solarsystemid) ?? null),
        wandering: wanderingFor(system.class_label, community.wormholeWandering, idx.typesByCode),
        sites: sitesFor(system.class_label, community),
      }
    },
  )

  router.route(
    getWormholeTypeByCode,
    {
      summary: 'One wormhole type by its code: where it leads, mass, lifetime, and the classes that see it',
      description:
        'The code in any case (h296 is H296). The type data as in /api/wormhole-types, the classes whose systems have it as a static (with how many systems) and the classes it may open in as a wandering hole.',
      tags: ['Wormholes'],
      params: WormholeTypeParams,
      response: WormholeTypeDetail,
      errors: { 404: 'No wormhole type with that code', 503: 'Static data not imported yet' },
    },
    ({ params, ctx: kctx }) => {
      const idx = current()
      const code = params.code.trim().toUpperCase()
      const type = idx.typesByCode.get(code)
      if (!type) throw notFound(`No wormhole type called ${params.code.slice(0, 10)}`)
      kctx.set('Cache-Control', 'public, max-age=3600')
      return typeDetail(type, idx.systems, ctx.catalog.current().community.wormholeWandering)
    },
  )

  router.route(
    getSystemResidents,
    {
      summary: "The corporations seen most in a system's kills over 30 days, with the UTC hours they are seen in",
      description:
        'Up to five corporations (NPC corporations left out) on the most stored kills in the system, as victim or attacker, each with those kills per UTC hour (00-23): when the residents are active. Empty when no kill is stored.',
      tags: ['Wormholes'],
      params: SolarSystemIdParams,
      response: SystemResidents,
    },
    async ({ params }) => readResidents(ctx.ch, params.solarsystemid, new Date()),
  )
}
