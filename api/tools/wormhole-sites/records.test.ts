import { describe, expect, it } from 'vitest'
import { SleeperSite } from '../../../schemas/community.js'
import { toSiteRecord, type DogmaLookup } from './records.js'

/** A lookup that knows no type: every ship falls back to the community figures. */
const noDogma: DogmaLookup = { npc: () => undefined, missile: () => undefined }

// One site as the community sites.json writes it, with its blue loot value as given.
const communitySite = (blueLoot: { blueLootIsk: number | null }) =>
  SleeperSite.parse({
    name: 'Core Garrison',
    siteType: 'combat',
    class: 'C5',
    ...blueLoot,
    waves: [
      { number: 1, label: 'Wave 1', npcs: [{ quantity: 5, name: 'Emergent Sentinel', typeID: null, sizeClass: 'F', trigger: null, dps: 29, ehp: 6600 }] },
    ],
  })

describe('site records', () => {
  it('carries the blue loot value of the community data', () => {
    expect(toSiteRecord(communitySite({ blueLootIsk: 253_400_000 }), noDogma).blue_loot_isk).toBe(253_400_000)
  })

  // the spec's site record: blue_loot_isk is a number, 0 if invalid; the PvE page shows 0 as 'not in the data'
  it("gives a missing blue loot value as 0, the spec's mark for no value", () => {
    expect(toSiteRecord(communitySite({ blueLootIsk: null }), noDogma).blue_loot_isk).toBe(0)
  })
})
