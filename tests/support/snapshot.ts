/**
 * Everything the database holds, as one digest per table: what a request that must change nothing
 * (a refused one, a GET, a page's loader) is checked against, before and after.
 */
import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import type { TestApp } from './app.ts'

export async function snapshot(t: Pick<TestApp, 'db'>): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )
  const out: Record<string, string> = {}
  for (const { name } of tables) {
    const rows = await queryRows<{ d: string | null }>(t.db, sql.raw(`select md5(string_agg(x::text, '|' order by x::text)) as d from "${name}" x`))
    out[name] = rows[0]?.d ?? 'empty'
  }
  return out
}
