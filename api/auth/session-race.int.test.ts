import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, createTestAdmin, freshIp, login, TEST_ADMIN } from '../../platform/testing/admin-session.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { createAdmin } from './cli.js'
import { createSession, findSession, revokeSession, touchSession, type SessionPolicy } from './sessions.js'
import { findUser } from './users.js'

let app: TestApp
const policy: SessionPolicy = { idleMs: 3_600_000, maxMs: 12 * 3_600_000 }

beforeAll(async () => {
  app = await startTestApp()
  await createTestAdmin(app.ctx.ch)
})
afterAll(async () => {
  await app?.close()
})

describe('logout and password reset are final, whatever runs beside them', () => {
  it('a request that read the session before a logout cannot write it back after', async () => {
    const ch = app.ctx.ch
    const user = (await findUser(ch, 'ada'))!
    const t0 = Date.now()
    const { id } = await createSession(ch, user, policy, t0)
    // A request reads the session (the guard), the logout revokes it, then the request records its activity.
    const seenByRequest = (await findSession(ch, id, policy, t0 + 120_000))!
    expect(seenByRequest).not.toBeNull()
    await revokeSession(ch, (await findSession(ch, id, policy, t0 + 120_000))!)
    await touchSession(ch, seenByRequest, policy, t0 + 120_000)
    expect(await findSession(ch, id, policy, t0 + 120_001)).toBeNull()
  })

  it('a login that checked the old password while a reset ran gets no living session', async () => {
    const ch = app.ctx.ch
    await createAdmin(ch, { username: 'grace', password: 'Old-Password-77-lamp' })
    const before = (await findUser(ch, 'grace'))! // the login has read the account and checked the old password...
    await createAdmin(ch, { username: 'grace', password: 'New-Password-88-desk', reset: true }) // ...the reset runs...
    const { id } = await createSession(ch, before, policy) // ...and the login writes its session after the reset's sweep
    expect(await findSession(ch, id, policy)).toBeNull()
    const after = (await findUser(ch, 'grace'))!
    const fresh = await createSession(ch, after, policy) // the new password signs in as usual
    expect(await findSession(ch, fresh.id, policy)).not.toBeNull()
  })

  it('over HTTP: logouts racing requests of the same sessions leave every session ended', async () => {
    const cookies: string[] = []
    for (let i = 0; i < 10; i++) cookies.push(cookieFrom(await login(app.url, TEST_ADMIN, freshIp()))!)
    const me = (cookie: string) => fetch(`${app.url}/auth/me`, { headers: { Cookie: cookie } }).then((r) => r.status)
    const logout = (cookie: string) =>
      fetch(`${app.url}/auth/logout`, { method: 'POST', headers: { Cookie: cookie, 'X-Requested-With': 'fetch', 'X-Forwarded-For': freshIp() } }).then(
        (r) => r.status,
      )
    const outcomes = await Promise.all(cookies.flatMap((c) => [me(c), logout(c), me(c), me(c)]))
    expect(outcomes.filter((s) => s !== 200 && s !== 401)).toEqual([])
    for (const c of cookies) expect(await me(c)).toBe(401)
  })
})
