import type { FakeEsi } from './server.js'

export interface FakeServerStatus {
  players: number
  server_version: string
  start_time: string
  vip?: boolean
}

/** GET /status as ESI answers it (shape from CCP's own example in the ESI schema). */
export function addStatusRoutes(esi: FakeEsi, status: { current: FakeServerStatus | null }) {
  esi.route('GET', '/status', () =>
    status.current ? { body: status.current, expiresIn: 30 } : { status: 503, body: { error: 'The datasource tranquility is temporarily unavailable' } },
  )
}
