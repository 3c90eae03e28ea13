/**
 * node-postgres writing from a thread of its own (ADR 076). node-postgres takes a `stream` for each
 * connection: `ThreadWritingSocket` is a net.Socket, connected and read in the server's thread as
 * any other, whose writes are made by the socket thread (socket-thread-entry.ts) on its descriptor.
 *
 * Why: a write to a local socket wakes the PostgreSQL backend that reads it, and Linux puts a process
 * woken this way on the writer's core. Written from the server's thread, each statement took the
 * rendering core from the page being rendered for as long as the backend ran (ADR 076 measures it).
 *
 * Safety: the thread writes in the order asked and counts what it has written in shared memory; a
 * socket is shut down (`_final`) and its descriptor closed (`_destroy`) only once the thread has
 * written everything asked for it, so a closed descriptor's number is never written to. A write that
 * fails destroys its socket with the error, as a net.Socket's own would. Where a socket has no
 * descriptor (Windows), it writes for itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import net from 'node:net'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { WriteAsk, WriteFailed, WriterData } from './socket-thread-entry.ts'

/** The thread's entry, from the source tree as the migrations are (node runs TypeScript). */
export const SOCKET_THREAD_ENTRY = path.resolve(process.cwd(), 'server/db/socket-thread-entry.ts')

const rendering = new AsyncLocalStorage<true>()

/**
 * Run `serve` (a page's request) with its statements written by the thread. Elsewhere (an API call
 * over HTTP, a job) a socket writes for itself: handing a write over costs both threads about 25 µs
 * of CPU, more than the backend's wake-up takes from a request that renders nothing (ADR 076).
 */
export function writingFromThread<T>(serve: () => T): T {
  return rendering.run(true, serve)
}

/** One thread writing for every connection of a pool. */
export class SocketThread {
  #worker: Worker
  /** The id of the last write the thread has done (it writes in order). */
  #written = new Int32Array(new SharedArrayBuffer(4))
  #next = 0
  /** Sockets by descriptor, for a failed write's report. */
  #sockets = new Map<number, ThreadWritingSocket>()
  #stopped = false

  constructor() {
    this.#worker = new Worker(SOCKET_THREAD_ENTRY, { workerData: { written: this.#written.buffer as SharedArrayBuffer } satisfies WriterData })
    // The sockets keep the process alive while they are open; the thread never does.
    this.#worker.unref()
    this.#worker.on('message', ({ id, fd, error }: WriteFailed) => {
      const socket = this.#sockets.get(fd)
      // Not a later socket given the same descriptor number: its writes all came after.
      if (socket && socket.firstWrite <= id) socket.destroy(Object.assign(new Error(error.message), error))
    })
    const stop = (error: Error) => {
      if (this.#stopped) return
      this.#stopped = true
      for (const socket of this.#sockets.values()) socket.destroy(error)
    }
    this.#worker.on('error', stop)
    this.#worker.on('exit', (code) => stop(new Error(`The database's writing thread stopped (exit code ${code}).`)))
  }

  /** A new, unconnected socket: node-postgres' `stream` option. */
  socket = (): ThreadWritingSocket => new ThreadWritingSocket(this)

  /** @internal Ask the thread to write `data` to `socket`'s descriptor `fd`; the write's id. */
  write(socket: ThreadWritingSocket, fd: number, data: Uint8Array): number {
    if (this.#stopped) throw new Error("The database's writing thread has stopped.")
    const id = ++this.#next
    this.#sockets.set(fd, socket)
    this.#worker.postMessage({ id, fd, data } satisfies WriteAsk, [data.buffer as ArrayBuffer])
    return id
  }

  /** @internal Whether the thread has done write `id` (or stopped, and will do nothing more). */
  done(id: number): boolean {
    return this.#stopped || Atomics.load(this.#written, 0) >= id
  }

  /** @internal The socket on `fd` has closed. */
  forget(socket: ThreadWritingSocket, fd: number | undefined) {
    if (fd !== undefined && this.#sockets.get(fd) === socket) this.#sockets.delete(fd)
  }

  /** Stop the thread once the pool has ended (writes still in it are finished first). */
  async close(): Promise<void> {
    while (!this.done(this.#next)) await new Promise((resolve) => setTimeout(resolve, 2))
    this.#stopped = true
    await this.#worker.terminate()
  }
}

/** A connection's socket: read here, written by the thread. */
export class ThreadWritingSocket extends net.Socket {
  /** The id of this socket's first write in the thread (0 before it). */
  firstWrite = 0
  #thread: SocketThread
  #lastWrite = 0
  #fd: number | undefined

  constructor(thread: SocketThread) {
    super()
    this.#thread = thread
  }

  // A net.Socket keeps strings as they were written (`decodeStrings: false`): encoded here.
  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (!this.#fromThread()) return super._write(chunk, encoding, callback)
    // A copy of its own: node-postgres' buffers may share memory that must not be handed over.
    this.#send(typeof chunk === 'string' ? new Uint8Array(Buffer.from(chunk, encoding)) : new Uint8Array(chunk), callback)
  }

  /** A statement's messages, written together (node-postgres corks them), go over as one. */
  override _writev(chunks: { chunk: Buffer | string; encoding: BufferEncoding }[], callback: (error?: Error | null) => void) {
    if (!this.#fromThread()) return super._writev!(chunks, callback)
    const buffers = chunks.map(({ chunk, encoding }) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk))
    let length = 0
    for (const buffer of buffers) length += buffer.byteLength
    const data = new Uint8Array(length)
    let offset = 0
    for (const buffer of buffers) {
      data.set(buffer, offset)
      offset += buffer.byteLength
    }
    this.#send(data, callback)
  }

  override _final(callback: (error?: Error | null) => void) {
    this.#whenWritten(() => super._final(callback))
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    // The descriptor closes only when the thread has no write left for it.
    this.#whenWritten(() => {
      this.#thread.forget(this, this.#fd)
      super._destroy(error, callback)
    })
  }

  /**
   * Whether this write goes to the thread: a page's (or any while the thread has not written all this
   * socket's earlier ones, to keep them in order), on a socket with a descriptor.
   */
  #fromThread(): boolean {
    if (this.#descriptor() === undefined) return false
    return rendering.getStore() === true || !this.#thread.done(this.#lastWrite)
  }

  /** The connected socket's descriptor, or none (still connecting, closed, or a platform without). */
  #descriptor(): number | undefined {
    if (this.connecting) return undefined
    const fd = (this as unknown as { _handle?: { fd?: number } | null })._handle?.fd
    return typeof fd === 'number' && fd >= 0 ? fd : undefined
  }

  #send(data: Uint8Array, callback: (error?: Error | null) => void) {
    this.#fd = this.#descriptor()!
    try {
      this.#lastWrite = this.#thread.write(this, this.#fd, data)
    } catch (error) {
      return callback(error as Error)
    }
    this.firstWrite ||= this.#lastWrite
    // Written in order by the thread; a failure destroys the socket when it is reported.
    callback()
  }

  #whenWritten(then: () => void) {
    if (this.#thread.done(this.#lastWrite)) return then()
    setImmediate(() => this.#whenWritten(then))
  }
}
