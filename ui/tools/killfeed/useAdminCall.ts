import { useCallback } from 'react'
import { adminCall, NotSignedIn } from './admin-api'

export type AdminCall = <T>(method: Parameters<typeof adminCall>[0], path: string, body?: unknown) => Promise<T>

/** adminCall that sends the page back to the login form on a 401 (and still throws, so callers stop). */
export function useAdminCall(onSignedOut: () => void): AdminCall {
  return useCallback(
    async <T>(method: Parameters<typeof adminCall>[0], path: string, body?: unknown) => {
      try {
        return await adminCall<T>(method, path, body)
      } catch (err) {
        if (err instanceof NotSignedIn) onSignedOut()
        throw err
      }
    },
    [onSignedOut],
  )
}

/** The message to show for a failed call (NotSignedIn needs none: the login form replaces the page). */
export const errorText = (err: unknown) => (err instanceof NotSignedIn ? null : err instanceof Error ? err.message : String(err))
