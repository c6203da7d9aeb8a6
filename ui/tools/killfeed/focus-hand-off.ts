import { useRef } from 'react'

/**
 * A focused button leaves the page when its row switches to editing or goes away, and the focus would fall to the
 * top of the page. This names, by key, the element that takes the focus instead when it next renders: pass
 * `takeFocus(key)` as that element's ref ('' is the list's empty note).
 */
export function useFocusHandOff() {
  const next = useRef<string | null>(null)
  const takeFocus = (key: string) => (el: HTMLElement | null) => {
    if (el && next.current === key) {
      next.current = null
      el.focus()
    }
  }
  const handTo = (key: string) => {
    next.current = key
  }
  /** The item at `at` of `keys` is leaving: the next one's element takes the focus, else the previous one's, else the empty note. */
  const handPast = (keys: readonly string[], at: number) => handTo(keys[at + 1] ?? keys[at - 1] ?? '')
  return { takeFocus, handTo, handPast }
}
