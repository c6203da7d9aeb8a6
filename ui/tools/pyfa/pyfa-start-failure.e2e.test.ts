import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'

/** A server whose application exits as soon as it starts (`false` stands in for a Pyfa that crashes at start). */
const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-fitting-fail-'))
let app: TestApp
let browser: Browser

beforeAll(async () => {
  app = await startTestApp({}, { FITTING_APP_COMMAND: 'false', FITTING_SCREEN: '640x480', FITTING_RUNTIME_DIR: runtimeDir, FITTING_DISPLAY_BASE: '600' })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
  fs.rmSync(runtimeDir, { recursive: true, force: true })
})

describe('a session that fails to start', () => {
  it('says the start failed, not that the tool is unavailable, and offers Try again', async () => {
    const { page, context } = await openPage(browser, app.url)
    await page.goto('/pyfa/new')
    await page.locator('h1', { hasText: 'The session could not be started' }).waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('fitting-error').textContent()).toMatch(/^The fitting session could not be started: /)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.locator('h1', { hasText: 'The session could not be started' }).waitFor({ timeout: 20_000 })
    expect(fs.readdirSync(runtimeDir).filter((f) => f.startsWith('display-'))).toEqual([])
    await context.close()
  })
})
