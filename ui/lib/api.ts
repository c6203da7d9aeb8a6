/** An API answer that was not OK: the status and the server's `error` sentence when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message)
  }
}

async function request<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    ...init,
  })
  const text = await res.text()
  let parsed: unknown = undefined
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // An OK answer that is no JSON is someone else's page (a proxy's, a captive portal's): no caller may read it as data.
    if (res.ok) throw new ApiError(res.status, `The server's answer was not data (${res.headers.get('Content-Type')?.split(';')[0] || 'no type'}): a proxy or a server of another version may have answered.`, text)
    parsed = text
  }
  if (!res.ok) {
    const serverMessage = parsed && typeof parsed === 'object' && 'error' in parsed ? String((parsed as { error: unknown }).error) : null
    throw new ApiError(res.status, serverMessage ?? `HTTP ${res.status}`, parsed)
  }
  return parsed as T
}

export const apiGet = <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init)
export const apiPost = <T>(path: string, body: unknown, init?: RequestInit) => request<T>('POST', path, body, init)
export const apiPatch = <T>(path: string, body: unknown, init?: RequestInit) => request<T>('PATCH', path, body, init)
export const apiDelete = <T>(path: string, init?: RequestInit) => request<T>('DELETE', path, undefined, init)
