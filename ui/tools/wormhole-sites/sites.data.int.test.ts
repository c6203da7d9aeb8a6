import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../../schemas/config.js'
import type { SiteRecord } from '../../../schemas/wormhole-sites.js'
import { siteFileName, SITE_FILE_KINDS, SITE_TIERS } from '../../../schemas/wormhole-sites-constants.js'
import { waveTotals } from './sites.js'

const base = inject('appUrl')
const sheet = JSON.parse(fs.readFileSync(path.join(loadConfig().COMMUNITY_DATA_DIR, 'sleeper-sites/sites.json'), 'utf8')) as Array<{
  name: string
  class: string
  waves: Array<{ label: string; totals: { dps: number | null; alpha: number | null; ehp: number | null }; npcs: Array<{ quantity: number }> }>
}>

describe('site totals recomputed from the NPC rows', () => {
  it('match the community sheet wave totals (DPS, alpha, EHP) for every wave of every site', async () => {
    const records: SiteRecord[] = []
    for (const tier of SITE_TIERS)
      for (const kind of SITE_FILE_KINDS) records.push(...((await (await fetch(`${base}/api/data/${siteFileName(tier, kind)}`)).json()) as SiteRecord[]))
    let waves = 0
    for (const s of sheet) {
      const record = records.find((r) => r.site === s.name && r.class === s.class)!
      s.waves.forEach((w, i) => {
        let ships = record.waves[i].ships
        // One sheet total leaves out its wave's optional ship (it counts optional ships everywhere else).
        if (s.name === 'Forgotten Core Information Pen' && w.label === 'Wave 1') ships = ships.filter((x) => !x.optional)
        const ours = waveTotals(ships)
        // the sheet sums figures it printed rounded: allow one unit per ship
        const count = w.npcs.reduce((n, x) => n + x.quantity, 0)
        for (const key of ['dps', 'alpha', 'ehp'] as const)
          expect(Math.abs(ours[key] - (w.totals[key] ?? 0)), `${s.name} ${w.label} ${key}`).toBeLessThanOrEqual(count)
        waves++
      })
    }
    expect(waves).toBe(162)
  })
})
