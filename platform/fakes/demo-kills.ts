import fs from 'node:fs'
import path from 'node:path'
import type { KillSpec } from './zkillboard/killmails.js'
import { seededRandom } from './seeded-random.js'

export interface DemoEntity {
  id: number
  name: string
  category: 'character' | 'corporation' | 'alliance'
}

/**
 * The demo's invented pilots, corporations and alliances: ids in ranges ESI uses for player entities, names that
 * say they are not real. Pilot 1 is the demo kill tracker's player.
 */
export function demoEntities(): {
  pilots: DemoEntity[]
  corporations: DemoEntity[]
  alliances: DemoEntity[]
  pilotCorp: Map<number, number>
  corpAlliance: Map<number, number | undefined>
} {
  const alliances = [1, 2].map((i) => ({ id: 99_900_000 + i, name: `Demo Alliance ${i}`, category: 'alliance' as const }))
  const corporations = Array.from({ length: 12 }, (_, i) => ({
    id: 98_900_000 + i + 1,
    name: `Demo Corporation ${String.fromCharCode(65 + i)}`,
    category: 'corporation' as const,
  }))
  const pilots = Array.from({ length: 48 }, (_, i) => ({
    id: 2_119_900_000 + i + 1,
    name: `Demo Pilot ${String(i + 1).padStart(2, '0')}`,
    category: 'character' as const,
  }))
  const pilotCorp = new Map(pilots.map((p, i) => [p.id, corporations[i % corporations.length].id]))
  const corpAlliance = new Map(corporations.map((c, i) => [c.id, i < 4 ? alliances[0].id : i < 7 ? alliances[1].id : undefined]))
  return { pilots, corporations, alliances, pilotCorp, corpAlliance }
}

/** J-space systems for demo kills (from the community system list), J123450 always among them. */
export function demoSystems(communityDir: string, count = 40): number[] {
  const file = path.join(communityDir, 'wormhole-systems/systems.json')
  if (!fs.existsSync(file)) return []
  const systems = (JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ solarSystemID: number; name: string; class: number }>).filter(
    (s) => s.class >= 1 && s.class <= 6,
  )
  const rnd = seededRandom(7)
  const picked = new Set<number>(systems.filter((s) => s.name === 'J123450').map((s) => s.solarSystemID))
  while (picked.size < Math.min(count, systems.length)) picked.add(systems[Math.floor(rnd() * systems.length)].solarSystemID)
  return [...picked]
}

/** A ship type the demo's kills use, with the hull price the demo market centres its order books on. */
export interface DemoShip {
  id: number
  hullPrice: number
}

/**
 * Ships with a known price (Jita reference sell, else buy, else the SDE base price), so a kill's value follows its
 * hull: a Naglfar is worth more than a Thalia.
 */
export function pricedDemoShips(shipIds: number[], hullPrice: (typeId: number) => number | null | undefined): DemoShip[] {
  return shipIds.flatMap((id) => {
    const price = hullPrice(id)
    return price && price > 0 ? [{ id, hullPrice: price }] : []
  })
}

/** One kill at `time`, from the demo's pilots, ships and systems. */
export function demoKill(id: number, time: Date, ships: DemoShip[], systems: number[], seed: number): { spec: KillSpec; value: number } {
  const rnd = seededRandom(seed)
  const { pilots, pilotCorp, corpAlliance } = demoEntities()
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]
  const victim = pick(pilots)
  const attackerCount = 1 + Math.floor(rnd() * 6)
  const attackers = Array.from({ length: attackerCount }, (_, i) => {
    let a = pick(pilots)
    if (a.id === victim.id) a = pilots[(pilots.indexOf(a) + 1) % pilots.length]
    const corp = pilotCorp.get(a.id)!
    return {
      characterId: a.id,
      corporationId: corp,
      allianceId: corpAlliance.get(corp),
      shipTypeId: pick(ships).id,
      finalBlow: i === 0,
      damage: 500 + Math.floor(rnd() * 5000),
    }
  })
  const victimCorp = pilotCorp.get(victim.id)!
  const victimShip = pick(ships)
  // zKillboard values a kill at the hull plus its fitting and cargo; the demo takes 1.3 to 3 times the hull.
  const value = Math.round(victimShip.hullPrice * (1.3 + rnd() * 1.7))
  return {
    spec: {
      id,
      time,
      systemId: pick(systems),
      victim: { characterId: victim.id, corporationId: victimCorp, allianceId: corpAlliance.get(victimCorp), shipTypeId: victimShip.id },
      attackers,
    },
    value,
  }
}

/** `count` kills spread over the last `days` days, busier in the evening (EU/US time zones), newest last. */
export function demoKillHistory(ships: DemoShip[], systems: number[], count = 240, days = 7, now = Date.now()): Array<{ spec: KillSpec; value: number }> {
  if (!ships.length || !systems.length) return []
  const rnd = seededRandom(11)
  const kills: Array<{ spec: KillSpec; value: number }> = []
  for (let i = 0; i < count; i++) {
    const day = Math.floor(rnd() * days)
    const hour = rnd() < 0.6 ? 17 + Math.floor(rnd() * 7) : Math.floor(rnd() * 24)
    const time = new Date(Math.floor((now - (day + 1) * 86_400_000) / 86_400_000) * 86_400_000 + hour * 3_600_000 + Math.floor(rnd() * 3_600_000))
    kills.push(demoKill(200_000_000 + i, time, ships, systems, 1000 + i))
  }
  return kills.sort((a, b) => +new Date(a.spec.time) - +new Date(b.spec.time))
}
