import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { rememberQuery } from './setup-codec'

/**
 * Mirrors a page's setup (already encoded as a query string) into the address bar, replacing the history entry so
 * typing does not flood Back, and into local storage as the last setup. Pass null while the setup is not ready.
 */
export function useSetupInUrl(query: string | null, storageKey: string): void {
  const [searchParams, setSearchParams] = useSearchParams()
  useEffect(() => {
    if (query === null) return
    if (query !== searchParams.toString()) setSearchParams(query, { replace: true })
    rememberQuery(storageKey, query)
  }, [query, storageKey, searchParams, setSearchParams])
}
