import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '../../server/db/client.ts'
import { SocketThread, writingFromThread, type ThreadWritingSocket } from '../../server/db/socket-thread.ts'

/**
 * PostgreSQL's sockets written from a thread of their own while a page is served (ADR 076): a
 * ThreadWritingSocket carries bytes as a net.Socket does (TCP and Unix sockets, writes larger than the
 * socket's buffer, corked writes, the end of a stream, errors), in order when its writes change hands,
 * and node-postgres over it answers as it does over its own sockets.
 */
describe('a socket written by the socket thread', () => {
  const thread = new SocketThread()
  const servers: net.Server[] = []
  const dirs: string[] = []
  afterAll(async () => {
    for (const server of servers) server.close()
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
    await thread.close()
  })

  /** A server that answers each connection with what it received, reversed, once the client has ended. */
  const reversing = async (listen: (server: net.Server) => void) => {
    const server = net.createServer((socket) => {
      const chunks: Buffer[] = []
      socket.on('data', (chunk) => chunks.push(chunk))
      socket.on('end', () => socket.end(Buffer.concat(chunks).reverse()))
    })
    servers.push(server)
    await new Promise<void>((resolve) => {
      server.once('listening', resolve)
      listen(server)
    })
    return server
  }

  const exchange = async (socket: ThreadWritingSocket, message: Buffer) => {
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    const ended = new Promise<void>((resolve) => socket.on('end', resolve))
    const closed = new Promise<void>((resolve) => socket.on('close', resolve))
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    // Written as node-postgres writes a statement: several messages, corked, then one uncork.
    socket.cork()
    socket.write(message.subarray(0, 10))
    socket.write(message.subarray(10))
    socket.uncork()
    socket.end()
    await ended
    await closed
    return Buffer.concat(received)
  }

  it('carries bytes both ways over TCP, a large answer in many chunks, and ends as the server ends', async () => {
    const server = await reversing((s) => s.listen(0, '127.0.0.1'))
    const { port } = server.address() as net.AddressInfo
    const message = Buffer.from(Array.from({ length: 3_000_000 }, (_, i) => i % 251))
    const socket = thread.socket().setNoDelay(true).connect(port, '127.0.0.1')
    const answer = await writingFromThread(() => exchange(socket, message))
    expect(answer.equals(Buffer.from(message).reverse())).toBe(true)
    // Written by the thread, not by the socket itself.
    expect(socket.firstWrite).toBeGreaterThan(0)
  })

  it('writes for itself outside a page, and keeps the order when a write follows one still in the thread', async () => {
    const server = await reversing((s) => s.listen(0, '127.0.0.1'))
    const { port } = server.address() as net.AddressInfo
    const alone = thread.socket().connect(port, '127.0.0.1')
    expect((await exchange(alone, Buffer.from('abc'))).toString()).toBe('cba')
    expect(alone.firstWrite).toBe(0)

    // 2 MB handed to the thread, then a few bytes written outside a page at once: they come after.
    const mixed = thread.socket().connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => mixed.once('connect', resolve))
    const received: Buffer[] = []
    mixed.on('data', (chunk: Buffer) => received.push(chunk))
    const closed = new Promise<void>((resolve) => mixed.on('close', resolve))
    const big = Buffer.alloc(2_000_000, 'a')
    writingFromThread(() => mixed.write(big))
    mixed.write('zyx')
    mixed.end()
    await closed
    const answer = Buffer.concat(received)
    expect(answer.subarray(0, 3).toString()).toBe('xyz')
    expect(answer.byteLength).toBe(2_000_003)
    expect(answer.subarray(3).every((byte) => byte === 'a'.charCodeAt(0))).toBe(true)
  })

  it('connects to a Unix socket by its path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-socket-'))
    dirs.push(dir)
    const where = path.join(dir, '.s.PGSQL.5432')
    await reversing((s) => s.listen(where))
    const socket = thread.socket().connect(where)
    const answer = await writingFromThread(() => exchange(socket, Buffer.from('hello over a unix socket')))
    expect(answer.toString()).toBe('tekcos xinu a revo olleh')
    expect(socket.firstWrite).toBeGreaterThan(0)
  })

  it('fails as a net.Socket fails when nothing listens', async () => {
    const server = await reversing((s) => s.listen(0, '127.0.0.1'))
    const { port } = server.address() as net.AddressInfo
    await new Promise<void>((resolve) => server.close(() => resolve()))
    const socket = thread.socket().connect(port, '127.0.0.1')
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => socket.on('error', resolve))
    expect(error.code).toBe('ECONNREFUSED')
    expect(error.syscall).toBe('connect')
    await new Promise<void>((resolve) => (socket.closed ? resolve() : socket.on('close', () => resolve())))
    expect(socket.destroyed).toBe(true)
  })
})

// Only in the PostgreSQL run (registered there, not skipped elsewhere), as tests/unit/named-statements.test.ts.
const postgresRuns = process.env.DATABASE_URL ? [{ url: process.env.DATABASE_URL }] : []

describe.each(postgresRuns)('node-postgres over the socket thread', ({ url }) => {
  it('answers as over its own sockets, rolls a failed transaction back and goes on answering', async () => {
    const threaded = await openDatabase({ databaseUrl: url, migrate: false, thread: true })
    const plain = await openDatabase({ databaseUrl: url, migrate: false })
    const table = `socket_thread_${Math.random().toString(36).slice(2, 10)}`
    // As a page's statements are: written by the thread.
    const check = async () => {
      const read = sql`select n, n * 1.5 as half, now() - make_interval(days => n) as at,
        json_build_object('n', n, 'label', repeat('é', n % 50)) as doc
        from generate_series(1, 20000) as n order by n`
      const mine = await queryRows<Record<string, unknown>>(threaded.db, read)
      expect(mine).toHaveLength(20000)
      const theirs = await queryRows<Record<string, unknown>>(plain.db, read)
      // The same rows but for now(), each statement's own.
      const strip = (rows: Record<string, unknown>[]) => rows.map(({ at: _at, ...rest }) => rest)
      expect(strip(mine)).toEqual(strip(theirs))

      await threaded.db.execute(sql.raw(`create table ${table} (label text primary key)`))
      const failed = await threaded.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`insert into ${table} (label) values ('first')`))
          await tx.execute(sql.raw(`insert into ${table} (label) values ('first')`))
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        )
      expect((failed as { cause?: { code?: string } }).cause?.code).toBe('23505')
      expect(await queryRows(threaded.db, sql.raw(`select count(*)::int as n from ${table}`))).toEqual([{ n: 0 }])
      // Ten at once: every connection of the pool busy together.
      const counts = await Promise.all(
        Array.from({ length: 10 }, (_, i) => queryRows<{ n: number }>(threaded.db, sql`select ${i}::int + count(*)::int as n from pg_sleep(0.01)`)),
      )
      expect(counts.map(([row]) => row!.n)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1))
    }
    try {
      await writingFromThread(check)
    } finally {
      await plain.db.execute(sql.raw(`drop table if exists ${table}`))
      await threaded.close()
      await plain.close()
    }
    await expect(queryRows(threaded.db, sql`select 1`)).rejects.toThrow()
  })
})

describe('node-postgres over the socket thread, with no PostgreSQL', () => {
  it('reports the refused connection as node-postgres does', async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:9/none', migrate: false, thread: true })
    const error = await writingFromThread(() => queryRows(database.db, sql`select 1`)).then(
      () => undefined,
      (caught: unknown) => caught as { cause?: NodeJS.ErrnoException } & NodeJS.ErrnoException,
    )
    expect(error?.cause?.code ?? error?.code).toBe('ECONNREFUSED')
    await database.close()
  })
})
