import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{api,ingest,pipelines,schemas,ui,bench}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'var/**', 'dist/**'],
    // chDB is one engine per process: every test file gets its own process.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['api/testing/global-setup.ts'],
  },
})
