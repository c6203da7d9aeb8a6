import { useCallback, useRef, useState } from 'react'

/**
 * A page's Try again: `attempt`, which its loaders depend on, and the page heading (give it `ref` and tabIndex -1),
 * which takes the keyboard focus because the button goes with its message while the data loads again; the focus
 * would otherwise fall to the document, and the reader carries on from the top of the page's own content.
 */
export function useRetry() {
  const [attempt, setAttempt] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)
  const retry = useCallback(() => {
    setAttempt((n) => n + 1)
    heading.current?.focus()
  }, [])
  return { attempt, heading, retry }
}
