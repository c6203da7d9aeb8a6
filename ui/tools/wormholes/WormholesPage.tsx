import { useCallback, useMemo, useState } from 'react'
import { useLocation, useNavigate, useParams, Link } from 'react-router-dom'
import type { Wormhole, WormholeTypeInfo } from '../../../schemas/wormholes'
import { DESTINATIONS, destinationColour, destinationLabel } from '../../lib/wormhole-destinations'
import { FilterPanel } from './FilterPanel'
import { filterWormholes, filtersFromQuery, filtersToQuery, indexWormholes, NO_FILTERS, searchesThera, type WormholeFilters } from './filters'
import { loadWormholes, loadWormholeTypes } from '../../lib/wormhole-data'
import { useAsync } from '../../lib/use-async'
import { useStateInAddress } from '../../lib/use-state-in-address'
import { SystemDialog } from './SystemDialog'
import { TheraPanel } from './TheraConnections'
import { looksLikeTypeCode, TypeDialog } from './TypeDialog'
import { DEFAULT_SORT, FROM_LIST, sortWormholes, WormholeList, type DialogState } from './WormholeList'
import type { SortState } from '../../components/SortableTable'
import './wormholes.css'

/** Why a search for Thera finds nothing: the same reason its own address gives. */
const THERA_NOTE = 'Thera is not in this list: it has no static wormholes, and its connections to known space change all the time.'

const filtersFromDestinations = (params: URLSearchParams) => filtersFromQuery(params, DESTINATIONS)

export default function WormholesPage() {
  const { jcode, code } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const systems = useAsync<Wormhole[]>(loadWormholes, [])
  const types = useAsync<WormholeTypeInfo[]>(loadWormholeTypes, [])

  // The filters live in the address, so a reload or a shared link shows the same list.
  const [filters, setFilters] = useStateInAddress<WormholeFilters>(filtersFromDestinations, filtersToQuery)

  const typeMap = useMemo(() => new Map(types.state === 'ok' ? types.value.map((t) => [t.code, t]) : []), [types])
  const indexed = useMemo(
    () => (systems.state === 'ok' ? indexWormholes(systems.value, (code) => typeMap.get(code)?.destinations ?? []) : []),
    [systems, typeMap],
  )
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT)
  const sorted = useMemo(() => sortWormholes(indexed, sort), [indexed, sort])
  // A system's static destinations come from the type data. Until it has loaded the list waits (a statics filter
  // would match nothing); if it fails, a statics filter (say, from a shared link) is not applied rather than
  // hiding every system, and stays in the address.
  const applied = useMemo(() => (types.state === 'ok' ? filters : { ...filters, statics: [] }), [filters, types.state])
  const listState = systems.state === 'ok' && types.state === 'loading' ? 'loading' : systems.state
  // Filtering 2603 indexed rows takes well under a millisecond, and the virtual list draws only the rows in
  // view, so each keystroke re-filters directly (npm run bench -- wormhole-list).
  const shown = useMemo(() => filterWormholes(sorted, applied), [sorted, applied])

  const change = useCallback((c: Partial<WormholeFilters>) => setFilters((f) => ({ ...f, ...c })), [setFilters])
  // A dialog opened from the list closes by going back to it, so a later Back does not reopen it; one opened
  // from a link replaces its own entry with the list's.
  const openedFromList = (location.state as DialogState | null)?.fromList === true
  const close = useCallback(
    () => (openedFromList ? navigate(-1) : navigate({ pathname: '/wormholes', search: location.search }, { replace: true })),
    [navigate, location.search, openedFromList],
  )
  // A type code typed in the search ("H296") offers that type; Enter opens it unless one system is left.
  const typedType = looksLikeTypeCode(filters.q) ? (typeMap.get(filters.q.trim().toUpperCase()) ?? null) : null
  const openOnlyMatch = useCallback(() => {
    if (shown.length === 1) navigate({ pathname: `/wormholes/${shown[0].system.jcode}`, search: location.search }, { state: FROM_LIST })
    else if (typedType) navigate({ pathname: `/wormholes/types/${typedType.code}`, search: location.search }, { state: FROM_LIST })
  }, [shown, navigate, location.search, typedType])
  const total = systems.state === 'ok' ? systems.value.length : 0
  const staticsUnavailable =
    types.state === 'error'
      ? `Wormhole type data did not load (${types.message}), so statics cannot be filtered or coloured` +
        (filters.statics.length ? `; the statics filter in this link (${filters.statics.map(destinationLabel).join(', ')}) is not applied.` : '.')
      : null

  return (
    <div className="wormholes-page">
      <section className="panel">
        <h1>Wormhole database</h1>
        <p className="muted">
          Every J-space system with its class, statics and effect. Filter, then click a J-code (or press Enter when one is left) for its weather, statics,
          killboard activity and celestials.
        </p>
        <FilterPanel filters={filters} onChange={change} staticOptions={DESTINATIONS} staticsUnavailable={staticsUnavailable} onEnter={openOnlyMatch} />
        <div className="wh-summary">
          <p data-testid="wh-count" aria-live="polite">
            {listState === 'ok' ? `Showing ${shown.length} of ${total} wormholes` : listState === 'loading' ? 'Loading wormholes…' : ''}
          </p>
          {/* aria-disabled, not disabled: a button that disables itself as it is pressed drops keyboard focus to the document */}
          <button type="button" className="button secondary" onClick={() => setFilters(NO_FILTERS)} aria-disabled={filtersToQuery(filters).toString() === ''}>
            Clear filters
          </button>
        </div>
        {typedType && (
          <p className="notice" data-testid="type-offer">
            <Link to={{ pathname: `/wormholes/types/${typedType.code}`, search: location.search }} state={FROM_LIST}>
              {typedType.code}
            </Link>{' '}
            is a wormhole type leading to {typedType.destinations.map(destinationLabel).join(', ') || 'an unknown class'}: open it for its mass, lifetime and
            where it spawns{shown.length === 1 ? '' : ' (or press Enter)'}.
          </p>
        )}
        {searchesThera(filters.q) && (
          <p className="notice" data-testid="thera-note">
            {THERA_NOTE}
          </p>
        )}
        <ul className="wh-legend" aria-label="Static colours">
          {DESTINATIONS.map((d) => (
            <li key={d}>
              <span className="swatch" style={{ background: destinationColour(d) }} /> {destinationLabel(d)}
            </li>
          ))}
        </ul>
      </section>

      <section className="panel wh-list-panel">
        {systems.state === 'error' ? (
          <p className="error-box">The wormhole list did not load: {systems.message}</p>
        ) : listState === 'loading' ? (
          <p className="muted">Loading wormholes…</p>
        ) : (
          <WormholeList rows={shown} types={typeMap} sort={sort} onSort={setSort} empty={searchesThera(filters.q) ? THERA_NOTE : undefined} />
        )}
      </section>
      <TheraPanel />
      <p className="muted small wh-sources">
        Classes, effects, stars, planets and wormhole masses: the game's static data export (the build in use is on the status page). Statics and wandering
        holes: community data (Wanderer), its figure shown beside the game's where they differ. Effect strengths: the SDE effect beacons.
      </p>

      {jcode && <SystemDialog jcode={jcode} onClose={close} />}
      {code && <TypeDialog code={code} onClose={close} />}
    </div>
  )
}
