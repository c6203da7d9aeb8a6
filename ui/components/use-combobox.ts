import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'

interface Options<T> {
  /** What the box shows while closed: the current choice's text. */
  shown: string
  onChoose: (item: T) => void
  itemText: (item: T) => string
  /** Called the first time the box is focused (lists loaded on demand). */
  onFirstOpen?: () => void
}

/**
 * The state and keyboard of a search box with a listbox of matches (the WAI-ARIA combobox pattern): arrows move,
 * Enter chooses, Escape and leaving the box restore the current choice. The caller computes the matches from
 * `query` and renders the list with `inputProps(matches)` and `optionProps(item, i)`.
 */
export function useCombobox<T>({ shown, onChoose, itemText, onFirstOpen }: Options<T>) {
  const [query, setQuery] = useState(shown)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const opened = useRef(false)
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()

  useEffect(() => {
    if (!open) setQuery(shown)
  }, [shown, open])

  const choose = (item: T) => {
    onChoose(item)
    setQuery(itemText(item))
    setOpen(false)
  }
  const cancel = () => {
    setQuery(shown)
    setOpen(false)
  }

  const inputProps = (matches: readonly T[]) => ({
    ref: input,
    id: `${listId}-input`,
    type: 'text',
    role: 'combobox',
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': open && matches.length ? `${listId}-${active}` : undefined,
    autoComplete: 'off',
    spellCheck: false,
    value: query,
    onFocus: (e: FocusEvent<HTMLInputElement>) => {
      if (!opened.current) {
        opened.current = true
        onFirstOpen?.()
      }
      e.target.select()
      setActive(0)
      setOpen(true)
    },
    onBlur: cancel,
    onChange: (e: { target: { value: string } }) => {
      setQuery(e.target.value)
      setActive(0)
      setOpen(true)
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        setOpen(true)
        const step = e.key === 'ArrowDown' ? 1 : -1
        setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0))
      } else if (e.key === 'Enter') {
        e.preventDefault()
        if (open && matches[active]) choose(matches[active])
      } else if (e.key === 'Escape') {
        // the focus stays in the box (WAI-ARIA combobox): blurring it left a keyboard user on the page's body
        cancel()
      }
    },
  })

  const optionProps = (item: T, i: number) => ({
    id: `${listId}-${i}`,
    role: 'option',
    'aria-selected': i === active,
    onMouseDown: (e: { preventDefault: () => void }) => e.preventDefault(),
    onMouseEnter: () => setActive(i),
    onClick: () => choose(item),
  })

  // tabIndex -1: a list long enough to scroll is a Tab stop of its own in Chromium, and it closes as the box loses the
  // focus, so Tab from the box dropped the focus onto the page instead of the next field
  const listProps = (label: string) => ({ id: listId, role: 'listbox', 'aria-label': label, tabIndex: -1 })

  return { query, open, listId, inputProps, listProps, optionProps }
}
