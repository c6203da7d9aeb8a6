import fs from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's Chromium (apt package `chromium`); playwright-core never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (.ci/run does)`)
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}

export interface TestPage {
  page: Page
  context: BrowserContext
  /** Uncaught page errors and console errors seen so far (a page under test should have none). */
  errors: string[]
}

/** A fresh browser context (own storage) with a page pointed at the app. */
export async function openPage(browser: Browser, baseURL: string, options: { reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<TestPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, reducedMotion: options.reducedMotion })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text())
  })
  return { page, context, errors }
}
