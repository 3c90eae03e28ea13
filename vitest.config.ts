import { defineConfig } from 'vitest/config'
import { remixI18nextDetectionOnly } from './vite.config.ts'

export default defineConfig({
  // As in the app's build: remix-i18next's middleware builds no i18next instance per request (ADR 070).
  plugins: [remixI18nextDetectionOnly()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // One migrated PGlite database per run, copied by each in-memory test app (tests/support/migrated-database.ts).
    globalSetup: ['tests/support/migrated-database.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: PGlite instances are heavy, keep parallelism modest.
    maxWorkers: 2,
    // remix-i18next goes through Vite (and the plugin above), not Node's own loader.
    server: { deps: { inline: ['remix-i18next'] } },
  },
})
