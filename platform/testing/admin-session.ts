import type { ClickHouseClient } from '../clickhouse/client.js'
import { createAdmin } from '../../api/auth/cli.js'

export const TEST_ADMIN = { username: 'ada', password: 'Correct-Horse-42-battery' }

/** Create an admin account straight in the app's database (what `npm run admin:create` does). */
export async function createTestAdmin(ch: ClickHouseClient, account = TEST_ADMIN): Promise<void> {
  await createAdmin(ch, account)
}

let nextIp = 1
/** A client address of its own, so login limits of one test never touch another (the app trusts X-Forwarded-For). */
export const freshIp = () => `198.18.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`

export interface AdminClient {
  cookie: string
  ip: string
  /** A same-site call the way the admin page makes it: session cookie plus the CSRF header. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
}

/** The `name=value` part of a Set-Cookie header. */
export function cookieFrom(res: Response, name = 'jst_admin'): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';')
    if (pair.startsWith(`${name}=`)) return pair
  }
  return null
}

export function login(baseUrl: string, body: unknown, ip = freshIp(), headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch', 'X-Forwarded-For': ip, ...headers },
    body: JSON.stringify(body),
  })
}

/** Sign in and return a client that carries the session. */
export async function signIn(baseUrl: string, account = TEST_ADMIN): Promise<AdminClient> {
  const ip = freshIp()
  const res = await login(baseUrl, account, ip)
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  const cookie = cookieFrom(res)!
  return {
    cookie,
    ip,
    call: (method, path, body, headers = {}) =>
      fetch(`${baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          Cookie: cookie,
          'X-Forwarded-For': ip,
          'X-Requested-With': 'fetch',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
  }
}
