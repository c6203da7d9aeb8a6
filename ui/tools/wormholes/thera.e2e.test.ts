import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import axe from 'axe-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { TheraFeed } from '../../../schemas/thera.js'

/** The Thera and Turnur section of /wormholes, its route box and the dialogs' note, on the shared demo server (EVE-Scout fake). */
const baseUrl = inject('appUrl')
let browser: Browser
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })
let feed: TheraFeed

beforeAll(async () => {
  browser = await launchBrowser()
  // the demo's first EVE-Scout poll runs at its start
  feed = await vi.waitFor(
    async () => {
      const answer = (await (await fetch(`${baseUrl}/api/thera`)).json()) as TheraFeed
      if (!answer.fetched_ok_at) throw new Error('no Thera list yet')
      return answer
    },
    { timeout: 30_000, interval: 250 },
  )
})
afterAll(async () => {
  await browser?.close()
})

/** axe's WCAG violations on the page as it is now (the site-wide check may run before this section has loaded). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source)
  const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }))
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
}

async function open(path: string, width: number) {
  const t = await openPage(browser, baseUrl)
  await t.page.setViewportSize({ width, height: 900 })
  await t.page.route(/images\.evetech\.net/, (route) => route.abort('internetdisconnected'))
  await t.page.goto(path)
  return t
}

for (const width of [1280, 390]) {
  describe(`Thera and Turnur on /wormholes at ${width} px`, () => {
    it('lists the connections and answers the route box, with close matches for a misspelt name', async () => {
      const { page, context } = await open('/wormholes', width)
      const panel = page.getByRole('region', { name: 'Thera and Turnur connections' })
      const rows = panel.locator('.thera-table tbody tr')
      await eventually(() => rows.count()).toBe(feed.connections.length)
      expect(feed.connections.length).toBeGreaterThan(10)
      expect(await panel.getByTestId('thera-fresh').textContent()).toMatch(/^From EVE-Scout, checked \d+ min ago \(every 5 minutes\)\.$/)
      const meunvon = panel.locator('.thera-table tbody tr', { hasText: 'Meunvon' })
      expect(await meunvon.locator('td').allTextContents()).toEqual([
        'Thera',
        expect.stringMatching(/^Meunvon [A-Z]{3}-\d{3} activity$/),
        expect.stringMatching(/^Low-sec 0\.\d\d$/),
        feed.connections.find((c) => c.system_name === 'Meunvon')!.region_name,
        expect.stringMatching(/^M164 /),
        'XL',
        expect.stringMatching(/^\d+ h \d\d min$/),
        expect.stringMatching(/^\d\d:\d\d UTC$/),
      ])
      // a k-space exit's ESI kills and jumps open below the table, and close again
      const toggle = meunvon.getByRole('button', { name: 'Activity in Meunvon' })
      await toggle.click()
      const activity = panel.getByRole('region', { name: 'ESI activity' })
      await eventually(() => activity.locator('h3').textContent()).toBe('Activity in Meunvon, last 24 hours (ESI)')
      await eventually(() => activity.locator('[data-testid="activity-charts"], [data-testid="activity-none"]').count()).toBe(1)
      expect(await toggle.getAttribute('aria-pressed')).toBe('true')
      await toggle.click()
      await eventually(() => activity.count()).toBe(0)

      const box = page.getByRole('region', { name: 'Shortest way from here' })
      await box.getByLabel('Your system').fill('Jitta')
      await box.getByRole('button', { name: 'Find the way' }).click()
      const error = box.getByTestId('thera-route-error')
      await eventually(() => error.locator('p').first().textContent()).toMatch(/^No such system: Jitta\. Did you mean .*Jita/)
      await error.getByRole('button', { name: 'Jita', exact: true }).click()
      const routes = box.getByTestId('thera-routes')
      await eventually(() => routes.locator('tbody th').allTextContents()).toEqual(['Jita', 'Amarr', 'Dodixie', 'Hek', 'Rens'])
      expect(await box.getByLabel('Your system').inputValue()).toBe('Jita')
      expect(await routes.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('0 jumps')

      await box.getByLabel('Your system').fill('Meunvon')
      await box.getByRole('button', { name: 'Find the way' }).click()
      await eventually(() => box.locator('p.muted.small').textContent()).toMatch(/^Fewest jumps from Meunvon /)
      // at least one hub is closer through the M164 into Thera than by gates, and its way names the hole
      const ways = await routes.locator('tbody tr.thera-shorter td:last-child').allTextContents()
      expect(ways.length).toBeGreaterThan(0)
      expect(ways.every((w) => /^Meunvon ⇢ Thera \(M164\)/.test(w))).toBe(true)
      // nothing wider than the screen but the tables' own scroll boxes
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      expect(await axeViolations(page)).toEqual([])
      await context.close()
    })

    it('says since when EVE-Scout is unreachable and keeps the last list', async () => {
      const t = await openPage(browser, baseUrl)
      await t.page.setViewportSize({ width, height: 900 })
      const since = new Date(Date.now() - 40 * 60_000).toISOString()
      const listAt = new Date(Date.now() - 45 * 60_000).toISOString()
      const down: TheraFeed = { ...feed, unreachable_since: since, fetched_ok_at: listAt, list_changed_at: listAt, last_error: 'EVE-Scout answered HTTP 503' }
      await t.page.route('**/api/thera', (r) => r.fulfill({ json: down }))
      await t.page.goto('/wormholes')
      const warning = t.page.getByTestId('thera-down')
      await eventually(() => warning.textContent()).toBe(
        `EVE-Scout has not answered since ${since.slice(11, 16)} UTC (40 min ago: EVE-Scout answered HTTP 503). This is the last list known, fetched at ${listAt.slice(11, 16)} UTC (45 min ago); connections past their end of life are left out.`,
      )
      expect(await t.page.locator('.thera-table tbody tr').count()).toBe(feed.connections.length)
      await t.context.close()
    })

    it("mentions the connection in a J-space system's dialog, and lists Thera's on its own address", async () => {
      const jspace = feed.connections.find((c) => c.system_name === 'J122331')!
      const { page, context } = await open('/wormholes/J122331', width)
      const dialog = page.getByRole('dialog')
      const note = dialog.getByRole('region', { name: 'Thera and Turnur' })
      await eventually(() => note.locator('h3').textContent()).toBe('Connected to Thera or Turnur now')
      expect(await note.locator('tbody tr td').first().textContent()).toBe(jspace.hub)
      await page.goto('/wormholes/Thera')
      const thera = page.getByRole('dialog').getByRole('region', { name: 'Thera and Turnur' })
      await eventually(() => thera.locator('h3').textContent()).toBe("Thera's connections now")
      expect(await thera.locator('tbody tr').count()).toBe(feed.connections.filter((c) => c.hub === 'Thera').length)
      await context.close()
    })
  })
}
