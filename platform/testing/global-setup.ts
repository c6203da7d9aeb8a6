import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureUiBuild } from '../../ui/build/ensure-build.js'
import { startAppProcess, type AppProcess } from './app-process.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the shared app server every browser and HTTP test can use. */
    appUrl: string
    /** The shared server's fake ESI (demo fakes), with `/_control/*` routes to change what it answers. */
    fakeEsiUrl: string
  }
}

let app: AppProcess | null = null

/**
 * Once per `npm test`: build the UI if its sources changed, then start one real server in demo mode (embedded
 * mode on loopback fakes of ESI; data under var/test-app, kept between runs so the static import happens once)
 * and wait until it serves prices for every hub.
 */
export async function setup(project: TestProject) {
  // `npm run test:unit` (the unit project alone) needs no server.
  if (!project.vitest.projects.some((p) => p.name !== 'unit')) return
  ensureUiBuild()
  app = await startAppProcess({ DATA_DIR: path.resolve('var/test-app'), STATUS_INTERVAL_SECONDS: '5', DEMO_MARKET_REFRESH: '0' }, 300_000, 'api/demo.ts')
  const deadline = Date.now() + 180_000
  for (;;) {
    const status = await fetch(`${app.url}/api/statuses`)
      .then((r) => r.json() as Promise<{ pipeline: { status: string } }>)
      .catch(() => null)
    if (status?.pipeline.status === 'OK') break
    if (Date.now() > deadline) throw new Error(`the test server's market pipeline did not become OK: ${JSON.stringify(status)}\n${app.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 500))
  }
  project.provide('appUrl', app.url)
  project.provide('fakeEsiUrl', app.fakeEsiUrl!)
}

export async function teardown() {
  await app?.stop()
}
