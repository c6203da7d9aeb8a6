import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'

/**
 * Issue #42, 'phone first': at 390 px, after Calculate, each calculator's key result column is inside the viewport
 * (no sideways scrolling, nothing below the fold) and the focus is on the results' heading.
 */
const baseUrl = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function phone(path: string) {
  const opened = await openPage(browser, baseUrl)
  await opened.page.setViewportSize({ width: 390, height: 844 })
  await opened.page.goto(path)
  return opened
}

/** The element's box lies wholly inside the 390 × 844 viewport, and the page itself does not scroll sideways. */
async function inViewport(page: Page, target: Locator) {
  await target.waitFor()
  await expect
    .poll(async () => {
      const box = await target.boundingBox()
      return box !== null && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844
    })
    .toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')

describe('calculators at 390 px: the key column is in view after Calculate', () => {
  it('/bloot: ISK Earned', async () => {
    const { page, context } = await phone('/bloot')
    await page.getByLabel('Core Garrison', { exact: true }).fill('2')
    await page.getByLabel('Player name').fill('Ann')
    await page.getByLabel('Player name').press('Enter')
    await page.getByLabel('Ann Dreads').fill('1')
    await page.getByRole('button', { name: 'Calculate' }).click()
    const cell = page.locator('[data-testid="payout-table"] tbody tr').first().locator('td').last()
    await inViewport(page, page.getByRole('columnheader', { name: 'ISK Earned' }))
    await inViewport(page, cell)
    expect(await cell.textContent()).toMatch(/ISK/)
    expect(await focusedText(page)).toMatch(/^Payout Breakdown/)
    await context.close()
  })

  it('/participation: ISK Earned, with the per-site shares', async () => {
    const { page, context } = await phone('/participation')
    await page.getByLabel('Core Garrison number ran').fill('1')
    await page.getByLabel('Player name').fill('Ann')
    await page.getByLabel('Player name').press('Enter')
    await page.getByLabel('Ann Core Garrison').fill('1')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await inViewport(page, page.locator('[data-testid="payout-table"] tbody tr').first().locator('td').last())
    expect(await focusedText(page)).toMatch(/^Payout Breakdown/)
    expect(await page.getByTestId('site-shares').textContent()).toContain('Ann (1: 253.4M)')
    await context.close()
  })

  it('/gas-calc: ISK/hr of the first site', async () => {
    const { page, context } = await phone('/gas-calc')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await inViewport(page, page.getByTestId('site-isk-hour').first())
    expect(await focusedText(page)).toBe('Results')
    await context.close()
  })

  it('/compressed: Calculate before the ore list, and the shopping list units after it', async () => {
    const { page, context } = await phone('/compressed')
    await page.locator('input[name="Tritanium"]').fill('1.5m')
    const calculate = page.getByRole('button', { name: 'Calculate' })
    await page.getByRole('heading', { name: 'Allowed Ores' }).waitFor()
    const [button, ores] = await Promise.all([calculate.boundingBox(), page.getByRole('heading', { name: 'Allowed Ores' }).boundingBox()])
    expect(button!.y).toBeLessThan(ores!.y)
    await calculate.click()
    await inViewport(page, page.getByTestId('ore-list').locator('tbody tr').first().locator('td').nth(2))
    expect(await focusedText(page)).toBe('Shopping List')
    await context.close()
  })
})
