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

describe('J-code search box', () => {
  for (const width of [1280, 390]) {
    it(`shows its whole placeholder at ${width} px`, async () => {
      const { page, context } = await openPage(browser, baseUrl)
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/wormholes')
      const box = page.getByRole('searchbox', { name: 'Search J-code' })
      await box.waitFor()
      // the placeholder's width in the box's own font, against the room the box leaves for text
      const fit = await box.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el)
        const ctx = document.createElement('canvas').getContext('2d')!
        ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const text = ctx.measureText(el.placeholder).width
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return { text: Math.ceil(text), room: Math.floor(room), right: el.getBoundingClientRect().right }
      })
      expect(fit.text, `placeholder ${fit.text} px in ${fit.room} px`).toBeLessThanOrEqual(fit.room)
      expect(fit.right).toBeLessThanOrEqual(width)
      await context.close()
    })
  }
})
