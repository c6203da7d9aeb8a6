import { gzipSync } from 'node:zlib'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { battleKillMessage, killMessage } from '../../pipelines/killmails/testing.js'
import { createLogger } from '../../platform/log.js'
import { MemoryStream } from '../../platform/stream/memory.js'
import type { Stream, StreamMessage } from '../../platform/stream/index.js'
import { MAX_MESSAGE_BYTES, messageSize } from '../../platform/stream/size.js'
import { KillmailsTopic, type KillmailMessage } from '../../schemas/killmails.js'
import { fitKillMessage, MAX_KILL_MESSAGE_BYTES, publishKill, type KillFit } from './live-feed.js'

const log = createLogger('silent')
const noPause = async () => {}
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))
const gzipBytes = (value: unknown) => gzipSync(JSON.stringify(value)).length

/** A kill with `attackers` attackers and `items` cargo entries, all alike (the repo's fakes). */
function cargoKill(id: number, attackers: number, items: number): KillmailMessage {
  const m = killMessage({
    id,
    time: '2026-11-20T10:00:00Z',
    systemId: 31_000_001,
    victim: { characterId: 90_000_001, shipTypeId: 20185 },
    attackers: Array.from({ length: attackers }, (_, i) => ({
      characterId: 91_000_000 + i,
      corporationId: 98_000_001,
      allianceId: 99_000_001,
      shipTypeId: 11_987,
      weaponTypeId: 3_057,
    })),
  })
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

describe('the size of a topic message', () => {
  it('is its JSON when that fits, and its gzipped JSON (as kafkajs compresses it) on a compressed topic when it does not', async () => {
    const small = { n: 1, text: 'x'.repeat(100) }
    expect(await messageSize(small, true)).toEqual({ json: jsonBytes(small), wire: jsonBytes(small) })
    const big = battleKillMessage(1, 20_000)
    expect(await messageSize(big, false)).toEqual({ json: jsonBytes(big), wire: jsonBytes(big) })
    const compressed = await messageSize(big, true)
    expect(compressed).toEqual({ json: jsonBytes(big), wire: gzipBytes(big) })
    expect(compressed.wire).toBeLessThan(compressed.json / 5)
  })

  it('leaves room under the broker default message.max.bytes (1,048,588) for the batch and record framing', () => {
    expect(MAX_MESSAGE_BYTES).toBeLessThanOrEqual(1_048_588 - 10_000)
    expect(MAX_KILL_MESSAGE_BYTES).toBe(MAX_MESSAGE_BYTES)
    expect(KillmailsTopic.compressed).toBe(true)
  })
})

describe('fitting a kill on the topic (measured compressed, as the broker weighs it)', () => {
  it('keeps an ordinary kill whole, without compressing it to find out', async () => {
    const kill = battleKillMessage(400, 12)
    expect(await fitKillMessage(kill)).toEqual({ fit: 'whole', message: kill, bytes: jsonBytes(kill), json: jsonBytes(kill) })
  })

  it('keeps a battle of 20,000 attackers whole: 3.6 MB of JSON, under 1 MB gzipped (the old check slimmed and then skipped it)', async () => {
    const kill = battleKillMessage(401, 20_000)
    const fit = await fitKillMessage(kill)
    expect(fit.json).toBeGreaterThan(3 * MAX_KILL_MESSAGE_BYTES)
    expect(fit).toMatchObject({ fit: 'whole', message: kill })
    expect(fit.bytes).toBe(gzipBytes(kill))
    expect(fit.bytes).toBeLessThan(MAX_KILL_MESSAGE_BYTES)
  })

  it("keeps a freighter's cargo of 20,000 items whole", async () => {
    const kill = cargoKill(402, 20, 20_000)
    expect(jsonBytes(kill)).toBeGreaterThan(MAX_KILL_MESSAGE_BYTES)
    expect(await fitKillMessage(kill)).toMatchObject({ fit: 'whole', message: kill })
  })

  it('slims a kill too big even compressed, and only then (48,000 attackers at the real limit)', async () => {
    const kill = battleKillMessage(403, 48_000)
    const fit = await fitKillMessage(kill)
    expect(gzipBytes(kill)).toBeGreaterThan(MAX_KILL_MESSAGE_BYTES)
    expect(fit.fit).toBe('slim')
    if (fit.fit !== 'slim') return
    expect(fit.bytes).toBeLessThanOrEqual(MAX_KILL_MESSAGE_BYTES)
    expect(fit.bytes).toBe(gzipBytes(fit.message))
    expect(fit.message.esi.victim).not.toHaveProperty('items')
    expect(fit.message.esi.attackers).toHaveLength(48_000)
    const { weapon_type_id: _w, security_status: _s, ...kept } = kill.esi.attackers[0]
    expect(fit.message.esi.attackers[0]).toEqual(kept)
    expect(fit.message.zkb).toEqual(kill.zkb)
  })

  it('decides at the edges of the limit: whole at its compressed size, slim just under, too big under the slim size', async () => {
    const kill = battleKillMessage(404, 2_000)
    const whole = gzipBytes(kill)
    const slimmed = (await fitKillMessage(kill, whole - 1)) as Exclude<KillFit, { fit: 'too-big' }>
    const slim = gzipBytes(slimmed.message)
    expect(slim).toBeLessThan(whole)
    expect((await fitKillMessage(kill, whole)).fit).toBe('whole')
    expect((await fitKillMessage(kill, whole - 1)).fit).toBe('slim')
    expect((await fitKillMessage(kill, slim)).fit).toBe('slim')
    expect(await fitKillMessage(kill, slim - 1)).toEqual({ fit: 'too-big', bytes: slim, json: jsonBytes(slimmed.message) })
  })
})

describe('publishing a kill too big for an uncompressed Kafka message (1 MB by default)', () => {
  it('publishes a battle of 20,000 attackers whole: every attacker with weapon and security status, and the victim items', async () => {
    const kill = battleKillMessage(410, 20_000)
    const stream = new MemoryStream()
    expect(await publishKill({ stream, log }, kill, new AbortController().signal, noPause)).toBe('published')
    const [m] = await published(stream)
    expect(m.key).toBe('410')
    expect(m.value).toEqual(kill)
    expect((m.value as KillmailMessage).esi.attackers).toHaveLength(20_000)
    expect((m.value as { esi: { victim: { items: unknown[] } } }).esi.victim.items).toHaveLength(18)
  })

  it('skips a kill still too big compressed and without its items, the same on either transport, with an error log', async () => {
    const kill = battleKillMessage(411, 2_000)
    const lines: Array<Record<string, unknown>> = []
    const recording = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
    const stream = new MemoryStream()
    expect(await publishKill({ stream, log: recording }, kill, new AbortController().signal, noPause, 10_000)).toBe('skipped')
    expect(await published(stream)).toEqual([])
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        killmail_id: 411,
        attackers: 2_000,
        maxBytes: 10_000,
        msg: 'skipping a kill too big for the topic even compressed and without its items',
      }),
    ])
  })

  it('skips a kill the broker refuses as too large instead of retrying it forever', async () => {
    let attempts = 0
    const refusing: Stream = {
      kind: 'kafka',
      producer: async () => ({
        send: async () => {
          attempts++
          throw Object.assign(new Error('The request included a message larger than the max message size the server will accept'), {
            type: 'MESSAGE_TOO_LARGE',
          })
        },
      }),
      consumer: async () => {
        throw new Error('not used')
      },
      close: async () => {},
    }
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), 2_000)
    const outcome = await publishKill({ stream: refusing, log }, cargoKill(412, 2, 2), abort.signal, async () => new Promise((r) => setTimeout(r, 10)))
    clearTimeout(timer)
    expect(outcome).toBe('skipped')
    expect(attempts).toBe(1)
  })

  it('sends the kill to the transport with compression asked for', async () => {
    const sends: unknown[] = []
    const recording: Stream = {
      kind: 'kafka',
      producer: async () => ({ send: async (topic, messages, options) => void sends.push({ topic, keys: messages.map((m) => m.key), options }) }),
      consumer: async () => {
        throw new Error('not used')
      },
      close: async () => {},
    }
    expect(await publishKill({ stream: recording, log }, battleKillMessage(413, 3), new AbortController().signal, noPause)).toBe('published')
    expect(sends).toEqual([{ topic: 'killmails', keys: ['413'], options: { compressed: true } }])
  })
})
