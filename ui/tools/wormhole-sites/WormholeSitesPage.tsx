import { useEffect, useMemo, useState } from 'react'
import type { DrifterAdditions, SiteRecord } from '../../../schemas/wormhole-sites'
import { SITE_FILE_KINDS, SITE_TIERS, siteFileName } from '../../../schemas/wormhole-sites-constants'
import { callApi } from '../../lib/api'
import { getSiteFile, getWormholeSitesDrifters } from '../../../schemas/wormhole-sites-endpoints'
import { isObject } from '../../lib/is-object'
import { formatInt } from '../../../schemas/format'
import { useRetry } from '../../lib/use-retry'
import { useStateInAddress } from '../../lib/use-state-in-address'
import { SiteCard } from './SiteCard'
import { ResourceSitesSection } from './ResourceSites'
import {
  blueLootTotal,
  drifterNote,
  filterSites,
  resourceKindOf,
  SITE_CLASSES,
  sitesStateFromQuery,
  sitesStateToQuery,
  TYPE_OPTIONS,
  withEscalations,
  type DrifterChoice,
  type SitesState,
  type TypeOption,
} from './sites'
import './wormhole-sites.css'

interface Loaded {
  sites: SiteRecord[]
  /** Files that failed to load, with why; their sites are skipped. */
  failed: string[]
}

/**
 * A record the cards can draw: the PvE fields besides the splitter's `site` and `blue_loot_isk` (a server that serves
 * only those, or another version's shape, would otherwise show its sites as 'No site matches' or crash a card).
 */
const isSiteRecord = (r: unknown): r is SiteRecord =>
  isObject(r) &&
  typeof r.site === 'string' &&
  typeof r.class === 'string' &&
  typeof r.type === 'string' &&
  typeof r.blue_loot_isk === 'number' &&
  Array.isArray(r.notes) &&
  Array.isArray(r.waves) &&
  r.waves.every((w) => isObject(w) && typeof w.wave === 'string' && Array.isArray(w.ships) && w.ships.every((ship) => isObject(ship) && isObject(ship.special)))

/** The twelve site files; a file that fails is logged and skipped (spec), and the page names it. */
async function loadSiteFiles(): Promise<Loaded> {
  const files = SITE_TIERS.flatMap((tier) => SITE_FILE_KINDS.map((kind) => ({ name: siteFileName(tier, kind), endpoint: getSiteFile(tier, kind) })))
  const names = files.map((f) => f.name)
  // the answers are checked below (isSiteRecord), so they are read as unknown first
  const results = await Promise.allSettled(files.map((f) => callApi(f.endpoint, {}) as Promise<unknown>))
  const loaded: Loaded = { sites: [], failed: [] }
  results.forEach((r, i) => {
    if (r.status === 'fulfilled' && Array.isArray(r.value) && r.value.every(isSiteRecord)) loaded.sites.push(...r.value)
    else {
      const reason = r.status === 'rejected' ? (r.reason as Error).message : 'not a list of sites'
      console.error(`Site file ${names[i]} failed to load: ${reason}`)
      loaded.failed.push(`${names[i]} (${reason})`)
    }
  })
  return loaded
}

/** The list's blue loot total; partial, and saying so, when some sites have no value in the data. */
function totalText({ isk, unknown }: { isk: number; unknown: number }, count: number): string {
  if (unknown === count) return 'blue loot not in the data'
  const all = `${formatInt(isk)} ISK of blue loot in all`
  return unknown === 0 ? all : `${all}, partial: ${unknown} site${unknown === 1 ? ' has' : 's have'} no value in the data`
}

export default function WormholeSitesPage() {
  const [data, setData] = useState<Loaded | null>(null)
  const [drifters, setDrifters] = useState<DrifterAdditions | null>(null)
  const [driftersError, setDriftersError] = useState<string | null>(null)
  // The choices live in the address, so a reload or a shared link shows the same sites.
  const [state, setState] = useStateInAddress(sitesStateFromQuery, sitesStateToQuery)
  const { classes, type, q, reference, drifter } = state
  const change = (c: Partial<SitesState> | ((s: SitesState) => Partial<SitesState>)) => setState((s) => ({ ...s, ...(typeof c === 'function' ? c(s) : c) }))
  /** 'Try again' loads every file once more. */
  const { attempt, heading, retry } = useRetry()

  useEffect(() => {
    let live = true
    setData(null)
    setDriftersError(null)
    void loadSiteFiles().then((d) => live && setData(d))
    callApi(getWormholeSitesDrifters, {})
      .then((d: DrifterAdditions | null) => {
        // A 200 that is not our answer (a proxy's or captive portal's page) is a failure too, as for the site files.
        if (!d || typeof d !== 'object' || !Array.isArray(d.missing)) throw new Error('not the Drifter escalation data')
        if (live) setDrifters(d)
      })
      .catch((err: Error) => {
        console.error(`Drifter additions failed to load: ${err.message}`)
        if (live) setDriftersError(err.message)
      })
    return () => {
      live = false
    }
  }, [attempt])
  const retryButton = (
    <button type="button" className="button secondary" onClick={retry}>
      Try again
    </button>
  )

  const shown = useMemo(
    () => filterSites(data?.sites ?? [], { classes, type, q }).map((s) => withEscalations(s, drifter, drifters)),
    [data, classes, type, q, drifter, drifters],
  )
  // Nothing shown and nothing even before the name search, with files skipped: the data is missing, not the match.
  const dataMissing = !!data && data.failed.length > 0 && filterSites(data.sites, { classes, type, q: '' }).length === 0
  const toggleClass = (c: string) => change((s) => ({ classes: s.classes.includes(c) ? s.classes.filter((x) => x !== c) : [...s.classes, c] }))
  // The two Drifter toggles exclude each other: switching one on switches the other off.
  const toggleDrifter = (choice: Exclude<DrifterChoice, 'none'>) => change((s) => ({ drifter: s.drifter === choice ? 'none' : choice }))

  return (
    <div className="sites-page">
      <section className="panel">
        <h1 ref={heading} tabIndex={-1}>
          Wormhole Sites
        </h1>
        <p className="muted">
          Sleeper combat anomalies and data and relic signatures by class: what spawns in each wave, what triggers the next one, how hard it hits and what its
          blue loot is worth.
        </p>
        <div className="sites-controls">
          <div className="segmented class-buttons" role="group" aria-label="Class">
            {SITE_CLASSES.map((c) => (
              <button key={c} type="button" aria-pressed={classes.includes(c)} onClick={() => toggleClass(c)}>
                {c}
              </button>
            ))}
          </div>
          <label className="field">
            <span className="field-label">Type</span>
            <select value={type} onChange={(e) => change({ type: e.target.value as TypeOption })} aria-label="Site type">
              {TYPE_OPTIONS.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Name</span>
            <input type="search" placeholder="Search sites" aria-label="Search sites by name" value={q} onChange={(e) => change({ q: e.target.value })} />
          </label>
        </div>
        <div className="sites-toggles">
          <label className="toggle" title="Reference mode: only the waves and ships that trigger the next wave or the Drifter, and escalation waves">
            <input type="checkbox" checked={reference} onChange={(e) => change({ reference: e.target.checked })} /> Trigger-Only Toggle
          </label>
          <label
            className="toggle"
            title="Mini Drifter: spawns when the Decloaked Transmission Relay is shot without a capital in the site (C5/C6 combat sites)"
          >
            <input type="checkbox" checked={drifter === 'recon' && !!drifters?.recon} disabled={!drifters?.recon} onChange={() => toggleDrifter('recon')} />{' '}
            Drifter Recon Battleship
          </label>
          <label
            className="toggle"
            title="Big Drifter: a capital in the site brings Upgraded Avengers, and the relay then brings the Response battleship (C5/C6)"
          >
            <input
              type="checkbox"
              checked={drifter === 'response' && !!drifters?.response}
              disabled={!drifters?.response}
              onChange={() => toggleDrifter('response')}
            />{' '}
            Drifter Response Battleship
          </label>
        </div>
        {driftersError && (
          <p className="warning-text" data-testid="failed-drifters">
            The Drifter escalations did not load ({driftersError}); the Drifter toggles are off. {data && data.failed.length === 0 && retryButton}
          </p>
        )}
        {drifters && drifters.missing.length > 0 && <p className="warning-text">Escalation data missing: {drifters.missing.join('; ')}.</p>}
        {drifterNote(state) && <p className="muted">{drifterNote(state)}</p>}
        {data && data.failed.length > 0 && (
          <p className="warning-text" data-testid="failed-files">
            Skipped site files that did not load: {data.failed.join(', ')}. {retryButton}
          </p>
        )}
      </section>

      {resourceKindOf(type) ? (
        <ResourceSitesSection classes={classes} q={q} kind={resourceKindOf(type)} />
      ) : !data ? (
        <p className="muted">Loading sites…</p>
      ) : (
        <>
          {/* a status message: a screen reader hears how many sites a filter left (WCAG 4.1.3) */}
          <p className="muted sites-count" data-testid="sites-count" role="status">
            {shown.length} site{shown.length === 1 ? '' : 's'}
            {shown.length > 0 && ` · ${totalText(blueLootTotal(shown), shown.length)}`}
          </p>
          {shown.length === 0 && (
            <p className="empty panel">
              {dataMissing
                ? 'No sites to show: the site files for this choice did not load (named above). Try again above.'
                : `No site matches${type === 'All Types' ? ' among the sleeper sites' : ''}. Pick a class or clear the search.`}
            </p>
          )}
          <div className="site-list">
            {shown.map((view) => (
              <SiteCard key={`${view.record.class}-${view.record.site}`} view={view} reference={reference} />
            ))}
          </div>

          {type === 'All Types' && <ResourceSitesSection classes={classes} q={q} />}
        </>
      )}
      <p className="muted small sites-sources">
        Waves, quantities, triggers and blue loot: the community wormhole-sites sheet. NPC figures: derived from the game's static data (DPS assumes every shot
        and missile lands in full; EHP is omni EHP). Figures marked * come from the community data, where the imported static data has no entry for that ship.
      </p>
    </div>
  )
}
