import { defineConfig } from 'vitest/config'

const FOLDERS = '{api,ingest,pipelines,platform,schemas,ui,bench}'
const IGNORED = ['node_modules/**', 'var/**', 'dist/**']

/**
 * Three tiers (docs/testing.md):
 * - unit (`*.test.ts`): pure code, no server, database or broker; `npm run test:unit` is the edit loop;
 * - integration (`*.int.test.ts`): the API over real HTTP, ClickHouse through chDB, Kafka through kcat's broker;
 * - browser (`*.e2e.test.ts`): Playwright driving Chromium against the shared demo server.
 * `npm test` runs all three.
 */
const shared = {
  // chDB is one engine per process: every test file gets its own process.
  pool: 'forks' as const,
  testTimeout: 60_000,
  // expect.poll waits up to 10 s, not vitest's 1 s: on a loaded 2-core CI machine a password check (argon2) or a
  // render can take longer than a second, and a poll that gives up early fails a test whose code is right.
  expect: { poll: { timeout: 10_000 } },
  hookTimeout: 180_000,
}

export default defineConfig({
  test: {
    // Starts the shared demo server once, only when an integration or browser test is to run.
    globalSetup: ['platform/testing/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: [`${FOLDERS}/**/*.test.{ts,tsx}`],
          exclude: [...IGNORED, '**/*.int.test.{ts,tsx}', '**/*.e2e.test.{ts,tsx}'],
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: [`${FOLDERS}/**/*.int.test.{ts,tsx}`],
          exclude: IGNORED,
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: [`${FOLDERS}/**/*.e2e.test.{ts,tsx}`],
          exclude: IGNORED,
        },
      },
    ],
  },
})
