import type { z } from 'zod'
import type { Endpoint, EndpointSchemas } from '../../schemas/endpoint'
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

/** A call the server did not answer in time: never left hanging, so no page stays on 'Loading…' for good. */
export class ApiTimeoutError extends Error {
  override name = 'ApiTimeoutError'
  constructor(readonly seconds: number) {
    super(`The server did not answer within ${seconds} s.`)
  }
}

/** How long a call waits for the whole answer unless told otherwise. */
export const API_TIMEOUT_MS = 30_000

export interface ApiInit extends RequestInit {
  /** Give up after this long (ApiTimeoutError); the default is API_TIMEOUT_MS. */
  timeoutMs?: number
}

/**
 * fetch, and the answer's text, within `timeoutMs` (ApiTimeoutError past it). For calls that read the answer their own
 * way (the killfeed admin, the kill tracker); the others use apiGet/apiPost below.
 */
export async function fetchAnswer(
  path: string,
  { timeoutMs = API_TIMEOUT_MS, signal: outer, ...init }: ApiInit = {},
): Promise<{ res: Response; text: string }> {
  // A timer and a controller rather than AbortSignal.timeout, so the wait follows the page's own clock (tests fake it).
  const controller = new AbortController()
  let timedOut = false
  const stop = () => controller.abort(outer?.reason)
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  if (outer?.aborted) stop()
  outer?.addEventListener('abort', stop)
  try {
    const res = await fetch(path, { ...init, signal: controller.signal })
    return { res, text: await res.text() }
  } catch (err) {
    throw timedOut && !outer?.aborted ? new ApiTimeoutError(timeoutMs / 1000) : err
  } finally {
    clearTimeout(timer)
    outer?.removeEventListener('abort', stop)
  }
}

async function request<T>(method: string, path: string, body?: unknown, init: ApiInit = {}): Promise<T> {
  const { res, text } = await fetchAnswer(path, {
    method,
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    ...init,
  })
  let parsed: unknown = undefined
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // An OK answer that is no JSON is someone else's page (a proxy's, a captive portal's): no caller may read it as data.
    if (res.ok)
      throw new ApiError(
        res.status,
        `The server's answer was not data (${res.headers.get('Content-Type')?.split(';')[0] || 'no type'}): a proxy or a server of another version may have answered.`,
        text,
      )
    parsed = text
  }
  if (!res.ok) {
    const serverMessage = parsed && typeof parsed === 'object' && 'error' in parsed ? String((parsed as { error: unknown }).error) : null
    throw new ApiError(res.status, serverMessage ?? `HTTP ${res.status}`, parsed)
  }
  return parsed as T
}

export const apiGet = <T>(path: string, init?: ApiInit) => request<T>('GET', path, undefined, init)
export const apiPost = <T>(path: string, body: unknown, init?: ApiInit) => request<T>('POST', path, body, init)
export const apiPatch = <T>(path: string, body: unknown, init?: ApiInit) => request<T>('PATCH', path, body, init)
export const apiDelete = <T>(path: string, init?: ApiInit) => request<T>('DELETE', path, undefined, init)

type Maybe<T> = T extends z.ZodType ? z.input<T> : undefined
/** What a call sends: the endpoint's path parameters, query and body, each present when the endpoint declares it. */
export type CallInput<S extends EndpointSchemas> = ([S['params']] extends [z.ZodType] ? { params: Maybe<S['params']> } : { params?: undefined }) &
  ([S['query']] extends [z.ZodType] ? { query?: Partial<Maybe<S['query']>> } : { query?: undefined }) &
  ([S['body']] extends [z.ZodType] ? { body: Maybe<S['body']> } : { body?: undefined })

/** The address of a call: path parameters filled in (encoded), the query's set values appended (lists comma-joined). */
export function endpointUrl<S extends EndpointSchemas>(endpoint: Endpoint<S>, input?: CallInput<S>): string {
  const { params: given, query: wanted } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> }
  const params = given ?? {}
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path} needs ${name}`)
    return encodeURIComponent(String(value))
  })
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(wanted ?? {})) {
    if (value === undefined || value === null || value === '') continue
    query.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/**
 * Call an endpoint declared in schemas/ (schemas/endpoint.ts): the method, path and types come from the declaration,
 * so no page writes an API path or a field by hand. Errors as apiGet/apiPost: ApiError, ApiTimeoutError.
 */
export function callApi<S extends EndpointSchemas>(endpoint: Endpoint<S>, input: CallInput<S>, init?: ApiInit): Promise<z.output<S['response']>> {
  return request<z.output<S['response']>>(endpoint.method.toUpperCase(), endpointUrl(endpoint, input), (input as { body?: unknown }).body, init)
}
