import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { CONTACT_LIMITS, CONTACT_TEXT, CONTACT_TIMEOUT_MS } from '../../../schemas/contact-constants.js'

const baseUrl = inject('appUrl')
let browser: Browser
let nextIp = 1

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * The contact page in a fresh context that reaches the shared server as its own client address (the app trusts
 * X-Forwarded-For, as behind its proxy), so the per-IP limit never couples these tests. Counts contact calls made.
 */
async function openContact() {
  const { page, context, errors } = await openPage(browser, baseUrl)
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${nextIp++}` })
  const calls: string[] = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/contact') calls.push(req.method())
  })
  await page.goto('/contact')
  await page.getByRole('heading', { name: 'Contact' }).waitFor()
  return { page, errors, calls, close: () => context.close() }
}

async function fill(page: Page, values: { name?: string; email?: string; topic?: string; message?: string }) {
  if (values.name !== undefined) await page.getByLabel('Name').fill(values.name)
  if (values.email !== undefined) await page.getByLabel('Email').fill(values.email)
  if (values.topic !== undefined) await page.getByLabel('Topic').selectOption(values.topic)
  if (values.message !== undefined) await page.getByLabel('Message').fill(values.message)
}
const send = (page: Page) => page.getByRole('button', { name: 'Send message' }).click()
const status = (page: Page) => page.getByTestId('contact-status').textContent()
/** The name attribute (or test id) of the focused element. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('data-testid') ?? null)

describe('contact form', () => {
  it('offers the four topics, General first', async () => {
    const { page, errors, close } = await openContact()
    expect(await page.getByLabel('Topic').locator('option').allTextContents()).toEqual(['General', 'Bug report', 'Feature request', 'Business / sponsorship'])
    expect(await page.getByLabel('Topic').inputValue()).toBe('General')
    expect(errors).toEqual([])
    await close()
  })

  it('asks for name, email and message before calling the server', async () => {
    const { page, calls, close } = await openContact()
    await send(page)
    expect(await status(page)).toBe('Please fill out name, email, and message.')
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', message: '   ' })
    await send(page)
    expect(await status(page)).toBe('Please fill out name, email, and message.')
    expect(calls).toEqual([])
    await close()
  })

  it('draws the sentence beside the field it is about, on screen on a phone, not below the fold under the button', async () => {
    const { page, close } = await openContact()
    await page.setViewportSize({ width: 390, height: 700 })
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', message: 'x'.repeat(CONTACT_LIMITS.message + 1) })
    await send(page)
    expect(await status(page)).toBe(`Please shorten the message to ${CONTACT_LIMITS.message} characters.`)
    // the focused (refused) field scrolled into view, and the sentence with it
    expect(await focused(page)).toBe('message')
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)))
    const inView = await page.getByTestId('contact-status').evaluate((el) => {
      const box = el.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight
    })
    expect(inView).toBe(true)
    await page.getByLabel('Message').fill('')
    await page.getByLabel('Name').fill('')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await send(page)
    expect(await focused(page)).toBe('name')
    const nameBox = await page.getByLabel('Name').boundingBox()
    const statusBox = await page.getByTestId('contact-status').boundingBox()
    expect(statusBox!.y).toBeGreaterThan(nameBox!.y)
    expect(statusBox!.y + statusBox!.height).toBeLessThanOrEqual(700 + (await page.evaluate(() => window.scrollY)))
    await close()
  })

  it('names each box by its label alone and tells assistive technology which are required', async () => {
    const { page, close } = await openContact()
    // the character count used to sit inside the label, naming the box 'Message 0 / 4000' and renaming it on every key
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello')
    expect(await page.getByRole('textbox', { name: 'Message', exact: true }).count()).toBe(1)
    for (const name of ['Name', 'Email', 'Message'])
      expect(await page.getByRole('textbox', { name, exact: true }).evaluate((el) => (el as HTMLInputElement).required)).toBe(true)
    await close()
  })

  it('marks the empty fields, ties them to the error sentence and moves focus to the first one', async () => {
    const { page, close } = await openContact()
    await fill(page, { name: 'Aura Nox' })
    await send(page)
    expect(await status(page)).toBe(CONTACT_TEXT.required)
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull()
    for (const label of ['Email', 'Message']) {
      expect(await page.getByLabel(label).getAttribute('aria-invalid')).toBe('true')
      expect(await page.getByLabel(label).getAttribute('aria-describedby')).toBe(await page.getByTestId('contact-status').getAttribute('id'))
    }
    expect(await focused(page)).toBe('email')
    await close()
  })

  it('keeps a paste longer than the limit whole, says to shorten it and sends nothing', async () => {
    const { page, calls, close } = await openContact()
    const long = 'Steps to reproduce. '.repeat(Math.ceil((CONTACT_LIMITS.message + 100) / 20))
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', message: long })
    // a maxlength on the box used to cut the paste silently at 4000 characters
    expect(await page.getByLabel('Message').inputValue()).toBe(long)
    await send(page)
    expect(await status(page)).toBe(`Please shorten the message to ${CONTACT_LIMITS.message} characters.`)
    expect(await focused(page)).toBe('message')
    expect(calls).toEqual([])
    await close()
  })

  it('keeps a name or email pasted past its limit whole, says which to shorten and sends nothing', async () => {
    const { page, calls, close } = await openContact()
    const longName = 'Aura Nox of the Ghost Fleet '.repeat(5)
    const longEmail = `${'a'.repeat(250)}@example.com`
    await fill(page, { name: longName, email: 'aura@example.com', message: 'Hello' })
    // a maxlength on the boxes used to cut such a paste silently
    expect(await page.getByLabel('Name').inputValue()).toBe(longName)
    await send(page)
    expect(await status(page)).toBe(`Please shorten the name to ${CONTACT_LIMITS.name} characters.`)
    expect(await focused(page)).toBe('name')
    await fill(page, { name: 'Aura Nox', email: longEmail, message: 'Hello' })
    expect(await page.getByLabel('Email').inputValue()).toBe(longEmail)
    await send(page)
    expect(await status(page)).toBe(`Please shorten the email to ${CONTACT_LIMITS.email} characters.`)
    expect(await focused(page)).toBe('email')
    expect(calls).toEqual([])
    await close()
  })

  it('fakes success and sends nothing when the hidden honeypot is filled', async () => {
    const { page, calls, close } = await openContact()
    const trap = page.locator('input[name="website"]')
    expect(await trap.getAttribute('tabindex')).toBe('-1')
    expect(await page.locator('.contact-trap').getAttribute('aria-hidden')).toBe('true')
    const box = await trap.boundingBox()
    expect(box!.x + box!.width).toBeLessThan(0) // out of sight
    await fill(page, { name: 'Bot', email: 'bot@example.com', message: 'Buy cheap ISK' })
    await trap.fill('http://spam.example', { force: true })
    await send(page)
    expect(await status(page)).toBe("Message sent. I'll get back to you soon.")
    await page.waitForTimeout(300)
    expect(calls).toEqual([])
    await close()
  })

  it('sends a message, shows Sending… while it travels, then the success sentence', async () => {
    const { page, calls, close } = await openContact()
    // Hold the real request briefly so the sending state is observable, then let it through to the server.
    await page.route('**/api/contact', async (route) => {
      await new Promise((r) => setTimeout(r, 400))
      await route.continue()
    })
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', topic: 'Feature request', message: 'Please add a Thera route planner.' })
    await send(page)
    const button = page.getByRole('button', { name: 'Sending…' })
    expect(await button.isDisabled()).toBe(true)
    await page.getByTestId('contact-status').waitFor()
    expect(await status(page)).toBe("Message sent. I'll get back to you soon.")
    expect(calls).toEqual(['POST'])
    // the focused button went away with the form: focus goes to the news, not back to the top of the page
    await expect.poll(() => focused(page)).toBe('contact-status')
    await page.getByRole('button', { name: 'Send another message' }).click()
    expect(await page.getByLabel('Message').inputValue()).toBe('')
    await expect.poll(() => focused(page)).toBe('name')
    await close()
  })

  it('sends once for two quick Enters and keeps the keyboard on the Send button when the server refuses', async () => {
    const { page, calls, close } = await openContact()
    // The server takes a moment, then cannot store the message.
    await page.route('**/api/contact', async (route) => {
      await new Promise((r) => setTimeout(r, 300))
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Your message could not be saved right now.' }) })
    })
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', message: 'Sent twice by an eager finger' })
    await page.getByRole('button', { name: 'Send message' }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect.poll(() => status(page)).toBe('Your message could not be saved right now.')
    expect(calls).toEqual(['POST'])
    // a disabled button used to drop the focus to the top of the page, far from the error and the retry
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send message')
    expect(await page.getByLabel('Message').inputValue()).toBe('Sent twice by an eager finger')
    await close()
  })

  it('asks for a valid email address before sending one that is not, and keeps what was typed', async () => {
    const { page, close } = await openContact()
    let posted = 0
    page.on('request', (r) => r.url().endsWith('/api/contact') && r.method() === 'POST' && posted++)
    await fill(page, { name: 'Aura Nox', email: 'aura-at-example', message: 'Typo in my address.' })
    await send(page)
    await page.getByTestId('contact-status').waitFor()
    expect(await status(page)).toBe('Please enter a valid email address.')
    expect(posted).toBe(0)
    expect(await page.getByLabel('Message').inputValue()).toBe('Typo in my address.')
    expect(await page.getByLabel('Email').inputValue()).toBe('aura-at-example')
    await close()
  })

  it("shows the server's error sentence for an address only the server refuses, and keeps what was typed", async () => {
    const { page, close } = await openContact()
    // the browser accepts a host without a dot; the server wants a real domain
    await fill(page, { name: 'Aura Nox', email: 'aura@localhost', message: 'Typo in my address.' })
    await send(page)
    await page.getByTestId('contact-status').waitFor()
    expect(await status(page)).toBe('Check the email address: not a valid email address.')
    expect(await page.getByLabel('Message').inputValue()).toBe('Typo in my address.')
    expect(await page.getByLabel('Email').inputValue()).toBe('aura@localhost')
    await close()
  })

  it("says 'Something went wrong.' when the server fails without an error sentence", async () => {
    const { page, close } = await openContact()
    // A proxy in front of the api answering with its own HTML error page.
    await page.route('**/api/contact', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }))
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', message: 'Hello' })
    await send(page)
    await page.getByTestId('contact-status').waitFor()
    expect(await status(page)).toBe('Something went wrong.')
    expect(await page.getByLabel('Message').inputValue()).toBe('Hello')
    await close()
  })

  it("says 'Network error. Try again.' when the request never arrives, and a retry can succeed", async () => {
    const { page, close } = await openContact()
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'))
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', message: 'Sent from a flaky connection' })
    await send(page)
    await page.getByTestId('contact-status').waitFor()
    expect(await status(page)).toBe('Network error. Try again.')
    await page.unroute('**/api/contact')
    await send(page)
    await expect.poll(() => status(page)).toBe("Message sent. I'll get back to you soon.")
    await close()
  })

  it('gives up on a server that never answers, says so, keeps what was typed and lets a retry through', async () => {
    const { page, close } = await openContact()
    await page.clock.install()
    // The request reaches a server that never answers (held here until the test ends).
    await page.route('**/api/contact', () => {})
    await fill(page, { name: 'Aura Nox', email: 'aura@example.com', message: 'Sent into a hung proxy' })
    await send(page)
    await page.getByRole('button', { name: 'Sending…' }).waitFor()
    await page.clock.runFor(CONTACT_TIMEOUT_MS - 1000)
    expect(await page.getByRole('button', { name: 'Sending…' }).isVisible()).toBe(true)
    await page.clock.runFor(2000)
    await expect.poll(() => status(page)).toBe(CONTACT_TEXT.timedOut)
    expect(await page.getByLabel('Message').inputValue()).toBe('Sent into a hung proxy')
    await page.unroute('**/api/contact')
    await send(page)
    await expect.poll(() => status(page)).toBe("Message sent. I'll get back to you soon.")
    await close()
  })

  it('is in the menu under Meta and has a landing card', async () => {
    const { page, close } = await openContact()
    await page.goto('/')
    expect(await page.locator('.tool-card', { has: page.getByRole('heading', { name: 'Contact', exact: true }) }).getAttribute('href')).toBe('/contact')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const meta = page.locator('nav.drawer section', { has: page.getByRole('heading', { name: 'Meta' }) })
    await meta.getByRole('link', { name: 'Contact' }).click()
    // The landing card's own "Contact" heading is already on '/', so wait for the route, not for a heading.
    await page.waitForURL((url) => url.pathname === '/contact')
    await page.getByRole('heading', { name: 'Contact', level: 1 }).waitFor()
    await close()
  })
})
