import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryManyRows, queryRows, type Database } from '../../server/db/client.ts'

/**
 * `queryManyRows` answers as `queryRows` does: on PGlite through one JSON value (ADR 059), on
 * PostgreSQL (when the run has DATABASE_URL) as rows. Run on each database the suite runs on.
 */
const targets = [{ name: 'PGlite', options: { dataDir: 'memory://', migrate: false } }, ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', options: { databaseUrl: process.env.DATABASE_URL, migrate: false } }] : [])]

describe.each(targets)('queryManyRows on $name', ({ options }) => {
  let database: Database
  // A table of its own (not temporary: the PostgreSQL pool may answer on another connection).
  const table = sql.identifier(`many_rows_probe_${Math.random().toString(36).slice(2, 10)}`)
  beforeAll(async () => {
    database = await openDatabase(options)
    await database.db.execute(sql`create table ${table} (id uuid primary key, label text not null, n int not null, flag boolean not null, day date not null, hits int not null default 0)`)
  })
  afterAll(async () => {
    await database.db.execute(sql`drop table if exists ${table}`)
    await database.close()
  })

  it('answers the same rows, keys and types as queryRows, and none as an empty list', async () => {
    await database.db.execute(
      sql`insert into ${table} (id, label, n, flag, day) select gen_random_uuid(), 'row "' || g || E'"\n', g, g % 2 = 0, date '2026-01-01' + g from generate_series(1, 50) g`,
    )
    const query = sql`select id, label, n as "count", flag, day::text as "day" from ${table} order by n`
    const many = await queryManyRows<{ id: string; label: string; count: number; flag: boolean; day: string }>(database.db, query)
    expect(many).toEqual(await queryRows(database.db, query))
    expect(many).toHaveLength(50)
    expect(many[1]).toEqual({ id: expect.any(String), label: 'row "2"\n', count: 2, flag: true, day: '2026-01-03' })
    expect(await queryManyRows(database.db, sql`select id from ${table} where n < 0`)).toEqual([])
  })

  it('keeps its WITH list at the top of the statement, where a data-modifying one runs once', async () => {
    const rows = await queryManyRows<{ n: number }>(
      database.db,
      sql`select n from bumped order by n`,
      sql`bumped as (update ${table} set hits = hits + 1 where n <= 3 returning n)`,
    )
    expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    const hits = await queryRows<{ hits: number }>(database.db, sql`select hits from ${table} where n <= 4 order by n`)
    expect(hits.map((h) => h.hits)).toEqual([1, 1, 1, 0])
  })
})
