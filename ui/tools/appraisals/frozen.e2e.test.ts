import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { fetchPackagedVolumes } from '../../../ingest/appraisals/packaged-volumes-job.js'
import { addMarketRoutes, createMarketState, setBook } from '../../../platform/fakes/esi/markets.js'
import { FakeEsi } from '../../../platform/fakes/esi/server.js'
import { addUniverseTypeRoutes } from '../../../platform/fakes/esi/universe-types.js'
import { fetchRegionSnapshot, HUB_REGIONS } from '../../../ingest/market/orders-job.js'
import { minimalBooks, order } from '../../../pipelines/market/testing.js'

/**
 * A saved appraisal is a frozen snapshot: after the market moves, its link shows the old numbers while a new
 * appraisal shows the new ones. This runs on an app of its own, with hand-built order books and a small hand-made
 * catalog (test inputs, not game facts), so it can take a new price snapshot when it wants one.
 */

const JITA = 60003760
const FORGE = 10000002
const TYPES = [
  { type_id: 34, name: 'Tritanium', group_id: 18, category_id: 4, volume: 0.01 },
  { type_id: 35, name: 'Pyerite', group_id: 18, category_id: 4, volume: 0.01 },
  { type_id: 587, name: 'Rifter', group_id: 25, category_id: 6, volume: 27289 },
]

let app: TestApp
let browser: Browser
const esi = new FakeEsi()
const market = createMarketState()

/** Tritanium sells at 5 in every hub; a Rifter at 500,000 in Jita; Pyerite only in a Forge structure, at 12. */
function books(factor: number) {
  const all = minimalBooks()
  all.get(FORGE)!.push(order(587, JITA, false, 500_000, 10), order(587, JITA, true, 400_000, 10), order(35, 1_030_000_000_001, false, 12, 500))
  return new Map([...all].map(([region, orders]) => [region, orders.map((o) => ({ ...o, price: o.price * factor }))]))
}

async function jitaPrice(typeId: number): Promise<number | null> {
  const body = (await (
    await fetch(`${app.url}/api/prices/station?station_id=${JITA}&type_ids=${typeId}`, { headers: { 'Cache-Control': 'no-cache' } })
  ).json()) as { rows: Array<{ sell_min: number }> }
  return body.rows[0]?.sell_min ?? null
}

async function snapshotAll() {
  for (const region of HUB_REGIONS) {
    const outcome = await fetchRegionSnapshot(app.ctx, region)
    if (outcome !== 'complete') throw new Error(`snapshot of ${region}: ${outcome}`)
  }
}

/** Wait until Jita serves `price` for Tritanium (the pipeline aggregated the snapshot and the api reloaded). */
async function jitaServes(price: number) {
  const deadline = Date.now() + 20_000
  while ((await jitaPrice(34)) !== price) {
    if (Date.now() > deadline) throw new Error(`Jita Tritanium never reached ${price}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

beforeAll(async () => {
  market.expiresIn = 0
  addMarketRoutes(esi, market)
  // Test input: the Rifter's packaged volume as ESI would give it.
  addUniverseTypeRoutes(esi, {
    types: new Map([
      [
        587,
        {
          type_id: 587,
          name: 'Rifter',
          description: '',
          group_id: 25,
          published: true,
          volume: 27289,
          capacity: 140,
          mass: 1,
          portion_size: 1,
          packaged_volume: 2500,
        },
      ],
    ]),
  })
  for (const [region, orders] of books(1)) setBook(market, region, orders)
  await esi.start()
  app = await startTestApp({ ROLES: ['api', 'pipelines'], ESI_BASE_URL: esi.url })
  const ch = app.ctx.ch
  await ch.insert({
    table: 'static_imports',
    format: 'JSONEachRow',
    values: [
      {
        import_id: 1,
        source_version: 'test',
        status: 'complete',
        started_at: '2026-11-22 00:00:00',
        finished_at: '2026-11-22 00:01:00',
        summary: '{}',
        error: '',
      },
    ],
  })
  await ch.insert({
    table: 'sde_types',
    format: 'JSONEachRow',
    values: TYPES.map((t) => ({
      import_id: 1,
      ...t,
      market_group_id: 1,
      capacity: 0,
      mass: 0,
      portion_size: 1,
      base_price: null,
      published: true,
      meta_group_id: null,
    })),
  })
  await app.ctx.catalog.refresh()
  await fetchPackagedVolumes(app.ctx)
  await snapshotAll()
  await jitaServes(5)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
  await esi.close()
})

const text = (page: Page, id: string) => page.getByTestId(id).textContent()

async function appraise(page: Page, paste: string) {
  await page.goto('/appraisals')
  await page.getByRole('textbox', { name: /Items/ }).fill(paste)
  await page.getByRole('button', { name: 'Appraise', exact: true }).click()
  await page.getByRole('heading', { name: 'Preview' }).waitFor()
}

describe('a saved appraisal', () => {
  it('keeps its numbers after prices move, while a new appraisal follows the market', async () => {
    const { page, context, errors } = await openPage(browser, app.url)
    await appraise(page, 'Tritanium 1000\nRifter 2\nPyerite 10')
    // 1000 × 5 + 2 × 500,000 + 10 × 12 (Pyerite from the region: no orders at the hub)
    expect(await text(page, 'total-sell')).toBe('1,005,120.00 ISK')
    // 1000 × 0.01 + 2 × 2,500 packaged + 10 × 0.01
    expect(await text(page, 'total-volume')).toBe('5,010.100 m³')
    expect(await text(page, 'appraisal-warnings')).toBe('1 item(s) have no active orders at this hub')
    expect(await page.locator('tbody tr', { hasText: 'Pyerite' }).locator('td').nth(6).textContent()).toBe('fw-sell') // Source, after ISK/m³

    await page.getByRole('button', { name: 'Save & Share' }).click()
    await page.waitForURL(/\/appraisals\/[A-Za-z0-9_-]{16}$/)
    const shared = page.url()
    expect(await text(page, 'total-sell')).toBe('1,005,120.00 ISK')

    // The market doubles; the next snapshot is taken and served.
    for (const [region, orders] of books(2)) setBook(market, region, orders)
    await snapshotAll()
    await jitaServes(10)

    await page.goto(shared)
    await page.getByTestId('total-sell').waitFor()
    expect(await text(page, 'total-sell')).toBe('1,005,120.00 ISK')
    expect(await text(page, 'total-volume')).toBe('5,010.100 m³')
    expect(await page.locator('tbody tr', { hasText: 'Rifter' }).locator('td').nth(3).textContent()).toBe('500,000.00')

    expect(errors).toEqual([])
    await context.close()

    // A browser of its own: price answers may be kept until the next snapshot is due, and this one came early.
    const fresh = await openPage(browser, app.url)
    await appraise(fresh.page, 'Tritanium 1000\nRifter 2\nPyerite 10')
    expect(await text(fresh.page, 'total-sell')).toBe('2,010,240.00 ISK')

    // 'Appraise again' opens the saved paste as a new appraisal at today's prices; the snapshot stays as it was.
    await fresh.page.goto(shared)
    await fresh.page.getByRole('link', { name: 'Appraise again' }).click()
    await fresh.page.waitForURL((u) => u.pathname === '/appraisals')
    await fresh.page.getByRole('heading', { name: 'Preview' }).waitFor()
    expect(await fresh.page.getByRole('textbox', { name: /Items/ }).inputValue()).toBe('Tritanium 1000\nRifter 2\nPyerite 10')
    expect(await fresh.page.getByRole('combobox', { name: 'Hub' }).inputValue()).toBe(String(JITA))
    expect(await text(fresh.page, 'total-sell')).toBe('2,010,240.00 ISK')
    await fresh.page.goto(shared)
    await fresh.page.getByTestId('total-sell').waitFor()
    expect(await text(fresh.page, 'total-sell')).toBe('1,005,120.00 ISK')
    expect(fresh.errors).toEqual([])
    await fresh.context.close()
  })
})
