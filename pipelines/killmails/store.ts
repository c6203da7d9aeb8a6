import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { KillmailMessage } from '../../schemas/killmails.js'

/** One `killmails` row (migration `*_killmails_store_aggregates.sql`); absent ids are 0. */
export interface KillmailRow {
  killmail_id: number
  killmail_hash: string
  killmail_time: string
  solar_system_id: number
  victim_character_id: number
  victim_corporation_id: number
  victim_alliance_id: number
  victim_ship_type_id: number
  attacker_character_ids: number[]
  attacker_corporation_ids: number[]
  attacker_alliance_ids: number[]
  attacker_ship_type_ids: number[]
  final_blow_character_id: number
  total_value: number
  npc: boolean
  solo: boolean
  awox: boolean
  source: string
  received_at: string
}

export function toKillmailRow(m: KillmailMessage): KillmailRow {
  const { esi, zkb } = m
  const attackers = esi.attackers
  return {
    killmail_id: m.killmail_id,
    killmail_hash: m.hash,
    killmail_time: esi.killmail_time,
    solar_system_id: esi.solar_system_id,
    victim_character_id: esi.victim.character_id ?? 0,
    victim_corporation_id: esi.victim.corporation_id ?? 0,
    victim_alliance_id: esi.victim.alliance_id ?? 0,
    victim_ship_type_id: esi.victim.ship_type_id,
    attacker_character_ids: attackers.map((a) => a.character_id ?? 0),
    attacker_corporation_ids: attackers.map((a) => a.corporation_id ?? 0),
    attacker_alliance_ids: attackers.map((a) => a.alliance_id ?? 0),
    attacker_ship_type_ids: attackers.map((a) => a.ship_type_id ?? 0),
    final_blow_character_id: attackers.find((a) => a.final_blow)?.character_id ?? 0,
    total_value: zkb.totalValue,
    npc: zkb.npc ?? false,
    solo: zkb.solo ?? false,
    awox: zkb.awox ?? false,
    source: m.source,
    received_at: m.received_at,
  }
}

const ID_CHUNK = 10_000

/** Which of these killmail ids are already stored. */
export async function storedKillmailIds(ch: ClickHouseClient, ids: number[]): Promise<Set<number>> {
  const stored = new Set<number>()
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = await queryRows<{ killmail_id: string | number }>(ch, 'SELECT killmail_id FROM killmails WHERE killmail_id IN {ids:Array(UInt64)}', {
      ids: ids.slice(i, i + ID_CHUNK),
    })
    for (const r of rows) stored.add(Number(r.killmail_id))
  }
  return stored
}

export interface StoreResult {
  inserted: number
  duplicates: number
  /** Kills left out because their time is no date: ClickHouse would refuse the whole insert, again at every redelivery. */
  rejected: number[]
}

/**
 * Insert the kills that are not stored yet, in one insert. The stream delivers at least once and the live feed and a
 * backfill can both bring the same kill, so the batch is first reduced to new killmail ids: every kill reaches the
 * materialized aggregates exactly once. Kills are keyed by id on the topic, so one id is only ever handled by one
 * consumer at a time and the check cannot race with another insert of the same kill.
 */
export async function storeNewKillmails(ch: ClickHouseClient, messages: KillmailMessage[]): Promise<StoreResult> {
  const byId = new Map<number, KillmailMessage>()
  for (const m of messages) if (!byId.has(m.killmail_id)) byId.set(m.killmail_id, m)
  const existing = await storedKillmailIds(ch, [...byId.keys()])
  const rows: KillmailRow[] = []
  const rejected: number[] = []
  for (const m of byId.values()) {
    if (existing.has(m.killmail_id)) continue
    const time = new Date(m.esi.killmail_time)
    if (Number.isNaN(time.getTime())) rejected.push(m.killmail_id)
    else rows.push({ ...toKillmailRow(m), killmail_time: time.toISOString() })
  }
  if (rows.length) await ch.insert({ table: 'killmails', values: rows, format: 'JSONEachRow' })
  return { inserted: rows.length, duplicates: messages.length - rows.length - rejected.length, rejected }
}

/**
 * One insert at a time for every caller: batches handed in while an insert runs are written together by the next one.
 * Each caller's promise resolves when the insert holding its kills is done, so a consumer still commits only what is
 * stored. With several Kafka partitions handled at once this turns many small partition batches into one insert.
 */
export class KillmailWriter {
  private pending: Array<{ messages: KillmailMessage[]; done: (r: StoreResult) => void; failed: (e: unknown) => void }> = []
  private flushing: Promise<void> | null = null

  constructor(private ch: ClickHouseClient) {}

  write(messages: KillmailMessage[]): Promise<StoreResult> {
    return new Promise<StoreResult>((done, failed) => {
      this.pending.push({ messages, done, failed })
      this.flushing ??= this.flush()
    })
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const group = this.pending
      this.pending = []
      try {
        const result = await storeNewKillmails(
          this.ch,
          group.flatMap((g) => g.messages),
        )
        for (const g of group) g.done(result)
      } catch (err) {
        for (const g of group) g.failed(err)
      }
    }
    this.flushing = null
  }
}
