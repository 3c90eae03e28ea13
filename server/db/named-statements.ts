/**
 * Every statement parsed once (docs/decisions/062-named-statements.md): on PGlite, its `query` as named
 * prepared statements; on PostgreSQL, node-postgres' pool given a name for each read.
 *
 * PGlite.
 *
 * PGlite's own `query` sends each statement as five protocol messages, each its own trip into the
 * WebAssembly Postgres (parse, describe, bind, describe, execute, then a sync), and parses and plans the
 * statement anew every time: ~0.2 ms of overhead for `select 1`, ~0.8 ms for a day page's typical read.
 * Here each distinct SQL text is parsed once into a named statement (its parameter types kept), and
 * every call is one trip: bind, describe, execute and sync in one message (~0.25 ms for the same read,
 * and Postgres may keep a generic plan). Answers and errors are those of PGlite's `query`: the same
 * parameter serializers, the same result parsing (`parseResults`), the same locks (the transaction
 * lock, then the query lock), and the file system synced after anything but a read.
 *
 * Only the client's own `query` goes this way: a transaction's queries (`client.transaction`) are
 * PGlite's, unchanged. Statements are kept for the process's life, up to MAX_STATEMENTS; texts beyond
 * that go to PGlite's `query`.
 */
import { createHash } from 'node:crypto'
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'
import type pg from 'pg'
import { concatBytes as concat } from './bytes.ts'

export type PGliteQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<unknown>>

/** Distinct SQL texts kept as named statements (a process has a few hundred; `in (…)` lists add variants). */
export const MAX_STATEMENTS = 1000

interface Statement {
  name: string
  /** The parameter types Postgres inferred, to serialize the values as PGlite's `query` does. */
  types: number[]
}

/** PGlite's internal locks, the ones its own `query` takes (not in its public typings). */
interface Locks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  /**
   * PGlite on its own thread (pglite-thread.ts): a whole exchange handed over in its turn under the
   * locks, its answer awaited outside them.
   */
  execInTurn?(message: Uint8Array, options: { syncToFs: boolean }): Promise<{ messages: Parameters<typeof parse.parseResults>[0] }>
}

const { serialize } = protocol

/** The statement and its values on the error, as PGlite's `query` puts them. */
function withQuery(error: unknown, query: string, params: unknown[]): unknown {
  if (error instanceof Error) Object.assign(error, { query, params })
  return error
}

/** Postgres refuses a kept statement whose tables changed shape (a migration after it was prepared). */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && /cached plan must not change result type/.test(error.message)
}

/**
 * A read: a select, selects in parentheses (drizzle writes a union as `(select …) union all (select …)`),
 * or a select after a WITH list of selects (the day counts, templates/day.ts). A WITH statement with an
 * insert, update, delete or merge anywhere in its text is a write (a data-modifying CTE, as the stored
 * counts of records/day-counts.ts): the keyword in a name or a string makes a read count as a write,
 * which only costs it its name, never the reverse.
 */
export function isRead(text: string): boolean {
  if (/^[\s(]*select\b/i.test(text)) return true
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text)
}

export function namedStatementQuery(client: PGlite): PGliteQuery {
  const fallback = client.query.bind(client) as PGliteQuery
  const locks = client as unknown as Locks
  const statements = new Map<string, Statement>()
  let made = 0

  async function prepare(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Statement> {
    const name = `mise_${++made}`
    const message = concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()])
    let messages
    try {
      ;({ messages } = await client.execProtocol(message, { syncToFs: false }))
    } catch (error) {
      throw withQuery(error, text, params)
    }
    const statement = { name, types: parse.parseDescribeStatementResults(messages) }
    statements.set(text, statement)
    return statement
  }

  async function run(statement: Statement, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<unknown>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null
      const type = statement.types[i]!
      const serializer = options?.serializers?.[type] ?? client.serializers[type]
      return serializer ? serializer(param) : String(param)
    })
    const message = concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()])
    try {
      // A read changes no file: only writes are synced to the file system, as PGlite's `query` does.
      const syncToFs = !isRead(text)
      const { messages } = locks.execInTurn ? await locks.execInTurn(message, { syncToFs }) : await client.execProtocol(message, { syncToFs })
      // A query's own parsers (drizzle passes a few with every query) over the client's, without copying
      // the client's (PGlite's parseResults spreads all 318 into a new object per query: ~80 µs).
      const parsers = options?.parsers ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers) : client.parsers
      return parse.parseResults(messages, parsers, { rowMode: options?.rowMode })[0] as Results<unknown>
    } catch (error) {
      throw withQuery(error, text, params)
    }
  }

  const locked = <T>(fn: () => Promise<T>) => locks._runExclusiveTransaction(() => locks._runExclusiveQuery(fn))
  /** Prepared before the tables changed: prepared again. */
  const prepareAgain = async (statement: Statement, text: string, params: unknown[], options: QueryOptions | undefined) => {
    await client.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false })
    return prepare(text, params, options)
  }

  if (locks.execInTurn) {
    // On its own thread: a statement is prepared under the locks (its first call waits for it), then each
    // call is handed over in its turn (`run`), its answer awaited outside the locks.
    return async (text, params = [], options) => {
      if (!statements.has(text) && statements.size >= MAX_STATEMENTS) return fallback(text, params, options)
      const statement = statements.get(text) ?? (await locked(async () => statements.get(text) ?? (await prepare(text, params, options))))
      try {
        return await run(statement, text, params, options)
      } catch (error) {
        // Stale, or closed meanwhile by a call that found it stale (the calls handed over before the
        // close ran first): run once more as the statement is now. A failed statement changed nothing.
        const replaced = statements.get(text) !== statement
        if (!replaced && !isStalePlan(error)) throw error
        const again = await locked(async () => (statements.get(text) === statement ? prepareAgain(statement, text, params, options) : statements.get(text)!))
        return run(again, text, params, options)
      }
    }
  }

  return async (text, params = [], options) => {
    if (!statements.has(text) && statements.size >= MAX_STATEMENTS) return fallback(text, params, options)
    return locked(async () => {
      const statement = statements.get(text) ?? (await prepare(text, params, options))
      try {
        return await run(statement, text, params, options)
      } catch (error) {
        if (!isStalePlan(error)) throw error
        // Prepared before the tables changed: prepare it again, once.
        return run(await prepareAgain(statement, text, params, options), text, params, options)
      }
    })
  }
}

/** Distinct reads named on PostgreSQL: each is kept by every pooled connection that runs it. */
export const MAX_POSTGRES_STATEMENTS = 300

/**
 * PostgreSQL: node-postgres parses a statement on every call unless it has a name, and drizzle names only
 * the statements prepared with `.prepare(name)`. Each read (`select`) the pool runs gets a name from its
 * text, so every connection parses and plans it once (a day page's read: ~500 µs a call unnamed, ~260
 * named, most of it the server's); up to MAX_POSTGRES_STATEMENTS texts, the rest run unnamed. Writes and a
 * transaction's statements (on a client taken from the pool) are unchanged. A read refused because its
 * tables changed shape since a connection prepared it runs again unnamed, and unnamed from then on.
 */
export function nameReads(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>
  const names = new Map<string, string | null>()
  const nameOf = (text: string): string | null => {
    let name = names.get(text)
    if (name === undefined) {
      if (names.size >= MAX_POSTGRES_STATEMENTS || !isRead(text)) return null
      name = `mise_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`
      names.set(text, name)
    }
    return name
  }
  ;(pool as unknown as { query: typeof query }).query = async (config, values) => {
    if (!config || typeof config !== 'object' || typeof (config as pg.QueryConfig).text !== 'string' || (config as pg.QueryConfig).name || typeof values === 'function') {
      return query(config, values)
    }
    const unnamed = config as pg.QueryConfig
    const name = nameOf(unnamed.text)
    if (!name) return query(config, values)
    try {
      return await query({ ...unnamed, name }, values)
    } catch (error) {
      if (!isStalePlan(error)) throw error
      names.set(unnamed.text, null)
      return query(config, values)
    }
  }
}
