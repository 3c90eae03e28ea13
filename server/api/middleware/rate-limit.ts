import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rateLimits } from '../../db/schema.ts'
import { tooManyRequests } from '../errors.ts'

export interface Limit {
  /** What is counted, e.g. `login:ip:203.0.113.7`. */
  key: string
  max: number
  windowSeconds: number
}

/**
 * Count one hit against a fixed window kept in the database, so the limit holds across processes.
 * One atomic upsert: no read-then-write race. Throws 429 with Retry-After once over the limit.
 */
export async function hit(db: Db, limit: Limit): Promise<void> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`
  const rows = await db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
  const row = rows[0]
  if (row && row.count > limit.max) {
    const seconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - Date.now()) / 1000))
    throw tooManyRequests(seconds)
  }
}

/** Forget a counter (e.g. after a successful login). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`)
}
