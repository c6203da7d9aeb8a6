import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser } from '../../platform/testing/browser.js'

const baseUrl = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('live socket', () => {
  it('shows a message that arrived after the layout rendered but before it subscribed (the demo banner, the online count)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl })
    try {
      const page = await context.newPage()
      // A stand-in for /ws that says nothing: the page below delivers the server's first messages itself.
      await page.routeWebSocket('**/ws', () => {})
      // The server greets each connection once, as soon as it opens. Deliver that greeting at the worst moment, which
      // a busy page hits on a real evening: right after React put the header on screen, before its effects ran.
      await page.addInitScript(() => {
        const sockets: WebSocket[] = []
        const Native = window.WebSocket
        window.WebSocket = class extends Native {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(url, protocols)
            sockets.push(this)
          }
        }
        const observer = new MutationObserver(() => {
          if (!document.querySelector('header.site-header') || !sockets[0]) return
          observer.disconnect()
          const at = new Date().toISOString()
          for (const message of [
            { type: 'hello', version: 'test', demo: true },
            { type: 'online', players: 23456, at },
          ]) {
            sockets[0].dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }))
          }
        })
        observer.observe(document, { childList: true, subtree: true })
      })
      await page.goto('/timestamp')
      await expect.poll(() => page.getByTestId('demo-banner').count()).toBe(1)
      await expect.poll(() => page.locator('header.site-header').innerText()).toContain('TQ: 23,456 online')
    } finally {
      await context.close()
    }
  })
})
