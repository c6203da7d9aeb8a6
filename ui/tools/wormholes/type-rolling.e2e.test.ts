import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import type { WormholeTypeDetail } from '../../../schemas/wormholes.js'
import { rollingColumnFor } from '../../lib/rolling-plans.js'

/** The hole rolling guide's plan for a type's mass on the type page (/wormholes/types/H296), at 1280 and 390 px. */
const baseUrl = inject('appUrl')
let browser: Browser
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })
const typeInfo = async (code: string) => ((await (await fetch(`${baseUrl}/api/wormhole-types/${code}`)).json()) as WormholeTypeDetail).type

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

for (const width of [1280, 390]) {
  describe(`rolling plan on the type page at ${width} px`, () => {
    it("shows the guide's plan for the column of the type's total mass", async () => {
      const h296 = await typeInfo('H296')
      const column = rollingColumnFor(h296.total_mass)
      // H296 is in the guide's 3300Gg list; its mass in the data decides the column
      expect(column?.gg).toBe(3300)
      const { page, context } = await openPage(browser, baseUrl)
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/wormholes/types/H296')
      const plan = page.getByRole('dialog').getByTestId('type-rolling-plan')
      await eventually(() => plan.locator('.wh-rolling-step').allTextContents()).toEqual([
        column!.plan.main,
        `to roll: ${column!.plan.reduced.roll}; to crit: ${column!.plan.reduced.crit}`,
        `to roll: ${column!.plan.notReduced.roll}; to crit: ${column!.plan.notReduced.crit}`,
      ])
      expect(await plan.locator('p').first().textContent()).toMatch(/^The 3300Gg column of the hole rolling guide/)
      expect(await plan.getByRole('link', { name: 'hole rolling guide' }).getAttribute('href')).toBe('/rolling-mass')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await context.close()
    })

    it('says so when the mass is none of the four columns (K329)', async () => {
      const k329 = await typeInfo('K329')
      expect(rollingColumnFor(k329.total_mass)).toBeNull()
      const { page, context } = await openPage(browser, baseUrl)
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/wormholes/types/K329')
      const rolling = page.getByRole('dialog').getByRole('region', { name: 'Rolling' })
      await eventually(() => rolling.textContent()).toMatch(/is none of the hole rolling guide's four columns, so it has no ready plan\./)
      expect(await rolling.getByTestId('type-rolling-plan').count()).toBe(0)
      await context.close()
    })
  })
}
