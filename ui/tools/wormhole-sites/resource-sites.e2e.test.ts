import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import axe from 'axe-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { ResourceSites } from '../../../schemas/resource-sites.js'

/** Gas and ore sites with their defenders on /wormhole-sites (community gas and ore site data), at 1280 and 390 px. */
const baseUrl = inject('appUrl')
let browser: Browser
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })

/** axe's WCAG violations on the page as it is now (the site-wide check may run before this section has loaded). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source)
  const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }))
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
}

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('GET /api/wormhole-sites/resource-sites', () => {
  it('answers the 9 gas and 12 ore sites of the data sets with their defenders', async () => {
    const body = (await (await fetch(`${baseUrl}/api/wormhole-sites/resource-sites`)).json()) as ResourceSites
    expect(body.missing).toEqual([])
    expect(body.sites.filter((s) => s.kind === 'gas')).toHaveLength(9)
    expect(body.sites.filter((s) => s.kind === 'ore')).toHaveLength(12)
    const barren = body.sites.find((s) => s.name === 'Barren Perimeter Reservoir')!
    // the data set: 3 Emergent Patrollers and 2 Emergent Watchmen (neutralising 3 GJ/s each), 74 DPS together
    expect(barren.defenders.map((d) => [d.quantity, d.name, d.neut_gj_s])).toEqual([
      [3, 'Emergent Patroller', 0],
      [2, 'Emergent Watchman', 3],
    ])
    expect(barren.defender_totals?.dps).toBe(74)
    expect(barren.resources.map((r) => [r.name, r.units])).toEqual([
      ['Fullerite-C50', 12000],
      ['Fullerite-C60', 6000],
    ])
  })
})

for (const width of [1280, 390]) {
  describe(`gas and ore sites on /wormhole-sites at ${width} px`, () => {
    it("lists the chosen class's gas and ore sites with their defenders, following the class and name choices", async () => {
      const { page, context } = await openPage(browser, baseUrl)
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/wormhole-sites?class=c1')
      const section = page.getByRole('region', { name: 'Gas and ore sites' })
      const cards = section.locator('article.resource-site-card')
      // C1: the five Perimeter reservoirs, and the Perimeter, Frontier and C1 core deposits of the ore data
      await eventually(() => cards.count()).toBeGreaterThan(5)
      const barren = section.locator('article[data-resource-site="Barren Perimeter Reservoir"]')
      expect(await barren.locator('tbody tr').allInnerTexts()).toEqual([
        expect.stringMatching(/^3 × Emergent Patroller\t16\t115\t3,000\t8 km\t–$/),
        expect.stringMatching(/^2 × Emergent Watchman\t12\t95\t2,000\t5 km\tNeut 3 GJ\/s$/),
      ])
      expect(await barren.locator('.resource-list').textContent()).toBe('Fullerite-C50 12,000 units (12,000 m³) · Fullerite-C60 6,000 units (6,000 m³)')
      expect(await axeViolations(page)).toEqual([])
      // Core reservoirs (gas) spawn in C5-C6 only
      expect(await section.locator('article[data-resource-site="Vital Core Reservoir"]').count()).toBe(0)
      await page.getByRole('searchbox', { name: 'Search sites by name' }).fill('barren')
      await eventually(() => cards.count()).toBe(1)
      // Gas alone: the gas sites, no sleeper site, and the address keeps the choice
      await page.getByRole('searchbox', { name: 'Search sites by name' }).fill('')
      await page.getByRole('combobox', { name: 'Site type' }).selectOption('Gas')
      const gas = page.getByRole('region', { name: 'Gas sites' }).locator('article.resource-site-card')
      await eventually(() => gas.count()).toBe(5)
      expect(await page.locator('.site-list').count()).toBe(0)
      expect(new URL(page.url()).searchParams.get('type')).toBe('gas')
      // Ore alone: only ore sites
      await page.getByRole('combobox', { name: 'Site type' }).selectOption('Ore')
      const ore = page.getByRole('region', { name: 'Ore sites' }).locator('article.resource-site-card')
      await eventually(() => ore.count()).toBeGreaterThan(0)
      expect(await ore.locator('.site-head').allInnerTexts()).not.toContainEqual(expect.stringContaining('Gas site'))
      // a sleeper type chosen: no gas or ore site
      await page.getByRole('combobox', { name: 'Site type' }).selectOption('Relic')
      await eventually(() => page.locator('section.resource-sites').count()).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await context.close()
    })

    it("opens a gas site's card from a system dialog's site list", async () => {
      const { page, context } = await openPage(browser, baseUrl)
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/wormholes/J123450')
      const sites = page.getByRole('dialog').getByRole('region', { name: 'Sites' })
      await sites.getByRole('link', { name: 'Barren Perimeter Reservoir' }).click()
      await eventually(() => new URL(page.url()).pathname).toBe('/wormhole-sites')
      const section = page.getByRole('region', { name: 'Gas and ore sites' })
      await eventually(() => section.locator('article.resource-site-card h2').allTextContents()).toEqual(['Barren Perimeter Reservoir'])
      expect(await page.getByTestId('sites-count').textContent()).toBe('0 sites')
      expect(await page.getByText('No site matches among the sleeper sites. Pick a class or clear the search.').count()).toBe(1)
      await context.close()
    })
  })
}
