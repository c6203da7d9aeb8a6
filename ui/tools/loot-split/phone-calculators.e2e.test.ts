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

/**
 * The element's box lies wholly inside the viewport (390 × 844 unless told) and inside the visible part of the box its
 * table scrolls in (a cell past the table box's edge is hidden though inside the window), and the page itself does not
 * scroll sideways.
 */
async function inViewport(page: Page, target: Locator, width = 390, height = 844) {
  await target.waitFor()
  await expect
    .poll(() =>
      target.evaluate(
        (el, [w, h]) => {
          const box = el.getBoundingClientRect()
          const wrap = el.closest('.table-wrap')?.getBoundingClientRect()
          const right = Math.min(w, wrap?.right ?? w) + 0.5
          const left = Math.max(0, wrap?.left ?? 0) - 0.5
          return box.width > 0 && box.left >= left && box.right <= right && box.top >= 0 && box.bottom <= h
        },
        [width, height],
      ),
    )
    .toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/** The cell of `table`'s first body row under the column whose header reads `header`. */
async function cellUnder(table: Locator, header: RegExp) {
  const headers = await table.locator('thead th').allTextContents()
  const index = headers.findIndex((h) => header.test(h))
  expect(index, `no column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0)
  return table.locator('tbody tr').first().locator('td').nth(index)
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

  it('/reaction-calc: Profit and % Profit beside the product; See the results brings the table up', async () => {
    const { page, context } = await phone('/reaction-calc')
    await expect.poll(() => page.getByTestId('calc-status').textContent(), { timeout: 20_000 }).toMatch(/^8 of 8 formulas priced/)
    const table = page.locator('.reaction-table')
    expect((await table.locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, ''))).toEqual([
      'Product',
      'Profit',
      '% Profit',
      'Input Cost',
      'Taxes',
      'Output Value',
    ])
    await page.getByTestId('see-results').click()
    expect(await focusedText(page)).toBe('Results')
    await inViewport(page, await cellUnder(table, /^Profit/))
    await inViewport(page, await cellUnder(table, /^% Profit/))
    expect(await (await cellUnder(table, /^Profit/)).textContent()).toMatch(/ISK$/)
    await context.close()
  })

  it('/industry: the build cost first, then the materials with their quantities; See the build cost brings it up', async () => {
    const { page, context } = await phone('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    await page.getByTestId('see-results').click()
    expect(await focusedText(page)).toMatch(/^Rifter Blueprint/)
    await inViewport(page, page.getByTestId('build-total'))
    expect(await page.getByTestId('build-total').textContent()).toMatch(/ISK$/)
    const summary = await page.locator('.build-summary').boundingBox()
    const materials = await page.locator('.materials-table').boundingBox()
    expect(summary!.y).toBeLessThan(materials!.y)
    const quantity = await cellUnder(page.locator('.materials-table'), /^Quantity/)
    await quantity.scrollIntoViewIfNeeded()
    await inViewport(page, quantity)
    await context.close()
  })

  it('/pi-calc: after Calculate the results heading has the focus; the profits stand beside the item', async () => {
    const { page, context } = await phone('/pi-calc')
    await page.getByTestId('pi-source').waitFor()
    // the first answer (on load) moves nothing: only a Calculate pressed by the player does
    expect(await focusedText(page)).not.toBe('Products by tier')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => focusedText(page)).toBe('Products by tier')
    await inViewport(page, page.getByRole('heading', { name: 'Products by tier' }))
    const p2 = page.locator('section.pi-tier').filter({ has: page.getByRole('button', { name: /^P2 ·/ }) })
    await p2.locator('.collapsible-toggle').click()
    const table = p2.locator('table')
    for (const header of [/^Profit P0-This/, /^Profit Prev-This/]) {
      const cell = await cellUnder(table, header)
      await cell.scrollIntoViewIfNeeded()
      await inViewport(page, cell)
      expect(await cell.textContent()).toMatch(/^-?[\d,]+$/)
    }
    await context.close()
  })

  it('/ore: ISK/hr beside the ore, in view with the focus on Results after Calculate', async () => {
    const { page, context } = await phone('/ore')
    await page.getByRole('button', { name: 'Calculate' }).click()
    const table = page.locator('.ore-table')
    await table.locator('tbody tr').first().waitFor()
    expect(await focusedText(page)).toBe('Results')
    const cell = await cellUnder(table, /^ISK\/hr/)
    await cell.scrollIntoViewIfNeeded()
    await inViewport(page, cell)
    await context.close()
  })
})

describe('the same calculators at 1280 px: the key column in view, the columns in their own order, no phone button', () => {
  const desktop = async (path: string) => {
    const opened = await openPage(browser, baseUrl)
    await opened.page.goto(path)
    return opened
  }

  it('/reaction-calc', async () => {
    const { page, context } = await desktop('/reaction-calc')
    await expect.poll(() => page.getByTestId('calc-status').textContent(), { timeout: 20_000 }).toMatch(/^8 of 8 formulas priced/)
    const table = page.locator('.reaction-table')
    expect((await table.locator('thead th').allTextContents())[4]).toMatch(/^Profit/)
    expect(await page.getByTestId('see-results').isVisible()).toBe(false)
    const cell = await cellUnder(table, /^Profit/)
    await cell.scrollIntoViewIfNeeded()
    await inViewport(page, cell, 1280, 860)
    await context.close()
  })

  it('/industry', async () => {
    const { page, context } = await desktop('/industry?blueprint=691')
    await page.getByTestId('build-result').waitFor()
    expect(await page.getByTestId('see-results').isVisible()).toBe(false)
    await page.getByTestId('build-total').scrollIntoViewIfNeeded()
    await inViewport(page, page.getByTestId('build-total'), 1280, 860)
    await context.close()
  })

  it('/pi-calc', async () => {
    const { page, context } = await desktop('/pi-calc')
    await page.getByTestId('pi-source').waitFor()
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect.poll(() => focusedText(page)).toBe('Products by tier')
    const p1 = page.locator('section.pi-tier').filter({ has: page.getByRole('button', { name: /^P1 ·/ }) })
    await p1.locator('.collapsible-toggle').click()
    const table = p1.locator('table')
    expect((await table.locator('thead th').allTextContents())[1]).toMatch(/^Batch Qty/)
    const cell = await cellUnder(table, /^Profit P0-This/)
    await cell.scrollIntoViewIfNeeded()
    await inViewport(page, cell, 1280, 860)
    await context.close()
  })

  it('/ore', async () => {
    const { page, context } = await desktop('/ore')
    await page.getByRole('button', { name: 'Calculate' }).click()
    const table = page.locator('.ore-table')
    await table.locator('tbody tr').first().waitFor()
    expect(await focusedText(page)).toBe('Results')
    expect((await table.locator('thead th').allTextContents())[3]).toMatch(/^ISK\/hr/)
    const cell = await cellUnder(table, /^ISK\/hr/)
    await cell.scrollIntoViewIfNeeded()
    await inViewport(page, cell, 1280, 860)
    await context.close()
  })
})
