import type { ClickHouseClient } from '../clickhouse/client.js'

/** Which snapshot is the newest complete one, and the rows of each snapshot that wait (gates) before answering. */
export interface SnapshotState {
  latest: number
  gates: Map<number, Promise<void>>
}

/**
 * A ClickHouse for a store that holds the newest snapshot in memory: the query naming `latestTable` answers
 * `latest(state.latest)`, every other query (with a `{s}` snapshot parameter) waits for that snapshot's gate, if
 * any, and answers `snapshot(query, s)`.
 */
export function fakeSnapshotClickHouse(answers: {
  latestTable: string
  latest: (latest: number) => unknown[]
  snapshot: (query: string, snapshot: number) => unknown[]
}) {
  const state: SnapshotState = { latest: 1, gates: new Map() }
  const ch = {
    query: async ({ query, query_params }: { query: string; query_params: { s?: number } }) => {
      if (query.includes(answers.latestTable)) return { json: async () => answers.latest(state.latest) }
      const snapshot = Number(query_params.s)
      await state.gates.get(snapshot)
      return { json: async () => answers.snapshot(query, snapshot) }
    },
  }
  return { ch: ch as unknown as ClickHouseClient, state }
}

/**
 * The race of a minute check and an announcement: a refresh finds snapshot 5 and loads it slowly; meanwhile another
 * finds snapshot 6 and loads it at once (`whileOlderLoads` runs then); then the slow load finishes.
 */
export async function raceTwoRefreshes(store: { refresh(): Promise<void> }, state: SnapshotState, whileOlderLoads: () => void = () => {}) {
  let release!: () => void
  state.gates.set(5, new Promise<void>((r) => (release = r)))
  state.latest = 5
  const slow = store.refresh()
  await new Promise((r) => setTimeout(r, 10))
  state.latest = 6
  await store.refresh()
  whileOlderLoads()
  release()
  await slow
}
