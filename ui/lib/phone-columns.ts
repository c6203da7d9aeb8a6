import { useEffect, useState } from 'react'

/** The width under which a page lays its results out for a phone (the stylesheet's own phone breakpoint). */
export const PHONE_QUERY = '(max-width: 600px)'

/** Whether the window is phone-narrow now; follows rotation and resizing. */
export function useNarrowScreen(query: string = PHONE_QUERY): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && (window.matchMedia?.(query).matches ?? false))
  useEffect(() => {
    const list = window.matchMedia?.(query)
    if (!list) return
    const change = () => setNarrow(list.matches)
    change()
    list.addEventListener('change', change)
    return () => list.removeEventListener('change', change)
  }, [query])
  return narrow
}

/**
 * A wide table's columns for a phone: the key columns (profit, ISK/hr, units) move up beside the first column (the
 * row's name), in the order given, so the figure being read fits the screen without scrolling sideways; the other
 * columns follow in their own order and scroll sideways as before. The same array comes back when no move is needed.
 */
export function keyColumnsFirst<C extends { key: string }>(columns: readonly C[], keys: readonly string[]): C[] {
  const [first, ...rest] = columns
  if (!first) return [...columns]
  const key = keys.flatMap((k) => rest.filter((c) => c.key === k))
  const others = rest.filter((c) => !key.includes(c))
  return [first, ...key, ...others]
}
