import { useEffect, useState, type DependencyList } from 'react'

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; value: T }

/**
 * Run a load when the dependencies change and follow its result: loading, then the value or the error's
 * message. A result that arrives after the dependencies changed (or the page left) is dropped.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })
  useEffect(() => {
    let live = true
    setLoaded({ state: 'loading' })
    load().then(
      (value) => live && setLoaded({ state: 'ok', value }),
      (err: unknown) => live && setLoaded({ state: 'error', message: err instanceof Error ? err.message : String(err) }),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return loaded
}
