import { useMemo } from 'react'
import { DateTime } from 'luxon'
import { useCombobox } from '../../components/use-combobox'
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
  const { query, open, listId, inputProps, listProps, optionProps } = useCombobox({ shown: zone, onChoose: onChange, itemText: (z: string) => z })
  const { matches, total } = useMemo(() => searchZones(query, zones), [query, zones])
  const offsets = useMemo(() => matches.map((z) => utcOffset(z, at)), [matches, at])

  return (
    <div className="field zone-picker">
      <label className="field-label" htmlFor={`${listId}-input`}>
        Time zone
      </label>
      <input {...inputProps(matches)} placeholder="Search, e.g. London or New York" />
      {open && (
        <div className="zone-popup">
          <ul {...listProps('Matching time zones')}>
            {matches.map((z, i) => (
              <li key={z} {...optionProps(z, i)} className={z === zone ? 'current' : undefined}>
                <span>{z}</span>
                <span className="muted">{offsets[i]}</span>
              </li>
            ))}
          </ul>
          <p className="zone-count muted" data-testid="zone-count">
            {total === 0
              ? 'No time zone matches.'
              : total > MAX_ZONE_MATCHES
                ? `Showing ${MAX_ZONE_MATCHES} of ${total} matches: type more to narrow.`
                : `${total} ${total === 1 ? 'match' : 'matches'}`}
          </p>
        </div>
      )}
    </div>
  )
}
