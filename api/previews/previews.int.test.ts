import http from 'node:http'
import { describe, expect, inject, it } from 'vitest'
import { PAGES, SITE_NAME } from '../../schemas/pages.js'
import type { KillTrackerResponse } from '../../schemas/kill-tracker.js'
import type { WormholeSystemDetail } from '../../schemas/wormholes.js'
import { wormholeRows } from '../../schemas/wormhole-list.js'
import { formatIskCompact, formatInt } from '../../schemas/format.js'

const base = inject('appUrl')

/** A fetch as Discord's crawler makes it: a bot's user agent, HTML wanted, no script run afterwards. */
async function unfurl(path: string) {
  const res = await fetch(base + path, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', Accept: 'text/html' } })
  const html = await res.text()
  const tag = (key: string) => {
    const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)
    return m ? decode(m[1]) : null
  }
  return { status: res.status, type: res.headers.get('Content-Type'), html, tag, title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '') }
}
const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

describe('link previews in the served HTML', () => {
  it('gives every tool page its own name and description, from the page list', async () => {
    for (const page of PAGES.filter((p) => !p.href && !p.path.includes(':'))) {
      const { status, tag, title, html } = await unfurl(page.path)
      expect([page.path, status]).toEqual([page.path, 200])
      expect(tag('og:title')).toBe(`${page.name} · ${SITE_NAME}`)
      expect(title).toBe(`${page.name} · ${SITE_NAME}`)
      expect(tag('og:description')).toBe(page.description)
      expect(tag('twitter:card')).toBe('summary')
      expect(tag('og:url')).toBe(base + page.path)
      // the app itself is still there for people
      expect(html).toContain('<div id="root"></div>')
    }
  })

  it('escapes what the address carries into the tags', async () => {
    // node's client sends the quote and angle brackets as they are, as a hand-made link can
    const raw = '/gas-calc?x="><script>alert(1)</script>'
    const html = await new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(base)
      http
        .get({ hostname, port, path: raw }, (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve(text))
        })
        .on('error', reject)
    })
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('<meta property="og:url" content="' + base + '/gas-calc?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />')
  })

  it("shows a saved appraisal's hub, total, item count and top items, with a summary card", async () => {
    const saved = await fetch(`${base}/api/appraisals`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ station_id: 60003760, mode: 'sell5', input_raw: 'Tritanium 1000\nRifter 2\nPyerite 500', adjustment: 100, combine: true }),
    })
    expect(saved.status).toBe(200)
    const { id } = (await saved.json()) as { id: string }
    const appraisal = (await (await fetch(`${base}/api/appraisals/${id}`)).json()) as {
      hub: string
      totals: { sell: number; itemCount: number }
      rows: Array<{ name: string; lineISK: number | null }>
    }
    const expected = `${formatIskCompact(appraisal.totals.sell)} ISK at ${appraisal.hub} · Appraisal`
    await expect.poll(async () => (await unfurl(`/appraisals/${id}`)).title, { timeout: 20_000 }).toBe(expected)
    const { status, tag, title } = await unfurl(`/appraisals/${id}`)
    expect(status).toBe(200)
    expect(title).toBe(`${formatIskCompact(appraisal.totals.sell)} ISK at ${appraisal.hub} · Appraisal`)
    expect(tag('og:title')).toBe(title)
    const description = tag('og:description')!
    expect(description).toContain(`${formatInt(appraisal.totals.itemCount)} items`)
    expect(description).toContain(appraisal.hub)
    const top = [...appraisal.rows].sort((a, b) => (b.lineISK ?? 0) - (a.lineISK ?? 0))[0]
    expect(description).toContain(`Top: ${top.name}`)
    expect(tag('twitter:card')).toBe('summary_large_image')
    const image = tag('og:image')!
    expect(image).toBe(`${base}/api/previews/appraisals/${id}.png`)
    const png = await fetch(image)
    expect([png.status, png.headers.get('Content-Type')]).toEqual([200, 'image/png'])
    expect(Buffer.from(await png.arrayBuffer()).readUInt32BE(16)).toBe(1200)
  })

  it('answers 404 for an appraisal id that was never saved', async () => {
    expect((await unfurl('/appraisals/AAAAAAAAAAAAAAAA')).status).toBe(404)
    expect((await fetch(`${base}/api/previews/appraisals/AAAAAAAAAAAAAAAA.png`)).status).toBe(404)
  })

  it("shows a wormhole system's class, effect and statics, with a summary card", async () => {
    const list = wormholeRows(await (await fetch(`${base}/api/wormholes`)).json()) ?? []
    const system = list.find((w) => w.effect && w.statics.length > 0 && /^J\d{6}$/.test(w.jcode))!
    const detail = (await (await fetch(`${base}/api/wormholes/${system.jcode}`)).json()) as WormholeSystemDetail
    const { status, tag } = await unfurl(`/wormholes/${system.jcode.toLowerCase()}`)
    expect(status).toBe(200)
    expect(tag('og:title')).toBe(`${system.jcode} · ${system.class_label} wormhole, ${system.effect} effect`)
    const description = tag('og:description')!
    expect(description).toContain(`${system.class_label} wormhole system in ${detail.system.region}`)
    expect(description).toContain(`Effect: ${system.effect}`)
    for (const s of detail.statics) expect(description).toContain(s.code)
    const png = await fetch(tag('og:image')!)
    expect([png.status, png.headers.get('Content-Type')]).toEqual([200, 'image/png'])
  })

  it('answers 404 for a J-code that is no system', async () => {
    expect((await unfurl('/wormholes/J999999')).status).toBe(404)
  })

  it("shows a kill tracker's 7-day kills and losses, and 404 for a name nobody tracks", async () => {
    const tracker = (await (await fetch(`${base}/api/demo-pilot`)).json()) as KillTrackerResponse
    // A database slower than the page's wait gives the tool's generic tags at first; the lookup completes and is kept.
    await expect.poll(async () => (await unfurl('/demo-pilot')).tag('og:title'), { timeout: 20_000 }).toBe(`${tracker.name} · Kill tracker`)
    const { status, tag } = await unfurl('/demo-pilot')
    expect(status).toBe(200)
    // The demo's feed keeps adding kills, so the tags may have been read a kill or two after the answer above.
    const after = ((await (await fetch(`${base}/api/demo-pilot`)).json()) as KillTrackerResponse).last7d
    const description = tag('og:description') ?? ''
    const [, kills, losses] = /^Last 7 days: (\d+) kills? and (\d+) loss(?:es)?;/.exec(description) ?? []
    const within = (n: string | undefined, a: number, b: number) => Number(n) >= Math.min(a, b) && Number(n) <= Math.max(a, b)
    expect(within(kills, tracker.last7d.kills, after.kills) && within(losses, tracker.last7d.losses, after.losses), description).toBe(true)
    const png = await fetch(tag('og:image')!)
    expect([png.status, png.headers.get('Content-Type')]).toEqual([200, 'image/png'])
    expect((await fetch(`${base}/api/previews/trackers/nobody-tracks-this-name.png`)).status).toBe(404)
    const missing = await unfurl('/nobody-tracks-this-name')
    expect(missing.status).toBe(404)
    expect(missing.title).toBe(`Page not found · ${SITE_NAME}`)
  })
})

describe('real 404s', () => {
  it("answers unknown addresses with 404 and the app's page (which shows its not-found page)", async () => {
    for (const path of ['/no/such/page', '/gas-calc/extra', '/%E2%82%AC-unknown/deeper', `/${'x'.repeat(3000)}/y`]) {
      const res = await fetch(base + path)
      expect([path.slice(0, 40), res.status]).toEqual([path.slice(0, 40), 404])
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
      expect(await res.text()).toContain('<div id="root"></div>')
    }
  })

  it('keeps 200 for pages the router knows in any case or with a trailing slash, and for aliases', async () => {
    for (const path of ['/', '/GAS-CALC', '/ore/', '/blue-loot', '/rolling', '/pyfa/new', '/killfeed/live', '/changelog']) {
      expect([path, (await fetch(base + path)).status]).toEqual([path, 200])
    }
  })
})
