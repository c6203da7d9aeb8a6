import type { FakeEsi } from './server.js'

export interface FakeServerStatus {
  players: number
  server_version: string
  start_time: string
  vip?: boolean
}

/** GET /status as ESI answers it (shape from CCP's own example in the ESI schema). */
/** `expiresIn`: the cache time announced (ESI: 30 s); a test on a fake clock, whose seconds pass faster than ESI's cache expires, sets 0. */
export function addStatusRoutes(esi: FakeEsi, status: { current: FakeServerStatus | null; expiresIn?: number }) {
  esi.route('GET', '/status', () =>
    status.current
      ? { body: status.current, expiresIn: status.expiresIn ?? 30 }
      : { status: 503, body: { error: 'The datasource tranquility is temporarily unavailable' } },
  )
}
