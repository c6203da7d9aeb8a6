import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../../../platform/testing/browser.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { makeKillmail, type KillSpec } from '../../../platform/fakes/zkillboard/killmails.js'
import { startKillmailFakes, type KillmailFakes } from '../../../platform/fakes/zkillboard/with-esi.js'
import { daysAgo, killMessage, seedTrackedPlayer, waitForStored } from '../../../pipelines/killmails/testing.js'
import { publish } from '../../../platform/stream/typed.js'
import { TRACKER_LIST_LIMIT } from '../../../schemas/killmail-constants.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'

const BOB_MAIN = 93_000_001
const BOB_ALT = 93_000_002
const ALICE = 93_000_010
const CAROL = 93_000_020
const DAVE = 93_000_030
const ERIN = 93_000_040
const LONG = 93_000_050
const ENEMY = 93_000_099

/** A loopback image server: a 32 px PNG for the Rifter's render, 404 for everything else (so fallbacks show). */
function startImageServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const png = tinyPng()
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/types/587/render')) {
      res.writeHead(200, { 'Content-Type': 'image/png' })
      return res.end(png)
    }
    res.writeHead(404)
    res.end()
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((done) => server.close(() => done())) }),
    ),
  )
}

/** A valid 1×1 grey PNG. */
function tinyPng(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0
    for (const b of buf) {
      c ^= b
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
    }
    return ~c >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 128]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

let app: TestApp
let fakes: KillmailFakes
let images: { url: string; close: () => Promise<void> }
let browser: Browser

const spec = (id: number, days: number, victim: KillSpec['victim'], attackers: KillSpec['attackers']): KillSpec => ({
  id,
  time: daysAgo(days),
  systemId: 31_000_777,
  victim,
  attackers,
})

beforeAll(async () => {
  fakes = await startKillmailFakes()
  const { zkill } = fakes
  for (const [id, name] of [
    [BOB_MAIN, 'Bob Prime'],
    [BOB_ALT, 'Bob Alt'],
    [ALICE, 'Alice Hunter'],
    [CAROL, 'Carol Miner'],
  ] as const)
    fakes.state.names.set(id, { name, category: 'character' })
  images = await startImageServer()
  zkill.push(makeKillmail(spec(800, 20, { characterId: ENEMY, shipTypeId: 587 }, [{ characterId: ENEMY }]))) // where the feed starts
  // Real static data (ship names come from the SDE), the live feed on, reading the fake zKillboard.
  app = await startTestApp({
    SKIP_STATIC_IMPORT: false,
    ZKILL_FEED_ENABLED: true,
    ...fakes.config,
    ZKILL_BASE_URL: 'https://zkillboard.com', // links point at the real site
    IMAGE_SERVER_URL: images.url,
  })
  await seedTrackedPlayer(app.ctx.ch, { path: 'bob', display_name: 'Bob', character_ids: [BOB_MAIN, BOB_ALT] })
  await seedTrackedPlayer(app.ctx.ch, { path: 'alice', display_name: 'Alice', character_ids: [ALICE] })
  await seedTrackedPlayer(app.ctx.ch, { path: 'carol', display_name: 'Carol', character_ids: [CAROL] })
  await seedTrackedPlayer(app.ctx.ch, { path: 'dave', display_name: 'Dave', character_ids: [DAVE] })
  const kills = [
    spec(801, 1, { characterId: ENEMY, shipTypeId: 587 }, [{ characterId: BOB_MAIN }, { characterId: BOB_ALT }]),
    spec(802, 2.5, { characterId: BOB_ALT, shipTypeId: 29984 }, [{ characterId: ENEMY }]),
    spec(803, 3, { characterId: BOB_MAIN, shipTypeId: 670 }, [{ characterId: BOB_ALT }]),
    spec(810, 0.5, { characterId: ENEMY, shipTypeId: 29984 }, [{ characterId: ALICE }]),
    spec(820, 1.2, { characterId: CAROL, shipTypeId: 587 }, [{ characterId: ENEMY }]),
  ]
  const values: Record<number, number> = { 801: 10_000_000, 802: 500_000_000, 803: 1_000_000, 810: 300_000_000, 820: 2_500 }
  for (const k of kills) zkill.push(makeKillmail(k), { zkb: { totalValue: values[k.id] } })
  await waitForStored(
    app.ctx.ch,
    kills.map((k) => k.id),
    60_000,
  )
  browser = await launchBrowser()
}, 240_000)
afterAll(async () => {
  await browser?.close()
  await app?.close()
  await images?.close()
  await fakes?.close()
})

async function open(path: string) {
  const { page, context, errors } = await openPage(browser, app.url)
  await page.goto(path)
  return { page, errors, close: () => context.close() }
}
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.replace(/\s+/g, ' ').trim()

describe('kill tracker page', () => {
  it("shows Bob's last death, 7-day tiles, donut and lists, with names and icons from the real data paths", async () => {
    const { page, errors, close } = await open('/bob')
    await page.getByTestId('kt-headline').waitFor()
    expect(await page.locator('h1').textContent()).toBe('Bob')
    // The tab says the player's name as tracked, not as typed in the address ('/bob').
    await expect.poll(() => page.title()).toBe('Bob · Kill tracker · J-Space Toolbox')
    expect(await page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true)
    expect(await text(page, 'kt-headline')).toBe("It's been 2 days since Bob last died.")
    expect(await text(page, 'kt-rip')).toMatch(/^Last RIP: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)
    const source = page.getByTestId('kt-source').getByRole('link')
    // On a busy machine ESI's names can miss the server's time budget: the answer then says 'Character {id}' and is
    // kept only a few seconds, so Refresh fills the names in.
    await expect
      .poll(
        async () => {
          const names = await source.allTextContents()
          if (names.some((n) => n.startsWith('Character '))) await page.getByRole('button', { name: 'Refresh' }).click()
          return names
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toEqual(['Bob Prime', 'Bob Alt'])
    expect(await source.first().getAttribute('href')).toBe(`https://zkillboard.com/character/${BOB_MAIN}/`)

    expect(await text(page, 'kt-destroyed')).toBe('Destroyed (7d)10.00m ISK')
    expect(await text(page, 'kt-lost')).toBe('Lost (7d)501.00m ISK')
    expect(await text(page, 'kt-net')).toBe('Net (7d)▼ -491.00m ISK')
    expect(await page.getByTestId('kt-net').getAttribute('class')).toContain('kt-tile-bad')
    expect(await text(page, 'kt-kd')).toBe('K/D (7d)0.50')

    const donut = page.getByTestId('kill-donut')
    expect(await donut.getAttribute('data-kills')).toBe('1')
    expect(await donut.getAttribute('data-losses')).toBe('2')
    expect(await donut.locator('canvas').count()).toBe(1)

    const killRows = page.getByTestId('kt-kills').locator('li')
    expect(await killRows.count()).toBe(1)
    // The system and its class from the SDE, the time in UTC, its age on hover.
    const sde = app.ctx.catalog.current().system(31_000_777)!
    const where = `${sde.name} (C${sde.class_id})`
    expect((await killRows.first().textContent())?.replace(/\s+/g, ' ')).toMatch(
      new RegExp(`^Rifter${where.replace(/[()]/g, '\\$&')} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC10\\.00m ISKzKill$`),
    )
    expect(await killRows.first().locator('time').getAttribute('title')).toBe('1 day ago')
    expect(await killRows.first().getByRole('link', { name: 'zKill' }).getAttribute('href')).toBe('https://zkillboard.com/kill/801/')
    // The Rifter's render loads from the image server; the Tengu and Capsule have none there, so the fallback shows.
    await expect
      .poll(() =>
        killRows
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true)
    expect(await page.getByTestId('kt-losses').locator('.kt-ship-name').allTextContents()).toEqual(['Tengu', 'Capsule'])
    await expect.poll(() => page.getByTestId('kt-losses').locator('.kt-ship-fallback').count()).toBe(2)
    expect(await page.getByTestId('kt-losses').locator('.kt-value').allTextContents()).toEqual(['500.00m ISK', '1.00m ISK'])
    // Each zKill link is named after its kill (visible text first), so a list of links tells them apart.
    const lossLinks = await page
      .getByTestId('kt-losses')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')))
    expect(lossLinks).toEqual([
      expect.stringMatching(new RegExp(`^zKill: Tengu, 500\\.00m ISK, ${where.replace(/[()]/g, '\\$&')}, \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$`)),
      expect.stringMatching(/^zKill: Capsule, 1\.00m ISK, /),
    ])

    expect(await text(page, 'kt-footer')).toMatch(/^Cached for ~2 minutes\. Updated: \d{2}:\d{2}:\d{2} UTC$/)
    expect(errors).toEqual([])
    await close()
  })

  it("says 'day' for one day, and writes thousands with a k", async () => {
    const { page, close } = await open('/carol')
    await page.getByTestId('kt-headline').waitFor()
    expect(await text(page, 'kt-headline')).toBe("It's been 1 day since Carol last died.")
    expect(await text(page, 'kt-lost')).toBe('Lost (7d)2.50k ISK')
    expect(await text(page, 'kt-net')).toBe('Net (7d)▼ -2.50k ISK')
    expect(await text(page, 'kt-kd')).toBe('K/D (7d)0.00')
    expect(await text(page, 'kt-kills')).toBe('Kills (7d)No kills in the last 7 days.')
    await close()
  })

  it('has no recorded deaths for a pilot who never died: green net, infinite K/D, no Last RIP', async () => {
    const { page, close } = await open('/alice')
    await page.getByTestId('kt-headline').waitFor()
    expect(await text(page, 'kt-headline')).toBe('No recorded deaths (yet?)')
    expect(await page.getByTestId('kt-rip').count()).toBe(0)
    expect(await text(page, 'kt-net')).toBe('Net (7d)▲ 300.00m ISK')
    expect(await page.getByTestId('kt-net').getAttribute('class')).toContain('kt-tile-good')
    expect(await text(page, 'kt-kd')).toBe('K/D (7d)∞')
    expect(await text(page, 'kt-losses')).toBe('Losses (7d)No losses in the last 7 days.')
    await close()
  })

  it('says when a list shows only the newest of more kills than the API lists', async () => {
    await seedTrackedPlayer(app.ctx.ch, { path: 'erin', display_name: 'Erin', character_ids: [ERIN] })
    // One more kill than the list holds, all older than the newest kill stored (the feed note's test relies on it).
    const kills = Array.from({ length: TRACKER_LIST_LIMIT + 1 }, (_, i) =>
      killMessage(spec(5_000 + i, 1 + i / 100, { characterId: ENEMY, shipTypeId: 587 }, [{ characterId: ERIN }]), 1_000_000),
    )
    await publish(
      app.ctx.stream,
      KillmailsTopic,
      kills.map((k) => ({ key: String(k.killmail_id), value: k })),
    )
    await waitForStored(
      app.ctx.ch,
      kills.map((k) => k.killmail_id),
      60_000,
    )
    const { page, close } = await open('/erin')
    await page.getByTestId('kt-headline').waitFor()
    expect(await page.getByTestId('kt-kills').locator('li').count()).toBe(TRACKER_LIST_LIMIT)
    expect(await text(page, 'kt-kills-cut')).toBe(`Showing the latest ${TRACKER_LIST_LIMIT} of ${TRACKER_LIST_LIMIT + 1}.`)
    // A list that holds everything says nothing of the kind.
    expect(await page.getByTestId('kt-losses-cut').count()).toBe(0)
    await close()
  })

  it('falls back to character ids with zKillboard links when no names are known, and says there is nothing to chart', async () => {
    const { page, close } = await open('/dave')
    await page.getByTestId('kt-headline').waitFor()
    const links = page.getByTestId('kt-source').getByRole('link')
    expect(await links.allTextContents()).toEqual([`Character ${DAVE}`])
    expect(await links.first().getAttribute('href')).toBe(`https://zkillboard.com/character/${DAVE}/`)
    expect(await text(page, 'kill-donut')).toBe('No kills or losses to chart')
    // NEUTRAL (net exactly 0): the spec gives every status but POSITIVE a red tile with a down arrow
    expect(await text(page, 'kt-net')).toBe('Net (7d)▼ 0 ISK')
    expect(await page.getByTestId('kt-net').getAttribute('class')).toBe('kt-tile kt-tile-bad')

    // The spec's fallback also covers an answer without the field at all.
    await page.route('**/api/dave', async (route) => {
      const { charactersDetailed: _dropped, ...rest } = await (await route.fetch()).json()
      await route.fulfill({ json: rest })
    })
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByText('Loading…').waitFor({ state: 'detached' })
    expect(await links.allTextContents()).toEqual([`Character ${DAVE}`])
    await close()
  })

  it('says there is no kill data yet, not that there were no kills, while the feed has stored nothing (zKillboard unreachable)', async () => {
    const { page, errors, close } = await open('/dave')
    await page.getByTestId('kt-headline').waitFor()
    let zkillAnswering: boolean | null = false
    await page.route('**/api/dave', async (route) => {
      const body = await (await route.fetch()).json()
      const detail = zkillAnswering === false ? 'No kill stored yet: zKillboard is not answering (ENOTFOUND)' : 'No kill stored yet'
      body.feed = {
        status: 'STARTING',
        newest_kill_at: null,
        newest_kill_age_seconds: null,
        live_stored_at: null,
        live_stored_age_seconds: null,
        stale_after_minutes: 30,
        zkill_answering: zkillAnswering,
        detail,
      }
      await route.fulfill({ json: body })
    })
    await page.getByRole('button', { name: 'Refresh' }).click()
    const note = page.getByTestId('kill-feed-note')
    await expect
      .poll(() => text(page, 'kill-feed-note'))
      .toBe('No kill data yet: the zKillboard feed has not delivered any kill since this site started. zKillboard is not answering.')
    expect(await note.getAttribute('class')).toBe('warning-box')
    expect([await text(page, 'kt-destroyed'), await text(page, 'kt-lost'), await text(page, 'kt-net'), await text(page, 'kt-kd')]).toEqual([
      'Destroyed (7d)—',
      'Lost (7d)—',
      'Net (7d)—',
      'K/D (7d)—',
    ])
    expect(await page.getByTestId('kt-net').getAttribute('class')).toBe('kt-tile')
    expect(await text(page, 'kt-kills')).toBe('Kills (7d)No kill data yet.')
    expect(await text(page, 'kt-losses')).toBe('Losses (7d)No kill data yet.')

    zkillAnswering = null // the server has not checked zKillboard yet
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => text(page, 'kill-feed-note')).toBe('No kill data yet: the zKillboard feed has not delivered any kill since this site started.')
    expect(errors).toEqual([])
    await close()
  })

  for (const width of [1280, 390])
    it(`renders an answer in the spec's shape (no name, time, ship.icon or system) with dashes and the fallback picture, at ${width} px`, async () => {
      const { page, errors, close } = await open('/about')
      await page.setViewportSize({ width, height: 860 })
      // The browser's clock is fixed, so the age on hover is known.
      await page.clock.setFixedTime(new Date('2026-12-02T12:00:00Z'))
      // The spec's kill tracker answer: characters, lastDeath, last7d, lists of {id, ship {id, name}, value, url},
      // meta; no name, path, charactersDetailed or feed. One kill has this API's extra fields, one loss has no name.
      const answer = {
        characters: [DAVE],
        lastDeath: { daysSince: 3, iso: '2026-11-29T08:00:00Z' },
        last7d: { kills: 2, losses: 1, destroyedISK: 1_500_000_000, lostISK: 20_000_000, netISK: 1_480_000_000, kd: 2, status: 'POSITIVE' },
        lists: {
          kills: [
            { id: 9001, ship: { id: 587, name: 'Rifter' }, value: 1_000_000_000, url: 'https://zkillboard.com/kill/9001/' },
            {
              id: 9002,
              time: '2026-12-02T09:00:00Z',
              ship: { id: 29984, name: 'Tengu', icon: `${images.url}/types/587/render?size=32` },
              value: 500_000_000,
              url: 'https://zkillboard.com/kill/9002/',
              system: { id: 31_000_005, name: 'J123456', class_label: 'C5' },
            },
          ],
          losses: [{ id: 9003, ship: { id: 670, name: null }, value: 20_000_000, url: 'https://zkillboard.com/kill/9003/' }],
        },
        meta: { fetchedAt: '2026-12-02T11:59:30Z' },
      }
      await page.route('**/api/spec-shape', (route) => route.fulfill({ json: answer }))
      await page.goto('/spec-shape')
      await page.getByTestId('kt-headline').waitFor()
      expect(await page.locator('h1').textContent()).toBe('spec-shape') // no name in the answer: the address names the page
      expect(await text(page, 'kt-headline')).toBe("It's been 3 days since spec-shape last died.")
      expect(await text(page, 'kt-net')).toBe('Net (7d)▲ 1.48b ISK')

      const kills = page.getByTestId('kt-kills').locator('li')
      expect(await kills.count()).toBe(2)
      // No time, no system, no picture: dashes and the placeholder.
      expect((await kills.nth(0).textContent())?.replace(/\s+/g, ' ')).toBe('?Rifter— · —1.00b ISKzKill')
      expect(await kills.nth(0).getByRole('img').getAttribute('aria-label')).toBe('No picture of Rifter')
      expect(await kills.nth(0).getByRole('link').getAttribute('aria-label')).toBe('zKill: Rifter, 1.00b ISK, —, time unknown')
      // This API's extras: the system with its class, the time in UTC and, on hover, how long ago.
      expect((await kills.nth(1).textContent())?.replace(/\s+/g, ' ')).toBe('TenguJ123456 (C5) · 2026-12-02 09:00 UTC500.00m ISKzKill')
      expect(await kills.nth(1).locator('time').getAttribute('title')).toBe('3 hours ago')
      expect(await kills.nth(1).locator('time').getAttribute('datetime')).toBe('2026-12-02T09:00:00.000Z')
      await expect
        .poll(() =>
          kills
            .nth(1)
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true)

      const losses = page.getByTestId('kt-losses').locator('li')
      expect((await losses.first().textContent())?.replace(/\s+/g, ' ')).toBe('?Unknown— · —20.00m ISKzKill')
      // The character has no name in the answer: the spec's fallback, its id with a zKillboard link.
      expect(await page.getByTestId('kt-source').getByRole('link').allTextContents()).toEqual([`Character ${DAVE}`])
      expect(await text(page, 'kt-footer')).toBe('Cached for ~2 minutes. Updated: 11:59:30 UTC')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(errors).toEqual([])
      await close()
    })

  it('shows the 404 page for a name that is no tracked player, and leaves other pages alone', async () => {
    const { page, close } = await open('/nobody-here')
    await expect.poll(() => page.locator('h1').textContent()).toBe('404: nothing at this address')
    // A name whose /api/ twin is another endpoint gets that endpoint's answer, not a tracker: 404 too, never a crash.
    for (const path of ['/health', '/live-kills', '/wormhole-types', '/docs']) {
      await page.goto(path)
      await expect.poll(() => page.locator('h1').textContent(), { message: path }).toBe('404: nothing at this address')
    }
    await page.goto('/contact')
    await page.getByRole('heading', { name: 'Contact' }).waitFor()
    await page.goto('/no/such/page')
    expect(await page.locator('h1').textContent()).toMatch(/^404/)
    await close()
  })

  it('keeps a long player or character name inside the page at phone width', async () => {
    // A display name is up to 100 characters, an EVE name up to 37; neither needs a space.
    const long = 'Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
    fakes.state.names.set(LONG, { name: long, category: 'character' })
    await seedTrackedPlayer(app.ctx.ch, { path: 'longname', display_name: long, character_ids: [LONG] })
    const { page, errors, close } = await open('/longname')
    await page.setViewportSize({ width: 360, height: 740 })
    await page.getByTestId('kt-headline').waitFor()
    expect(await page.locator('h1').textContent()).toBe(long)
    await expect
      .poll(
        async () => {
          const names = await page.getByTestId('kt-source').getByRole('link').allTextContents()
          if (names[0] !== long) await page.getByRole('button', { name: 'Refresh' }).click() // ESI missed the time budget
          return names
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toEqual([long])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    // the Refresh button stays on screen, beside or under the name
    const box = await page.getByRole('button', { name: 'Refresh' }).boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
    await close()
  })

  it('Refresh fetches again, showing Loading… meanwhile', async () => {
    const { page, close } = await open('/bob')
    await page.getByTestId('kt-headline').waitFor()
    let calls = 0
    let release: () => void = () => {}
    await page.route('**/api/bob', async (route) => {
      calls++
      await new Promise<void>((r) => (release = r))
      await route.continue()
    })
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByText('Loading…').waitFor()
    expect(await page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true)
    release()
    await page.getByTestId('kt-headline').waitFor()
    expect(calls).toBe(1)
    await close()
  })

  it('keeps the keyboard on Refresh while it reloads', async () => {
    const { page, errors, close } = await open('/bob')
    await page.getByTestId('kt-headline').waitFor()
    let calls = 0
    let release: () => void = () => {}
    await page.route('**/api/bob', async (route) => {
      calls++
      await new Promise<void>((r) => (release = r))
      await route.continue()
    })
    const refresh = page.getByRole('button', { name: 'Refresh' })
    await refresh.focus()
    await page.keyboard.press('Enter')
    await page.getByText('Loading…').waitFor()
    expect(await refresh.getAttribute('aria-disabled')).toBe('true')
    // a second Enter while it loads starts nothing
    await page.keyboard.press('Enter')
    release()
    await page.getByTestId('kt-headline').waitFor()
    expect(calls).toBe(1)
    // the focus is still on Refresh: Enter refreshes again, rather than scrolling the page from the top
    expect(await refresh.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => calls).toBe(2)
    release()
    await page.getByTestId('kt-headline').waitFor()
    expect(errors).toEqual([])
    await close()
  })

  it('gives a screen reader each stat tile as a label and its value, not one run of text', async () => {
    const { page, close } = await open('/bob')
    await page.getByTestId('kt-headline').waitFor()
    expect(await page.getByTestId('kt-destroyed').locator('xpath=..').ariaSnapshot()).toBe(
      [
        '- term: Destroyed (7d)',
        '- definition: 10.00m ISK',
        '- term: Lost (7d)',
        '- definition: 501.00m ISK',
        '- term: Net (7d)',
        '- definition: ▼ -491.00m ISK',
        '- term: K/D (7d)',
        '- definition: "0.50"',
      ].join('\n'),
    )
    await close()
  })

  it("writes the donut's kills and losses as text under it, for readers who cannot hover the chart, and screen readers hear them once", async () => {
    const { page, close } = await open('/bob')
    await page.getByTestId('kt-headline').waitFor()
    expect(await text(page, 'kill-donut-counts')).toBe('1 kill · 2 losses')
    // the chart is hidden from screen readers: its label, and a figure named by its caption, read the numbers again
    expect(await page.getByTestId('kill-donut').locator('xpath=..').ariaSnapshot()).toBe('- paragraph: 1 kill · 2 losses')
    await close()
  })

  it("shows 'HTTP {status}' or the error message in a red box, and Refresh clears it", async () => {
    const { page, close } = await open('/bob')
    await page.getByTestId('kt-headline').waitFor()
    await page.route('**/api/bob', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }))
    await page.getByRole('button', { name: 'Refresh' }).click()
    expect(await text(page, 'kt-error')).toBe('HTTP 503')
    expect(await page.getByTestId('kt-error').getAttribute('class')).toBe('error-box')
    expect(await page.getByTestId('kt-headline').count()).toBe(0)

    await page.unroute('**/api/bob')
    await page.route('**/api/bob', (route) => route.abort('connectionrefused'))
    await page.getByRole('button', { name: 'Refresh' }).click()
    expect((await text(page, 'kt-error'))?.length).toBeGreaterThan(0) // the browser's own message, e.g. "Failed to fetch"

    await page.unroute('**/api/bob')
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByTestId('kt-headline').waitFor()
    expect(await page.getByTestId('kt-error').count()).toBe(0)
    await close()
  })

  it('says in amber that kill data may be incomplete while the newest stored kill is hours old, and not once a current one is stored', async () => {
    const { page, errors, close } = await open('/alice')
    await page.getByTestId('kt-headline').waitFor()
    // The feed runs, but the newest kill it brought (Alice's) happened half a day ago: the data is behind.
    const note = page.getByTestId('kill-feed-note')
    expect(await text(page, 'kill-feed-note')).toBe(
      'Kill data may be incomplete: the newest kill stored is from 12 hours ago (zKillboard feed behind or down).',
    )
    expect(await note.getAttribute('class')).toBe('warning-box')
    // A kill happening now, anywhere, reaches the feed: the data is current again.
    fakes.zkill.push(makeKillmail(spec(830, 0, { characterId: ENEMY, shipTypeId: 587 }, [{ characterId: ENEMY }])))
    await waitForStored(app.ctx.ch, [830], 60_000)
    await expect
      .poll(
        async () => {
          const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/alice')
          await page.getByRole('button', { name: 'Refresh' }).click()
          await answered
          await page.getByTestId('kt-headline').waitFor()
          return note.count()
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(0)
    expect(errors).toEqual([])
    await close()
  })
})
