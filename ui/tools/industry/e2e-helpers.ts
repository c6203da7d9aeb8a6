import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** The tool has a card on the landing page, and its menu entry leads to its page. */
export async function expectCardAndMenuEntry(page: Page, card: string, menuLabel: string, path: string) {
  await page.goto('/')
  expect(await page.locator('.tool-card h2').allTextContents()).toContain(card)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.locator('nav.drawer').getByRole('link', { name: menuLabel, exact: true }).click()
  await page.waitForURL((u) => u.pathname === path)
}
