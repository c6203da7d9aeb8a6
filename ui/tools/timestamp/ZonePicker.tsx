import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { DateTime } from 'luxon'
import { MAX_ZONE_MATCHES, searchZones } from './zones'

interface Props {
  zone: string
  zones: string[]
  /** The instant whose offsets the list shows (offsets change with daylight saving). */
  at: number
  onChange: (zone: string) => void
}

const utcOffset = (zone: string, at: number) => `UTC${DateTime.fromMillis(at, { zone }).toFormat('ZZ')}`

/** A search box over IANA zone names with a list of at most 20 matches; arrows, Enter and Escape work as in a combobox. */
export function ZonePicker({ zone, zones, at, onChange }: Props) {
  const [query, setQuery] = useState(zone)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => setQuery(zone), [zone])
  const { matches, total } = useMemo(() => searchZones(query, zones), [query, zones])
  const offsets = useMemo(() => matches.map((z) => utcOffset(z, at)), [matches, at])

  const choose = (z: string) => {
    onChange(z)
    setQuery(z)
    setOpen(false)
  }
  const cancel = () => {
    setQuery(zone)
    setOpen(false)
  }

  return (
    <div className="field zone-picker">
      <label className="field-label" htmlFor={`${listId}-input`}>
        Time zone
      </label>
      <input
        ref={input}
        id={`${listId}-input`}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches.length ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search, e.g. London or New York"
        value={query}
        onFocus={(e) => {
          e.target.select()
          setOpen(true)
        }}
        onBlur={cancel}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
          setOpen(true)
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            setOpen(true)
            const step = e.key === 'ArrowDown' ? 1 : -1
            setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0))
          } else if (e.key === 'Enter') {
            e.preventDefault()
            if (open && matches[active]) choose(matches[active])
          } else if (e.key === 'Escape') {
            cancel()
            input.current?.blur()
          }
        }}
      />
      {open && (
        <div className="zone-popup">
          <ul id={listId} role="listbox" aria-label="Matching time zones">
            {matches.map((z, i) => (
              <li
                key={z}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={z === zone ? 'current' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(z)}
              >
                <span>{z}</span>
                <span className="muted">{offsets[i]}</span>
              </li>
            ))}
          </ul>
          <p className="zone-count muted" data-testid="zone-count">
            {total === 0 ? 'No time zone matches.' : total > MAX_ZONE_MATCHES ? `Showing ${MAX_ZONE_MATCHES} of ${total} matches: type more to narrow.` : `${total} ${total === 1 ? 'match' : 'matches'}`}
          </p>
        </div>
      )}
    </div>
  )
}
