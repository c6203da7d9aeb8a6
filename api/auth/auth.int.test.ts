import crypto from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../platform/clickhouse/client.js'
import { cookieFrom, createTestAdmin, freshIp, login, signIn, TEST_ADMIN } from '../../platform/testing/admin-session.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { LOGIN_LIMITS } from './login-throttle.js'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
  await createTestAdmin(app.ctx.ch)
})
afterAll(async () => {
  await app?.close()
})

/** A JSON write with a Host header of the test's choosing (fetch does not let a caller set Host). */
function rawPost(path: string, headers: Record<string, string>): Promise<{ status: number }> {
  const url = new URL(path, app.url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch', 'X-Forwarded-For': freshIp(), ...headers } },
      (res) => {
        res.resume()
        resolve({ status: res.statusCode ?? 0 })
      },
    )
    req.once('error', reject)
    req.end('{}')
  })
}

const me = (cookie?: string) => fetch(`${app.url}/auth/me`, { headers: cookie ? { Cookie: cookie } : {} })
const logout = (cookie: string, headers: Record<string, string>, body?: string) =>
  fetch(`${app.url}/auth/logout`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, 'X-Forwarded-For': freshIp(), ...headers }, body })

describe('GET /auth/me', () => {
  it('answers 401 JSON when not signed in, or with a cookie that is not a session', async () => {
    for (const cookie of [undefined, 'jst_admin=nonsense', `jst_admin=${crypto.randomBytes(32).toString('base64url')}`]) {
      const res = await me(cookie)
      expect(res.status).toBe(401)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
      expect(await res.json()).toEqual({ error: 'Not signed in' })
    }
  })
})

describe('POST /auth/login', () => {
  it('signs in with the right password: an HttpOnly, SameSite=Strict session cookie and the user', async () => {
    const res = await login(app.url, TEST_ADMIN)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ username: 'ada', idle_timeout_seconds: 3600 })
    expect(Date.parse(body.session_expires_at) - Date.now()).toBeGreaterThan(11.9 * 3_600_000)
    const [line] = res.headers.getSetCookie()
    expect(line).toMatch(/^jst_admin=[A-Za-z0-9_-]{43};/)
    expect(line).toMatch(/; path=\//)
    expect(line).toMatch(/; samesite=strict/)
    expect(line).toMatch(/; httponly/)
    expect(line).not.toMatch(/; secure/) // plain http here
    expect(res.headers.get('cache-control')).toBe('no-store')

    const who = await me(cookieFrom(res)!)
    expect(who.status).toBe(200)
    expect((await who.json()).username).toBe('ada')
  })

  it('marks the cookie Secure when the proxy says the request came over https', async () => {
    const res = await login(app.url, TEST_ADMIN, freshIp(), { 'X-Forwarded-Proto': 'https' })
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()[0]).toMatch(/; secure/)
  })

  it('takes the username case-insensitively', async () => {
    expect((await login(app.url, { username: ' ADA ', password: TEST_ADMIN.password })).status).toBe(200)
  })

  it('refuses a wrong password and an unknown user alike, without a cookie', async () => {
    for (const body of [
      { username: 'ada', password: 'Wrong-Horse-42-battery' },
      { username: 'nobody', password: TEST_ADMIN.password },
    ]) {
      const res = await login(app.url, body)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Login failed: wrong username or password' })
      expect(res.headers.getSetCookie()).toEqual([])
    }
  })

  it('answers 400 with a sentence for a malformed body', async () => {
    const res = await login(app.url, { username: 'ada' })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Fill in the password.')
  })

  it('stores only a hash of the session id', async () => {
    const client = await signIn(app.url)
    const id = client.cookie.split('=')[1]
    const hash = crypto.createHash('sha256').update(id).digest('hex')
    const rows = await queryRows<{ id_hash: string }>(app.ctx.ch, 'SELECT id_hash FROM admin_sessions')
    expect(rows.some((r) => r.id_hash === hash)).toBe(true)
    expect(rows.some((r) => r.id_hash.includes(id))).toBe(false)
  })
})

describe('login attempts are rate-limited', () => {
  it(`per username from one address: after ${LOGIN_LIMITS.perUsernameFromIp.points} failures that address gets a 429, even with the right password`, async () => {
    await createTestAdmin(app.ctx.ch, { username: 'grace', password: 'Another-Strong-Pass-77' })
    const ip = freshIp()
    for (let i = 0; i < LOGIN_LIMITS.perUsernameFromIp.points; i++)
      expect((await login(app.url, { username: 'grace', password: `Wrong-guess-${i}-xyz` }, ip)).status).toBe(401)
    const res = await login(app.url, { username: 'grace', password: 'Another-Strong-Pass-77' }, ip)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await res.json()).error).toMatch(/^Too many failed logins: try again in \d+ s$/)
    // other accounts are not affected
    expect((await login(app.url, TEST_ADMIN)).status).toBe(200)
  })

  it(`per address: after ${LOGIN_LIMITS.perIp.points} failures across usernames the address gets a 429`, async () => {
    const ip = freshIp()
    for (let i = 0; i < LOGIN_LIMITS.perIp.points; i++)
      expect((await login(app.url, { username: `guess${i}`, password: 'Wrong-guess-1-xyz' }, ip)).status).toBe(401)
    expect((await login(app.url, TEST_ADMIN, ip)).status).toBe(429)
    expect((await login(app.url, TEST_ADMIN)).status).toBe(200)
  })

  it('counts guesses sent all at once: no more than the limit get a password check', async () => {
    await createTestAdmin(app.ctx.ch, { username: 'hedy', password: 'Frequency-Hopping-1942' })
    const ip = freshIp()
    const guesses = Array.from({ length: 20 }, (_, i) => login(app.url, { username: 'hedy', password: `Wrong-guess-${i}-xyz` }, ip))
    const statuses = (await Promise.all(guesses)).map((r) => r.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perUsernameFromIp.points)
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([])
  })

  it('per address: a client cannot dodge the count by writing its own X-Forwarded-For entries', async () => {
    // What nginx forwards when the client sends `X-Forwarded-For: <anything>`: its own address appended on the right.
    const ip = freshIp()
    const spoofed = () => `${freshIp()}, ${ip}`
    for (let i = 0; i < LOGIN_LIMITS.perIp.points; i++)
      expect((await login(app.url, { username: `spoof${i}`, password: 'Wrong-guess-1-xyz' }, spoofed())).status).toBe(401)
    expect((await login(app.url, TEST_ADMIN, spoofed())).status).toBe(429)
  })
})

describe('POST /auth/logout', () => {
  it('revokes the session: the old cookie is no longer signed in, and the cookie is cleared', async () => {
    const client = await signIn(app.url)
    const res = await client.call('POST', '/auth/logout')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(res.headers.getSetCookie()[0]).toMatch(/^jst_admin=;.*expires=Thu, 01 Jan 1970/)
    expect((await me(client.cookie)).status).toBe(401)
  })

  it('accepts a same-site form post and redirects back to /killfeed', async () => {
    const client = await signIn(app.url)
    // as Chromium sends it from a page whose referrer policy is no-referrer: an empty body and Origin: null
    const res = await logout(client.cookie, { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', Origin: 'null' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/killfeed')
    expect((await me(client.cookie)).status).toBe(401)
  })

  it('answers 200 when there is no session to end', async () => {
    expect((await logout('jst_admin=nothing', { 'X-Requested-With': 'fetch' })).status).toBe(200)
  })
})

describe('CSRF protection', () => {
  it('refuses a cross-site logout form and keeps the session', async () => {
    const client = await signIn(app.url)
    const cases: Array<Record<string, string>> = [
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      { 'Content-Type': 'application/x-www-form-urlencoded' }, // nothing shows where it came from
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' }, // nor does an opaque origin
      { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-site' },
    ]
    for (const headers of cases) {
      const res = await logout(client.cookie, headers, '')
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect((await res.json()).error).toMatch(/^Refused \(CSRF protection\): /)
    }
    expect((await me(client.cookie)).status).toBe(200)
  })

  it('refuses JSON writes without the X-Requested-With header or from another origin', async () => {
    const client = await signIn(app.url)
    const noHeader = await fetch(`${app.url}/auth/logout`, {
      method: 'POST',
      headers: { Cookie: client.cookie, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(noHeader.status).toBe(403)
    expect((await noHeader.json()).error).toBe('Refused (CSRF protection): send the X-Requested-With header with writes')
    expect((await client.call('POST', '/auth/logout', {}, { Origin: 'https://evil.example' })).status).toBe(403)
    expect((await client.call('POST', '/auth/logout', {}, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await me(client.cookie)).status).toBe(200)
    const login403 = await fetch(`${app.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=ada&password=x',
    })
    expect(login403.status).toBe(403)
  })

  it('accepts a same-origin write whose Origin matches the Host the proxy forwarded', async () => {
    const client = await signIn(app.url)
    const res = await rawPost('/auth/logout', { Host: 'toolbox.example', Origin: 'https://toolbox.example', Cookie: client.cookie })
    expect(res.status).toBe(200)
  })

  it('never believes a client-sent X-Forwarded-Host: a foreign Origin stays foreign', async () => {
    const client = await signIn(app.url)
    const forged = await rawPost('/auth/logout', { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', Cookie: client.cookie })
    expect(forged.status).toBe(403)
    expect((await me(client.cookie)).status).toBe(200) // still signed in
  })
})
