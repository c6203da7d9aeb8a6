import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startAppProcess, type AppProcess } from '../platform/testing/app-process.js'
import type { Browser } from 'playwright-core'
import { launchBrowser } from '../platform/testing/browser.js'
import { ensureUiBuild } from '../ui/build/ensure-build.js'

/**
 * Issue #38 and #44.6 targets: 10,000 lines appraised server-side in under 300 ms p95; the compare-hubs view of a
 * 1,000-line paste in under 300 ms of server time; Appraise to table for 5,000 rows in under 400 ms in the browser
 * (one API call); a keystroke in a 10,000-line paste painted in under 50 ms. Issue #6 targets: appraise 10,000 pasted lines (parse, resolve, price) in under 300 ms of server time; the page
 * stays responsive with 5,000 rows shown. Runs the demo (real static data, fake ESI order books) on its own data
 * directory, kept between runs so the static import happens once.
 */

const JITA = 60003760

async function waitForPrices(app: AppProcess) {
  const deadline = Date.now() + 300_000
  for (;;) {
    const status = await fetch(`${app.url}/api/statuses`)
      .then((r) => r.json() as Promise<{ pipeline: { status: string } }>)
      .catch(() => null)
    if (status?.pipeline.status === 'OK') return
    if (Date.now() > deadline) throw new Error(`prices never became available: ${JSON.stringify(status)}`)
    await new Promise((r) => setTimeout(r, 1000))
  }
}

/** Names of priced market types, from the running app (the price table, then the resolver for the names). */
async function pricedNames(app: AppProcess, count: number): Promise<string[]> {
  const bulk = (await (await fetch(`${app.url}/api/prices/bulk?station_id=${JITA}`)).json()) as { rows: Array<{ type_id: number }> }
  const ids = bulk.rows.slice(0, count).map((r) => r.type_id)
  const res = (await (
    await fetch(`${app.url}/api/types/resolve`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ names: ids }) })
  ).json()) as { results: Array<{ canonicalName: string | null }> }
  return res.results.flatMap((r) => (r.canonicalName ? [r.canonicalName] : []))
}

/** A paste in the forms players use, cycling inventory rows, `Name x qty`, `qty Name` and contract rows. */
function paste(names: string[], lines: number): string {
  const out: string[] = []
  for (let i = 0; i < lines; i++) {
    const name = names[i % names.length]
    const qty = 1 + ((i * 7919) % 25_000)
    switch (i % 4) {
      case 0:
        out.push(`${name}\t${qty.toLocaleString('en-US')}\tGroup\t\t\t${(qty * 0.01).toFixed(2)} m3\t${(qty * 5).toLocaleString('en-US')}.00 ISK`)
        break
      case 1:
        out.push(`${name} x ${qty}`)
        break
      case 2:
        out.push(`${qty} ${name}`)
        break
      default:
        out.push(`${name}\t${qty}\tGroup\tCategory\t`)
    }
  }
  return out.join('\n')
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]

async function serverTime(app: AppProcess, text: string, combine: boolean) {
  const server: number[] = []
  const wall: number[] = []
  const steps: Record<string, number[]> = {}
  for (let i = 0; i < 12; i++) {
    const started = performance.now()
    const res = await fetch(`${app.url}/api/appraise`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, station_id: JITA, mode: 'sell5', combine }),
    })
    const body = (await res.json()) as { rows?: unknown[]; error?: string }
    if (!res.ok) throw new Error(`appraise failed: ${res.status} ${body.error}`)
    wall.push(performance.now() - started)
    const timing = res.headers.get('server-timing') ?? ''
    const parts = [...timing.matchAll(/(\w+);dur=([\d.]+)/g)]
    server.push(parts.reduce((sum, m) => sum + Number(m[2]), 0))
    for (const [, step, dur] of parts) (steps[step] ??= []).push(Number(dur))
  }
  // the first two warm the JIT and the packaged-volume cache
  const stepMedians = Object.entries(steps).map(([step, durs]) => `${step} ${percentile(durs.slice(2), 50).toFixed(0)}`)
  return { server: server.slice(2), wall: wall.slice(2), steps: stepMedians.join(', ') }
}

/** Appraise a 5,000-line paste on a fresh page: the driver's time from the click to a row visible, and the page's own. */
async function appraiseOnce(browser: Browser, app: AppProcess, text: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${app.url}/appraisals`)
  await page.evaluate(() => {
    ;(window as unknown as { longTasks: number[] }).longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { longTasks: number[] }).longTasks.push(e.duration)
    }).observe({ type: 'longtask', buffered: false })
  })
  await page.getByLabel('Combine identical items').uncheck()
  await page.locator('textarea').evaluate((el, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }, text)
  // In the page as well: from the click event to the first frame painted with rows in the table (the same
  // frame-then-task probe as the keystrokes below), without the driver's own steps around the click.
  await page.evaluate(() => {
    const w = window as unknown as { clickAt: number; tablePainted: number }
    document.addEventListener('click', (e) => (w.clickAt = e.timeStamp), { capture: true, once: true })
    new MutationObserver((_, observer) => {
      if (!document.querySelector('table[aria-label="Appraised items"] tbody tr:not(.virtual-spacer)')) return
      observer.disconnect()
      requestAnimationFrame(() => setTimeout(() => (w.tablePainted = performance.now())))
    }).observe(document.body, { childList: true, subtree: true })
  })
  // A person's click is a press and release where the button is: the driver's own checks before a locator click
  // (scrolling it into view, waiting for two still frames, hit-testing) are left out of the time.
  const appraiseButton = page.getByRole('button', { name: 'Appraise', exact: true })
  await appraiseButton.scrollIntoViewIfNeeded()
  const button = await appraiseButton.boundingBox()
  const t = performance.now()
  await page.mouse.click(button!.x + button!.width / 2, button!.y + button!.height / 2)
  // The table visible with its rows, not only its header.
  await page.getByRole('table', { name: 'Appraised items' }).locator('tbody tr:not(.virtual-spacer)').first().waitFor({ timeout: 60_000 })
  const appraiseMs = performance.now() - t
  await page.waitForFunction(() => (window as unknown as { tablePainted?: number }).tablePainted)
  const inPageMs = await page.evaluate(() => {
    const w = window as unknown as { clickAt: number; tablePainted: number }
    return w.tablePainted - w.clickAt
  })
  return { page, appraiseMs, inPageMs }
}

/** Three appraisals on fresh pages (one sample on a shared machine says little), then sorting, a mode change and scrolling on the last. */
async function pageResponsiveness(app: AppProcess, text: string) {
  const browser = await launchBrowser()
  try {
    const runs: Array<Awaited<ReturnType<typeof appraiseOnce>>> = []
    for (let i = 0; i < 3; i++) {
      runs.push(await appraiseOnce(browser, app, text))
      if (i < 2) await runs[i].page.close()
    }
    const { page } = runs[2]
    const rowsInDom = await page.locator('.virtual-table tbody tr:not(.virtual-spacer)').count()
    const appraiseCalls = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/api\/appraise$/.test(e.name)).length)
    let t = performance.now()
    await page.getByRole('button', { name: /^Item/ }).click()
    await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]')?.textContent?.startsWith('Item'))
    const sortMs = performance.now() - t
    t = performance.now()
    await page.getByRole('combobox', { name: 'Price' }).selectOption('buy5')
    await page.waitForFunction(() => document.querySelector('.appraisal-totals .current dt')?.textContent === 'Buy')
    const modeMs = performance.now() - t
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 3000)
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
    return {
      appraiseMs: runs.map((r) => r.appraiseMs),
      inPageMs: runs.map((r) => r.inPageMs),
      appraiseCalls,
      sortMs,
      modeMs,
      rowsInDom,
      longest: Math.max(0, ...longTasks),
      longTasks: longTasks.length,
    }
  } finally {
    await browser.close()
  }
}

/** Keystrokes at the end of a long paste: time from the key press to the next painted frame, per key. */
async function keystrokes(app: AppProcess, text: string) {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${app.url}/appraisals`)
    const box = page.getByRole('textbox', { name: /Items/ })
    await box.evaluate((el, value) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value)
      el.dispatchEvent(new Event('input', { bubbles: true }))
    }, text)
    await page.waitForTimeout(1500)
    await box.focus()
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length))
    const times: number[] = []
    // 40 keys: with 20 the p95 was the single slowest key, whatever the machine was doing at that moment.
    for (let i = 0; i < 40; i++) {
      await page.evaluate(() => {
        const w = window as unknown as { keyAt: number; painted: number }
        w.keyAt = 0
        w.painted = 0
        document.addEventListener('keydown', () => (w.keyAt = performance.now()), { once: true })
        document.addEventListener('input', () => requestAnimationFrame(() => setTimeout(() => (w.painted = performance.now()))), { once: true })
      })
      await page.keyboard.press(i % 2 ? 'Backspace' : 'a')
      await page.waitForFunction(() => (window as unknown as { painted: number }).painted > 0)
      times.push(await page.evaluate(() => (window as unknown as { keyAt: number; painted: number }).painted - (window as unknown as { keyAt: number }).keyAt))
    }
    return times
  } finally {
    await browser.close()
  }
}

async function compareTime(app: AppProcess, text: string) {
  const server: number[] = []
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${app.url}/api/appraise/hubs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, mode: 'sell5' }),
    })
    if (!res.ok) throw new Error(`compare failed: ${res.status} ${await res.text()}`)
    await res.json()
    server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN))
  }
  return server.slice(2)
}

export async function run() {
  ensureUiBuild()
  const dataDir = path.resolve('var/bench-appraisals')
  fs.mkdirSync(dataDir, { recursive: true })
  const app = await startAppProcess({ DATA_DIR: dataDir }, 600_000, 'api/demo.ts')
  try {
    await waitForPrices(app)
    const names = await pricedNames(app, 10_000)
    const text = paste(names, 10_000)
    // Other processes on the machine inflate every number below: print how busy it was.
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
    console.log(`paste: 10,000 lines, ${names.length} distinct priced types, ${(text.length / 1024).toFixed(0)} KB`)
    for (const combine of [true, false]) {
      const { server, wall, steps } = await serverTime(app, text, combine)
      console.log(
        `POST /api/appraise, 10,000 lines, combine ${combine ? 'on ' : 'off'}: server time p50 ${percentile(server, 50).toFixed(0)} ms, p95 ${percentile(server, 95).toFixed(0)} ms (target < 300 ms); ` +
          `p50 by step (ms): ${steps}; request p50 ${percentile(wall, 50).toFixed(0)} ms`,
      )
    }
    const page = await pageResponsiveness(app, paste(names, 5000))
    console.log(
      `page with 5,000 rows: appraise to table p50 ${percentile(page.appraiseMs, 50).toFixed(0)} ms from the driver's click to a row visible (${page.appraiseMs.map((ms) => ms.toFixed(0)).join(', ')}), ` +
        `p50 ${percentile(page.inPageMs, 50).toFixed(0)} ms in the page from the click to the frame painted with rows (${page.inPageMs.map((ms) => ms.toFixed(0)).join(', ')}) (target < 400 ms; ${page.appraiseCalls} API call per appraisal), sort ${page.sortMs.toFixed(0)} ms, mode change ${page.modeMs.toFixed(0)} ms; ` +
        `${page.rowsInDom} rows in the DOM; ${page.longTasks} long task(s), longest ${page.longest.toFixed(0)} ms`,
    )
    const hubs = await compareTime(app, paste(names, 1000))
    console.log(
      `POST /api/appraise/hubs, 1,000 lines, five hubs: server time p50 ${percentile(hubs, 50).toFixed(0)} ms, p95 ${percentile(hubs, 95).toFixed(0)} ms (target < 300 ms)`,
    )
    const keys = await keystrokes(app, paste(names, 10_000))
    console.log(
      `keystroke to paint in a 10,000-line paste: p50 ${percentile(keys, 50).toFixed(0)} ms, p95 ${percentile(keys, 95).toFixed(0)} ms, max ${Math.max(...keys).toFixed(0)} ms (target < 50 ms)`,
    )
  } finally {
    await app.stop()
  }
}
