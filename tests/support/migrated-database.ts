/**
 * Vitest global setup: the migrated PGlite database every in-memory test app starts from, made once
 * per run instead of once per test file (initdb and every migration take seconds each time).
 * On PGlite (no DATABASE_URL) one in-memory database is migrated and dumped to a file, and each
 * in-memory `createTestApp` loads its own copy from the dump (about 2 s less per test file). On
 * PostgreSQL nothing is made: creating and migrating a database there is already quick (a template
 * database measured no faster). The migrations still run when a test app opens its database (all
 * applied: a check of the journal).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated data directory's dump, when the tests run on PGlite. */
    pgliteSnapshot: string | null
  }
}

export default async function setup(project: TestProject) {
  const { openDatabase } = await import('../../server/db/client.ts')
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', null)
    return
  }
  const database = await openDatabase({ dataDir: 'memory://' })
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none')
  await database.close()
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mise-pglite-')), 'migrated.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true })
}
