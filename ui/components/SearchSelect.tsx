import { useMemo, type ReactNode } from 'react'
import { useCombobox } from './use-combobox'
import './search-select.css'

interface Props<T> {
  label: string
  items: readonly T[]
  /** The chosen item, or null. */
  value: T | null
  onChange: (item: T) => void
  itemKey: (item: T) => string | number
  /** The text searched and shown in the box once chosen. */
  itemText: (item: T) => string
  /** How an option reads in the list (default: its text). */
  renderItem?: (item: T) => ReactNode
  placeholder?: string
  /** Most options listed at once (type more to narrow). */
  limit?: number
  /** Called the first time the box is focused: for lists loaded on demand. */
  onFirstOpen?: () => void
  /** Shown in the box while `value` is null, e.g. a choice from the address before the list has loaded. */
  unmatchedText?: string
  /** Shown in the list instead of options (e.g. 'Loading systems…'). */
  status?: string | null
  className?: string
  'data-testid'?: string
}

/** Items whose text contains every word of the query; those starting with it first, then shorter texts. */
export function searchItems<T>(items: readonly T[], query: string, text: (item: T) => string, limit: number): { matches: T[]; total: number } {
  const q = query.trim().toLowerCase()
  if (!q) return { matches: items.slice(0, limit), total: items.length }
  const words = q.split(/\s+/)
  const scored: Array<{ item: T; rank: number; length: number }> = []
  for (const item of items) {
    const t = text(item).toLowerCase()
    if (!words.every((w) => t.includes(w))) continue
    scored.push({ item, rank: t === q ? 0 : t.startsWith(q) ? 1 : t.includes(q) ? 2 : 3, length: t.length })
  }
  scored.sort((a, b) => a.rank - b.rank || a.length - b.length)
  return { matches: scored.slice(0, limit).map((s) => s.item), total: scored.length }
}

/**
 * A search box over a long list (thousands of blueprints or systems) with a listbox of the best matches. Arrow
 * keys move, Enter chooses, Escape and leaving the box restore the current choice.
 */
export function SearchSelect<T>({
  label,
  items,
  value,
  onChange,
  itemKey,
  itemText,
  renderItem,
  placeholder,
  limit = 50,
  onFirstOpen,
  unmatchedText = '',
  status,
  className,
  ...rest
}: Props<T>) {
  const shown = value ? itemText(value) : unmatchedText
  const { query, open, listId, inputProps, listProps, optionProps } = useCombobox({ shown, onChoose: onChange, itemText, onFirstOpen })
  const typed = open && query !== shown
  const { matches, total } = useMemo(() => searchItems(items, typed ? query : '', itemText, limit), [items, query, typed, itemText, limit])

  return (
    <div className={`field search-select${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={`${listId}-input`}>
        {label}
      </label>
      <input {...inputProps(matches)} placeholder={placeholder} data-testid={rest['data-testid']} />
      {open && (
        <div className="search-select-popup">
          {status ? (
            <p className="search-select-note muted">{status}</p>
          ) : (
            <>
              <ul {...listProps(label)}>
                {matches.map((item, i) => (
                  <li key={itemKey(item)} {...optionProps(item, i)} className={value && itemKey(value) === itemKey(item) ? 'current' : undefined}>
                    {renderItem ? renderItem(item) : itemText(item)}
                  </li>
                ))}
              </ul>
              <p className="search-select-note muted">
                {total === 0
                  ? 'No matches.'
                  : total > matches.length
                    ? `Showing ${matches.length} of ${total}: type more to narrow.`
                    : `${total} ${total === 1 ? 'match' : 'matches'}`}
              </p>
            </>
          )}
        </div>
      )}
    </div>
  )
}
