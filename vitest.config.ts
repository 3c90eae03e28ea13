import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // One migrated PGlite database per run, copied by each in-memory test app (tests/support/migrated-database.ts).
    globalSetup: ['tests/support/migrated-database.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: PGlite instances are heavy, keep parallelism modest.
    maxWorkers: 2,
  },
})
