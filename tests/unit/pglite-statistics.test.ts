import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows, type Database } from '../../server/db/client.ts'

// In the calling thread, and on its own thread as the server runs it (ADR 072).
describe.each([{ thread: false }, { thread: true }])('PGlite planner statistics (no autovacuum there), thread: $thread', ({ thread }) => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', thread })
  })
  afterAll(() => database.close())

  it('every table has been analysed once the database is open, and analyze() refreshes the counts', async () => {
    const never = await queryRows<{ relname: string }>(database.db, sql`select relname from pg_stat_user_tables where last_analyze is null`)
    expect(never).toEqual([])

    await database.db.execute(sql`insert into rate_limits (key, count, reset_at) select 'k' || g, 1, now() from generate_series(1, 500) g`)
    const before = await queryRows<{ n: number }>(database.db, sql`select reltuples::int as n from pg_class where relname = 'rate_limits'`)
    expect(before[0]?.n).toBeLessThan(500)
    await database.analyze()
    const after = await queryRows<{ n: number }>(database.db, sql`select reltuples::int as n from pg_class where relname = 'rate_limits'`)
    expect(after[0]?.n).toBe(500)
  })

  it('analyzeIfGrown() refreshes them once a table has grown past its statistics, and only then', async () => {
    await database.analyze()
    expect(await database.analyzeIfGrown()).toBe(false)
    const counted = async () => (await queryRows<{ n: number }>(database.db, sql`select reltuples::int as n from pg_class where relname = 'rate_limits'`))[0]?.n
    const before = await counted()
    await database.db.execute(sql`insert into rate_limits (key, count, reset_at) select 'grown' || g, 1, now() from generate_series(1, 3000) g`)
    expect(await counted()).toBe(before)
    expect(await database.analyzeIfGrown()).toBe(true)
    expect(await counted()).toBe((before ?? 0) + 3000)
    expect(await database.analyzeIfGrown()).toBe(false)
  })
})
