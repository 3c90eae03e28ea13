import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: PGlite instances are heavy, keep parallelism modest.
    maxWorkers: 2,
  },
})
