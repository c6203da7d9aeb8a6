import { describe, expect, it } from 'vitest'
import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import { KillmailWriter } from './store.js'
import { killMessage } from './testing.js'

/** Just enough of a ClickHouse client: nothing is stored yet, inserts are recorded and can be held or failed. */
function fakeClickHouse() {
  const inserts: number[][] = []
  let hold: Promise<void> = Promise.resolve()
  let failNext = false
  const ch = {
    query: async () => ({ json: async () => [] }),
    insert: async ({ values }: { values: Array<{ killmail_id: number }> }) => {
      await hold
      if (failNext) {
        failNext = false
        throw new Error('insert failed')
      }
      inserts.push(values.map((v) => v.killmail_id))
    },
  } as unknown as ClickHouseClient
  return {
    ch,
    inserts,
    holdInserts() {
      let release = () => {}
      hold = new Promise<void>((r) => (release = r))
      return release
    },
    failNextInsert: () => (failNext = true),
  }
}

const kill = (id: number) => killMessage({ id, time: '2026-11-20T10:00:00Z', systemId: 31_000_001, victim: { shipTypeId: 670 }, attackers: [] })

describe('KillmailWriter', () => {
  it('writes batches handed in during an insert together in the next one, and answers each caller after its insert', async () => {
    const db = fakeClickHouse()
    const writer = new KillmailWriter(db.ch)
    const release = db.holdInserts()
    const first = writer.write([kill(1)])
    await new Promise((r) => setTimeout(r, 10))
    const second = writer.write([kill(2), kill(3)])
    const third = writer.write([kill(4), kill(2)])
    release()
    expect(await first).toEqual({ inserted: 1, duplicates: 0, rejected: [] })
    expect(await second).toEqual({ inserted: 3, duplicates: 1, rejected: [] })
    expect(await third).toEqual({ inserted: 3, duplicates: 1, rejected: [] })
    expect(db.inserts).toEqual([[1], [2, 3, 4]])
  })

  it('fails every caller whose kills were in a failed insert, and carries on with the next', async () => {
    const db = fakeClickHouse()
    const writer = new KillmailWriter(db.ch)
    db.failNextInsert()
    await expect(writer.write([kill(1)])).rejects.toThrow('insert failed')
    expect(await writer.write([kill(1)])).toEqual({ inserted: 1, duplicates: 0, rejected: [] })
    expect(db.inserts).toEqual([[1]])
  })
})
