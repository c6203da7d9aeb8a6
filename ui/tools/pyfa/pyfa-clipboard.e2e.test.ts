import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { leaseOf, waitFor } from '../../../api/tools/pyfa/testing/traces.js'

/**
 * The clipboard both ways, with Athena's xedit (from x11-apps) standing in for Pyfa: text selected in the
 * session reaches the page, and text pasted on the page reaches the session's clipboard.
 */
const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-fitting-clip-'))
const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-fitting-app-'))
const LINE = '[Rifter, Fit from the app]'
let app: TestApp
let browser: Browser

/** The stand-in application: xedit on a file of fit lines in the session's home. */
const APP_SCRIPT = `#!/bin/sh
for i in $(seq 20); do echo '${LINE}'; done > "$HOME/fit.txt"
exec xedit "$HOME/fit.txt"
`

beforeAll(async () => {
  const script = path.join(scriptDir, 'app.sh')
  fs.writeFileSync(script, APP_SCRIPT, { mode: 0o755 })
  fs.chmodSync(scriptDir, 0o755)
  app = await startTestApp({}, { FITTING_APP_COMMAND: script, FITTING_SCREEN: '1024x640', FITTING_RUNTIME_DIR: runtimeDir, FITTING_DISPLAY_BASE: '500' })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
  fs.rmSync(runtimeDir, { recursive: true, force: true })
  fs.rmSync(scriptDir, { recursive: true, force: true })
})

/** A point of the remote screen, given in remote pixels, on the page (the canvas is scaled to fit). */
function onPage(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([rx, ry]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="fitting-screen"] canvas')!
      const rect = canvas.getBoundingClientRect()
      return { x: rect.left + (rx * rect.width) / canvas.width, y: rect.top + (ry * rect.height) / canvas.height }
    },
    [x, y],
  )
}

async function clickRemote(page: Page, x: number, y: number, button: 'left' | 'middle' = 'left') {
  const at = await onPage(page, x, y)
  await page.mouse.click(at.x, at.y, { button, delay: 50 })
}

/** Drag across the remote screen with the left button (selects text in xedit). */
async function dragRemote(page: Page, from: [number, number], to: [number, number]) {
  const start = await onPage(page, ...from)
  const end = await onPage(page, ...to)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(end.x, end.y, { steps: 8 })
  await page.mouse.up()
}

/**
 * What xedit saved so far. It replaces the file when saving, so the file can vanish between a check for it and the
 * read: either way it is not saved yet.
 */
function savedText(file: string, encoding: BufferEncoding): string {
  try {
    return fs.readFileSync(file, encoding)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw e
  }
}

describe('the session clipboard', () => {
  it('hands text pasted on the page to the application, and shows text the application selects', async () => {
    const { page, errors } = await openPage(browser, app.url)
    await page.goto('/pyfa/new')
    await page.waitForURL(/\/pyfa\/s\//)
    const id = page.url().split('/').pop()!
    await expect.poll(() => page.getByTestId('fitting-state').textContent(), { timeout: 15_000 }).toBe('Connected')
    await page.waitForTimeout(1000) // xedit maps its window

    // Paste on the page; x11vnc puts it on the session's CLIPBOARD (what Pyfa reads) and PRIMARY (what xedit's
    // middle button pastes). Then save the file and read it.
    await page.getByRole('button', { name: 'Paste into session…' }).click()
    await page.getByLabel('Text to send').fill('[Vexor, Sent from the browser]')
    await page.getByRole('button', { name: 'Send to session clipboard' }).click()
    expect(await page.getByTestId('toast').textContent()).toMatch(/paste it in Pyfa/)
    await page.waitForTimeout(500)
    await clickRemote(page, 60, 230, 'middle')
    await clickRemote(page, 50, 9) // Save
    const lease = leaseOf(runtimeDir, id)!
    const file = path.join(runtimeDir, id, 'home', 'fit.txt')
    const saved = () => savedText(file, 'utf8')
    await waitFor(() => saved().includes('[Vexor, Sent from the browser]'), `the pasted text in xedit's saved file (display ${lease.display})`)

    // xedit's text lines start about 116 px down and 17 px right of its scrollbar; selecting one puts it on PRIMARY.
    await dragRemote(page, [18, 158], [400, 158])
    await expect.poll(() => page.getByTestId('fitting-clipboard').textContent(), { timeout: 15_000 }).toContain(LINE)
    expect(await page.getByRole('button', { name: 'Copy to my clipboard' }).isVisible()).toBe(true)
    // The notice takes its room from the screen, not from below the window: the page still has nothing to scroll.
    const fit = await page.evaluate(() => ({
      bottom: document.querySelector('[data-testid="fitting-screen"]')!.getBoundingClientRect().bottom,
      window: innerHeight,
      document: document.documentElement.scrollHeight,
    }))
    expect(fit.bottom).toBeLessThanOrEqual(fit.window)
    expect(fit.document).toBeLessThanOrEqual(fit.window)

    expect(errors).toEqual([])
    await page.getByRole('button', { name: 'End session' }).click()
    await page.getByTestId('fitting-ended').waitFor()
    await page.context().close()
  })

  it('types what is entered on a touch screen keyboard into the application', async () => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 900, height: 700 }, hasTouch: true, isMobile: true })
    const page = await context.newPage()
    await page.goto('/pyfa/new')
    await page.waitForURL(/\/pyfa\/s\//)
    const id = page.url().split('/').pop()!
    await expect.poll(() => page.getByTestId('fitting-state').textContent(), { timeout: 15_000 }).toBe('Connected')
    await page.waitForTimeout(1000) // xedit maps its window
    await clickRemote(page, 60, 130) // the insertion point, on the first line

    // A phone's keyboard types into the page's hidden field; Backspace and Enter arrive as keys too.
    await page.getByRole('button', { name: 'Keyboard' }).click()
    await page.keyboard.type('Typed Ø on a phonX')
    await page.keyboard.press('Backspace')
    await page.keyboard.type('e')
    await page.keyboard.press('Enter')
    await clickRemote(page, 50, 9) // Save
    const file = path.join(runtimeDir, id, 'home', 'fit.txt')
    const saved = () => savedText(file, 'latin1')
    await waitFor(() => saved().includes('Typed Ø on a phone\n'), "the typed text in xedit's saved file")

    await page.getByRole('button', { name: 'End session' }).click()
    await page.getByTestId('fitting-ended').waitFor()
    await context.close()
  })
})
