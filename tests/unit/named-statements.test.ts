import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { isRead, MAX_POSTGRES_STATEMENTS, MAX_STATEMENTS, nameReads, namedStatementQuery, type PGliteQuery } from '../../server/db/named-statements.ts'
import { openPgliteThread } from '../../server/db/pglite-thread.ts'

/** PGlite in this thread (the tests, the scripts) and on its own thread (the server, ADR 072). */
const clients = [
  {
    where: 'in the calling thread',
    open: async () => {
      const client = new PGlite()
      await client.waitReady
      return client
    },
  },
  { where: 'on its own thread', open: () => openPgliteThread({}) },
]

/**
 * PGlite's `query` as named statements (ADR 062) answers exactly what PGlite's own `query` answers —
 * rows, fields, counts, types, errors — waits for an open transaction like it, and parses each SQL
 * text once; on its own thread too, where PGlite's query, exec and transaction run over the thread.
 */
describe.each(clients)('named statements on PGlite $where', ({ open }) => {
  let client: PGlite
  let original: PGliteQuery
  let fast: PGliteQuery

  beforeAll(async () => {
    client = await open()
    original = client.query.bind(client) as PGliteQuery
    fast = namedStatementQuery(client)
    await client.exec(`create table probe (
      id uuid primary key default gen_random_uuid(), label text not null unique, n int, flag boolean, at timestamptz, day date,
      tags text[], doc jsonb, amount numeric(10, 2))`)
  })
  afterAll(async () => {
    await client.close()
  })

  const asked = async (text: string, params: unknown[] = [], options?: Parameters<PGliteQuery>[2]) => {
    const [mine, theirs] = [await fast(text, params, options), await original(text, params, options)]
    return { mine, theirs }
  }

  it('writes, then reads, with the same answers as PGlite in object and array modes', async () => {
    const insert = await fast('insert into probe (label, n, flag, at, day, tags, doc, amount) values ($1, $2, $3, $4, $5, $6, $7, $8) returning label, n', [
      'first "one"',
      7,
      true,
      new Date('2026-11-26T10:00:00.123Z'),
      '2026-11-26',
      ['a', 'b,c', null],
      { nested: { list: [1, 2] } },
      '12.50',
    ])
    expect(insert.rows).toEqual([{ label: 'first "one"', n: 7 }])
    expect(insert.affectedRows).toBe(1)
    await original('insert into probe (label, n) values ($1, $2)', ['second', null])
    for (const rowMode of ['object', 'array'] as const) {
      const { mine, theirs } = await asked('select label, n, flag, at, day, tags, doc, amount from probe where n = $1 or n is null order by label', [7], { rowMode })
      expect(mine.rows).toEqual(theirs.rows)
      expect(mine.fields).toEqual(theirs.fields)
      expect(mine.rows).toHaveLength(2)
    }
    const { mine } = await asked('select at, doc from probe where label = $1', ['first "one"'])
    expect(mine.rows[0]).toEqual({ at: new Date('2026-11-26T10:00:00.123Z'), doc: { nested: { list: [1, 2] } } })
    // A query's own parsers (as drizzle passes them) win for their types; the client's parse the others.
    const own = { parsers: { 1184: (value: string) => `at ${value}` }, rowMode: 'object' as const }
    const parsed = await asked('select at, doc, n from probe where label = $1', ['first "one"'], own)
    expect(parsed.mine.rows).toEqual(parsed.theirs.rows)
    expect(parsed.mine.rows[0]).toEqual({ at: expect.stringMatching(/^at 2026-11-26 10:00:00\.123/), doc: { nested: { list: [1, 2] } }, n: 7 })
    const updated = await asked('update probe set n = n + 1 where label = $1', ['first "one"'])
    expect(updated.mine.affectedRows).toBe(updated.theirs.affectedRows)
    expect(updated.mine.affectedRows).toBe(1)
  })

  it('answers a parser given by the caller (as drizzle gives them) as PGlite does', async () => {
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } }
    const { mine, theirs } = await asked('select at from probe where at is not null', [], options)
    expect(mine.rows).toEqual(theirs.rows)
    expect(typeof (mine.rows[0] as unknown[])[0]).toBe('string')
  })

  it('fails as PGlite fails, with the statement and values on the error, and goes on working', async () => {
    const attempt = (query: PGliteQuery) => query('insert into probe (label) values ($1)', ['second']).then(() => null, (error: unknown) => error)
    const [mine, theirs] = [await attempt(fast), await attempt(original)]
    expect(mine).toMatchObject({ code: '23505', query: 'insert into probe (label) values ($1)', params: ['second'] })
    expect((mine as Error).message).toBe((theirs as Error).message)
    await expect(fast('select nonsense from probe')).rejects.toMatchObject({ code: '42703', query: 'select nonsense from probe' })
    expect((await fast('select count(*)::int as n from probe')).rows).toEqual([{ n: 2 }])
  })

  it('waits for an open transaction to end, as PGlite’s query does', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into probe (label) values ($1)', ['in transaction'])
      await held
    })
    // Give the transaction time to begin; the read must not see (or join) it while it is open.
    await new Promise((resolve) => setTimeout(resolve, 20))
    let read: { rows: unknown[] } | undefined
    const reading = fast('select label from probe where label = $1', ['in transaction']).then((r) => (read = r))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(read).toBeUndefined()
    release()
    await transaction
    await reading
    expect(read!.rows).toEqual([{ label: 'in transaction' }])
  })

  it('parses each text once: the second call of a text adds no statement', async () => {
    const count = async () => (await original('select count(*)::int as n from pg_prepared_statements')).rows[0] as { n: number }
    const before = (await count()).n
    await fast('select label from probe where n = $1 and label <> $2', [1, 'x'])
    const once = (await count()).n
    await fast('select label from probe where n = $1 and label <> $2', [2, 'y'])
    expect(once).toBe(before + 1)
    expect((await count()).n).toBe(once)
  })

  it('prepares a statement again when its table changed shape after it was prepared', async () => {
    await fast('select * from probe where label = $1', ['second'])
    await client.exec('alter table probe add column extra text')
    const { mine, theirs } = await asked('select * from probe where label = $1', ['second'])
    expect(mine.rows).toEqual(theirs.rows)
    expect(Object.keys(mine.rows[0] as object)).toContain('extra')
  })

  it('answers every call in flight when their table changed shape after the statement was prepared', async () => {
    await fast('create table if not exists reshaped (n int not null)')
    await fast('insert into reshaped (n) values ($1)', [1])
    const read = 'select * from reshaped where n = $1'
    await fast(read, [1])
    await client.exec('alter table reshaped add column extra text default $$x$$')
    const answers = await Promise.all(Array.from({ length: 10 }, () => fast(read, [1])))
    for (const answer of answers) expect(answer.rows).toEqual([{ n: 1, extra: 'x' }])
  })

  it('answers many statements in flight at once each with its own rows, in the order they were asked', async () => {
    await fast('create table if not exists turns (n int not null)')
    const asked: Promise<unknown>[] = []
    for (let i = 1; i <= 40; i++) {
      asked.push(fast('insert into turns (n) values ($1)', [i]))
      asked.push(fast('select count(*)::int as seen, max(n) as last from turns').then((r) => r.rows[0]))
    }
    const answers = await Promise.all(asked)
    for (let i = 1; i <= 40; i++) expect(answers[2 * i - 1]).toEqual({ seen: i, last: i })
  })

  it('keeps at most MAX_STATEMENTS texts; the ones after go to PGlite’s query with the same answers', async () => {
    const count = async () => ((await original('select count(*)::int as n from pg_prepared_statements')).rows[0] as { n: number }).n
    for (let i = (await count()); i < MAX_STATEMENTS + 5; i++) await fast(`select ${i}::int as n`)
    expect(await count()).toBe(MAX_STATEMENTS)
    expect((await fast(`select ${MAX_STATEMENTS + 100}::int as n`)).rows).toEqual([{ n: MAX_STATEMENTS + 100 }])
    expect(await count()).toBe(MAX_STATEMENTS)
  })
})

/**
 * On PostgreSQL (the suite's PostgreSQL run): the pool's reads get names, so each connection parses a
 * text once; writes stay unnamed; answers are node-postgres' own; a read whose table changed shape runs
 * again unnamed.
 */
// Only in the PostgreSQL run (registered there, not skipped elsewhere), as tests/unit/query-many-rows.test.ts.
const postgresRuns = process.env.DATABASE_URL ? [{ url: process.env.DATABASE_URL }] : []

describe.each(postgresRuns)('named reads on PostgreSQL', ({ url }) => {
  let pool: pg.Pool
  let plain: pg.Pool
  const table = `named_reads_${Math.random().toString(36).slice(2, 10)}`
  const prepared = async (client: pg.PoolClient) => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement)

  beforeAll(async () => {
    // One connection, so the statements it prepared can be read from it.
    pool = new pg.Pool({ connectionString: url, max: 1 })
    plain = new pg.Pool({ connectionString: url, max: 1 })
    nameReads(pool)
    await pool.query(`create table ${table} (id serial primary key, label text not null, at timestamptz)`)
  })
  afterAll(async () => {
    await plain.query(`drop table if exists ${table}`)
    await Promise.all([pool.end(), plain.end()])
  })

  it('answers as node-postgres does, preparing each read once and no write', async () => {
    const insert = { text: `insert into ${table} (label, at) values ($1, $2)` }
    await pool.query(insert, ['one', new Date('2026-11-26T10:00:00Z')])
    await pool.query(insert, ['two', null])
    const read = { text: `select label, at from ${table} where label <> $1 order by id`, rowMode: 'array' as const }
    const mine = await pool.query(read, ['x'])
    const theirs = await plain.query(read, ['x'])
    expect(mine.rows).toEqual(theirs.rows)
    expect(mine.rows).toEqual([['one', new Date('2026-11-26T10:00:00Z')], ['two', null]])
    await pool.query(read, ['y'])
    const client = await pool.connect()
    try {
      const statements = await prepared(client)
      expect(statements.filter((s) => s.includes(table))).toEqual([read.text])
    } finally {
      client.release()
    }
  })

  it('runs a read again unnamed when its table changed shape after it was prepared', async () => {
    const read = { text: `select * from ${table} order by id` }
    expect((await pool.query(read)).rows).toHaveLength(2)
    await plain.query(`alter table ${table} add column extra text default 'x'`)
    const after = await pool.query(read)
    expect(after.rows[0]).toMatchObject({ label: 'one', extra: 'x' })
    expect((await pool.query(read)).rows).toHaveLength(2)
  })

  it('names at most MAX_POSTGRES_STATEMENTS texts; the rest run unnamed', async () => {
    for (let i = 0; i < MAX_POSTGRES_STATEMENTS + 5; i++) await pool.query({ text: `select ${i}::int as n` })
    const client = await pool.connect()
    try {
      expect((await prepared(client)).length).toBeLessThanOrEqual(MAX_POSTGRES_STATEMENTS)
    } finally {
      client.release()
    }
    expect((await pool.query({ text: `select ${MAX_POSTGRES_STATEMENTS + 100}::int as n` })).rows).toEqual([{ n: MAX_POSTGRES_STATEMENTS + 100 }])
  })
})

describe('which statements are reads', () => {
  it('a select, in parentheses too (a union as drizzle writes it), or after a WITH list of selects; nothing that writes', () => {
    for (const text of [
      'select 1',
      '  SELECT * from t',
      '(select 1) union all (select 2)',
      '\n((select 1))',
      'with x as (select 1 as a) select * from x',
      'WITH x AS (select updated_at, deleted_at from t) select a from x union all select b from x',
    ])
      expect(isRead(text), text).toBe(true)
    for (const text of [
      'insert into t values (1)',
      'update t set a = 1',
      'with x as (select 1) insert into t select * from x',
      'with x as (select 1), saved as (update t set a = 1 from x) select * from x',
      'WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone',
      'with x as (select 1) merge into t using x on true when matched then do nothing',
      'delete from t',
      '(insert)',
      'selection',
      'without',
    ])
      expect(isRead(text), text).toBe(false)
  })
})
