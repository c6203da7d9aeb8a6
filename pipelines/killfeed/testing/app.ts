import { startFakeDiscordWebhook, type FakeDiscordWebhook } from '../../../platform/testing/discord-webhook-fake.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import type { EsiName } from '../../../platform/esi/names.js'
import { addNameRoutes } from '../../../platform/fakes/esi/names.js'
import { FakeEsi } from '../../../platform/fakes/esi/server.js'
import type { Config } from '../../../schemas/config.js'
import { FIXTURE_NAMES } from './kills.js'

export interface KillfeedTestApp {
  app: TestApp
  esi: FakeEsi
  discord: FakeDiscordWebhook
  close(): Promise<void>
}

/**
 * An app of its own wired to the killfeed's outside services as loopback fakes: ESI names (the fixture kills'
 * names plus `names`) and a Discord webhook receiver that every route's posts reach.
 */
export async function startKillfeedTestApp(overrides: Partial<Config> = {}, names: EsiName[] = []): Promise<KillfeedTestApp> {
  const esi = new FakeEsi()
  addNameRoutes(esi, { entries: [...FIXTURE_NAMES, ...names] })
  await esi.start()
  const discord = await startFakeDiscordWebhook()
  const app = await startTestApp({ ESI_BASE_URL: esi.url, DISCORD_API_BASE_URL: new URL(discord.url).origin, ...overrides })
  return {
    app,
    esi,
    discord,
    async close() {
      await app.close()
      await discord.close()
      await esi.close()
    },
  }
}
