import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{api,ingest,pipelines,platform,schemas,ui,bench}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'var/**', 'dist/**'],
    // chDB is one engine per process: every test file gets its own process.
    pool: 'forks',
    testTimeout: 60_000,
    // expect.poll waits up to 10 s, not vitest's 1 s: on a loaded 2-core CI machine a password check (argon2) or a
    // render can take longer than a second, and a poll that gives up early fails a test whose code is right.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    globalSetup: ['platform/testing/global-setup.ts'],
  },
})
