import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAdmin, freshIp, login, signIn, TEST_ADMIN } from '../../platform/testing/admin-session.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { LOGIN_LIMITS } from './login-throttle.js'
import { LOGIN_QUEUE } from './routes.js'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
  await createTestAdmin(app.ctx.ch)
})
afterAll(async () => {
  await app?.close()
})

describe('login limits that cannot be turned against the admin', () => {
  it("a third party's failures never refuse the right password from an address with no failures", async () => {
    const attacker = freshIp()
    for (let i = 0; i < LOGIN_LIMITS.perUsernameFromIp.points; i++)
      expect((await login(app.url, { username: 'ada', password: `Wrong-guess-${i}-xyz` }, attacker)).status).toBe(401)
    expect((await login(app.url, { username: 'ada', password: 'Wrong-guess-x-xyz' }, attacker)).status).toBe(429)
    // The admin, from an address with no failures, still signs in.
    expect((await login(app.url, TEST_ADMIN, freshIp())).status).toBe(200)
  })

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp.points; i++)
      expect((await login(app.url, { username: `v6guess${i}`, password: 'Wrong-guess-1-xyz' }, `2001:db8:77:1::${i + 1}`)).status).toBe(401)
    expect((await login(app.url, TEST_ADMIN, '2001:db8:77:1::ffff')).status).toBe(429)
    expect((await login(app.url, TEST_ADMIN, '2001:db8:77:2::1')).status).toBe(200)
  })

  it('once a name has many failures, addresses that failed for it are refused, clean ones are not', async () => {
    await createTestAdmin(app.ctx.ch, { username: 'joan', password: 'Clarke-Bletchley-1941' })
    const guessers = Array.from({ length: LOGIN_LIMITS.perUsername.points }, () => freshIp())
    for (const ip of guessers) expect((await login(app.url, { username: 'joan', password: 'Wrong-guess-1-xyz' }, ip)).status).toBe(401)
    expect((await login(app.url, { username: 'joan', password: 'Wrong-guess-2-xyz' }, guessers[0])).status).toBe(429)
    expect((await login(app.url, { username: 'joan', password: 'Clarke-Bletchley-1941' }, freshIp())).status).toBe(200)
  })

  it('a login flood is answered 429 at once past a small queue, while other requests are served', async () => {
    const burst = Array.from({ length: 40 }, () => login(app.url, TEST_ADMIN, freshIp()))
    const health = fetch(`${app.url}/api/health`).then((r) => r.status)
    const answers = await Promise.all(burst)
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([])
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1 + LOGIN_QUEUE.maxWaiting)
    const refused = answers.filter((r) => r.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    for (const r of refused) {
      expect(r.headers.get('retry-after')).toBe('1')
      expect((await r.json()).error).toBe('Too many logins at once: try again in 1 s')
    }
    expect(await health).toBe(200)
    expect((await signIn(app.url)).cookie).toMatch(/^jst_admin=/) // and logins work again after
  })
})
