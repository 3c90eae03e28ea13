import { defineConfig } from 'drizzle-kit'

// Generates SQL migrations from the schema; never run against a live data directory.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
})
