import { ApiTimeoutError, fetchAnswer } from '../../lib/api'

/** The admin session ended or never began: the page goes back to the login form. */
export class NotSignedIn extends Error {
  constructor(message = 'Not signed in') {
    super(message)
  }
}

/**
 * Calls of the killfeed admin: cookie credentials, and the X-Requested-With header the server's CSRF check asks of
 * every write. A 401 throws NotSignedIn; any other failure throws the response's text (the server's error
 * sentence when it sent one). What is not the app's own answer gets a sentence instead: a request that never
 * arrives, a proxy's HTML error page (its markup is no message) and an OK answer that is not JSON (a captive portal).
 */
export async function adminCall<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let res: Response
  let text: string
  try {
    ;({ res, text } = await fetchAnswer(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Requested-With': 'fetch', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }))
  } catch (err) {
    throw new Error(err instanceof ApiTimeoutError ? ADMIN_CALL_TEXT.timedOut(err.seconds) : ADMIN_CALL_TEXT.network, { cause: err })
  }
  const type = res.headers.get('Content-Type')?.split(';')[0].trim() || 'no type'
  if (!res.ok) {
    let message = text.trim()
    try {
      const parsed = JSON.parse(text) as { error?: unknown }
      if (typeof parsed?.error === 'string') message = parsed.error
    } catch {
      if (type === 'text/html' || /^\s*</.test(text)) message = ADMIN_CALL_TEXT.htmlError(res.status, res.statusText)
    }
    message ||= `HTTP ${res.status}`
    throw res.status === 401 ? new NotSignedIn(message) : new Error(message)
  }
  if (!text) return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new Error(ADMIN_CALL_TEXT.notData(type))
  }
}

export const ADMIN_CALL_TEXT = {
  network: 'Network error: the server could not be reached. Nothing was lost: try again.',
  timedOut: (seconds: number) => `The server did not answer within ${seconds} s. A change may or may not have been saved: reload to see.`,
  htmlError: (status: number, statusText: string) =>
    `HTTP ${status}${statusText ? ` ${statusText}` : ''}: the server (or a proxy in front of it) failed. Nothing was lost: try again in a minute.`,
  notData: (type: string) => `The server's answer was not data (${type}): a proxy or a captive portal may have answered. Try again.`,
}

/** '2026-11-22 01:14 UTC' */
export function formatUtc(iso: string | null): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
