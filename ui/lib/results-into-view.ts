import { useEffect, useRef } from 'react'

/**
 * After a Calculate, brings the results into view and puts the focus on their heading, so a phone shows the answer
 * (not the form above it) and a screen reader reads from the heading on. `answer` is whatever changes with each new
 * answer (the result object itself): nothing happens while it is null or unchanged. The heading gets tabIndex -1 so
 * it can hold the focus without joining the tab order.
 */
export function useResultsIntoView<T extends HTMLElement = HTMLHeadingElement>(answer: unknown) {
  const ref = useRef<T | null>(null)
  useEffect(() => {
    const heading = ref.current
    if (!answer || !heading) return
    if (heading.tabIndex < 0 && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
    heading.scrollIntoView({ block: 'start' })
  }, [answer])
  return ref
}
