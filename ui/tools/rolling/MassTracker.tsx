import { useEffect, useId, useMemo, useState } from 'react'
import type { WormholeTypeInfo } from '../../../schemas/wormholes'
import { readStorage, writeStorage } from '../../lib/storage'
import { formatInt } from '../../../schemas/format'
import { TableWrap } from '../../components/TableWrap'
import { destinationLabel } from '../../lib/wormhole-destinations'
import { parseMassKg } from './mass-input'
import { sdeDisagreements } from './sde-notes'
import { nextJumpRisk, SPAWN_VARIANCE, track, type HoleState, type Jump } from './tracker'

const STORAGE_KEY = 'rolling-tracker'
const kg = (n: number) => `${formatInt(n)} kg`
const STATE_LABELS: Record<HoleState, string> = {
  stable: 'Not yet disrupted (over 50%)',
  reduced: 'Reduced (10-50%)',
  critical: 'Critical (under 10%)',
  collapsed: 'Collapsed',
}
const RISK_TEXT = { safe: 'the hole survives', 'may-collapse': 'may collapse the hole', collapses: 'collapses the hole' } as const

interface Saved {
  code: string
  cold: string
  hot: string
  jumps: Jump[]
}

function load(defaultCode: string): Saved {
  try {
    const saved = JSON.parse(readStorage(STORAGE_KEY) ?? 'null') as Saved | null
    if (
      saved &&
      typeof saved.code === 'string' &&
      typeof saved.cold === 'string' &&
      typeof saved.hot === 'string' &&
      Array.isArray(saved.jumps) &&
      saved.jumps.every(
        (j) =>
          j && typeof j.mass === 'number' && j.mass > 0 && typeof j.label === 'string' && (j.observed === undefined || Object.hasOwn(STATE_LABELS, j.observed)),
      )
    )
      return saved
  } catch {
    /* a broken saved state starts fresh */
  }
  return { code: defaultCode, cold: '200,000,000', hot: '300,000,000', jumps: [] }
}

/** Beyond the spec: the roller enters each jump and sees what mass the hole can have left. */
export function MassTracker({ types, picked }: { types: WormholeTypeInfo[]; picked: { code: string } | null }) {
  const rollable = useMemo(() => types.filter((t) => t.total_mass !== null).sort((a, b) => a.code.localeCompare(b.code)), [types])
  const [state, setState] = useState<Saved>(() => load('C247'))
  const [other, setOther] = useState('')
  /** The log a type change or Reset just cleared, offered back: an arrow key on the focused type box alone clears it. */
  const [cleared, setCleared] = useState<Pick<Saved, 'code' | 'jumps'> | null>(null)
  useEffect(() => writeStorage(STORAGE_KEY, JSON.stringify(state)), [state])
  const startLog = (code: string) => {
    if (state.jumps.length > 0) setCleared({ code: state.code, jumps: state.jumps })
    setState((s) => ({ ...s, code, jumps: [] }))
  }
  useEffect(() => {
    // Picking another type starts a new hole; clicking the tracked code again (to re-read its column) keeps the log.
    if (picked && picked.code !== state.code) startLog(picked.code)
    // Only a new pick starts a log; the state it reads is this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked])

  const type = rollable.find((t) => t.code === state.code)
  const cold = parseMassKg(state.cold)
  const hot = parseMassKg(state.hot)
  const otherMass = parseMassKg(other)
  const result = type ? track(type.total_mass!, state.jumps) : null
  const observe = (i: number, observed: HoleState | '') =>
    setState((s) => ({ ...s, jumps: s.jumps.map((j, k) => (k === i ? { ...j, observed: observed || undefined } : j)) }))
  const tooHeavy = (mass: number | null) => type?.max_jump_mass != null && mass !== null && mass > type.max_jump_mass
  // A ship over the jump mass cannot jump, so it is never logged: it would count mass the hole never lost.
  const canJump = (mass: number | null): mass is number => mass !== null && !!type && !tooHeavy(mass)
  const addJump = (mass: number | null, label: string) => {
    if (!canJump(mass)) return
    setCleared(null) // the new log is the one to keep
    setState((s) => ({ ...s, jumps: [...s.jumps, { mass, label }] }))
  }
  // Each box is described by the message that refuses its mass, so a screen reader says why on reaching it.
  const baseId = useId()
  const ids = { mass: `${baseId}-mass`, other: `${baseId}-other`, heavy: `${baseId}-heavy` }
  const otherUnread = other.trim() !== '' && otherMass === null
  const describedBy = (unread: boolean, mass: number | null, unreadId: string) =>
    [unread && unreadId, tooHeavy(mass) && ids.heavy].filter(Boolean).join(' ') || undefined
  const undoClear = () => {
    if (cleared) setState((s) => ({ ...s, ...cleared }))
    setCleared(null)
  }

  return (
    <section className="panel mass-tracker" aria-label="Mass tracker">
      <h2>Mass tracker</h2>
      <p className="muted">
        Pick the hole's type, then add each jump as it happens (both directions count). A hole spawns with its type's mass ±{SPAWN_VARIANCE * 100}%; mark what
        the hole shows after a jump and the range narrows.
      </p>
      <div className="tracker-inputs">
        <label className="field">
          <span className="field-label">Wormhole type</span>
          <select value={state.code} onChange={(e) => startLog(e.target.value)} aria-label="Wormhole type">
            {!type && <option value={state.code}>Pick a type</option>}
            {rollable.map((t) => (
              <option key={t.code} value={t.code}>
                {t.code} · {formatInt(t.total_mass! / 1e6)} Gg → {t.destinations.map(destinationLabel).join(', ') || '?'}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Ship mass cold (kg)</span>
          <input
            inputMode="numeric"
            value={state.cold}
            onChange={(e) => setState((s) => ({ ...s, cold: e.target.value }))}
            aria-invalid={cold === null || tooHeavy(cold)}
            aria-describedby={describedBy(cold === null, cold, ids.mass)}
          />
        </label>
        <label className="field">
          <span className="field-label">Ship mass hot (kg)</span>
          <input
            inputMode="numeric"
            value={state.hot}
            onChange={(e) => setState((s) => ({ ...s, hot: e.target.value }))}
            aria-invalid={hot === null || tooHeavy(hot)}
            aria-describedby={describedBy(hot === null, hot, ids.mass)}
          />
        </label>
      </div>
      {(cold === null || hot === null) && (
        <p className="error-text" id={ids.mass}>
          Enter ship masses in kilograms, e.g. 200,000,000.
        </p>
      )}
      {type && (
        // The codes' hover titles show nothing on a touch screen, so the picked type's line carries the same facts.
        <p className="muted" data-testid="tracker-type-facts">
          {type.code} → {type.destinations.map(destinationLabel).join(', ') || 'unknown'}: total {kg(type.total_mass!)}
          {type.max_jump_mass !== null && `, heaviest ship ${kg(type.max_jump_mass)}`}
          {type.mass_regen ? `; regenerates ${kg(type.mass_regen)} over time, which the tracker does not count` : ''}.
          {sdeDisagreements(type).map((line) => ` ${line}.`)}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" disabled={!canJump(cold)} onClick={() => addJump(cold, 'cold')}>
          + Cold jump
        </button>
        <button type="button" className="button" disabled={!canJump(hot)} onClick={() => addJump(hot, 'hot')}>
          + Hot jump
        </button>
        <input
          className="other-mass"
          inputMode="numeric"
          aria-invalid={otherUnread || tooHeavy(otherMass)}
          aria-describedby={describedBy(otherUnread, otherMass, ids.other)}
          placeholder="other ship, kg"
          aria-label="Other ship mass (kg)"
          value={other}
          onChange={(e) => setOther(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && addJump(otherMass, 'other ship')}
        />
        <button type="button" className="button secondary" disabled={!canJump(otherMass)} onClick={() => addJump(otherMass, 'other ship')}>
          + Jump
        </button>
        <button type="button" className="button secondary" disabled={state.jumps.length === 0} onClick={() => startLog(state.code)}>
          Reset
        </button>
      </div>
      {/* On the page before any text: screen readers do not reliably read a live region that arrives holding its text. */}
      <div role="status" className="tracker-cleared">
        {cleared && (
          <p>
            Started a new log: the {cleared.jumps.length === 1 ? 'jump' : `${cleared.jumps.length} jumps`} logged on {cleared.code}{' '}
            {cleared.jumps.length === 1 ? 'was' : 'were'} cleared.{' '}
            <button type="button" className="button secondary" onClick={undoClear}>
              Undo
            </button>
          </p>
        )}
      </div>
      {otherUnread && (
        <p className="error-text" id={ids.other}>
          Enter the other ship's mass in kilograms, e.g. 13,000,000.
        </p>
      )}
      {(tooHeavy(cold) || tooHeavy(hot) || tooHeavy(otherMass)) && (
        <p className="error-text" id={ids.heavy}>
          A ship heavier than {kg(type!.max_jump_mass!)} cannot jump this hole.
        </p>
      )}

      {state.jumps.length > 0 && (
        <TableWrap label="Jump log table">
          {/* Explicit roles: on a phone the rows are laid out as blocks (rolling.css), which can drop a table's semantics. */}
          <table className="data-table tracker-log" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  #
                </th>
                <th scope="col" role="columnheader">
                  Jump
                </th>
                <th scope="col" role="columnheader" className="align-right">
                  Mass
                </th>
                <th scope="col" role="columnheader" className="align-right">
                  Used so far
                </th>
                <th scope="col" role="columnheader">
                  Hole shows afterwards
                </th>
                <th scope="col" role="columnheader">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {state.jumps.map((j, i) => (
                <tr key={i} role="row">
                  <td role="cell" className="log-num">
                    {i + 1}
                  </td>
                  <td role="cell" className="log-jump">
                    {j.label}
                  </td>
                  <td role="cell" className="align-right log-mass">
                    {kg(j.mass)}
                  </td>
                  <td role="cell" className="align-right log-used" data-label="Used so far">
                    {kg(state.jumps.slice(0, i + 1).reduce((s, x) => s + x.mass, 0))}
                  </td>
                  <td role="cell" className="log-state">
                    <select value={j.observed ?? ''} onChange={(e) => observe(i, e.target.value as HoleState | '')} aria-label={`State after jump ${i + 1}`}>
                      <option value="">not checked</option>
                      {(Object.keys(STATE_LABELS) as HoleState[]).map((s) => (
                        <option key={s} value={s}>
                          {STATE_LABELS[s]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td role="cell" className="log-remove">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove jump ${i + 1}`}
                      onClick={() => setState((s) => ({ ...s, jumps: s.jumps.filter((_, k) => k !== i) }))}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      {result && (
        <dl className="tracker-result" data-testid="tracker-result">
          <div>
            <dt>Mass used</dt>
            <dd>{kg(result.used)}</dd>
          </div>
          <div>
            <dt>Hole's real total</dt>
            <dd>
              {kg(result.total.lo)} – {kg(result.total.hi)}
            </dd>
          </div>
          <div>
            <dt>Remaining</dt>
            <dd data-testid="remaining">
              {kg(result.remaining.lo)} – {kg(result.remaining.hi)}
            </dd>
          </div>
          <div>
            <dt>Can show now</dt>
            <dd>{result.possible.map((s) => STATE_LABELS[s]).join(' or ') || '—'}</dd>
          </div>
          {cold !== null && hot !== null && !result.possible.every((s) => s === 'collapsed') && (
            <div>
              <dt>Next jump</dt>
              <dd>
                a cold jump: {RISK_TEXT[nextJumpRisk(result, cold)]} · a hot jump: {RISK_TEXT[nextJumpRisk(result, hot)]}
              </dd>
            </div>
          )}
        </dl>
      )}
      {result?.contradiction && (
        <p className="error-text">The states entered do not fit this type's mass: check the type, the masses, or whether other ships used the hole.</p>
      )}
    </section>
  )
}
