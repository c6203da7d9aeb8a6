import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import type { EsiKillmail, KillmailMessage, ZkbMeta } from '../../schemas/killmails.js'
import { apiFixture, killHash, makeKillmail, makeZkb, type KillSpec } from '../../platform/fakes/zkillboard/killmails.js'
import { startKillmailFakes, type KillmailFakes } from '../../platform/fakes/zkillboard/with-esi.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import type { Config } from '../../schemas/config.js'

/** Poll until `check` holds (tests only). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** A `killmails` topic message for a kill described by `spec`, worth `value` ISK. */
export function killMessage(spec: KillSpec, value = 10_000_000, source: KillmailMessage['source'] = 'live'): KillmailMessage {
  return { killmail_id: spec.id, hash: killHash(spec.id), esi: makeKillmail(spec), zkb: makeZkb(spec.id, value), source, received_at: new Date().toISOString() }
}

/**
 * A battle's kill: the recorded kill 134265477 (ESI body with its 18 victim items, and zKillboard's block from the
 * R2Z2 sample of the same kill) with `attackers` attackers as ESI lists them after a big fight: each its own
 * character, from 400 corporations in 40 alliances, 50 hulls and 80 weapons, damage and security status (one decimal,
 * as ESI gives it) varying, the first with the final blow. Seeded, so its size, raw and gzipped, is the same at every
 * run: about 180 bytes an attacker in JSON, 24 gzipped.
 */
export function battleKill(id: number, attackers: number, time = new Date()): { esi: EsiKillmail; zkb: ZkbMeta } {
  let seed = id % 2_147_483_647 || 1
  const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647
  const pool = (n: number, from: number, span: number) => Array.from({ length: n }, () => from + Math.floor(random() * span))
  const pick = (values: number[]) => values[Math.floor(random() * values.length)]
  const [corporations, alliances, ships, weapons] = [
    pool(400, 98_000_000, 900_000),
    pool(40, 99_000_000, 14_000),
    pool(50, 11_000, 70_000),
    pool(80, 2_000, 80_000),
  ]
  const recorded = apiFixture<EsiKillmail>('esi/killmails-134265477-aa937ee1.json')
  const esi: EsiKillmail = {
    ...recorded,
    killmail_id: id,
    killmail_time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    attackers: Array.from({ length: attackers }, (_, i) => ({
      alliance_id: pick(alliances),
      character_id: 90_000_000 + Math.floor(random() * 2_030_000_000),
      corporation_id: pick(corporations),
      damage_done: Math.floor(random() * 30_000),
      final_blow: i === 0,
      security_status: Math.round((random() * 15 - 10) * 10) / 10 || 0, // never -0, which JSON writes as 0
      ship_type_id: pick(ships),
      weapon_type_id: pick(weapons),
    })),
  }
  const { zkb } = apiFixture<{ zkb: ZkbMeta }>('zkillboard/r2z2-ephemeral-96599404.json')
  return { esi, zkb: { ...zkb, hash: killHash(id) } }
}

/** `battleKill` as a `killmails` topic message. */
export function battleKillMessage(id: number, attackers: number, time = new Date()): KillmailMessage {
  const { esi, zkb } = battleKill(id, attackers, time)
  return { killmail_id: id, hash: zkb.hash, esi, zkb, source: 'live', received_at: new Date().toISOString() }
}

export async function countStored(ch: ClickHouseClient, ids?: number[]): Promise<number> {
  const [row] = ids
    ? await queryRows<{ n: string | number }>(ch, 'SELECT count() AS n FROM killmails WHERE killmail_id IN {ids:Array(UInt64)}', { ids })
    : await queryRows<{ n: string | number }>(ch, 'SELECT count() AS n FROM killmails')
  return Number(row.n)
}

export const waitForStored = (ch: ClickHouseClient, ids: number[], timeoutMs = 20_000) =>
  waitFor(async () => (await countStored(ch, ids)) === ids.length, timeoutMs, `killmails ${ids.join(', ')} to be stored`)

/** A tracked player as the killfeed admin stores one (table `tracked_players`). */
export async function seedTrackedPlayer(
  ch: ClickHouseClient,
  player: { path: string; display_name: string; character_ids: number[]; deleted?: boolean },
): Promise<void> {
  await ch.insert({ table: 'tracked_players', format: 'JSONEachRow', values: [{ deleted: false, ...player, updated_at: new Date().toISOString() }] })
}

/** An ISO time `days` (fractional) before now. */
export const daysAgo = (days: number, from = Date.now()) => new Date(from - days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** An app in this test process reading kills from loopback zKillboard and ESI fakes (the live feed off unless asked). */
export async function startKillmailTestApp(overrides: Partial<Config> = {}): Promise<{ app: TestApp; fakes: KillmailFakes; close(): Promise<void> }> {
  const fakes = await startKillmailFakes()
  const app = await startTestApp({ ...fakes.config, ...overrides })
  return {
    app,
    fakes,
    async close() {
      await app.close()
      await fakes.close()
    },
  }
}
