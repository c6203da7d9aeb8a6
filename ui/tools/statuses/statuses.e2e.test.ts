import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { ageTone } from './StatusPage'

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('price age badges', () => {
  it('are green up to 28 minutes, yellow up to 35, red beyond, grey without prices', () => {
    expect(ageTone(28 * 60)).toBe('good')
    expect(ageTone(28 * 60 + 1)).toBe('warn')
    expect(ageTone(35 * 60)).toBe('warn')
    expect(ageTone(35 * 60 + 1)).toBe('bad')
    expect(ageTone(null)).toBe('neutral')
  })
})

describe('/statuses', () => {
  it('shows uptime, database latency, the pipeline badge, fresh prices per hub, dependencies and data sets', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/statuses')
    await page.getByRole('heading', { name: 'Infrastructure Status' }).waitFor()
    await page.getByTestId('uptime').waitFor()
    expect(await page.getByTestId('db-status').textContent()).toMatch(/^OK \d+(\.\d+)? ms$/)
    const pipeline = page.getByTestId('pipeline-status')
    expect(await pipeline.locator('.badge').textContent()).toBe('OK')
    expect(await pipeline.locator('.badge').getAttribute('class')).toContain('badge-good')
    const ages = page.getByTestId('price-age')
    expect(await ages.count()).toBe(5)
    expect(await ages.first().textContent()).toContain('Jita 4-4')
    expect(await ages.first().locator('.badge').getAttribute('class')).toContain('badge-good')
    const deps = page.getByTestId('dependency')
    expect(await deps.first().textContent()).toContain('UP')
    expect(await deps.nth(1).textContent()).toContain('UP')
    expect(await page.getByTestId('dataset').count()).toBeGreaterThanOrEqual(8)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the killmail feed: OK, the newest stored kill and its age, next to zKillboard answering', async () => {
    // The demo's fake zKillboard has a new kill every 20 s; right after the server starts, its live feed may not have
    // stored one yet (or only ones from an earlier run): wait until it has.
    await expect
      .poll(async () => ((await (await fetch(`${baseUrl}/api/statuses`)).json()) as { killmail_feed: { status: string } | null }).killmail_feed?.status, {
        timeout: 90_000,
        interval: 1_000,
      })
      .toBe('OK')
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/statuses')
    const feed = page.getByTestId('killmail-feed-status')
    await feed.waitFor()
    expect(await feed.locator('.badge').textContent()).toBe('OK')
    expect(await feed.locator('.badge').getAttribute('class')).toContain('badge-good')
    expect(await feed.textContent()).toMatch(/^OK Newest kill \d+ (seconds?|minutes?) ago; the live feed stored one \d+ (seconds?|minutes?) ago$/)
    expect(await page.getByTestId('killmail-feed-newest').textContent()).toMatch(
      /^Newest kill stored: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(\d+ (seconds?|minutes?) ago\)$/,
    )
    expect(await page.getByTestId('killmail-feed-zkill').textContent()).toBe('zKillboard UP · STALE after 30 minutes without a new kill')
    expect(errors).toEqual([])
    await context.close()
  }, 150_000)

  it('shows a STALE killmail feed with the newest kill three hours ago, STARTING before any kill, and UNKNOWN without the database', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let feed: unknown = null
    await page.route('**/api/statuses', async (route) => {
      const body = await (await route.fetch()).json()
      body.killmail_feed = feed
      body.deps.zkill = { ok: false, ms: null, status: null, error: 'ECONNREFUSED' }
      await route.fulfill({ json: body })
    })
    const at = new Date(Date.now() - 3 * 3_600_000 - 300_000).toISOString()
    feed = {
      status: 'STALE',
      newest_kill_at: at,
      newest_kill_age_seconds: 3 * 3600 + 300,
      live_stored_at: at,
      live_stored_age_seconds: 3 * 3600 + 290,
      stale_after_minutes: 30,
      detail: 'The live feed last stored a kill 3 hours ago',
    }
    await page.goto('/statuses')
    const status = page.getByTestId('killmail-feed-status')
    await expect.poll(() => status.textContent()).toBe('STALE The live feed last stored a kill 3 hours ago')
    expect(await status.locator('.badge').getAttribute('class')).toContain('badge-bad')
    expect(await page.getByTestId('killmail-feed-newest').textContent()).toBe(`Newest kill stored: ${at.slice(0, 16).replace('T', ' ')} UTC (3 hours ago)`)
    expect(await page.getByTestId('killmail-feed-zkill').textContent()).toBe('zKillboard DOWN · STALE after 30 minutes without a new kill')

    feed = {
      status: 'STARTING',
      newest_kill_at: null,
      newest_kill_age_seconds: null,
      live_stored_at: null,
      live_stored_age_seconds: null,
      stale_after_minutes: 30,
      detail: 'No kill stored yet',
    }
    await page.reload()
    await expect.poll(() => status.textContent()).toBe('STARTING No kill stored yet')
    expect(await status.locator('.badge').getAttribute('class')).toContain('badge-neutral')
    expect(await page.getByTestId('killmail-feed-newest').count()).toBe(0)

    feed = null
    await page.reload()
    await expect.poll(() => status.textContent()).toBe('UNKNOWN The database could not say')
    await context.close()
  })

  it('shows DB DOWN and DOWN dependencies with their HTTP status and error', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/statuses', async (route) => {
      const body = await (await route.fetch()).json()
      body.db = { ok: false, ms: 5000, error: 'Code: 210. Connection refused' }
      body.deps.zkill = { ok: false, ms: 31, status: 503, error: 'HTTP 503 Service Unavailable' }
      body.pipeline = { status: 'DEGRADED', detail: 'Jita 4-4: last fetch failed (injected). Previous prices keep serving.' }
      await route.fulfill({ json: body })
    })
    await page.goto('/statuses')
    await expect.poll(() => page.getByTestId('db-status').textContent()).toBe('DB DOWN Code: 210. Connection refused')
    expect(await page.getByTestId('dependency').nth(1).textContent()).toContain('DOWN')
    expect(await page.getByTestId('dependency').nth(1).textContent()).toContain('HTTP 503 · HTTP 503 Service Unavailable')
    expect(await page.getByTestId('pipeline-status').locator('.badge').getAttribute('class')).toContain('badge-warn')
    await context.close()
  })

  it('shows DOWN (grey, as the spec colours any state but OK, DEGRADED and STALE) when there are no prices at all because every fetch failed, and a killmail feed with nothing stored while zKillboard is down', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/statuses', async (route) => {
      const body = await (await route.fetch()).json()
      body.pipeline = { status: 'DOWN', detail: 'No prices at any hub: every market fetch failed (ESI did not answer: fetch failed)' }
      body.killmail_feed = {
        status: 'STARTING',
        newest_kill_at: null,
        newest_kill_age_seconds: null,
        live_stored_at: null,
        live_stored_age_seconds: null,
        stale_after_minutes: 30,
        zkill_answering: false,
        detail: 'No kill stored yet: zKillboard is not answering (ECONNREFUSED)',
      }
      await route.fulfill({ json: body })
    })
    await page.goto('/statuses')
    const pipeline = page.getByTestId('pipeline-status')
    await expect.poll(() => pipeline.textContent()).toBe('DOWN No prices at any hub: every market fetch failed (ESI did not answer: fetch failed)')
    expect(await pipeline.locator('.badge').getAttribute('class')).toContain('badge-neutral')
    const feed = page.getByTestId('killmail-feed-status')
    expect(await feed.textContent()).toBe('DOWN No kill stored yet: zKillboard is not answering (ECONNREFUSED)')
    expect(await feed.locator('.badge').getAttribute('class')).toContain('badge-neutral')
    await context.close()
  })

  it('does not poll while the tab is hidden, and checks again on coming back', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.addInitScript(() => {
      const w = window as unknown as { testHidden: boolean }
      w.testHidden = false
      Object.defineProperty(document, 'hidden', { get: () => w.testHidden })
      Object.defineProperty(document, 'visibilityState', { get: () => (w.testHidden ? 'hidden' : 'visible') })
    })
    await page.clock.install()
    let calls = 0
    await page.route('**/api/statuses', async (route) => {
      calls++
      await route.continue()
    })
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        ;(window as unknown as { testHidden: boolean }).testHidden = h
        document.dispatchEvent(new Event('visibilitychange'))
      }, hidden)
    await page.goto('/statuses')
    await page.getByTestId('uptime').waitFor()
    expect(calls).toBe(1)
    await setHidden(true)
    await page.clock.runFor(95_000)
    expect(calls).toBe(1)
    await setHidden(false)
    await expect.poll(() => calls).toBe(2)
    await page.clock.runFor(31_000)
    await expect.poll(() => calls).toBe(3)
    await context.close()
  })

  it('says why there is no static data: the import failed with its reason, or is running', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let latest: unknown = null
    await page.route('**/api/statuses', async (route) => {
      const body = await (await route.fetch()).json()
      body.static_data = { ready: false, sde_version: null, imported_at: null, datasets: [], latest_import: latest }
      await route.fulfill({ json: body })
    })
    latest = { status: 'failed', started_at: '2026-11-20 06:00:00.000', error: 'sde.zip: unexpected end of file' }
    await page.goto('/statuses')
    const note = page.getByTestId('static-import')
    await expect
      .poll(() => note.textContent())
      .toBe('The import started 2026-11-20 06:00 UTC failed: sde.zip: unexpected end of file. Tools that need game data cannot work until an import succeeds.')
    latest = { status: 'running', started_at: '2026-11-20 06:00:00.000', error: null }
    await page.reload()
    await expect.poll(() => note.textContent()).toBe('Import running since 2026-11-20 06:00 UTC; tools that need game data will work once it completes.')
    await context.close()
  })

  it('calls an online count older than 3 minutes unknown, with the last reading, as the header does', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    let at = ''
    await page.route('**/api/statuses', async (route) => {
      const body = await (await route.fetch()).json()
      body.online = { players: 31_337, at }
      await route.fulfill({ json: body })
    })
    at = new Date(Date.now() - 3_600_000).toISOString()
    await page.goto('/statuses')
    const online = page.getByTestId('online-status')
    await expect
      .poll(() => online.textContent())
      .toBe(`Online count unknown: the last reading (31,337 players online) is from ${at.slice(0, 16).replace('T', ' ')} UTC`)
    at = new Date().toISOString()
    await page.reload()
    await expect.poll(() => online.textContent()).toBe('31,337 players online')
    await context.close()
  })

  it("says 'Failed to load: …' when the status call fails", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/statuses', (route) => route.abort())
    await page.goto('/statuses')
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Failed to load: /)
    await context.close()
  })

  it("says 'Failed to load: …', not a crashed page, when something other than the server answers with status 200, and keeps the last figures", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.clock.install()
    let answer: 'real' | 'html' | 'other' = 'real'
    await page.route('**/api/statuses', (route) =>
      answer === 'real'
        ? route.continue()
        : answer === 'html'
          ? route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Captive portal</html>' })
          : route.fulfill({ status: 200, json: { now: new Date().toISOString(), uptime_seconds: 5 } }),
    )
    await page.goto('/statuses')
    await page.getByTestId('uptime').waitFor()
    answer = 'html'
    await page.clock.runFor(31_000)
    // a page that is no JSON is refused by the API client, JSON of another shape by the page
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe("Failed to load: The server's answer was not data (text/html): a proxy or a server of another version may have answered.")
    expect(await page.getByTestId('db-status').count()).toBe(1)
    answer = 'other'
    await page.reload()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Failed to load: the answer was not a status report (a proxy or a server of another version answered)')
    expect(errors).toEqual([])
    await context.close()
  })

  it('says the server gives no answer, keeping the last figures, when a check hangs', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.clock.install()
    let hang = false
    await page.route('**/api/statuses', async (route) => {
      if (hang) return // never answered
      await route.continue()
    })
    await page.goto('/statuses')
    await page.getByTestId('uptime').waitFor()
    hang = true
    await page.clock.runFor(31_000) // the next check starts
    await page.clock.runFor(21_000) // and gets no answer
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to load: no answer within 20 s')
    expect(await page.getByTestId('db-status').count()).toBe(1)
    await context.close()
  })

  it('is in the menu under Meta', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('nav.drawer').getByRole('link', { name: 'Status' }).click()
    await page.waitForURL((u) => u.pathname === '/statuses')
    await context.close()
  })
})
