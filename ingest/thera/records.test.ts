import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_FIXTURES_DIR } from '../../platform/fakes/api-fixtures.js'
import { connectionsFromFeed } from './records.js'

const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(API_FIXTURES_DIR, 'eve-scout', name), 'utf8')) as unknown[]

describe("EVE-Scout's signatures feed", () => {
  it('reads every connection of the real feed: 18 in Thera and 10 in Turnur, with the far system and the hole', () => {
    const parsed = connectionsFromFeed(fixture('signatures.2026-10-05.eve-router-fixture.json'))!
    expect(parsed.skipped).toBe(0)
    expect(parsed.connections.filter((c) => c.hub === 'Thera')).toHaveLength(18)
    expect(parsed.connections.filter((c) => c.hub === 'Turnur')).toHaveLength(10)
    expect(parsed.connections.find((c) => c.id === '75052')).toEqual({
      id: '75052',
      hub: 'Turnur',
      hub_system_id: 30002086,
      hub_signature: 'ROW-748',
      system_id: 30045348,
      system_name: 'Notoras',
      system_class: 'ls',
      region_id: 10000069,
      region_name: 'Black Rise',
      signature: 'ZYM-450',
      wh_type: 'N944',
      type_side: 'hub',
      max_ship_size: 'capital',
      scanned_at: '2026-10-04T21:00:29.000Z',
      updated_at: '2026-10-04T21:08:30.000Z',
      expires_at: '2026-10-05T22:00:29.000Z',
    })
  })

  it('reads the full-field record of 2023 (scout names and all), and a numeric id', () => {
    const [record] = fixture('signature.2023-12-02.full-fields.smt-comment.json') as Array<Record<string, unknown>>
    const parsed = connectionsFromFeed([{ ...record, id: 46 }])!
    expect(parsed.connections).toHaveLength(1)
    expect(parsed.connections[0]).toMatchObject({ id: '46', hub: 'Thera', system_name: 'Moutid', wh_type: 'Q063', type_side: 'hub', max_ship_size: 'medium' })
  })

  it('leaves out rows whose far side is not scanned and rows of other kinds, and counts malformed ones', () => {
    const [record] = fixture('signature.2023-12-02.full-fields.smt-comment.json') as Array<Record<string, unknown>>
    const parsed = connectionsFromFeed([
      { ...record, completed: false, in_system_id: null },
      { ...record, signature_type: 'combat' },
      { ...record, out_system_name: 'Jita' },
      { ...record, expires_at: 'soon' },
      'not a record',
      { ...record, max_ship_size: 'enormous' },
    ])!
    expect(parsed.skipped).toBe(3)
    expect(parsed.connections).toHaveLength(1)
    expect(parsed.connections[0].max_ship_size).toBe('unknown')
  })

  it('answers null for an answer that is not a list', () => {
    expect(connectionsFromFeed({ message: 'Internal Server Error' })).toBeNull()
  })
})
