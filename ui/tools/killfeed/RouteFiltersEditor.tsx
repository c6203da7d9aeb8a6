import { useCallback, useEffect, useState } from 'react'
import { getKillfeedPlaces } from '../../../schemas/killfeed-endpoints'
import type { PlaceList } from '../../../schemas/killfeed'
import {
  EMBED_STYLES,
  SECURITY_BANDS,
  WORMHOLE_CLASS_CHOICES,
  WORMHOLE_CLASS_LABEL,
  type EmbedStyle,
  type RouteFiltersShape,
  type SecurityBand,
  type WormholeClassChoice,
} from '../../../schemas/killfeed-constants'
import { formatIskCompact } from '../../../schemas/format'
import { errorText, type AdminCall } from './useAdminCall'

/** Finds places or ship kinds by part of the name: the admin's call, or the public live killfeed's. */
export type FindPlaces = (kind: PlaceKind, q: string) => Promise<PlaceList>

/** The admin's place search (stable while `call` is). */
export function useAdminPlaces(call: AdminCall): FindPlaces {
  return useCallback((kind, q) => call(getKillfeedPlaces, { query: { kind, q } }), [call])
}

/** The chosen places and ship kinds, with their names (the route stores ids only). */
export type PlaceNames = Record<number, string>

export type PlaceKind = 'region' | 'constellation' | 'system' | 'group' | 'category'
const PLACE_FIELD = {
  region: 'region_ids',
  constellation: 'constellation_ids',
  system: 'system_ids',
  group: 'victim_group_ids',
  category: 'victim_category_ids',
} as const
const PLACE_LABEL: Record<PlaceKind, string> = {
  region: 'Regions',
  constellation: 'Constellations',
  system: 'Systems',
  group: 'Victim ship groups',
  category: 'Victim ship categories',
}

/** '1.5b', '500m', '250k' or a plain number of ISK; null for anything else. */
export function parseIsk(text: string): number | null {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*([kmbt]?)\s*(?:isk)?\s*$/i.exec(text)
  if (!m) return null
  const mult = { '': 1, k: 1e3, m: 1e6, b: 1e9, t: 1e12 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'b' | 't']
  return Math.round(Number(m[1].replace(',', '.')) * mult)
}

/** The filters in words, for the routes table: 'C5/C6 · over 1.00b ISK · solo'. 'Every kill' when none. */
export function describeFilters(f: RouteFiltersShape, names: PlaceNames = {}): string {
  const parts: string[] = []
  const list = (ids: number[] | undefined, what: string) => {
    if (ids?.length) parts.push(`${what} ${ids.map((id) => names[id] ?? `#${id}`).join(', ')}`)
  }
  if (f.min_value_isk) parts.push(`over ${formatIskCompact(f.min_value_isk)} ISK`)
  if (f.wspace_only) parts.push('wormhole space')
  if (f.wormhole_classes?.length) parts.push(f.wormhole_classes.map((c) => WORMHOLE_CLASS_LABEL[c]).join('/'))
  if (f.security?.length) parts.push(`${f.security.join('/')} sec`)
  list(f.region_ids, 'regions')
  list(f.constellation_ids, 'constellations')
  list(f.system_ids, 'systems')
  if (f.solo) parts.push('solo')
  if (f.min_attackers !== undefined || f.max_attackers !== undefined)
    parts.push(`${f.min_attackers ?? 1}${f.max_attackers !== undefined ? `-${f.max_attackers}` : '+'} attackers`)
  list(f.victim_category_ids, 'categories')
  list(f.victim_group_ids, 'groups')
  if (f.include_npc) parts.push('NPC kills too')
  return parts.length ? parts.join(' · ') : 'Every kill (no NPC-only kills)'
}

const toggle = <T,>(list: T[] | undefined, item: T, on: boolean): T[] | undefined => {
  const next = on ? [...(list ?? []), item] : (list ?? []).filter((x) => x !== item)
  return next.length ? next : undefined
}

/** Search a place or ship kind by part of its name and add it to the filter. */
function PlacePicker({
  kind,
  ids,
  names,
  find,
  onChange,
}: {
  kind: PlaceKind
  ids: number[]
  names: PlaceNames
  find: FindPlaces
  onChange: (ids: number[], names: PlaceNames) => void
}) {
  const [text, setText] = useState('')
  const [results, setResults] = useState<Array<{ id: number; name: string; detail: string }>>([])
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const q = text.trim()
    if (q.length < 2) return setResults([])
    let live = true
    const timer = setTimeout(() => {
      find(kind, q)
        .then((found) => live && (setResults(found), setError(null)))
        .catch((err: unknown) => live && setError(errorText(err)))
    }, 250)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text, kind, find])
  return (
    <fieldset className="place-picker">
      <legend>{PLACE_LABEL[kind]}</legend>
      <ul className="chips">
        {ids.map((id) => (
          <li key={id}>
            {names[id] ?? `#${id}`}{' '}
            <button
              type="button"
              className="link-button"
              aria-label={`Remove ${names[id] ?? id}`}
              onClick={() =>
                onChange(
                  ids.filter((x) => x !== id),
                  names,
                )
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        type="search"
        aria-label={`Find ${PLACE_LABEL[kind].toLowerCase()}`}
        placeholder="2+ letters"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && <p className="error small">{error}</p>}
      {results.length > 0 && (
        <ul className="place-results">
          {results
            .filter((r) => !ids.includes(r.id))
            .map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    onChange([...ids, r.id], { ...names, [r.id]: r.name })
                    setText('')
                    setResults([])
                  }}
                >
                  {r.name}
                </button>{' '}
                {r.detail && <span className="muted small">{r.detail}</span>}
              </li>
            ))}
        </ul>
      )}
    </fieldset>
  )
}

export interface PostSettings {
  embed_style: EmbedStyle
  mention: string
  mention_min_isk: number
}

/** The filters of a route or of the public live killfeed, all optional and combined with AND. */
export function FilterFields({
  value,
  onChange,
  names,
  onNames,
  find,
}: {
  value: RouteFiltersShape
  onChange: (f: RouteFiltersShape) => void
  names: PlaceNames
  onNames: (n: PlaceNames) => void
  find: FindPlaces
}) {
  const [minValue, setMinValue] = useState(value.min_value_isk ? String(value.min_value_isk) : '')
  const set = (patch: Partial<RouteFiltersShape>) => {
    const next: RouteFiltersShape = { ...value, ...patch }
    for (const k of Object.keys(next) as Array<keyof RouteFiltersShape>) if (next[k] === undefined || next[k] === false) delete next[k]
    onChange(next)
  }
  const count = (text: string) => (text.trim() === '' ? undefined : Number.isInteger(Number(text)) && Number(text) >= 0 ? Number(text) : NaN)
  const iskBad = minValue.trim() !== '' && parseIsk(minValue) === null
  return (
    <>
      <div className="filter-grid">
        <label className="field">
          <span className="field-label">Minimum value (ISK)</span>
          <input
            value={minValue}
            placeholder="e.g. 500m or 1.5b"
            aria-invalid={iskBad}
            onChange={(e) => {
              setMinValue(e.target.value)
              set({ min_value_isk: parseIsk(e.target.value) ?? undefined })
            }}
          />
          {iskBad && <span className="error small">Write a number of ISK, such as 500m or 1.5b.</span>}
        </label>
        <label className="field">
          <span className="field-label">Attackers at least</span>
          <input
            inputMode="numeric"
            value={value.min_attackers ?? ''}
            onChange={(e) => {
              const n = count(e.target.value)
              set({ min_attackers: Number.isNaN(n) ? value.min_attackers : n })
            }}
          />
        </label>
        <label className="field">
          <span className="field-label">Attackers at most</span>
          <input
            inputMode="numeric"
            value={value.max_attackers ?? ''}
            onChange={(e) => {
              const n = count(e.target.value)
              set({ max_attackers: Number.isNaN(n) ? value.max_attackers : n })
            }}
          />
        </label>
      </div>
      <div className="filter-checks">
        <label className="check">
          <input type="checkbox" checked={Boolean(value.solo)} onChange={(e) => set({ solo: e.target.checked })} /> Solo kills only
        </label>
        <label className="check">
          <input type="checkbox" checked={Boolean(value.include_npc)} onChange={(e) => set({ include_npc: e.target.checked })} /> Include NPC-only kills
        </label>
        <label className="check">
          <input type="checkbox" checked={Boolean(value.wspace_only)} onChange={(e) => set({ wspace_only: e.target.checked })} /> Wormhole space only
        </label>
      </div>
      <fieldset className="filter-checks">
        <legend>Wormhole classes</legend>
        {WORMHOLE_CLASS_CHOICES.map((c: WormholeClassChoice) => (
          <label key={c} className="check">
            <input
              type="checkbox"
              checked={value.wormhole_classes?.includes(c) ?? false}
              onChange={(e) => set({ wormhole_classes: toggle(value.wormhole_classes, c, e.target.checked) })}
            />{' '}
            {WORMHOLE_CLASS_LABEL[c]}
          </label>
        ))}
      </fieldset>
      <fieldset className="filter-checks">
        <legend>Known space security</legend>
        {SECURITY_BANDS.map((b: SecurityBand) => (
          <label key={b} className="check">
            <input
              type="checkbox"
              checked={value.security?.includes(b) ?? false}
              onChange={(e) => set({ security: toggle(value.security, b, e.target.checked) })}
            />{' '}
            {b === 'high' ? 'High' : b === 'low' ? 'Low' : 'Null'}
          </label>
        ))}
      </fieldset>
      <div className="filter-grid">
        {(['region', 'constellation', 'system', 'category', 'group'] as const).map((kind) => (
          <PlacePicker
            key={kind}
            kind={kind}
            ids={value[PLACE_FIELD[kind]] ?? []}
            names={names}
            find={find}
            onChange={(ids, n) => {
              onNames(n)
              set({ [PLACE_FIELD[kind]]: ids.length ? ids : undefined })
            }}
          />
        ))}
      </div>
    </>
  )
}

/** The route's filters (all optional, AND) and how it posts: compact or full embeds and a mention above a value. */
export function RouteFiltersEditor({
  value,
  onChange,
  names,
  onNames,
  settings,
  onSettings,
  find,
}: {
  value: RouteFiltersShape
  onChange: (f: RouteFiltersShape) => void
  names: PlaceNames
  onNames: (n: PlaceNames) => void
  settings: PostSettings
  onSettings: (s: PostSettings) => void
  find: FindPlaces
}) {
  const [mentionMin, setMentionMin] = useState(settings.mention_min_isk ? String(settings.mention_min_isk) : '')
  return (
    <details className="route-filters">
      <summary>Filters and posting ({describeFilters(value, names)})</summary>
      <FilterFields value={value} onChange={onChange} names={names} onNames={onNames} find={find} />
      <div className="filter-grid">
        <label className="field">
          <span className="field-label">Embeds</span>
          <select value={settings.embed_style} onChange={(e) => onSettings({ ...settings, embed_style: e.target.value as EmbedStyle })}>
            {EMBED_STYLES.map((s) => (
              <option key={s} value={s}>
                {s === 'full' ? 'Full' : 'Compact (one line)'}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Mention</span>
          <input value={settings.mention} placeholder="here, or a role id" onChange={(e) => onSettings({ ...settings, mention: e.target.value })} />
        </label>
        <label className="field">
          <span className="field-label">Mention from value (ISK)</span>
          <input
            value={mentionMin}
            placeholder="e.g. 5b"
            onChange={(e) => {
              setMentionMin(e.target.value)
              onSettings({ ...settings, mention_min_isk: parseIsk(e.target.value) ?? 0 })
            }}
          />
        </label>
      </div>
    </details>
  )
}
