/**
 * `npm run demo`: the whole site offline, against loopback fakes of ESI (server status, market order books seeded
 * around real reference prices and SDE base prices). Every page shows a 'demo data' banner.
 */
import { loadConfig } from '../schemas/config.js'
import { createLogger } from '../platform/log.js'
import { startDemoFakes } from '../platform/fakes/demo.js'
import { FakeEveScout } from '../platform/fakes/eve-scout/server.js'
import { demoEntities } from '../platform/fakes/demo-kills.js'
import { killHash, makeKillmail, makeZkb } from '../platform/fakes/zkillboard/killmails.js'
import { KillmailsTopic } from '../schemas/killmails.js'
import { publish } from '../platform/stream/typed.js'
import { startApp } from './boot.js'
import { ensureDemoAdmin } from './demo-admin.js'

const base = loadConfig()
const log = createLogger(base.LOG_LEVEL)
const fakes = await startDemoFakes({
  dataDir: base.DATA_DIR,
  communityDir: base.COMMUNITY_DATA_DIR,
  port: process.env.DEMO_ESI_PORT ? Number(process.env.DEMO_ESI_PORT) : 0,
  // The shared test server keeps its books still (DEMO_MARKET_REFRESH=0), so a snapshot landing mid-test moves no price.
  marketRefresh: process.env.DEMO_MARKET_REFRESH !== '0',
})
// EVE-Scout's real recorded feed (Thera and Turnur connections), its times moved to now.
const eveScout = new FakeEveScout()
await eveScout.start()
const config = loadConfig({
  ...process.env,
  ESI_BASE_URL: fakes.esi.url,
  ZKILL_R2Z2_URL: fakes.zkill.url,
  ZKILL_BASE_URL: fakes.zkill.url,
  ZKILL_FEED_ENABLED: '1',
  EVE_SCOUT_BASE_URL: eveScout.url,
  DEMO: '1',
})
process.stdout.write(`FAKE_ESI ${fakes.esi.url}\n`)

try {
  const app = await startApp(config, { log })
  const shutdown = async () => {
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    await app.stop()
    await fakes.close()
    await eveScout.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown())
  process.on('SIGTERM', () => void shutdown())
  // A week of kill history through the same topic the zKillboard feed publishes to, and a tracked pilot for /demo-pilot.
  await publish(
    app.ctx.stream,
    KillmailsTopic,
    fakes.history.map(({ spec, value }) => ({
      key: String(spec.id),
      value: {
        killmail_id: spec.id,
        hash: killHash(spec.id),
        esi: makeKillmail(spec),
        zkb: makeZkb(spec.id, value),
        source: 'backfill' as const,
        received_at: new Date().toISOString(),
      },
    })),
  )
  const pilot = demoEntities().pilots[0]
  await app.ctx.ch.insert({
    table: 'tracked_players',
    format: 'JSONEachRow',
    values: [{ path: 'demo-pilot', display_name: pilot.name, character_ids: [pilot.id], deleted: false }],
  })
  const admin = await ensureDemoAdmin(app.ctx.ch)
  process.stdout.write(`Killfeed admin for this demo run: username ${admin.username}, password ${admin.password} (a new one each start)\n`)
  if (app.api) process.stdout.write(`LISTENING ${app.api.url}\n`)
  log.info({ url: app.api?.url, fakeEsi: fakes.esi.url }, 'demo running on built-in fakes')
} catch (err) {
  log.fatal({ err }, 'demo failed to start')
  await fakes.close()
  await eveScout.close()
  process.exit(1)
}
