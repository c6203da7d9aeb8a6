import { describe, expect, it } from 'vitest'
import { killMessage } from '../../pipelines/killmails/testing.js'
import { createLogger } from '../../pipelines/log.js'
import { MemoryStream } from '../../pipelines/stream/memory.js'
import type { Stream, StreamMessage } from '../../pipelines/stream/index.js'
import { KillmailsTopic, type KillmailMessage } from '../../schemas/killmails.js'
import { MAX_KILL_MESSAGE_BYTES, publishKill } from './live-feed.js'

const log = createLogger('silent')
const noPause = async () => {}

/** A kill with `attackers` attackers and `items` cargo entries: a freighter's cargo or a big battle. */
function bigKill(id: number, attackers: number, items: number): KillmailMessage {
  const m = killMessage({ id, time: '2026-11-20T10:00:00Z', systemId: 31_000_001, victim: { characterId: 90_000_001, shipTypeId: 20185 }, attackers: Array.from({ length: attackers }, (_, i) => ({ characterId: 91_000_000 + i, corporationId: 98_000_001, allianceId: 99_000_001, shipTypeId: 11_987, weaponTypeId: 3_057 })) })
  const cargo = Array.from({ length: items }, (_, i) => ({ flag: 5, item_type_id: 34 + (i % 100), quantity_destroyed: 1_000 + i, singleton: 0 }))
  return { ...m, esi: { ...m.esi, victim: { ...m.esi.victim, items: cargo } } }
}

/** What a consumer of the in-process topic receives. */
async function published(stream: MemoryStream): Promise<StreamMessage[]> {
  const seen: StreamMessage[] = []
  const consumer = await stream.consumer({ groupId: 'check', topics: [KillmailsTopic.name], fromBeginning: true })
  await consumer.run(async (batch) => {
    seen.push(...batch)
  })
  await new Promise((r) => setTimeout(r, 50))
  await consumer.stop()
  return seen
}

describe('publishing a kill too big for a Kafka message (1 MB by default)', () => {
  it('publishes a kill whose items make it too big without its items, within the limit', async () => {
    const kill = bigKill(401, 20, 20_000)
    expect(Buffer.byteLength(JSON.stringify(kill))).toBeGreaterThan(MAX_KILL_MESSAGE_BYTES)
    const stream = new MemoryStream()
    expect(await publishKill({ stream, log }, kill, new AbortController().signal, noPause)).toBe('published')
    const [m] = await published(stream)
    const value = m.value as KillmailMessage
    expect(Buffer.byteLength(JSON.stringify(value))).toBeLessThanOrEqual(MAX_KILL_MESSAGE_BYTES)
    expect(value.esi.victim).not.toHaveProperty('items')
    expect(value.esi.attackers).toHaveLength(20)
    expect(value.esi.attackers[0]).toMatchObject({ character_id: 91_000_000, corporation_id: 98_000_001, alliance_id: 99_000_001, ship_type_id: 11_987 })
    expect(value.zkb.totalValue).toBe(kill.zkb.totalValue)
  })

  it('skips a kill still too big without its items (thousands of attackers) instead of publishing it', async () => {
    const stream = new MemoryStream()
    expect(await publishKill({ stream, log }, bigKill(402, 9_000, 0), new AbortController().signal, noPause)).toBe('skipped')
    expect(await published(stream)).toEqual([])
  })

  it('skips a kill the broker refuses as too large instead of retrying it forever', async () => {
    let attempts = 0
    const refusing: Stream = {
      kind: 'kafka',
      producer: async () => ({
        send: async () => {
          attempts++
          throw Object.assign(new Error('The request included a message larger than the max message size the server will accept'), { type: 'MESSAGE_TOO_LARGE' })
        },
      }),
      consumer: async () => {
        throw new Error('not used')
      },
      close: async () => {},
    }
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), 2_000)
    const outcome = await publishKill({ stream: refusing, log }, bigKill(403, 2, 2), abort.signal, async () => new Promise((r) => setTimeout(r, 10)))
    clearTimeout(timer)
    expect(outcome).toBe('skipped')
    expect(attempts).toBe(1)
  })
})
