import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureUiBuild } from '../../ui/build/ensure-build.js'
import { startAppProcess, type AppProcess } from './app-process.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the shared app server every browser and HTTP test can use. */
    appUrl: string
  }
}

let app: AppProcess | null = null

/**
 * Once per `npm test`: build the UI if its sources changed, then start one real app server (embedded mode,
 * its own data directory under var/test-app) for the browser and HTTP tests to share.
 */
export async function setup(project: TestProject) {
  ensureUiBuild()
  app = await startAppProcess({ DATA_DIR: path.resolve('var/test-app') })
  project.provide('appUrl', app.url)
}

export async function teardown() {
  await app?.stop()
}
