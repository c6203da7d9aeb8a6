import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { holdScreenBytes } from '../../../api/tools/pyfa/testing/hold-screen.js'
import { NetworkCut } from '../../../api/tools/pyfa/testing/network-cut.js'

/**
 * The session page as a visitor meets it beyond the happy path: history moves between sessions, a drop while the
 * paste dialog is open, a phone without full screen, screen readers, a failing API and a mangled link.
 * xeyes stands in for Pyfa, as in pyfa.e2e.test.ts.
 */
const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-fitting-page-'))
let app: TestApp
let browser: Browser
/** Sessions a test started, ended after it whatever happened. */
const opened: string[] = []

beforeAll(async () => {
  app = await startTestApp(
    {},
    { FITTING_APP_COMMAND: 'xeyes', FITTING_MAX_SESSIONS_PER_IP: '2', FITTING_SCREEN: '800x500', FITTING_RUNTIME_DIR: runtimeDir, FITTING_DISPLAY_BASE: '700' },
  )
  browser = await launchBrowser()
})
afterEach(async () => {
  for (const id of opened.splice(0)) await fetch(`${app.url}/api/pyfa/sessions/${id}`, { method: 'DELETE' })
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
  fs.rmSync(runtimeDir, { recursive: true, force: true })
})

/** Start a session from /pyfa/new (on `base`, the app or a relay) and wait for its screen. */
async function connectedSession(page: Page, base = app.url): Promise<string> {
  await page.goto(`${base}/pyfa/new`)
  await page.waitForURL(/\/pyfa\/s\/[A-Za-z0-9_-]{22}$/)
  const id = page.url().split('/').pop()!
  opened.push(id)
  await expect.poll(() => page.getByTestId('fitting-state').textContent(), { timeout: 15_000 }).toBe('Connected')
  return id
}

/** Where the screen ends, and how tall the document is, against the window's height (CSS pixels). */
function screenFit(page: Page) {
  return page.evaluate(() => {
    const rect = document.querySelector('[data-testid="fitting-screen"]')!.getBoundingClientRect()
    return { top: Math.round(rect.top), bottom: Math.round(rect.bottom), window: innerHeight, document: document.documentElement.scrollHeight }
  })
}

/** The screen ends inside the window, with no more than the page's margin below it, and nothing scrolls. */
async function expectScreenFillsWindow(page: Page, label: string) {
  await expect
    .poll(
      async () => {
        const fit = await screenFit(page)
        return { bottomInWindow: fit.bottom <= fit.window, fillsIt: fit.window - fit.bottom <= 24, noScroll: fit.document <= fit.window, fit }
      },
      { message: label, timeout: 5000 },
    )
    .toMatchObject({ bottomInWindow: true, fillsIt: true, noScroll: true })
}

describe('the session page', () => {
  it("going back to an earlier session's address never shows the later session's screen or ends the wrong one", async () => {
    const { page, context } = await openPage(browser, app.url)
    const first = await connectedSession(page)
    await page.getByRole('button', { name: 'End session' }).click()
    await page.getByTestId('fitting-ended').waitFor()
    await page.getByRole('link', { name: 'Start a new session' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/pyfa/s/') && !url.pathname.endsWith(first))
    const second = page.url().split('/').pop()!
    opened.push(second)
    await expect.poll(() => page.getByTestId('fitting-state').textContent(), { timeout: 15_000 }).toBe('Connected')

    // A slow answer for the first session, so the page is caught between the two.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**/api/pyfa/sessions/${first}`, async (route) => {
      await held
      await route.continue()
    })
    await page.goBack()
    await page.waitForURL(`**/pyfa/s/${first}`)
    await page.locator('h1', { hasText: 'Opening your fitting session' }).waitFor({ timeout: 5000 })
    expect(await page.getByRole('button', { name: 'End session' }).count()).toBe(0)
    release()
    await expect.poll(() => page.getByTestId('fitting-ended').textContent()).toMatch(/has ended: End session was pressed/)
    await context.close()
  })

  it('keeps the text in the paste dialog through a dropped connection, and sends only once the screen is back', async () => {
    const network = await NetworkCut.start(app.url)
    const { page, context } = await openPage(browser, network.url)
    // The automatic reconnect's screen connection opens but never gets the VNC server's bytes, so the page stays
    // at Reconnecting….
    await holdScreenBytes(page, /resume=1/)
    try {
      await connectedSession(page, network.url)
      await page.getByRole('button', { name: 'Paste into session…' }).click()
      await page.getByLabel('Text to send').fill('[Rifter, Kept]\nDamage Control II')
      network.cut()
      await page.getByTestId('fitting-reconnecting').waitFor({ timeout: 10_000 })
      network.restore()
      await expect.poll(() => page.getByTestId('fitting-state').textContent({ timeout: 1000 }), { timeout: 15_000 }).toMatch(/^Reconnecting… \(attempt \d\)$/)
      expect(await page.getByLabel('Text to send').inputValue({ timeout: 5000 })).toBe('[Rifter, Kept]\nDamage Control II')
      expect(await page.getByRole('button', { name: 'Send to session clipboard' }).isDisabled()).toBe(true)
    } finally {
      await context.close()
      await network.close()
    }
  })

  it('stops asking for the session once the visitor left the page during a reconnect', async () => {
    const network = await NetworkCut.start(app.url)
    const { page, context } = await openPage(browser, network.url)
    try {
      const id = await connectedSession(page, network.url)
      const asked: string[] = []
      let answer!: (fail: boolean) => void
      const held = new Promise<boolean>((resolve) => (answer = resolve))
      let arrived!: () => void
      const looking = new Promise<void>((resolve) => (arrived = resolve))
      await page.route(`**/api/pyfa/sessions/${id}`, async (route) => {
        asked.push(route.request().url())
        arrived()
        if (await held) await route.abort('internetdisconnected')
        else await route.continue()
      })
      network.cut()
      await page.getByTestId('fitting-reconnecting').waitFor()
      await looking // the first automatic try is on its way
      await page.locator('header a.brand').click()
      await page.waitForURL(`${network.url}/`)
      answer(true) // and fails after the visitor left
      await page.waitForTimeout(4500) // past the second try's 3 s wait
      expect(asked).toHaveLength(1)
    } finally {
      await context.close()
      await network.close()
    }
  })

  it('offers Full screen only where the browser can show the screen full screen (not on an iPhone)', async () => {
    const desktop = await openPage(browser, app.url)
    await connectedSession(desktop.page)
    expect(await desktop.page.getByRole('button', { name: 'Full screen' }).count()).toBe(1)
    await desktop.page.getByRole('button', { name: 'Full screen' }).click()
    await expect.poll(() => desktop.page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('fitting-screen')
    await desktop.context.close()

    const phone = await openPage(browser, app.url)
    // iPhone Safari: no Fullscreen API for anything but video.
    await phone.page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => undefined, configurable: true })
      Object.defineProperty(Element.prototype, 'requestFullscreen', { value: undefined, configurable: true })
    })
    await connectedSession(phone.page)
    expect(await phone.page.getByRole('button', { name: 'Full screen' }).count()).toBe(0)
    expect(await phone.page.getByRole('button', { name: 'End session' }).count()).toBe(1)
    await phone.context.close()
  })

  it('fits the screen in the window below the toolbar, on a phone and on a desktop, with no page to scroll', async () => {
    // A phone (390x844: the toolbar wraps onto several lines) and a laptop; then each turned or resized, which the
    // page must follow with no reload (the tablet sizes check it also shrinks, with noVNC's canvas inside).
    const sizes = [
      { width: 390, height: 844, touch: true, then: { width: 768, height: 1024 } },
      { width: 1280, height: 800, touch: false, then: { width: 1024, height: 600 } },
    ]
    for (const { width, height, touch, then } of sizes) {
      const context = await browser.newContext({ baseURL: app.url, viewport: { width, height }, hasTouch: touch, isMobile: touch })
      const page = await context.newPage()
      try {
        await connectedSession(page)
        await expectScreenFillsWindow(page, `${width}x${height}`)
        await page.setViewportSize(then)
        await expectScreenFillsWindow(page, `${width}x${height} resized to ${then.width}x${then.height}`)
      } finally {
        await context.close()
      }
    }
  })

  it('gives a screen reader a heading, a named screen and the connection state, and the ended page its focus', async () => {
    const { page, context } = await openPage(browser, app.url)
    await connectedSession(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Fitting session')
    expect(await page.getByRole('region', { name: "Pyfa's screen" }).count()).toBe(1)
    expect(await page.getByRole('status').filter({ hasText: 'Connected' }).count()).toBe(1)

    await page.getByRole('button', { name: 'End session' }).focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('fitting-ended').waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Session closed')
    await context.close()
  })

  it('does not call a session closed when the server could not be reached to look it up', async () => {
    const { page, context } = await openPage(browser, app.url)
    await page.route('**/api/pyfa/sessions/AAAAAAAAAAAAAAAAAAAAAA', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }))
    await page.goto('/pyfa/s/AAAAAAAAAAAAAAAAAAAAAA')
    await page.getByTestId('fitting-ended').waitFor()
    expect(await page.locator('h1').textContent()).toBe('Could not reach the session')
    expect(await page.getByTestId('fitting-ended').textContent()).toMatch(/could not be loaded: HTTP 502/)
    expect(await page.getByRole('button', { name: 'Reconnect' }).count()).toBe(1)
    await context.close()
  })

  it('says in plain words when the address is not a session link at all', async () => {
    const { page, context } = await openPage(browser, app.url)
    await page.goto('/pyfa/s/abc123')
    await page.getByTestId('fitting-ended').waitFor()
    const text = (await page.getByTestId('fitting-ended').textContent()) ?? ''
    expect(text).not.toMatch(/Invalid|params|path/)
    expect(text).toMatch(/not the address of a fitting session/)
    expect(await page.getByRole('link', { name: 'Start a new session' }).getAttribute('href')).toBe('/pyfa/new')
    await context.close()
  })
})

describe('the start page at a limit', () => {
  it('names the countdown as a timer a screen reader does not read out every second, and announces the reason once', async () => {
    const { page, context } = await openPage(browser, app.url)
    await page.route('**/api/pyfa/sessions', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '30' },
        json: { error: 'All 8 fitting sessions on this server are in use.', details: { limit: 'global', max: 8, retryAfterSeconds: 30 } },
      }),
    )
    await page.goto('/pyfa/new')
    await page.locator('h1', { hasText: 'No session free right now' }).waitFor()
    expect(await page.getByRole('timer').textContent()).toMatch(/^Trying again in \d+ s/)
    expect(await page.getByRole('status').textContent()).toBe('All 8 fitting sessions on this server are in use.')
    // No live region holds the ticking number.
    const live = await page.locator('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]').allTextContents()
    expect(live.join(' ')).not.toMatch(/Trying again in/)
    await context.close()
  })
})
