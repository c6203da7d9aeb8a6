import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import { useSearchParams } from 'react-router-dom'

/**
 * Page state kept in the address: it is read from the query string once, written back on every change (replacing
 * the history entry, so typing does not flood Back), and read again when the address changes by other means (Back,
 * a pasted link). `fromQuery` and `toQuery` must be module-level functions (or otherwise stable).
 */
export function useStateInAddress<T>(fromQuery: (params: URLSearchParams) => T, toQuery: (state: T) => URLSearchParams): [T, Dispatch<SetStateAction<T>>] {
  const [params, setParams] = useSearchParams()
  const [state, setState] = useState<T>(() => fromQuery(params))
  const written = useRef(params.toString())
  useEffect(() => {
    const next = toQuery(state).toString()
    if (next !== params.toString()) {
      written.current = next
      setParams(next, { replace: true })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state])
  useEffect(() => {
    if (params.toString() !== written.current) {
      written.current = params.toString()
      setState(fromQuery(params))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params])
  return [state, setState]
}
