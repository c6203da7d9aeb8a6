import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../../../api/testing/browser.js'
import { ageTone } from './StatusPage'

const baseUrl = inject('appUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('price age badges', () => {
  it('are green up to 28 minutes, yellow up to 35, red beyond, grey without prices', () => {
    expect(ageTone(28 * 60)).toBe('good')
    expect(ageTone(28 * 60 + 1)).toBe('warn')
    expect(ageTone(35 * 60)).toBe('warn')
    expect(ageTone(35 * 60 + 1)).toBe('bad')
    expect(ageTone(null)).toBe('neutral')
  })
})

describe('/statuses', () => {
  it('shows uptime, database latency, the pipeline badge, fresh prices per hub, dependencies and data sets', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl)
    await page.goto('/statuses')
    await page.getByRole('heading', { name: 'Infrastructure Status' }).waitFor()
    await page.getByTestId('uptime').waitFor()
    expect(await page.getByTestId('db-status').textContent()).toMatch(/^OK \d+(\.\d+)? ms$/)
    const pipeline = page.getByTestId('pipeline-status')
    expect(await pipeline.locator('.badge').textContent()).toBe('OK')
    expect(await pipeline.locator('.badge').getAttribute('class')).toContain('badge-good')
    const ages = page.getByTestId('price-age')
    expect(await ages.count()).toBe(5)
    expect(await ages.first().textContent()).toContain('Jita 4-4')
    expect(await ages.first().locator('.badge').getAttribute('class')).toContain('badge-good')
    const deps = page.getByTestId('dependency')
    expect(await deps.first().textContent()).toContain('UP')
    expect(await deps.nth(1).textContent()).toContain('UP')
    expect(await page.getByTestId('dataset').count()).toBeGreaterThanOrEqual(8)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows DB DOWN and DOWN dependencies with their HTTP status and error', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/statuses', async (route) => {
      const body = await (await route.fetch()).json()
      body.db = { ok: false, ms: 5000, error: 'Code: 210. Connection refused' }
      body.deps.zkill = { ok: false, ms: 31, status: 503, error: 'HTTP 503 Service Unavailable' }
      body.pipeline = { status: 'DEGRADED', detail: 'Jita 4-4: last fetch failed (injected). Previous prices keep serving.' }
      await route.fulfill({ json: body })
    })
    await page.goto('/statuses')
    await expect.poll(() => page.getByTestId('db-status').textContent()).toBe('DB DOWN Code: 210. Connection refused')
    expect(await page.getByTestId('dependency').nth(1).textContent()).toContain('DOWN')
    expect(await page.getByTestId('dependency').nth(1).textContent()).toContain('HTTP 503 · HTTP 503 Service Unavailable')
    expect(await page.getByTestId('pipeline-status').locator('.badge').getAttribute('class')).toContain('badge-warn')
    await context.close()
  })

  it("says 'Failed to load: …' when the status call fails", async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.route('**/api/statuses', (route) => route.abort())
    await page.goto('/statuses')
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Failed to load: /)
    await context.close()
  })

  it('is in the menu under Meta', async () => {
    const { page, context } = await openPage(browser, baseUrl)
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('nav.drawer').getByRole('link', { name: 'Status' }).click()
    await page.waitForURL((u) => u.pathname === '/statuses')
    await context.close()
  })
})
