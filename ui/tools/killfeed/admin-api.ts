/** The admin session ended or never began: the page goes back to the login form. */
export class NotSignedIn extends Error {
  constructor(message = 'Not signed in') {
    super(message)
  }
}

/**
 * Calls of the killfeed admin: cookie credentials, and the X-Requested-With header the server's CSRF check asks of
 * every write. A 401 throws NotSignedIn; any other failure throws the response's text (the server's error
 * sentence when it sent one).
 */
export async function adminCall<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'fetch', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) {
    let message = text
    try {
      const parsed = JSON.parse(text) as { error?: unknown }
      if (typeof parsed.error === 'string') message = parsed.error
    } catch {
      /* plain text */
    }
    message ||= `HTTP ${res.status}`
    throw res.status === 401 ? new NotSignedIn(message) : new Error(message)
  }
  return (text ? JSON.parse(text) : undefined) as T
}

/** '2026-11-22 01:14 UTC' */
export function formatUtc(iso: string | null): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
