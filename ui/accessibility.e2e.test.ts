import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import axe from 'axe-core'
import { launchBrowser, openPage } from '../platform/testing/browser.js'
import { tools } from './tools/registry.js'

// Every page a person opens, checked by axe-core (WCAG 2.x A and AA rules) on a desktop and a phone-width screen.
const baseUrl = inject('appUrl')
// the API docs page is the server's own (no script), with the site's header and theme
const PAGES = ['/', ...tools.filter((t) => t.page).map((t) => t.path), '/api/docs/']
const WIDTHS = [1280, 390]

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** axe's violations on the page as it is now, one line per failing element. */
async function violations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
  await page.evaluate(axe.source)
  const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }))
  const axeFound = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`))
  // Beyond axe (WCAG technique G201): a link that opens a new tab says so, here through its description.
  const silentNewTabs = await page.$$eval('a[target="_blank"]', (links) =>
    links
      .filter((a) => !(a.getAttribute('aria-describedby') ?? '').split(' ').some((id) => document.getElementById(id)?.textContent === 'Opens in a new tab.'))
      .map((a) => a.getAttribute('href')),
  )
  return [...axeFound, ...silentNewTabs.map((href) => `new tab not announced: ${href}`)]
}

describe('accessibility', () => {
  for (const width of WIDTHS) {
    it(`axe finds no violations on any page at ${width} px`, { timeout: 180_000 }, async () => {
      const { page, context } = await openPage(browser, baseUrl)
      await page.setViewportSize({ width, height: 850 })
      const found: string[] = []
      for (const path of PAGES) {
        await page.goto(path)
        await page.locator('main h1').first().waitFor()
        await page.waitForLoadState('networkidle')
        found.push(...(await violations(page)).map((v) => `${path}: ${v}`))
      }
      expect(found).toEqual([])
      await context.close()
    })
  }

  it('keyboard focus shows a ring on checkboxes, tabs, buttons and links (WCAG 2.4.7)', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const ringOnKeyboardFocus = async (selector: string) => {
      const target = page.locator(selector).first()
      await target.focus()
      // reach it by Tab so the browser treats the focus as keyboard focus (:focus-visible)
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      return page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element)
        return `${style.outlineStyle} ${style.outlineWidth}`
      })
    }
    await page.goto('/compressed')
    await page.locator('input[type="checkbox"]').first().waitFor()
    expect(await ringOnKeyboardFocus('input[type="checkbox"]:visible')).toBe('solid 2px')
    expect(await ringOnKeyboardFocus('[role="tab"][aria-selected="true"]')).toBe('solid 2px')
    await page.goto('/')
    expect(await ringOnKeyboardFocus('main a')).toBe('solid 2px')
    expect(await ringOnKeyboardFocus('button[aria-label="Open menu"]')).toBe('solid 2px')
    await context.close()
  })

  it('axe finds no violations on a planned compressed-ore shopping list at 390 px', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.setViewportSize({ width: 390, height: 850 })
    await page.goto('/compressed?t=Tritanium:100000,Megacyte:300')
    await page.getByRole('button', { name: 'Copy list' }).waitFor()
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('closing a dialog gives keyboard focus back to what opened it (Escape or the Close button)', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.slice(0, 40) ?? '')
    await page.goto('/reaction-calc')
    const row = page.locator('main tbody tr[tabindex]').first()
    await row.focus()
    const rowText = await focusedText()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(focusedText).toBe(rowText)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await expect.poll(focusedText).toBe(rowText)

    // a system opened from its J-code link (the dialog is a route of its own)
    await page.goto('/wormholes')
    const link = page.locator('main [role="row"] a').first()
    await link.focus()
    const jcode = await focusedText()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(focusedText).toBe(jcode)

    // opened straight from a shared link: nothing on the page opened it, so focus goes to the page's heading
    await page.goto('/wormholes/J123450')
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    await context.close()
  })
})
