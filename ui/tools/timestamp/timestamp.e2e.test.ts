import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../../../platform/testing/browser.js'

const baseURL = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A page in a New York browser with US English and clipboard access, collecting page errors. */
async function open(path: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    timezoneId: 'America/New_York',
    locale: 'en-US',
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  await page.goto(path)
  await page.getByRole('heading', { name: 'Time converter' }).waitFor()
  return { page, errors, close: () => context.close() }
}

const unix = (page: Page) => page.getByTestId('unix').textContent()
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
const row = (page: Page, style: string) => page.locator(`tr[data-style="${style}"]`)

describe('time converter', () => {
  it('shows the current UTC time, ticking every second', async () => {
    const { page, errors, close } = await open('/timestamp')
    const clock = page.getByTestId('utc-now')
    const first = await clock.textContent()
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    await expect.poll(() => clock.textContent(), { timeout: 3000, interval: 100 }).not.toBe(first)
    const shown = Date.parse(`${(await clock.textContent())!.replace(' ', 'T')}Z`)
    expect(Math.abs(shown - Date.now())).toBeLessThan(3000)
    expect(errors).toEqual([])
    await close()
  })

  it('starts at the current minute in the browser zone and keeps the selection in the address', async () => {
    const { page, close } = await open('/timestamp')
    await expect.poll(() => query(page).tz).toBe('America/New_York')
    expect(query(page).time).toMatch(/^\d{2}:\d{2}:00$/)
    expect(Math.abs(Number(await unix(page)) - Date.now() / 1000)).toBeLessThan(120)
    await close()
  })

  it('converts a linked selection: Unix time, UTC, the zone reading and every chat style rendered for the reader', async () => {
    const { page, close } = await open('/timestamp?date=2024-05-01&time=19:00:00&tz=UTC')
    expect(await unix(page)).toBe('1714590000')
    expect(await page.getByTestId('utc-selected').textContent()).toBe('2024-05-01 19:00:00 UTC')
    expect(await page.getByTestId('zone-selected').textContent()).toBe('Wednesday, 1 May 2024 19:00:00 UTC (UTC+00:00)')
    // Discord's renderings since October 2025 (CLDR formats; docs/tools/timestamp.md)
    const expected: Record<string, string> = {
      t: '3:00 PM',
      T: '3:00:00 PM',
      d: '5/1/24',
      D: 'May 1, 2024',
      f: 'May 1, 2024 at 3:00 PM',
      F: 'Wednesday, May 1, 2024 at 3:00 PM',
      s: '5/1/24, 3:00 PM',
      S: '5/1/24, 3:00:00 PM',
    }
    for (const [style, preview] of Object.entries(expected)) {
      expect(await row(page, style).locator('code').textContent()).toBe(`<t:1714590000:${style}>`)
      expect(await row(page, style).locator('td.preview').textContent()).toBe(preview)
    }
    expect(await row(page, 'R').locator('td.preview').textContent()).toMatch(/^\d+ years ago$|^a year ago$/)

    await page.getByRole('button', { name: 'English (UK), 24-hour' }).click()
    expect(await row(page, 'F').locator('td.preview').textContent()).toBe('Wednesday, 1 May 2024 at 15:00')
    await close()
  })

  it('copies a code and says so in a toast for 2 seconds', async () => {
    const { page, close } = await open('/timestamp?date=2024-05-01&time=19:00:00&tz=UTC')
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1000)
    // screen readers announce a live region that was on the page before its text changed, not one added with its text
    await page.evaluate(() => document.querySelectorAll('[role="status"]').forEach((el) => el.setAttribute('data-before-copy', '')))
    await row(page, 'F').getByRole('button', { name: 'Copy the full date, short time code', exact: true }).click()
    const toast = page.getByTestId('toast')
    expect(await toast.evaluate((el) => el.closest('[role="status"]')?.hasAttribute('data-before-copy'))).toBe(true)
    expect(await toast.textContent()).toBe('Copied <t:1714590000:F> to clipboard')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('<t:1714590000:F>')
    // Timed on Playwright's paused fake clock, not the wall clock (a loaded machine saw 1388 ms: issue #39).
    await page.clock.runFor(1900)
    expect(await toast.isVisible()).toBe(true)
    await page.clock.runFor(200)
    await toast.waitFor({ state: 'detached', timeout: 5000 })

    await page.getByRole('button', { name: 'Copy the Unix timestamp', exact: true }).click()
    expect(await toast.textContent()).toBe('Copied 1714590000 to clipboard')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('1714590000')
    await close()
  })

  it('says Copy failed, on the button and to screen readers, when the browser refuses the clipboard', async () => {
    const { page, close } = await open('/timestamp?date=2024-05-01&time=19:00:00&tz=UTC')
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))
      document.execCommand = () => false
    })
    const button = page.getByRole('button', { name: /the Unix timestamp$/ })
    await button.click()
    await expect.poll(() => button.textContent()).toBe('Copy failed the Unix timestamp')
    expect(await page.getByRole('status').filter({ hasText: 'Copy failed' }).count()).toBe(1)
    expect(await page.getByTestId('toast').count()).toBe(0)
    await close()
  })

  it('names each of its Copy buttons after what it copies: the Unix time, UTC and the nine Discord styles', async () => {
    const { page, close } = await open('/timestamp?date=2024-05-01&time=19:00:00&tz=UTC')
    const names = await page.getByRole('button', { name: /^Copy/ }).evaluateAll((buttons) => buttons.map((b) => b.textContent))
    expect(names).toEqual([
      'Copy the Unix timestamp',
      'Copy the time in UTC',
      ...[
        'short time',
        'medium time',
        'short date',
        'long date',
        'long date, short time',
        'full date, short time',
        'short date, short time',
        'short date, medium time',
        'relative time',
      ].map((s) => `Copy the ${s} code`),
    ])
    await close()
  })

  it('recomputes when the date or time changes and updates the address', async () => {
    const { page, close } = await open('/timestamp?date=2024-05-01&time=19:00:00&tz=UTC')
    await page.getByLabel('Time', { exact: true }).fill('20:30:15')
    expect(await unix(page)).toBe(String(1714590000 + 5415))
    await page.getByLabel('Date').fill('2024-05-02')
    expect(await unix(page)).toBe(String(1714590000 + 5415 + 86400))
    await expect.poll(() => query(page)).toEqual({ date: '2024-05-02', time: '20:30:15', tz: 'UTC' })
    await page.getByLabel('Date').fill('')
    expect(await page.getByRole('alert').filter({ hasText: 'Pick' }).textContent()).toBe('Pick a date.')
    await close()
  })

  it('searches time zones, lists at most 20, and converts the same wall-clock time in the chosen zone', async () => {
    const { page, close } = await open('/timestamp?date=2024-05-01&time=19:00:00&tz=UTC')
    const search = page.getByRole('combobox', { name: 'Time zone' })
    await search.click()
    await search.fill('america')
    const options = page.getByRole('option')
    expect(await options.count()).toBe(20)
    expect(await page.getByTestId('zone-count').textContent()).toMatch(/^Showing 20 of \d+ matches: type more to narrow\.$/)
    await search.fill('new y')
    expect(await options.allTextContents()).toEqual(['America/New_YorkUTC-04:00'])
    await options.first().click()
    expect(await search.inputValue()).toBe('America/New_York')
    expect(await unix(page)).toBe(String(1714590000 + 4 * 3600)) // 19:00 EDT is 23:00Z
    await expect.poll(() => query(page).tz).toBe('America/New_York')

    // keyboard: type, arrow down, Enter
    await search.click()
    await search.fill('tokyo')
    await search.press('ArrowDown')
    await search.press('Enter')
    expect(await search.inputValue()).toBe('Asia/Tokyo')
    expect(await unix(page)).toBe(String(1714590000 - 9 * 3600))
    // Escape puts back the chosen zone
    await search.fill('zzz')
    expect(await page.getByTestId('zone-count').textContent()).toBe('No time zone matches.')
    await search.press('Escape')
    expect(await search.inputValue()).toBe('Asia/Tokyo')
    // Tab from an open list of 20 goes on to the next control: the scrolling list was a Tab stop of its own that
    // vanished as the box lost the focus, dropping it onto the page
    await search.fill('america')
    await search.press('Tab')
    expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.getAttribute('role') === 'listbox')).toBe(false)
    await close()
  })

  it('explains a repeated time when clocks go back, lets you pick the second one, and keeps that in the link', async () => {
    const { page, close } = await open('/timestamp?date=2024-10-27&time=01:30:00&tz=Europe/London')
    const notice = page.getByTestId('dst-notice')
    expect(await notice.textContent()).toContain('01:30:00 happens twice in Europe/London on 2024-10-27')
    expect(await page.getByTestId('utc-selected').textContent()).toBe('2024-10-27 00:30:00 UTC')
    await notice.getByRole('button', { name: /^Second/ }).click()
    expect(await page.getByTestId('utc-selected').textContent()).toBe('2024-10-27 01:30:00 UTC')
    await expect.poll(() => query(page).occ).toBe('later')
    await page.reload()
    expect(await page.getByTestId('utc-selected').textContent()).toBe('2024-10-27 01:30:00 UTC')
    expect(await page.getByRole('button', { name: /^Second/ }).getAttribute('aria-pressed')).toBe('true')
    await close()
  })

  it('tells screen readers when a newly picked time is skipped or repeated by a clock change', async () => {
    const { page, close } = await open('/timestamp?date=2024-03-10&time=01:30:00&tz=America/New_York')
    expect(await page.getByTestId('dst-notice').count()).toBe(0)
    // screen readers announce a live region that was on the page before its text changed, not one added with its text
    await page.evaluate(() => document.querySelectorAll('[role="status"]').forEach((el) => el.setAttribute('data-before-change', '')))
    await page.getByLabel('Time', { exact: true }).fill('02:30:00')
    const notice = page.getByTestId('dst-notice')
    expect(await notice.textContent()).toMatch(/^02:30:00 does not exist in America\/New_York/)
    expect(await notice.evaluate((el) => el.closest('[role="status"]')?.hasAttribute('data-before-change'))).toBe(true)
    await close()
  })

  it('explains a time skipped when clocks go forward and reads it an hour later', async () => {
    const { page, close } = await open('/timestamp?date=2024-03-10&time=02:30:00&tz=America/New_York')
    expect(await page.getByTestId('dst-notice').textContent()).toBe(
      '02:30:00 does not exist in America/New_York on 2024-03-10: clocks go forward 60 minutes. It is read as 03:30:00 EDT (UTC-04:00), 60 minutes later.',
    )
    expect(await page.getByTestId('utc-selected').textContent()).toBe('2024-03-10 07:30:00 UTC')
    await close()
  })

  it('reads a pasted chat code, Unix milliseconds or EVE time back into the inputs, and explains bad input', async () => {
    const { page, close } = await open('/timestamp?date=2024-01-01&time=00:00:00&tz=America/New_York')
    const reader = page.getByLabel('Read a code or timestamp')
    // screen readers announce a live region that was on the page before its text changed, not one added with its text
    await page.evaluate(() => document.querySelectorAll('[role="status"], [role="alert"]').forEach((el) => el.setAttribute('data-before-read', '')))
    await reader.fill('Fleet up <t:1714590000:R> in home')
    await reader.press('Enter')
    const read = page.getByTestId('paste-result')
    expect(await read.textContent()).toBe('Read a chat code: 2024-05-01 19:00:00 UTC.')
    expect(await read.evaluate((el) => [el.getAttribute('role'), el.hasAttribute('data-before-read')])).toEqual(['status', true])
    expect(await page.getByLabel('Date').inputValue()).toBe('2024-05-01')
    expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('15:00:00')
    expect(await unix(page)).toBe('1714590000')

    await reader.fill('1714600000123')
    await page.getByRole('button', { name: 'Read', exact: true }).click()
    expect(await unix(page)).toBe('1714600000')

    await reader.fill('2024.05.01 19:00')
    await reader.press('Enter')
    expect(await page.getByTestId('utc-selected').textContent()).toBe('2024-05-01 19:00:00 UTC')

    await reader.fill('next tuesday')
    await reader.press('Enter')
    const refused = page.getByTestId('paste-error')
    expect(await refused.textContent()).toMatch(/^Could not read 'next tuesday'\. Paste a code like <t:1700000000:F>/)
    expect(await refused.evaluate((el) => [el.getAttribute('role'), el.hasAttribute('data-before-read')])).toEqual(['alert', true])
    expect(await read.textContent()).toBe('')
    expect(await unix(page)).toBe('1714590000') // unchanged
    await close()
  })

  it('is in the menu under Reference and has a landing card', async () => {
    const { page, close } = await open('/')
    expect(await page.locator('.tool-card', { has: page.getByRole('heading', { name: 'Time converter', exact: true }) }).getAttribute('href')).toBe(
      '/timestamp',
    )
    await page.getByRole('button', { name: 'Open menu' }).click()
    const reference = page.locator('nav.drawer section', { has: page.getByRole('heading', { name: 'Reference' }) })
    await reference.getByRole('link', { name: 'Time converter' }).click()
    // the landing card has the same heading, so wait for the address, not the heading
    await page.waitForURL((url) => url.pathname === '/timestamp')
    await page.getByRole('heading', { name: 'Time converter', level: 1 }).waitFor()
    await close()
  })
})
