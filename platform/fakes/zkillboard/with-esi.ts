import type { Config } from '../../../schemas/config.js'
import { addKillmailRoutes, newKillmailState, type FakeKillmailState } from '../esi/killmails.js'
import { FakeEsi } from '../esi/server.js'
import { FakeZkill } from './server.js'

export interface KillmailFakes {
  zkill: FakeZkill
  esi: FakeEsi
  /** What the fake ESI knows: killmail bodies (filled by `zkill.push`) and names (`state.names.set(id, …)`). */
  state: FakeKillmailState
  /** Settings that point an app at both fakes (the live feed stays as configured). */
  config: Pick<Config, 'ESI_BASE_URL' | 'ZKILL_R2Z2_URL' | 'ZKILL_BASE_URL'>
  close(): Promise<void>
}

/**
 * A fake zKillboard and a fake ESI that share one killmail store, both listening on loopback: push a kill into the
 * zKillboard feed and ESI serves its body too. For tests of anything that reads kills the way production does.
 */
export async function startKillmailFakes(): Promise<KillmailFakes> {
  const state = newKillmailState()
  const esi = new FakeEsi()
  addKillmailRoutes(esi, state)
  await esi.start()
  const zkill = new FakeZkill(state)
  await zkill.start()
  return {
    zkill,
    esi,
    state,
    config: { ESI_BASE_URL: esi.url, ZKILL_R2Z2_URL: zkill.url, ZKILL_BASE_URL: zkill.url },
    async close() {
      await zkill.close()
      await esi.close()
    },
  }
}
