import { getLootSplitEscalations, postBlueLootCalc, postParticipationCalc } from '../../../schemas/loot-split-endpoints.js'
import { BlueLootRequest, BlueLootResponse, LootEscalations, ParticipationRequest, ParticipationResponse } from '../../../schemas/loot-split.js'
import type { ApiContext } from '../../app.js'
import { HttpError } from '../../../platform/http/errors.js'
import type { ApiRouter } from '../../http/router.js'
import { calcBlueLoot } from './blue-loot.js'
import { calcParticipation } from './participation.js'
import { requireSiteValues, siteValuesFrom, type SiteValues } from './site-values.js'

const CALC_ERRORS = { 503: 'Static data not imported yet, or the sleeper-site data set is missing' }

export function register(router: ApiRouter, ctx: ApiContext): void {
  // Derived once per static import: the catalog's community data does not change between imports.
  let cached: { importId: number; values: SiteValues | null } | null = null
  const siteValues = (): SiteValues => {
    const catalog = ctx.catalog.current()
    if (cached?.importId !== catalog.importId) cached = { importId: catalog.importId, values: siteValuesFrom(catalog.community) }
    return requireSiteValues(cached.values)
  }

  router.route(
    postBlueLootCalc,
    {
      summary: 'Split blue loot by shares (Dread/Marauder or DPS/Logi share tiers)',
      description:
        'Values every site run from the community sleeper-site data (plus the Upgraded Avenger wave for usedDread, and for drifterRan on ' +
        'C5/C6 combat sites the Drifter Response Battleship with usedDread or the Drifter Recon Battleship without), takes broker, corp and alliance tax in that order, and pays each player net × shares ÷ total shares ' +
        'in whole ISK that sum to the net exactly. Every player with 0 shares, or sites worth 0 ISK, is a 400.',
      tags: ['Loot splitters'],
      body: BlueLootRequest,
      response: BlueLootResponse,
      errors: CALC_ERRORS,
    },
    ({ body }) => calcBlueLoot(body, siteValues()),
  )

  router.route(
    postParticipationCalc,
    {
      summary: 'Split blue loot by participation',
      description:
        'The pot is Σ site value × Number Ran (with the C5/C6 escalations that apply), less broker, corp and alliance tax. Each player is paid ' +
        'net × (ISK value of the site runs they attended) ÷ (ISK value of all attendances), in whole ISK that sum to the net exactly.',
      tags: ['Loot splitters'],
      body: ParticipationRequest,
      response: ParticipationResponse,
      errors: CALC_ERRORS,
    },
    ({ body }) => calcParticipation(body, siteValues()),
  )

  router.route(
    getLootSplitEscalations,
    {
      summary: 'Blue loot of the C5/C6 escalations: Upgraded Avengers per wave and the Drifter Response and Recon Battleships',
      tags: ['Loot splitters'],
      response: LootEscalations,
      errors: { 503: 'Static data not imported yet, or the escalation data set is missing' },
    },
    ({ ctx: kctx }) => {
      const { escalations } = siteValues()
      if (!escalations)
        throw new HttpError(
          503,
          'The escalation data set (sleeper-sites/escalations.json) is not loaded on this server, so Avenger and Drifter values are unknown.',
        )
      kctx.set('Cache-Control', 'public, max-age=300')
      return escalations
    },
  )
  // The twelve site files the participation page reads (/api/data/{tier}_{combat|datarelic}_sites_clean.json) are
  // served by the wormhole-sites slice: its records carry `site` and `blue_loot_isk` as well as the waves.
}
