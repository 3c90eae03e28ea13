/**
 * Data for the checklist-page benchmarks of scripts/bench.ts (sections 4 and 5 of docs/benchmarks.md).
 *
 *   - `seedChecklists`: through the running server's API, as a user would: an organisation, its venues,
 *     30 checklists × 20 items, and today's records for every other item at the measured venue.
 *   - `addYearOfRecords`: a year of checklist records for every venue, straight into the database with
 *     one `insert … select … generate_series` per venue (the API would take hours). On PostgreSQL it
 *     runs from the bench process while the server keeps running; on PGlite the server is stopped first
 *     and the bench's child process `node scripts/bench.ts fill-pglite <dataDir> <plan json>` runs it.
 */
import path from 'node:path'
import { TEMPERATURE_YEAR_SQL } from './temperatures.ts'

export const CHECKLISTS = 30
export const ITEMS_PER_CHECKLIST = 20
export const VENUES = 10
export const YEAR_DAYS = 365
/** Item types, in turn: the detail page shows one form per item, by type. */
const ITEM_TYPES = ['check', 'yes_no', 'number', 'text'] as const
/** The value each type is completed with (all `done`). */
const VALUES: Record<(typeof ITEM_TYPES)[number], string | null> = { check: null, yes_no: 'yes', number: '3', text: 'OK' }

export interface ChecklistData {
  orgId: string
  venueIds: string[]
  /** The venue the pages are measured at (venueIds[0]). */
  venueId: string
  /** Checklist ids in creation order; the detail page is measured on the first. */
  checklistIds: string[]
  /** Today at the measured venue (yyyy-MM-dd), as the API reports it. */
  today: string
  items: number
  recordsToday: number
  requests: number
  seconds: number
}

export interface Api {
  (method: 'GET' | 'POST' | 'PUT', urlPath: string, body?: unknown, expected?: number): Promise<any>
  count: number
}

export function apiClient(base: string, cookie: string): Api {
  const call = (async (method: 'GET' | 'POST' | 'PUT', urlPath: string, body?: unknown, expected = method === 'POST' ? 201 : 200) => {
    call.count++
    const res = await fetch(base + urlPath, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (res.status !== expected) throw new Error(`${method} ${urlPath} answered ${res.status} (expected ${expected}): ${text.slice(0, 500)}`)
    return text ? JSON.parse(text) : undefined
  }) as Api
  call.count = 0
  return call
}

/** Run `tasks` with at most `n` in flight, keeping their order in the result. */
export async function inParallel<T>(n: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      results[i] = await tasks[i]!()
    }
  }
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, worker))
  return results
}

/** A few requests in flight at once: enough to overlap HTTP work, not so many that PGlite queues them. */
export const SEED_CONCURRENCY = 4

/**
 * Through the API, signed in with `cookie` (a freshly registered user): an organisation (Europe/London)
 * with VENUES venues, CHECKLISTS checklists (every venue, every day, no due time) of ITEMS_PER_CHECKLIST
 * items each (check, yes/no, number 0–5, text, in turn), and today's record for every other item of
 * every checklist at the first venue (half the items, all `done`).
 */
export async function seedChecklists(base: string, cookie: string): Promise<ChecklistData> {
  const started = performance.now()
  const api = apiClient(base, cookie)
  const { organisation } = await api('POST', '/v1/orgs', { name: 'Bench Kitchens', timeZone: 'Europe/London' })
  const orgId = organisation.id as string
  // The Free plan allows one venue: the owner switches to Pro (self-hosted billing, nothing is paid).
  await api('PUT', `/v1/orgs/${orgId}/billing/plan`, { plan: 'pro' }, 200)
  const venueIds: string[] = []
  for (let v = 1; v <= VENUES; v++) {
    const { venue } = await api('POST', `/v1/orgs/${orgId}/venues`, { name: `Venue ${String(v).padStart(2, '0')}`, address: `${v} Bench Street` })
    venueIds.push(venue.id as string)
  }
  const venueId = venueIds[0]!

  const checklists = await inParallel(
    SEED_CONCURRENCY,
    Array.from({ length: CHECKLISTS }, (_, c) => async () => {
      const { checklist } = await api('POST', `/v1/orgs/${orgId}/checklists`, {
        name: `Checklist ${String(c + 1).padStart(2, '0')}`,
        description: 'Opening, service and closing checks for the bench.',
      })
      const items: Array<{ id: string; type: (typeof ITEM_TYPES)[number] }> = []
      // One after another: each item takes the next position.
      for (let i = 0; i < ITEMS_PER_CHECKLIST; i++) {
        const type = ITEM_TYPES[i % ITEM_TYPES.length]!
        const { item } = await api('POST', `/v1/orgs/${orgId}/checklists/${checklist.id}/items`, {
          label: `Item ${i + 1} of checklist ${c + 1}`,
          type,
          ...(type === 'number' ? { min: 0, max: 5 } : {}),
        })
        items.push({ id: item.id as string, type })
      }
      return { id: checklist.id as string, items }
    }),
  )

  const completions = checklists.flatMap((c) =>
    c.items
      .filter((_, i) => i % 2 === 0)
      .map((item) => () => {
        const value = VALUES[item.type]
        return api('POST', `/v1/orgs/${orgId}/checklist-entries/${c.id}/items/${item.id}/complete`, { venueId, ...(value === null ? {} : { value }) })
      }),
  )
  await inParallel(SEED_CONCURRENCY, completions)

  const day = await api('GET', `/v1/orgs/${orgId}/venues/${venueId}/checklist-entries`)
  const done = (day.checklists as Array<{ progress: { done: number } }>).reduce((s, c) => s + c.progress.done, 0)
  if (day.checklists.length !== CHECKLISTS || done !== completions.length) {
    throw new Error(`seeding went wrong: ${day.checklists.length} checklists and ${done} records today, expected ${CHECKLISTS} and ${completions.length}`)
  }
  return {
    orgId,
    venueIds,
    venueId,
    checklistIds: checklists.map((c) => c.id),
    today: day.today as string,
    items: CHECKLISTS * ITEMS_PER_CHECKLIST,
    recordsToday: completions.length,
    requests: api.count,
    seconds: (performance.now() - started) / 1000,
  }
}

// ---------------------------------------------------------------------------------------------------
// A year of records, in SQL.

export interface YearPlan {
  orgId: string
  venueIds: string[]
  /** Records are added for the `days` days before this one (yyyy-MM-dd), not for it. */
  today: string
  days: number
  /** Items per checklist given records (the first ones by position); ITEMS_PER_CHECKLIST for all. */
  itemsPerChecklist: number
  /** Also a year of temperature readings (scripts/bench/temperatures.ts), in the same run. */
  temperatures?: boolean
}

export interface YearResult {
  inserted: number
  /** Rows in `records` afterwards (the year plus today's). */
  total: number
  /** pg_total_relation_size('records'): the table with its indexes, in bytes. */
  bytes: number
  seconds: number
  /** What was run after the inserts, if anything ('vacuum analyze records, record_day_counts'). */
  maintenance: string | null
  /** Secondary indexes dropped before the inserts and built again after (PGlite). */
  rebuiltIndexes: number
}

/**
 * One venue's year: for each day before `today` and each chosen item of each checklist, one current
 * `done` record, as a completion through the API would store it (snapshot of the checklist's name and
 * the item's label, type and limits; recorded by the organisation's owner at 09:00 + one minute per
 * position). $1 organisation, $2 venue, $3 first day, $4 last day, $5 items per checklist.
 */
const YEAR_SQL = `
insert into records (org_id, venue_id, kind, template_id, item_id, date, slot, template_name, label, item_type, min, max,
                     value, status, late, recorded_by_membership_id, recorded_by_name, recorded_at)
select $1::uuid, $2::uuid, 'checklist', c.id, i.id, d::date, 0, c.name, i.label, i.type, i.min, i.max,
       case i.type when 'check' then 'true' when 'yes_no' then 'yes' when 'number' then '3' else 'OK' end,
       'done', false, m.id, m.name, d + interval '9 hours' + i.position * interval '1 minute'
from generate_series($3::date, $4::date, interval '1 day') d
cross join checklists c
join checklist_items i on i.org_id = c.org_id and i.checklist_id = c.id and i.archived_at is null and i.position < $5
cross join (select id, name from memberships where org_id = $1::uuid and role = 'OWNER' limit 1) m
where c.org_id = $1::uuid and c.archived_at is null`

function yearParams(plan: YearPlan, venueId: string): unknown[] {
  const last = new Date(`${plan.today}T00:00:00Z`)
  last.setUTCDate(last.getUTCDate() - 1)
  const first = new Date(last)
  first.setUTCDate(first.getUTCDate() - (plan.days - 1))
  return [plan.orgId, venueId, first.toISOString().slice(0, 10), last.toISOString().slice(0, 10), plan.itemsPerChecklist]
}

/** The statements of one venue's year, with their parameters: checklists, and temperature readings when planned. */
function yearStatements(plan: YearPlan, venueId: string): Array<[string, unknown[]]> {
  const params = yearParams(plan, venueId)
  return [[YEAR_SQL, params], ...(plan.temperatures ? [[TEMPERATURE_YEAR_SQL, params.slice(0, 4)] as [string, unknown[]]] : [])]
}

interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: any[]; affectedRows?: number; rowCount?: number | null }>
}

async function measureRecords(db: Queryable, orgId: string): Promise<{ total: number; bytes: number }> {
  const { rows } = await db.query(
    `select (select count(*)::int from records where org_id = $1) as n, pg_total_relation_size('records')::bigint as bytes`,
    [orgId],
  )
  return { total: Number(rows[0].n), bytes: Number(rows[0].bytes) }
}

/**
 * PostgreSQL, while the server runs: the venues' statements on two connections at once (two cores),
 * then `vacuum analyze records`, the state autovacuum would soon bring the table to.
 */
export async function addYearOfRecordsPostgres(databaseUrl: string, plan: YearPlan): Promise<YearResult> {
  const started = performance.now()
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  try {
    let inserted = 0
    await inParallel(
      2,
      plan.venueIds.map((venueId) => async () => {
        for (const [text, params] of yearStatements(plan, venueId)) {
          const r = await pool.query(text, params)
          inserted += r.rowCount ?? 0
        }
      }),
    )
    // The stored counts (ADR 058) were filled by the triggers during the inserts: autovacuum would analyse them too.
    const maintenance = 'vacuum analyze records, record_day_counts'
    await pool.query(maintenance)
    const seconds = (performance.now() - started) / 1000
    return { inserted, ...(await measureRecords(pool, plan.orgId)), seconds, maintenance, rebuiltIndexes: 0 }
  } finally {
    await pool.end()
  }
}

/**
 * PGlite, with the server stopped (child-process entry): open the data directory the server used and,
 * in one transaction, drop the table's secondary indexes, run the venues' statements one after another
 * and build the indexes again from their own definitions (pg_indexes): about half the time of keeping
 * them up to date row by row. Then close. No ANALYZE: PGlite has no autovacuum and Mise never runs one,
 * so a real PGlite database holding a year of records has none either.
 */
export async function addYearOfRecordsPglite(dataDir: string, plan: YearPlan): Promise<YearResult> {
  const started = performance.now()
  const { PGlite } = await import('@electric-sql/pglite')
  const db = new PGlite(path.join(dataDir, 'pgdata'))
  await db.waitReady
  try {
    let inserted = 0
    await db.exec('begin')
    const { rows: indexes } = await db.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = 'records' and indexname <> 'records_pkey'`,
    )
    for (const index of indexes) await db.exec(`drop index "${index.name}"`)
    for (const venueId of plan.venueIds) {
      for (const [text, params] of yearStatements(plan, venueId)) {
        const r = await db.query(text, params)
        inserted += r.affectedRows ?? 0
      }
    }
    for (const index of indexes) await db.exec(index.definition)
    await db.exec('commit')
    const seconds = (performance.now() - started) / 1000
    return { inserted, ...(await measureRecords(db, plan.orgId)), seconds, maintenance: null, rebuiltIndexes: indexes.length }
  } finally {
    await db.close()
  }
}
