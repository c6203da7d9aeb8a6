import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../platform/testing/browser.js'
import { cardTools, tools } from './tools/registry.js'
import pkg from '../package.json' with { type: 'json' }
import { releases } from './meta/changelog.js'

const baseUrl = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('landing page', () => {
  it('shows the title, tagline, one card per registered tool and the notices', async () => {
    const { page, errors } = await openPage(browser, baseUrl)
    await page.goto('/')
    await expect(page.locator('h1').textContent()).resolves.toBe('J-Space Toolbox')
    expect(await page.locator('.tagline').textContent()).toMatch(/wormhole pilot's companion/)
    const total = cardTools().length
    expect(await page.locator('.tool-card').count()).toBe(total)
    expect(await page.getByTestId('tool-count').textContent()).toBe(`Showing ${total} of ${total} tools`)
    expect(await page.locator('.legal').textContent()).toMatch(/not affiliated with/)
    expect(await page.locator('.legal').textContent()).toMatch(/trademarks/)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('filters cards by name or description, case-insensitively, and shows all again when cleared', async () => {
    const { page } = await openPage(browser, baseUrl)
    await page.goto('/')
    const total = cardTools().length
    const search = page.getByRole('searchbox', { name: 'Search tools' })
    await search.fill('CHANGELOG')
    await expect.poll(() => page.locator('.tool-card').count()).toBe(1)
    expect(await page.getByTestId('tool-count').textContent()).toBe(`Showing 1 of ${total} tools`)
    // a word that only appears in a description
    const described = cardTools().find((t) => t.name === 'Changelog')!
    await search.fill(described.description.split(' ').slice(1, 3).join(' ').toUpperCase())
    expect(await page.locator('.tool-card h2').allTextContents()).toContain('Changelog')
    await search.fill('zzz-no-such-tool')
    await expect.poll(() => page.locator('.tool-card').count()).toBe(0)
    expect(await page.getByTestId('tool-count').textContent()).toBe(`Showing 0 of ${total} tools`)
    await search.fill('')
    await expect.poll(() => page.locator('.tool-card').count()).toBe(total)
    // Enter does nothing while several cards are shown, and opens the tool once one is left
    await search.press('Enter')
    expect(new URL(page.url()).pathname).toBe('/')
    await search.fill('changelog')
    await search.press('Enter')
    await page.waitForURL('**/changelog')
    await page.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor()
    await page.context().close()
  })
})

describe('landing page layout', () => {
  /** The cards' rows: how many cards each row holds, and whether a lone last card spans the row. */
  const rows = (page: Page) =>
    page.$$eval('.tool-grid > li', (items) => {
      const grid = items[0]?.parentElement?.getBoundingClientRect()
      const byTop = new Map<number, DOMRect[]>()
      for (const li of items) {
        const box = li.getBoundingClientRect()
        byTop.set(Math.round(box.top), [...(byTop.get(Math.round(box.top)) ?? []), box])
      }
      const last = [...byTop.values()].at(-1) ?? []
      return { counts: [...byTop.values()].map((r) => r.length), lastSpans: last.length === 1 && grid !== undefined && last[0].width > grid.width - 2 }
    })

  it('leaves no lone card on the last row, at any width and while a search narrows them', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    await page.locator('.tool-card').first().waitFor()
    for (const width of [1280, 1000, 700]) {
      await page.setViewportSize({ width, height: 900 })
      const { counts, lastSpans } = await rows(page)
      expect(counts.reduce((a, b) => a + b, 0)).toBe(cardTools().length)
      expect([width, counts.length === 1 || counts.at(-1)! > 1 || lastSpans]).toEqual([width, true])
    }
    // 17 cards at 1280 px: four columns would leave one, so three are used
    await page.setViewportSize({ width: 1280, height: 900 })
    const shown = await page.locator('.tool-card').count()
    if (shown % 4 === 1) expect((await rows(page)).counts[0]).toBe(3)
    await context.close()
  })

  it('wraps a 3,000-character search instead of pushing the page sideways, on a phone', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.setViewportSize({ width: 390, height: 850 })
    await page.goto('/')
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('q'.repeat(3000))
    await page.getByText('No tool matches').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await context.close()
  })
})

describe('landing page for screen readers', () => {
  it('reads out how many tools the search leaves, and that none match, as a status message', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    const search = page.getByRole('searchbox', { name: 'Search tools' })
    await search.fill('zzz-no-such-tool')
    // the status region is on the page from the start (a region that appears with its text is not read out) and holds
    // both the count and the reason
    const status = page.getByRole('status').filter({ has: page.getByTestId('tool-count') })
    await expect.poll(() => status.textContent()).toMatch(/^No tool matches “zzz-no-such-tool”\.Showing 0 of \d+ tools$/)
    await search.fill('')
    await expect.poll(() => status.textContent()).toMatch(/^Showing (\d+) of \1 tools$/)
    await context.close()
  })
})

const fakeEsi = inject('fakeEsiUrl')
const setPlayers = (players: number | null) =>
  fetch(`${fakeEsi}/_control/status`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ players }) })

describe('header and menu', () => {
  it('shows the live online count pushed over the websocket, and ESI: reconnecting… when ESI cannot say', async () => {
    const { page } = await openPage(browser, baseUrl)
    try {
      await setPlayers(31_337)
      await page.goto('/')
      // the status ingest runs every 5 s on the test server; ESI caches /status for 30 s
      await expect.poll(() => page.getByTestId('tq-status').textContent(), { timeout: 50_000 }).toBe('TQ: 31,337 online')
      await setPlayers(null)
      await expect.poll(() => page.getByTestId('tq-status').textContent(), { timeout: 50_000 }).toBe('ESI: reconnecting…')
    } finally {
      await setPlayers(23_456)
      await page.context().close()
    }
  }, 120_000) // two ESI cache windows (30 s each) plus the 5 s ingest cadence

  it("says 'ESI: reconnecting…', never 'TQ: NaN online', when a push carries no number", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const pushes: unknown[] = [{ players: 'lots' }, { players: null }, { players: -5 }, { players: 1234 }]
    let send: ((players: unknown) => void) | null = null
    await page.routeWebSocket(/\/ws$/, (ws) => {
      send = (players) => ws.send(JSON.stringify({ type: 'online', players, at: new Date().toISOString() }))
    })
    await page.goto('/')
    await expect.poll(() => send !== null).toBe(true)
    const seen: string[] = []
    for (const push of pushes) {
      send!((push as { players: unknown }).players)
      const expected =
        typeof (push as { players: unknown }).players === 'number' && (push as { players: number }).players >= 0 ? 'TQ: 1,234 online' : 'ESI: reconnecting…'
      await expect.poll(() => page.getByTestId('tq-status').textContent()).toBe(expected)
      seen.push((await page.getByTestId('tq-status').textContent()) ?? '')
    }
    expect(seen).toEqual(['ESI: reconnecting…', 'ESI: reconnecting…', 'ESI: reconnecting…', 'TQ: 1,234 online'])
    await context.close()
  })

  it('draws the header and the demo banner opaque, so no star shows through onto their text', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    await page.getByTestId('demo-banner').waitFor()
    const backgrounds = await page.evaluate(() =>
      ['.site-header', '.demo-banner'].map((sel) => {
        const el = document.querySelector(sel)!
        const style = getComputedStyle(el)
        return { sel, color: style.backgroundColor, filter: style.backdropFilter }
      }),
    )
    for (const { sel, color } of backgrounds) expect([sel, /^rgb\(/.test(color)]).toEqual([sel, true])
    await context.close()
  })

  it('does not make the online count a live region, which a screen reader would read out every minute', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    const status = page.getByTestId('tq-status')
    await status.waitFor()
    expect(await status.evaluate((el) => el.closest('[aria-live], [role="status"], [role="log"], [role="alert"]') === null)).toBe(true)
    await context.close()
  })

  it("shows the count on a computer whose clock runs ten minutes fast (the count's age is read on the server's clock)", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.addInitScript(() => {
      const realNow = Date.now
      Date.now = () => realNow() + 10 * 60_000
    })
    await page.goto('/')
    const status = () => page.getByTestId('tq-status').textContent()
    // (the test before this one leaves ESI answering null for up to 35 s)
    await expect.poll(status, { timeout: 50_000 }).toMatch(/^TQ: [\d,]+ online$/)
    // a heartbeat comes every 25 s; the count must survive it
    await page.waitForTimeout(27_000)
    expect(await status()).toMatch(/^TQ: [\d,]+ online$/)
    await context.close()
  }, 100_000)

  it('opens the drawer and closes it by backdrop, close button, Escape and route change', async () => {
    const { page } = await openPage(browser, baseUrl)
    await page.goto('/')
    const drawer = page.locator('nav.drawer')
    const open = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect.poll(() => drawer.getAttribute('class')).toContain('open')
    }
    const closed = () => expect.poll(() => drawer.getAttribute('class')).not.toContain('open')

    await open()
    await page.getByTestId('drawer-backdrop').click({ position: { x: 20, y: 300 } })
    await closed()

    await open()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await closed()

    await open()
    // a modal: Tab goes round the menu and never reaches the page behind it
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(
        () => !document.activeElement || document.activeElement === document.body || !!document.activeElement.closest('nav.drawer'),
      )
      expect(inside, `focus after ${i + 1} Tabs`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await closed()
    // and the page is usable again once it closes
    await page.getByRole('searchbox', { name: 'Search tools' }).focus()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search tools')

    await open()
    await drawer.getByRole('link', { name: 'Changelog' }).click()
    await closed()
    await page.waitForURL((url) => url.pathname === '/changelog')
    // each page names itself in the tab
    await expect.poll(() => page.title()).toBe('Changelog · J-Space Toolbox')
    await page.context().close()
  })

  it('closes when a link to the page already shown is chosen, query or not', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const drawer = page.locator('nav.drawer')
    for (const address of ['/changelog', '/changelog?from=somewhere']) {
      await page.goto(address)
      await page.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor()
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect.poll(() => drawer.getAttribute('class')).toContain('open')
      await drawer.getByRole('link', { name: 'Changelog' }).click()
      await expect.poll(() => drawer.getAttribute('class')).not.toContain('open')
      expect(new URL(page.url()).pathname).toBe('/changelog')
      // and the page is usable again
      await page.getByRole('main').getByRole('link', { name: 'roadmap' }).click()
      await page.getByRole('heading', { level: 1, name: 'Roadmap' }).waitFor()
    }
    await context.close()
  })

  it('slides the drawer out when it closes, instead of blanking it at once (none of it with reduced motion)', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, context } = await openPage(browser, baseUrl, { reducedMotion })
      await page.goto('/')
      await page.getByRole('button', { name: 'Open menu' }).click()
      const drawer = page.locator('nav.drawer')
      await expect.poll(() => drawer.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible')
      await page.waitForTimeout(400) // opened all the way
      // the drawer's look at the moment it loses its 'open' class
      const atClose = await drawer.evaluate(
        (el) =>
          new Promise<string>((resolve) => {
            new MutationObserver((_, observer) => {
              observer.disconnect()
              resolve(getComputedStyle(el).visibility)
            }).observe(el, { attributes: true, attributeFilter: ['class'] })
            ;(el.querySelector('button[aria-label="Close menu"]') as HTMLButtonElement).click()
          }),
      )
      expect(atClose, reducedMotion).toBe(reducedMotion === 'reduce' ? 'hidden' : 'visible')
      await expect.poll(() => drawer.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden')
      await context.close()
    }
  })

  it('moves focus into the drawer when it opens and gives it back to the menu button when it closes', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    const drawer = page.locator('nav.drawer')
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)
    // The menu button is a disclosure: it says whether the menu it controls is open
    const menuButton = page.locator('button[aria-label="Open menu"]')
    const drawerId = await drawer.getAttribute('id')
    expect(drawerId).toBeTruthy()
    expect(await menuButton.getAttribute('aria-controls')).toBe(drawerId)
    const closeBy = async (how: () => Promise<void>) => {
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false')
      await page.getByRole('button', { name: 'Open menu' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => drawer.getAttribute('class')).toContain('open')
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true')
      await expect.poll(focused).toBe('Close menu')
      await how()
      await expect.poll(() => drawer.getAttribute('class')).not.toContain('open')
      await expect.poll(focused).toBe('Open menu')
    }
    await closeBy(() => page.keyboard.press('Escape'))
    await closeBy(() => page.keyboard.press('Enter')) // on the focused close button
    await closeBy(() => page.getByTestId('drawer-backdrop').click({ position: { x: 20, y: 300 } }))
    await context.close()
  })

  it('starts with a skip link that shows on focus and takes keyboard focus past the header to the page', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    for (const [path, firstInPage] of [
      ['/changelog', 'roadmap'],
      ['/', 'Search tools'],
    ]) {
      await page.goto(path)
      await page.locator('main h1').waitFor()
      await page.keyboard.press('Tab')
      const skip = page.getByRole('link', { name: 'Skip to content' })
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
      // seen by sighted keyboard users once focused, not only by screen readers (it slides in: read it once it rests)
      await expect
        .poll(async () => {
          const box = await skip.boundingBox()
          return !!box && box.width > 20 && box.height > 10 && box.y >= 0
        })
        .toBe(true)
      await page.keyboard.press('Enter')
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => ({
        inMain: !!document.activeElement?.closest('main'),
        name: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      }))
      expect(focused).toEqual({ inMain: true, name: firstInPage })
      // the address keeps no '#main', which a reload or a shared link would carry
      expect(new URL(page.url()).hash).toBe('')
    }
    await context.close()
  })

  it('lists the sections, highlights the current route and shows the version', async () => {
    const { page } = await openPage(browser, baseUrl)
    await page.goto('/changelog')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.locator('nav.drawer')
    const sections = await drawer.locator('h2').allTextContents()
    const expected = ['Calculators', 'Reference', 'Meta'].filter((s) => tools.some((t) => t.section === s && t.menu !== false))
    expect(sections).toEqual(expected)
    expect(await drawer.locator('a.active').textContent()).toBe('Changelog')
    expect(await drawer.locator('a[aria-current="page"]').count()).toBe(1)
    expect(await drawer.locator('.drawer-foot').textContent()).toBe(`v${pkg.version}`)
    // the API docs link is a plain link (full page load), not a client route
    expect(await drawer.getByRole('link', { name: 'API docs' }).getAttribute('href')).toBe('/api/docs/')
    await page.context().close()
  })
})

/** How many pixels of the starfield's top 360 × 600 px are lit, and a hash of them. */
const skyPixels = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('canvas.starfield') as HTMLCanvasElement
    const scale = canvas.width / window.innerWidth
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, 360 * scale, 600 * scale).data
    let lit = 0
    let hash = 0
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3]) lit++
      hash = (hash * 31 + pixels[i] + pixels[i + 3]) | 0
    }
    return { lit, hash }
  })

describe('background setting', () => {
  it('holds the animated sky still for a reader who asks for reduced motion, and starts it if they stop asking', async () => {
    const { page, context } = await openPage(browser, baseUrl, { reducedMotion: 'reduce' })
    await page.goto('/')
    expect(await page.locator('canvas.starfield').getAttribute('data-animated')).toBe('true')
    const still = await skyPixels(page)
    expect(still.lit).toBeGreaterThan(0)
    await page.waitForTimeout(600)
    expect(await skyPixels(page)).toEqual(still)
    // the same page without the preference drifts (so the check above can fail)
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await expect.poll(() => skyPixels(page)).not.toEqual(still)
    await context.close()
  })

  it('holds the animated sky still while the reader types in a field, and lets it drift again after', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/appraisals')
    const box = page.getByRole('textbox', { name: /Items/ })
    await box.focus()
    await page.keyboard.press('a')
    const still = await skyPixels(page)
    await page.keyboard.type('bcd')
    // an animated sky drifts visibly in this time (the reduced-motion test above waits the same way)
    await page.waitForTimeout(300)
    expect(await skyPixels(page)).toEqual(still)
    // and drifts again once the typing stops
    await expect.poll(() => skyPixels(page), { timeout: 10_000 }).not.toEqual(still)
    await context.close()
  })

  it('holds the animated sky still for a moment after a click, so the work the click started gets the machine', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/appraisals')
    await page.getByRole('heading', { level: 1 }).click()
    const still = await skyPixels(page)
    await page.waitForTimeout(300)
    expect(await skyPixels(page)).toEqual(still)
    await expect.poll(() => skyPixels(page), { timeout: 10_000 }).not.toEqual(still)
    await context.close()
  })

  it("says the sky is static under reduced motion instead of offering 'Switch to Static BG'", async () => {
    const { page, context } = await openPage(browser, baseUrl, { reducedMotion: 'reduce' })
    await page.goto('/')
    await page.getByRole('button', { name: 'Settings' }).click()
    expect(await page.locator('#settings-panel').textContent()).toBe('Static background: your device asks for reduced motion.')
    expect(await page.getByRole('button', { name: /Switch to/ }).count()).toBe(0)
    // without the preference the switch is back
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await page.getByRole('button', { name: 'Switch to Static BG' }).waitFor()
    await context.close()
  })

  it('defaults to animated, toggles to static, and keeps the choice across a reload', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    const canvas = page.locator('canvas.starfield')
    expect(await canvas.getAttribute('data-animated')).toBe('true')
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Switch to Static BG' }).click()
    expect(await canvas.getAttribute('data-animated')).toBe('false')
    expect(await page.evaluate(() => localStorage.getItem('starfield-animated'))).toBe('false')
    await page.reload()
    expect(await page.locator('canvas.starfield').getAttribute('data-animated')).toBe('false')
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Switch to Animated BG' }).click()
    expect(await page.evaluate(() => localStorage.getItem('starfield-animated'))).toBe('true')
    await context.close()
  })

  it("keeps a static sky's stars in place when a phone's address bar hides or shows (the window's height changes)", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Switch to Static BG' }).click()
    // the top 360 × 600 px stay on screen throughout: their pixels must not change
    const sky = () => skyPixels(page)
    const before = await sky()
    expect(before.lit).toBeGreaterThan(0)
    await page.setViewportSize({ width: 360, height: 684 })
    await expect.poll(() => page.evaluate(() => window.innerHeight)).toBe(684)
    await page.waitForTimeout(200)
    expect(await sky()).toEqual(before)
    await page.setViewportSize({ width: 360, height: 740 })
    await expect.poll(() => page.evaluate(() => window.innerHeight)).toBe(740)
    await page.waitForTimeout(200)
    expect(await sky()).toEqual(before)
    await context.close()
  })

  it('works from the keyboard: Tab reaches the choice, Escape closes and returns to Settings, leaving closes it', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    const settings = page.getByRole('button', { name: 'Settings' })
    const choice = page.getByRole('button', { name: 'Switch to Static BG' })
    await settings.focus()
    await page.keyboard.press('Enter')
    expect(await settings.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Tab')
    expect(await choice.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    expect(await choice.count()).toBe(0)
    expect(await settings.evaluate((el) => el === document.activeElement)).toBe(true)
    // Tab past the open panel: it closes rather than stay open over the page
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await choice.count()).toBe(0)
    expect(await settings.getAttribute('aria-expanded')).toBe('false')
    await context.close()
  })
})

describe('errors and unknown paths', () => {
  it('renders the router error page when a page module fails to load', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    await page.route(/\/assets\/ChangelogPage-.*\.js$/, (route) => route.abort())
    await page
      .getByRole('link', { name: /Changelog/ })
      .first()
      .click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Unexpected Application Error!')
    expect(await page.locator('.error-message').textContent()).toBeTruthy()
    // the tab says what the page says, not the name of the page that failed
    await expect.poll(() => page.title()).toBe('Unexpected Application Error! · J-Space Toolbox')
    await context.close()
  })

  it('offers a reload of the same address, query included (tools keep their state in it)', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route(/\/assets\/ChangelogPage-.*\.js$/, (route) => route.abort())
    await page.goto('/changelog?from=menu#top')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Unexpected Application Error!')
    expect(await page.getByRole('link', { name: 'Reload this page' }).getAttribute('href')).toBe('/changelog?from=menu#top')
    await context.close()
  })

  it("says 'Loading…' while a page opened directly loads its code, with no warning from the router", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const warnings: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text())
    })
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/ChangelogPage-.*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/changelog', { waitUntil: 'domcontentloaded' })
    await expect.poll(() => page.locator('.page-loading').textContent()).toBe('Loading…')
    release()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Changelog')
    expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([])
    await context.close()
  })

  it('shows a 404 page for unknown paths, inside the site layout', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const res = await page.goto('/no/such/page')
    expect(res?.status()).toBe(404) // a real 404 for crawlers and link checkers, with the app's own page
    expect(await page.locator('h1').textContent()).toMatch(/^404/)
    expect(await page.locator('.site-header').count()).toBe(1)
    expect(await page.title()).toBe('Page not found · J-Space Toolbox')
    await context.close()
  })

  it('shows the unknown address decoded, and wraps a 3,000-character one on a phone', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.setViewportSize({ width: 390, height: 850 })
    const res = await page.goto('/wormholes/Жита/ünïcode')
    expect(res?.status()).toBe(404)
    expect(await page.locator('.not-found code').textContent()).toBe('/wormholes/Жита/ünïcode')
    await page.goto(`/${'long-'.repeat(600)}/x`)
    await page.locator('.not-found code').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await context.close()
  })

  it('titles the 404 of a one-segment path that names no tracked player as not found, not as a kill tracker', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/gascalc')
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^404/)
    await expect.poll(() => page.title()).toBe('Page not found · J-Space Toolbox')
    // and a real page named afterwards gets its own title again
    await page.getByRole('link', { name: 'Back to all tools' }).click()
    await expect.poll(() => page.title()).toBe('J-Space Toolbox')
    await context.close()
  })
})

describe('meta pages', () => {
  it('changelog lists dated releases labelled by version digit, with a back-to-top link', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/changelog')
    const first = page.getByTestId('release').first()
    expect(await first.locator('h2').textContent()).toContain(`v${pkg.version}`)
    expect(await first.locator('.badge').textContent()).toMatch(/^(Major|Minor|Patch)$/)
    expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // moving through the page by headings, each release still says its kind and date
    const kind = await first.locator('.badge').textContent()
    const date = await first.locator('time').textContent()
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(`v${pkg.version}, ${kind}, ${date} · ${releases[0].title}`)
    expect(await page.getByRole('link', { name: /Back to top/ }).count()).toBe(1)
    await context.close()
  })

  it('back to top scrolls up and takes keyboard focus with it; the changelog links the roadmap', async () => {
    // (reduced motion: the jump is instant, so the test need not wait out a smooth scroll)
    const { page, context } = await openPage(browser, baseUrl, { reducedMotion: 'reduce' })
    await page.goto('/changelog')
    const back = page.getByRole('link', { name: /Back to top/ })
    await back.focus()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Changelog')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.getByRole('main').getByRole('link', { name: 'roadmap' }).click()
    await page.getByRole('heading', { level: 1, name: 'Roadmap' }).waitFor()
    expect(await page.title()).toBe('Roadmap · J-Space Toolbox')
    await context.close()
  })

  it('roadmap, acknowledgements and about render', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    for (const [path, heading] of [
      ['/roadmap', 'Roadmap'],
      ['/acknowledgements', 'Acknowledgements'],
      ['/about', 'About J-Space Toolbox'],
    ]) {
      await page.goto(path)
      expect(await page.locator('h1').textContent()).toBe(heading)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it("roadmap lists the spec's items and links a shipped one to its page", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/roadmap')
    await page.locator('ul.roadmap h2').first().waitFor()
    const titles = (await page.locator('ul.roadmap h2').allTextContents()).map((t) => t.replace(/\s*(planned|in progress|shipped)$/, ''))
    expect(titles).toEqual(['Reaction calculator market taxes', 'Guides', 'UI cleanup', 'Saved huffing fleets', 'Link a game account', 'Industry calculator'])
    const industry = page.locator('ul.roadmap li', { hasText: 'Industry calculator' })
    expect(await industry.locator('.badge').textContent()).toBe('shipped')
    await industry.getByRole('link', { name: 'Open it' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/industry')
    await context.close()
  })
})

describe('API docs page', () => {
  it("wears the site's header and dark theme, fits a phone, and runs no script", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await page.setViewportSize({ width: 390, height: 850 })
    const res = await page.goto('/api/docs/')
    expect(res?.status()).toBe(200)
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toBe('width=device-width, initial-scale=1.0')
    expect(await page.locator('main h1').textContent()).toMatch(/^J-Space Toolbox API/)
    expect(await page.locator('.site-header a.brand').getAttribute('href')).toBe('/')
    expect(await page.getByRole('link', { name: 'All tools' }).getAttribute('href')).toBe('/')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toMatch(/gradient/)
    expect(await page.locator('.api-op').count()).toBeGreaterThan(20)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await page.locator('script').count()).toBe(0)
    expect(scripts).toEqual([])
    await context.close()
  })
})
