import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createClickHouse, queryRows, type ClickHouseClient } from '../clickhouse/client.js'
import { migrate } from '../clickhouse/migrate.js'
import { createLogger } from '../log.js'
import { addNameRoutes } from '../fakes/esi/names.js'
import { FakeEsi } from '../fakes/esi/server.js'
import type { EsiNameCategory } from './names.js'
import { EsiClient, esiUserAgent } from './client.js'
import { resolveNames } from './names.js'

const directory = new Map<number, { name: string; category: EsiNameCategory }>([
  [90000001, { name: 'Pilot One', category: 'character' }],
  [90000002, { name: 'Pilot Two', category: 'character' }],
  [98000001, { name: 'Hole Control', category: 'corporation' }],
  [98000002, { name: 'Roaming Gang', category: 'corporation' }],
  [99000001, { name: 'Deep Space Alliance', category: 'alliance' }],
])
/** An id ESI does not know (its batch is refused with a 404 and split). */
const UNKNOWN = 91999999

const fakeEsi = new FakeEsi()
let esi: EsiClient
let ch: ClickHouseClient
let dataDir: string
let logged: Array<{ level: number; msg: string; err?: { message?: string } }>
let log: pino.Logger

/** The real client, except that `method` (insert or query) always fails, as when ClickHouse refuses or times out. */
function failing(client: ClickHouseClient, method: 'insert' | 'query'): ClickHouseClient {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === method) return async () => Promise.reject(new Error(`ClickHouse ${method} refused (test)`))
      const value = Reflect.get(target, prop, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

const namesAsked = () => fakeEsi.requests.filter((r) => r.path.startsWith('/universe/names')).length
const stored = (ids: number[]) =>
  queryRows<{ id: string | number; name: string }>(ch, 'SELECT id, name FROM eve_names FINAL WHERE id IN {ids:Array(UInt64)} ORDER BY id', { ids }).then(
    (rows) => rows.map((r) => [Number(r.id), r.name]),
  )

beforeAll(async () => {
  addNameRoutes(fakeEsi, directory)
  await fakeEsi.start()
  esi = new EsiClient({ baseUrl: fakeEsi.url, userAgent: esiUserAgent('9.9.9', 'ops@example.com'), log: createLogger('silent'), backoffMs: 10, retries: 0 })
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-esi-names-'))
  ch = await createClickHouse({
    DATA_DIR: dataDir,
    CLICKHOUSE_URL: undefined,
    CLICKHOUSE_USER: 'default',
    CLICKHOUSE_PASSWORD: '',
    CLICKHOUSE_DATABASE: 'default',
  })
  await migrate(ch)
})
afterAll(async () => {
  await ch?.close()
  await fakeEsi.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(() => {
  fakeEsi.clearInjected()
  logged = []
  log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) })
})

describe('resolveNames', () => {
  it('stores what ESI names and asks ESI only once', async () => {
    const ids = [90000001, 98000001, UNKNOWN]
    const before = namesAsked()
    expect(await resolveNames(ch, esi, ids, log)).toEqual(
      new Map([
        [90000001, 'Pilot One'],
        [98000001, 'Hole Control'],
      ]),
    )
    expect(namesAsked()).toBeGreaterThan(before)
    expect(await stored(ids)).toEqual([
      [90000001, 'Pilot One'],
      [UNKNOWN, ''],
      [98000001, 'Hole Control'],
    ])

    const again = namesAsked()
    expect(await resolveNames(ch, esi, ids, log)).toEqual(
      new Map([
        [90000001, 'Pilot One'],
        [98000001, 'Hole Control'],
      ]),
    )
    expect(namesAsked()).toBe(again)
  })

  it("answers with ESI's names when storing them fails, logs it, and stores them on the next call", async () => {
    const ids = [90000002, 98000002, UNKNOWN + 1]
    const expected = new Map([
      [90000002, 'Pilot Two'],
      [98000002, 'Roaming Gang'],
    ])

    expect(await resolveNames(failing(ch, 'insert'), esi, ids, log)).toEqual(expected)
    expect(logged).toContainEqual(expect.objectContaining({ level: 40, err: expect.objectContaining({ message: 'ClickHouse insert refused (test)' }) }))
    expect(await stored(ids)).toEqual([])

    // Nothing was remembered as stored: the next call asks ESI again and this time stores the names.
    const before = namesAsked()
    expect(await resolveNames(ch, esi, ids, log)).toEqual(expected)
    expect(namesAsked()).toBeGreaterThan(before)
    expect(await stored(ids)).toEqual([
      [90000002, 'Pilot Two'],
      [UNKNOWN + 1, ''],
      [98000002, 'Roaming Gang'],
    ])
  })

  it('asks ESI for every id when the stored names cannot be read, and still stores its answer', async () => {
    const ids = [90000001, 99000001]
    expect(await stored([90000001])).toEqual([[90000001, 'Pilot One']]) // stored by the first test, but unreadable now

    const before = namesAsked()
    expect(await resolveNames(failing(ch, 'query'), esi, ids, log)).toEqual(
      new Map([
        [90000001, 'Pilot One'],
        [99000001, 'Deep Space Alliance'],
      ]),
    )
    expect(namesAsked()).toBe(before + 1)
    expect(logged).toContainEqual(expect.objectContaining({ level: 40, err: expect.objectContaining({ message: 'ClickHouse query refused (test)' }) }))
    expect(await stored([99000001])).toEqual([[99000001, 'Deep Space Alliance']])
  })

  it('answers an empty map, without throwing, when neither the stored names nor ESI can be read', async () => {
    fakeEsi.failNext('/universe/names', 503)
    expect(await resolveNames(failing(failing(ch, 'query'), 'insert'), esi, [98000002], log)).toEqual(new Map())
    expect(logged.filter((l) => l.level === 40)).toHaveLength(2) // the read, then ESI
  })
})
