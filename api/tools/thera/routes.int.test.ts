import { describe, expect, inject, it } from 'vitest'
import type { HubRoute, TheraFeed, TheraRoute } from '../../../schemas/thera.js'

/**
 * GET /api/thera and /api/thera/route on the shared demo server: the real SDE stargate graph, and the demo's EVE-Scout
 * fake serving the real recorded feed (times moved to the server's start).
 */
const base = inject('appUrl')
const get = async (path: string) => {
  const res = await fetch(base + path)
  return { status: res.status, body: (await res.json()) as unknown }
}
const route = async (from: string) => (await get(`/api/thera/route?from=${encodeURIComponent(from)}`)).body as TheraRoute
const hub = (r: TheraRoute, name: string) => r.hubs.find((h) => h.hub === name)!

describe('GET /api/thera on the demo', () => {
  it("lists the recorded feed's live connections with the SDE security of the far system", async () => {
    await expect.poll(async () => ((await get('/api/thera')).body as TheraFeed).fetched_ok_at).not.toBeNull()
    const feed = (await get('/api/thera')).body as TheraFeed
    expect(feed.connections.length + feed.expired_left_out).toBe(28)
    expect(feed.unreachable_since).toBeNull()
    expect(feed.connections.every((c) => c.remaining_minutes > 0)).toBe(true)
    const meunvon = feed.connections.find((c) => c.system_name === 'Meunvon')
    // Meunvon is low-sec (SDE) and its M164 lives 16 h from the recording, so it is alive here.
    expect(meunvon).toMatchObject({ hub: 'Thera', wh_type: 'M164', kspace: true })
    expect(meunvon!.security).toBeGreaterThan(0)
    expect(meunvon!.security).toBeLessThan(0.45)
  })
})

describe('GET /api/thera/route on the real map', () => {
  it('answers the five trade hubs; Jita is 0 gate jumps from Jita and 1 from Perimeter', async () => {
    const jita = await route('jita')
    expect(jita.from.name).toBe('Jita')
    expect(jita.hubs.map((h) => h.hub)).toEqual(['Jita', 'Amarr', 'Dodixie', 'Hek', 'Rens'])
    expect(hub(jita, 'Jita').jumps_by_gates).toBe(0)
    expect(hub(await route('Perimeter'), 'Jita').jumps_by_gates).toBe(1)
  })

  it('goes through Thera from Meunvon: a path of real steps, no longer than the hole plus the way from Thera', async () => {
    // Meunvon's M164 to Thera lives 16 h from the recording, the longest in the feed: alive however long the server runs.
    const feed = (await get('/api/thera')).body as TheraFeed
    const ends = new Set(feed.connections.flatMap((c) => [`${c.hub_system_id}-${c.system_id}`, `${c.system_id}-${c.hub_system_id}`]))
    const fromMeunvon = await route('Meunvon')
    const fromThera = await route('Thera')
    for (const h of fromMeunvon.hubs) {
      const viaThera = hub(fromThera, h.hub).jumps_via_connection!
      expect(h.jumps_via_connection).not.toBeNull()
      expect(h.jumps_via_connection!).toBeLessThanOrEqual(1 + viaThera)
      const path: HubRoute['path'] = h.path
      expect(path).toHaveLength(h.jumps_via_connection! + 1)
      expect(path[0].name).toBe('Meunvon')
      expect(path.at(-1)!.name).toBe(h.hub)
      for (let i = 1; i < path.length; i++) {
        if (path[i].by === 'wormhole') expect(ends.has(`${path[i - 1].system_id}-${path[i].system_id}`)).toBe(true)
      }
      expect(path.some((s) => s.by === 'wormhole')).toBe(true)
    }
  })

  it('starts from Thera, which no gate reaches', async () => {
    const thera = await route('Thera')
    expect(thera.hubs.every((h) => h.jumps_by_gates === null && h.jumps_via_connection !== null)).toBe(true)
    expect(thera.hubs.every((h) => h.path[1].by === 'wormhole')).toBe(true)
  })

  it('says "no such system" with close matches, and asks for a name', async () => {
    const unknown = await get('/api/thera/route?from=Jitta')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ error: expect.stringMatching(/^No such system: Jitta\. Did you mean .*Jita/) })
    expect((unknown.body as { details: { close_matches: string[] } }).details.close_matches).toContain('Jita')
    const empty = await get('/api/thera/route?from=')
    expect(empty.status).toBe(400)
    expect((empty.body as { error: string }).error).toMatch(/system name/)
  })
})

describe('the API documentation', () => {
  it('documents both endpoints', async () => {
    const doc = (await get('/api/openapi.json')).body as { paths: Record<string, { get?: { summary?: string } }> }
    expect(doc.paths['/api/thera']?.get?.summary).toMatch(/Thera and Turnur connections/)
    expect(doc.paths['/api/thera/route']?.get?.summary).toMatch(/trade hubs/)
    const page = await fetch(`${base}/api/docs/`)
    expect(await page.text()).toContain('/api/thera/route')
  })
})
