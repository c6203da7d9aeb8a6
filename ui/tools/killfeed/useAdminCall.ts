import { useCallback } from 'react'
import type { z } from 'zod'
import type { Endpoint, EndpointSchemas } from '../../../schemas/endpoint'
import { endpointUrl, type CallInput } from '../../lib/api'
import { adminCall, NotSignedIn } from './admin-api'

/** A declared endpoint called with the admin's session (schemas/killfeed-endpoints.ts and the admin's others). */
export type AdminCall = <S extends EndpointSchemas>(endpoint: Endpoint<S>, input: CallInput<S>) => Promise<z.output<S['response']>>

/** adminCall that sends the page back to the login form on a 401 (and still throws, so callers stop). */
export function useAdminCall(onSignedOut: () => void): AdminCall {
  return useCallback(
    async <S extends EndpointSchemas>(endpoint: Endpoint<S>, input: CallInput<S>) => {
      try {
        const method = endpoint.method.toUpperCase() as Parameters<typeof adminCall>[0]
        return await adminCall<z.output<S['response']>>(method, endpointUrl(endpoint, input), (input as { body?: unknown }).body)
      } catch (err) {
        if (err instanceof NotSignedIn) onSignedOut()
        throw err
      }
    },
    [onSignedOut],
  ) as AdminCall
}

/** The message to show for a failed call (NotSignedIn needs none: the login form replaces the page). */
export const errorText = (err: unknown) => (err instanceof NotSignedIn ? null : err instanceof Error ? err.message : String(err))
