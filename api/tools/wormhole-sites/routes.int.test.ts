import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../../schemas/config.js'
import { SITE_FILE_KINDS, SITE_TIERS, siteFileName, type DrifterAdditions, type SiteRecord } from '../../../schemas/wormhole-sites.js'

const base = inject('appUrl')
const dataDir = loadConfig().COMMUNITY_DATA_DIR
const community = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as T

interface CommunityNpc {
  name: string
  typeID: number
  quantity: number
  trigger: string | null
  scram: number
  web: number
  neutGJs: number
  rrepHPs: number
  sigRadius: number
  maxVelocity: number
  orbitDistance: number
  orbitVelocity: number
  dps: number
  alpha: number
  ehp: number
}
interface CommunitySite {
  name: string
  class: string
  siteType: string
  blueLootIsk: number
  waves: Array<{ label: string; npcs: CommunityNpc[] }>
}

const get = async <T>(p: string) => {
  const res = await fetch(`${base}${p}`)
  expect(res.status, p).toBe(200)
  return (await res.json()) as T
}
const allFiles = async () => {
  const files: Record<string, SiteRecord[]> = {}
  for (const tier of SITE_TIERS)
    for (const kind of SITE_FILE_KINDS) files[siteFileName(tier, kind)] = await get<SiteRecord[]>(`/api/data/${siteFileName(tier, kind)}`)
  return files
}

describe('GET /api/data/{tier}_{kind}_sites_clean.json', () => {
  it('serves the twelve files: every community site once, in the file of its class and kind', async () => {
    const files = await allFiles()
    const sites = community<CommunitySite[]>('sleeper-sites/sites.json')
    expect(Object.values(files).flat()).toHaveLength(sites.length)
    for (const s of sites) {
      const file = siteFileName(s.class.toLowerCase() as (typeof SITE_TIERS)[number], s.siteType === 'combat' ? 'combat' : 'datarelic')
      const record = files[file].find((r) => r.site === s.name)
      expect(record, `${s.name} in ${file}`).toBeDefined()
      expect(record).toMatchObject({ class: s.class, blue_loot_isk: s.blueLootIsk, type: s.siteType[0].toUpperCase() + s.siteType.slice(1) })
      expect(record!.waves.map((w) => w.wave)).toEqual(s.waves.map((w) => w.label))
    }
    // the participation splitter reads {site, blue_loot_isk} from the same files
    expect(files['c5_combat_sites_clean.json'].map((r) => r.site).sort()).toEqual(['Core Garrison', 'Core Stronghold', 'Oruze Osobnyk', 'Quarantine Area'])
  })

  it('derives every NPC figure from the SDE dogma, and the result matches the community figures row by row', async () => {
    const files = await allFiles()
    const sites = community<CommunitySite[]>('sleeper-sites/sites.json')
    let rows = 0
    for (const s of sites) {
      const record = Object.values(files)
        .flat()
        .find((r) => r.site === s.name && r.class === s.class)!
      s.waves.forEach((wave, w) => {
        wave.npcs.forEach((npc, i) => {
          const ship = record.waves[w].ships[i]
          const where = `${s.name} ${wave.label} ${npc.name}`
          expect(ship.stats_source, where).toBe('sde')
          expect(ship.qty, where).toBe(npc.quantity)
          expect(Math.round(ship.dps), where).toBe(npc.dps)
          expect(Math.round(ship.alpha), where).toBe(npc.alpha)
          expect(Math.abs(ship.ehp - npc.ehp), where).toBeLessThanOrEqual(1)
          expect([ship.sig, ship.max_velocity, ship.distance, ship.orbit_velocity], where).toEqual([
            npc.sigRadius,
            npc.maxVelocity,
            npc.orbitDistance,
            npc.orbitVelocity,
          ])
          expect(ship.special.scram ?? 0, where).toBe(npc.scram)
          expect(ship.special.web ? 1 : 0, where).toBe(npc.web)
          expect(Math.round(ship.special.neut ?? 0), where).toBe(Math.abs(npc.neutGJs))
          expect(Math.round(ship.special.rr ?? 0), where).toBe(npc.rrepHPs)
          rows++
        })
      })
    }
    expect(rows).toBe(471)
  })

  it('reads trigger texts as Trigger / Optional / DTR flags and keeps the text', async () => {
    const files = await allFiles()
    const ships = Object.values(files).flatMap((f) => f.flatMap((s) => s.waves.flatMap((w) => w.ships)))
    const flags = (note: string) => ships.find((s) => s.note === note)!
    expect(flags('Trigger')).toMatchObject({ trigger: true, optional: false, dta: false })
    expect(flags('1st Death Trigger')).toMatchObject({ trigger: true })
    expect(flags('Opt')).toMatchObject({ trigger: false, optional: true })
    expect(flags('Opt?')).toMatchObject({ optional: true })
    expect(flags('DTA')).toMatchObject({ dta: true, trigger: false })
    expect(ships.filter((s) => s.note === null).every((s) => !s.trigger && !s.optional && !s.dta)).toBe(true)
    expect(new Set(ships.map((s) => s.ship_class))).toEqual(new Set(['frigate', 'cruiser', 'battleship', 'sentry']))
  })

  it('answers 404 for other names under /api/data/', async () => {
    const res = await fetch(`${base}/api/data/c7_combat_sites_clean.json`)
    expect(res.status).toBe(404)
    expect((await res.json()).error).toMatch(/No such endpoint/)
  })
})

describe('GET /api/wormhole-sites/drifters', () => {
  it('builds the Avengers and the Response battleship from the SDE and the Recon battleship from the community snapshot', async () => {
    const d = await get<DrifterAdditions>('/api/wormhole-sites/drifters')
    expect(d.missing).toEqual([])
    expect(d.avengers!.ship.stats_source).toBe('sde')
    expect(d.response!.ship.stats_source).toBe('sde')
    expect(d.recon!.ship.stats_source).toBe('community')
    expect(d.avengers!.count).toEqual({ C5: 3, C6: 4 })
  })

  it('agrees with the community escalation data and the spec constants on DPS, signature, speed, scram, neut and blue loot', async () => {
    const d = await get<DrifterAdditions>('/api/wormhole-sites/drifters')
    const escalations =
      community<Array<{ name: string; dps: number; sig: number; velocity: number; scram: number; web: number; neut: number; blueLootIsk: number }>>(
        'sleeper-sites/escalations.json',
      )
    const byName = (n: string) => escalations.find((e) => e.name === n)!
    for (const part of [d.avengers!, d.response!, d.recon!]) {
      const e = byName(part.ship.name)
      expect(Math.round(part.ship.dps), part.ship.name).toBe(e.dps)
      expect([part.ship.sig, part.ship.orbit_velocity, part.ship.special.scram, part.ship.special.neut], part.ship.name).toEqual([
        e.sig,
        e.velocity,
        e.scram,
        Math.abs(e.neut),
      ])
      expect(part.ship.special.web ? 1 : 0).toBe(e.web)
      expect(part.blue_loot_isk).toBe(e.blueLootIsk)
    }
    // spec, section 9: Avengers 1,210 DPS / sig 30,000 / 300 m/s / 20 km / scram 15 / neut 75, 150 M on C5 and 200 M on C6
    expect(Math.round(d.avengers!.ship.dps)).toBe(1210)
    expect(d.avengers!.ship.distance).toBe(20_000)
    expect(d.avengers!.count.C5 * d.avengers!.blue_loot_isk).toBe(150_000_000)
    expect(d.avengers!.count.C6 * d.avengers!.blue_loot_isk).toBe(200_000_000)
    // Response 1,600 DPS, 300 M; Recon 1,067 DPS, 100 M
    expect([Math.round(d.response!.ship.dps), d.response!.blue_loot_isk]).toEqual([1600, 300_000_000])
    expect([Math.round(d.recon!.ship.dps), d.recon!.blue_loot_isk]).toEqual([1067, 100_000_000])
    // both Drifters orbit at the spec's 13 km (the sheet: "does not actually orbit at 40k ... about 10km - 12km")
    expect([d.response!.ship.distance, d.recon!.ship.distance]).toEqual([13_000, 13_000])
  })
})
