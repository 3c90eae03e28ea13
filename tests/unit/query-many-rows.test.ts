import { asc, sql } from 'drizzle-orm'
import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manyRowsOf, openDatabase, queryManyRows, queryRows, type Database } from '../../server/db/client.ts'

/**
 * `queryManyRows` answers as `queryRows` does: on PGlite through one JSON value (ADR 059), on
 * PostgreSQL (when the run has DATABASE_URL) as rows. Run on each database the suite runs on.
 */
const targets = [
  { name: 'PGlite', options: { dataDir: 'memory://', migrate: false } },
  { name: 'PGlite on its own thread', options: { dataDir: 'memory://', migrate: false, thread: true } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', options: { databaseUrl: process.env.DATABASE_URL, migrate: false } }] : []),
]

describe.each(targets)('queryManyRows and manyRowsOf on $name', ({ name, options }) => {
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
  it('manyRowsOf answers a drizzle select as it is answered outside it, through json_agg on PGlite only', async () => {
    const probeName = `many_rows_typed_${Math.random().toString(36).slice(2, 10)}`
    const typed = pgTable(probeName, {
      id: uuid().primaryKey(),
      label: text().notNull(),
      n: integer().notNull(),
      amount: numeric({ mode: 'number' }),
      flag: boolean().notNull(),
      day: date({ mode: 'string' }).notNull(),
      at: timestamp({ withTimezone: true }).notNull(),
      options: jsonb().$type<{ label: string; fails: boolean }[]>(),
      tags: text().array(),
    })
    const name_ = sql.identifier(probeName)
    await database.db.execute(
      sql`create table ${name_} (id uuid primary key, label text not null, n int not null, amount numeric, flag boolean not null, day date not null, at timestamptz not null, options jsonb, tags text[])`,
    )
    try {
      await database.db.execute(
        sql`insert into ${name_} select gen_random_uuid(), 'l' || g, g, case when g % 3 = 0 then null else g * 1.25 end, g % 2 = 0, date '2026-03-01' + g,
          timestamptz '2026-03-01 10:15:30.123456+00' + g * interval '1 hour', case when g % 2 = 0 then '[{"label":"Yes","fails":false}]'::jsonb end, array['a', 'b' || g] from generate_series(1, 40) g`,
      )
      const select = () =>
        database.db
          .select({ id: typed.id, label: typed.label, n: typed.n, amount: typed.amount, flag: typed.flag, day: typed.day, at: typed.at, options: typed.options, tags: typed.tags, twice: sql<number>`${typed.n} * 2`.mapWith(Number) })
          .from(typed)
          .orderBy(asc(typed.n))
      const plain = await select()
      const many = await manyRowsOf(() => select())
      expect(many).toEqual(plain)
      expect(many[1]).toEqual({ id: expect.any(String), label: 'l2', n: 2, amount: 2.5, flag: true, day: '2026-03-03', at: new Date('2026-03-01T12:15:30.123Z'), options: [{ label: 'Yes', fails: false }], tags: ['a', 'b2'], twice: 4 })
      expect(many[2]?.amount).toBeNull()
      // The statement PGlite ran inside manyRowsOf aggregated the rows; on PostgreSQL it ran as written.
      const [seen] = await manyRowsOf(() => database.db.select({ text: sql<string>`current_query()` }).from(typed).limit(1))
      expect(seen!.text.includes('json_agg')).toBe(name.startsWith('PGlite'))
      const [outside] = await database.db.select({ text: sql<string>`current_query()` }).from(typed).limit(1)
      expect(outside!.text).not.toContain('json_agg')
    } finally {
      await database.db.execute(sql`drop table if exists ${name_}`)
    }
  })
})
