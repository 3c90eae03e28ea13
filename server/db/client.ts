import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Column, is, SQL as SqlClass, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { isRead, nameReads, namedStatementQuery, type PGliteQuery } from './named-statements.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** True once every committed migration has been applied. */
  migrationsApplied(): Promise<boolean>
  /**
   * Refresh the planner's statistics. PGlite has no autovacuum, so without this every plan is made
   * blind (a join measured at 17 ms with statistics took 965 ms without). PostgreSQL's autovacuum
   * does it there: a no-op.
   */
  analyze(): Promise<void>
  /**
   * Refresh the statistics if a table has grown since they were taken (PGlite; PostgreSQL's autovacuum
   * does it there): the planner's row estimates come from them, and a day's first records written into
   * tables analysed when nearly empty make it pick nested loops that cost 20× (ADR 064). Cheap when
   * nothing grew: one look at the tables' sizes.
   */
  analyzeIfGrown(): Promise<boolean>
  close(): Promise<void>
}

/**
 * A table has grown when it holds more pages than its statistics say, by a page and a fifth (a new
 * venue's first day, or a tenth of a big table's rows written since: autovacuum's kind of threshold).
 */
const GROWN_TABLES = `select 1 from pg_class c
  where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
    and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 1
  limit 1`

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'server/db/migrations')

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

declare global {
  // Directories this process holds open (shared across bundled copies of this module).
  var __miseLockedDataDirs: Set<string> | undefined
}

/**
 * PGlite has no cross-process lock and a second process on the same directory corrupts it.
 * Take an exclusive lock file holding our pid; refuse to start while another live process holds it.
 */
function lockDataDir(dir: string): () => void {
  // The pid check below cannot see a second open by this same process: refuse it here.
  const heldHere = (globalThis.__miseLockedDataDirs ??= new Set<string>())
  if (heldHere.has(dir)) {
    throw new DataDirLockedError(`The data directory ${dir} is already open in this process (pid ${process.pid}).`)
  }
  const release = takeLockFile(dir)
  heldHere.add(dir)
  return () => {
    heldHere.delete(dir)
    release()
  }
}

function takeLockFile(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const lockPath = path.join(dir, 'mise.lock')
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' })
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath)
        } catch {
          /* already gone */
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let holder: { pid?: number; host?: string } = {}
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof holder
      } catch {
        /* unreadable lock: treat as stale */
      }
      if (holder.pid && holder.pid !== process.pid && holder.host === os.hostname() && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Mise process (pid ${holder.pid}). ` +
            'The embedded database allows one process at a time: stop the other one, ' +
            'use another DATA_DIR, or set DATABASE_URL to run several processes on PostgreSQL.',
        )
      }
      fs.rmSync(lockPath, { force: true }) // stale lock left by a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function countMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
  return journal.entries.length
}

/**
 * A drizzle query built and prepared once per database (`.prepare(name)` inside `build`), for the
 * queries a page makes on every request: drizzle otherwise builds each query's SQL anew on every call.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>()
  return (db) => {
    let query = byDb.get(db)
    if (!query) byDb.set(db, (query = build(db)))
    return query
  }
}

/**
 * Queries of one family built and prepared once per database and key (a template kind, a filter's
 * shape), as `preparedOnce` does for one query: `build` runs the first time a key is asked for.
 */
export function preparedByKey<T>(): (db: Db, key: string, build: () => T) => T {
  const byDb = new WeakMap<Db, Map<string, T>>()
  return (db, key, build) => {
    let byKey = byDb.get(db)
    if (!byKey) byDb.set(db, (byKey = new Map()))
    let query = byKey.get(key)
    if (!query) byKey.set(key, (query = build()))
    return query
  }
}

/** Run raw SQL and get its rows, the same way on PGlite and node-postgres. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** The drizzle instances on PGlite (`openDatabase` adds them; a transaction's is not among them). */
const onPglite = new WeakSet<object>()

/**
 * Many rows of plain columns — text, uuids, integers, booleans, days cast to text: what JSON keeps as it
 * is — answered the same on both databases. On PGlite they come back as one JSON value: PGlite decodes
 * every field of a result in JavaScript, copying its bytes out of the WebAssembly heap one field at a
 * time (1,200 rows of 8 columns: 12.6 ms as rows, 3.2 ms as one `json_agg`, ADR 059). On PostgreSQL as
 * rows: there `json_agg` costs the server more than it saves Node. `ctes` is the query's WITH list,
 * kept at the top of the statement (where a data-modifying one must be).
 */
export async function queryManyRows<T>(db: Db, query: SQL, ctes?: SQL): Promise<T[]> {
  const withList = ctes ? sql`with ${ctes} ` : sql``
  if (!onPglite.has(db)) return queryRows<T>(db, sql`${withList}${query}`)
  const [row] = await queryRows<{ rows: T[] }>(db, sql`${withList}select coalesce(json_agg(q), '[]'::json) as rows from (${query}) as q`)
  return row?.rows ?? []
}

/**
 * A select's rows as one column of another query (`nestedRows(select)`): a page reads a record and the
 * rows that belong to it (a template's items, a day's records) in one statement, where each statement
 * costs Node a socket write and a read besides the database's work (ADR 075). The rows come as one JSON
 * value, each row a record (`row(q.*)`, its columns f1…fn in order) in the select's order (its ORDER BY
 * feeds the aggregate), so its columns must read the same from JSON as from the driver, as for
 * `manyRowsOf`; `nestedRowsOf` decodes them as drizzle decodes the select's own rows. The select may
 * read the outer query's columns (qualified by hand) and placeholders.
 */
export function nestedRows(select: NestedSelect): SQL<unknown> {
  return sql`(select coalesce(json_agg(row(q.*)), '[]'::json) from ${select} as q)`
}

/** A drizzle select, as `nestedRows` embeds it and `nestedRowsOf` decodes its rows. */
export type NestedSelect = SQLWrapper & { _: { selectedFields: Record<string, unknown> } }

/** The rows `nestedRows(select)` read (its column's value), decoded as drizzle decodes the select's rows. */
export function nestedRowsOf<T>(select: NestedSelect, value: unknown): T[] {
  let fields = nestedFields.get(select)
  if (!fields) nestedFields.set(select, (fields = decodersOf(select._.selectedFields)))
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[]
  return rows.map((row) => {
    const values = Object.values(row)
    const out: Record<string, unknown> = {}
    for (let i = 0; i < fields.length; i++) {
      const [key, decoder] = fields[i]!
      const raw = values[i]
      out[key] = raw === null || raw === undefined ? null : decoder.mapFromDriverValue(raw)
    }
    return out as T
  })
}

type Decoder = { mapFromDriverValue(value: unknown): unknown }

/** A flat selection's fields in order, each with what decodes it: the column, or the SQL's `mapWith`. */
function decodersOf(selected: Record<string, unknown>): [string, Decoder][] {
  return Object.entries(selected).map(([key, field]): [string, Decoder] => {
    if (is(field, Column)) return [key, field as Decoder]
    const expression = is(field, SqlClass.Aliased) ? (field as SQL.Aliased).sql : is(field, SqlClass) ? field : undefined
    // `decoder` (what `mapWith` set) is drizzle's own, left out of its types: tests/api/nested-rows.test.ts fails without it.
    const decoder = (expression as { decoder?: Decoder } | undefined)?.decoder
    if (!decoder) throw new Error(`nestedRows: the field ${key} is not a column or SQL (nested selections are not decoded)`)
    return [key, decoder]
  })
}
const nestedFields = new WeakMap<NestedSelect, [string, Decoder][]>()

/** Set while `manyRowsOf` runs its queries: PGlite answers their rows as one JSON value. */
const rowsAsJson = new AsyncLocalStorage<true>()

/**
 * Run drizzle queries that read many rows (`manyRowsOf(() => db.select(…)…)`) so that on PGlite their
 * rows come back as one JSON value, as `queryManyRows` does for raw SQL (ADR 059); elsewhere it only
 * runs them. For selects whose columns read the same from JSON as from the driver: text, uuids,
 * integers, booleans, numerics read as numbers, days, timestamps read as dates, JSON.
 */
export function manyRowsOf<T>(run: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a drizzle query runs when it is awaited, and must run within the store.
  return rowsAsJson.run(true, async () => await run())
}


/**
 * The PGlite client's `query`, answering drizzle's positional selects made inside `manyRowsOf` through
 * `json_agg`: each row as a record (`row(q.*)`, its columns f1…fn in order), back into arrays.
 */
function jsonRowsQuery(query: PGliteQuery): PGliteQuery {
  return async (text, params, options) => {
    if (!rowsAsJson.getStore() || options?.rowMode !== 'array' || !isRead(text)) return query(text, params, options)
    const result = await query(`select coalesce(json_agg(row(q.*)), '[]'::json) as rows from (${text}) as q`, params, { ...options, rowMode: 'object' })
    const rows = (result.rows[0] as { rows: Record<string, unknown>[] } | undefined)?.rows ?? []
    return { ...result, rows: rows.map((row) => Object.values(row)) }
  }
}

async function appliedCount(db: Db): Promise<number> {
  try {
    const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    return Number(rows[0]?.n ?? 0)
  } catch {
    return 0
  }
}

export interface OpenOptions {
  databaseUrl?: string
  /** PGlite directory; 'memory://' for an in-memory database. */
  dataDir?: string
  migrate?: boolean
  /** An in-memory PGlite starts from this dump of a data directory (the tests' migrated database, made once per run). */
  loadDataDir?: Blob
  /**
   * What the server does, so that the database's work runs beside rendering rather than in its way:
   * PGlite on a thread of its own (ADR 072); on PostgreSQL, a page's statements written from a thread
   * of their own (ADR 076). Without it, in the calling thread (the tests, the scripts).
   */
  thread?: boolean
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const expected = countMigrations()
  if (options.databaseUrl) {
    const pg = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    // The server's connections write from a thread of their own (ADR 076); the tests and scripts, here.
    const sockets = options.thread ? new (await import('./socket-thread.ts')).SocketThread() : undefined
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: 10, stream: sockets?.socket })
    // An idle connection closed by the server (a restart, a failover, an administrator) is dropped
    // from the pool and replaced on the next query; without a listener it would crash the process.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, 'MiseDatabaseWarning')
    })
    // Each read parsed and planned once per connection (ADR 062).
    nameReads(pool)
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db
    if (options.migrate !== false) {
      // Several processes may start together: serialise migrations with an advisory lock.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock(727274)')
        await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR })
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {})
        client.release()
      }
    }
    return {
      db,
      kind: 'postgres',
      migrationsApplied: async () => (await appliedCount(db)) >= expected,
      analyze: async () => {},
      analyzeIfGrown: async () => false,
      close: async () => {
        await pool.end()
        await sockets?.close()
      },
    }
  }

  const dataDir = options.dataDir ?? './data'
  const inMemory = dataDir.startsWith('memory://')
  const unlock = inMemory ? () => {} : lockDataDir(path.resolve(dataDir))
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const { drizzle } = await import('drizzle-orm/pglite')
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    const pgdata = inMemory ? undefined : path.join(path.resolve(dataDir), 'pgdata')
    const client = options.thread
      ? await (await import('./pglite-thread.ts')).openPgliteThread({ dataDir: pgdata, loadDataDir: options.loadDataDir })
      : pgdata
        ? new PGlite(pgdata)
        : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
    await client.waitReady
    // Named statements, one trip each (ADR 062), answering `manyRowsOf`'s reads as JSON (ADR 059).
    client.query = jsonRowsQuery(namedStatementQuery(client)) as typeof client.query
    const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db
    onPglite.add(db)
    if (options.migrate !== false) {
      await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR })
    }
    const analyze = async () => {
      await client.exec('analyze')
    }
    await analyze()
    return {
      db,
      kind: 'pglite',
      migrationsApplied: async () => (await appliedCount(db)) >= expected,
      analyze,
      analyzeIfGrown: async () => {
        if (!(await client.query(GROWN_TABLES)).rows.length) return false
        await analyze()
        return true
      },
      close: async () => {
        await client.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}
