import type { ClickHouseClient } from '../clickhouse/client.js'
import { queryRows } from '../clickhouse/client.js'
import type { KillmailMessage } from '../../schemas/killmails.js'
import { killHash, makeKillmail, makeZkb, type KillSpec } from '../../ingest/fakes/zkillboard/killmails.js'
import { startKillmailFakes, type KillmailFakes } from '../../ingest/fakes/zkillboard/with-esi.js'
import { startTestApp, type TestApp } from '../../api/testing/in-process-app.js'
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

export async function countStored(ch: ClickHouseClient, ids?: number[]): Promise<number> {
  const [row] = ids
    ? await queryRows<{ n: string | number }>(ch, 'SELECT count() AS n FROM killmails WHERE killmail_id IN {ids:Array(UInt64)}', { ids })
    : await queryRows<{ n: string | number }>(ch, 'SELECT count() AS n FROM killmails')
  return Number(row.n)
}

export const waitForStored = (ch: ClickHouseClient, ids: number[], timeoutMs = 20_000) =>
  waitFor(async () => (await countStored(ch, ids)) === ids.length, timeoutMs, `killmails ${ids.join(', ')} to be stored`)

/** A tracked player as the killfeed admin stores one (table `tracked_players`). */
export async function seedTrackedPlayer(ch: ClickHouseClient, player: { path: string; display_name: string; character_ids: number[]; deleted?: boolean }): Promise<void> {
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
