import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { getKillfeedResolve } from '../../../schemas/killfeed-endpoints'
import { RESOLVE_MIN_CHARS, type ItemType } from '../../../schemas/killfeed-constants'
import type { ResolveResult } from '../../../schemas/killfeed'
import { errorText, type AdminCall } from './useAdminCall'

type Found = ResolveResult[number]

const HINT: Record<ItemType, string> = {
  system: 'Part of a system name, or its id; the systems with the most stored kills first.',
  alliance: 'Part of the name of an alliance seen on stored kills (the most seen first), the exact name of any other, or its id.',
  corporation: 'Part of the name of a corporation seen on stored kills (the most seen first), the exact name of any other, or its id.',
  character: 'Part of the name of a character seen on stored kills (the most seen first), the exact name of any other, or its id.',
}

/**
 * Search for an entity of one type; results appear as the admin types (from 2 characters) and are picked by click,
 * or by Enter when there is exactly one. Enter never submits the surrounding form: a search box is not a submit.
 */
export function EntitySearch({
  type,
  call,
  onPick,
  label = 'Entity search',
  inputRef,
}: {
  type: ItemType
  call: AdminCall
  onPick: (e: Found) => void
  label?: string
  inputRef?: RefObject<HTMLInputElement | null>
}) {
  const [q, setQ] = useState('')
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; results: Found[] } | { kind: 'error'; message: string }>({
    kind: 'idle',
  })

  useEffect(() => {
    const text = q.trim()
    if (text.length < RESOLVE_MIN_CHARS) {
      setState({ kind: 'idle' })
      return
    }
    let current = true
    // Results of the previous text go at once, so neither a click nor Enter can pick one the new text did not find.
    setState({ kind: 'searching' })
    const timer = setTimeout(async () => {
      try {
        const results = await call(getKillfeedResolve, { query: { type, q: text } })
        if (current) setState({ kind: 'done', results })
      } catch (err) {
        const message = errorText(err)
        if (current && message) setState({ kind: 'error', message })
      }
    }, 350)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [q, type, call])

  const ownBox = useRef<HTMLInputElement>(null)
  const box = inputRef ?? ownBox
  const pick = (r: Found) => {
    onPick(r)
    setQ('')
    // The result's button goes with the list: the caret goes back to the box instead of the top of the page.
    box.current?.focus()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    if (state.kind === 'done' && state.results.length === 1) pick(state.results[0])
  }

  return (
    <div className="entity-search">
      <label className="field">
        <span className="field-label">{label}</span>
        <input
          ref={box}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={type === 'system' ? 'J123456, Thera…' : 'Name or id'}
          autoComplete="off"
        />
      </label>
      <p className="muted small">
        {q.trim().length > 0 && q.trim().length < RESOLVE_MIN_CHARS ? `Type at least ${RESOLVE_MIN_CHARS} characters.` : HINT[type]}
      </p>
      {/* Always on the page, so a screen reader hears the search start and how many it found. */}
      <div className="muted small" role="status" data-testid="search-status">
        {state.kind === 'searching' && 'Searching…'}
        {state.kind === 'done' &&
          (state.results.length ? (
            <span className="visually-hidden">{state.results.length === 1 ? '1 result' : `${state.results.length} results`}</span>
          ) : (
            `No ${type} found by that ${type === 'system' ? 'name' : 'exact name or id'}.`
          ))}
      </div>
      {state.kind === 'error' && (
        <p className="error-text" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && state.results.length > 0 && (
        <ul className="entity-results" aria-label="Search results">
          {state.results.map((r) => (
            <li key={r.id}>
              <button type="button" onClick={() => pick(r)}>
                {r.name} <span className="muted">#{r.id}</span>
                {r.kills ? <span className="muted"> · on {r.kills === 1 ? '1 stored kill' : `${r.kills.toLocaleString('en-US')} stored kills`}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
