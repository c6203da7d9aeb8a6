import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAdmin, signIn } from '../../platform/testing/admin-session.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'

let app: TestApp
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// Sessions end after 2.4 s without a request, and 6 s after login at the latest.
beforeAll(async () => {
  app = await startTestApp({ AUTH_SESSION_IDLE_MINUTES: 0.04, AUTH_SESSION_MAX_HOURS: 6 / 3600 })
  await createTestAdmin(app.ctx.ch)
})
afterAll(async () => {
  await app?.close()
})

const me = (cookie: string) => fetch(`${app.url}/auth/me`, { headers: { Cookie: cookie } })

describe('session expiry', () => {
  it('ends a session left idle longer than the idle timeout', async () => {
    const client = await signIn(app.url)
    expect((await me(client.cookie)).status).toBe(200)
    await sleep(3000)
    expect((await me(client.cookie)).status).toBe(401)
  })

  it('keeps an active session past the idle timeout, and ends it at the absolute limit', async () => {
    const client = await signIn(app.url)
    const started = Date.now()
    // a request every 0.8 s keeps it from idling out...
    while (Date.now() - started < 4800) {
      expect((await me(client.cookie)).status).toBe(200)
      await sleep(800)
    }
    // ...but not past 6 s after login
    while (Date.now() - started < 6500) await sleep(200)
    expect((await me(client.cookie)).status).toBe(401)
  })
})
