import { useCallback, useEffect, useRef, useState } from 'react'

/** A short message at the bottom of the screen that hides itself. */
export function useToast(defaultMs = 2000) {
  const [message, setMessage] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const show = useCallback(
    (text: string, ms = defaultMs) => {
      setMessage(text)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setMessage(null), ms)
    },
    [defaultMs],
  )
  // The live region is on the page before any message: screen readers do not reliably read a region that
  // arrives already holding its text.
  const element = (
    <div role="status">
      {message && (
        <div className="toast" data-testid="toast">
          {message}
        </div>
      )}
    </div>
  )
  return { show, element }
}
