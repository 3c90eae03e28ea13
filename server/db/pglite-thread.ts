/**
 * PGlite on a thread of its own (ADR 072). The embedded database is Postgres compiled to WebAssembly:
 * run in the server's thread, every statement's execution (planning, scans, the file system) blocks
 * rendering and every other request, and a 2-core machine leaves its second core idle. Here PGlite runs
 * in a worker thread (pglite-thread-entry.ts) and this client, in the server's thread, is what drizzle,
 * the named statements and the migrations talk to: PGlite's own query, exec and transaction code
 * (its base class), its locks, its parsers and serializers, over a transport that sends each
 * wire-protocol message to the thread and parses the bytes that come back, as PGlite does.
 */
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { Mutex, protocol, type ExecProtocolResult, type PGlite } from '@electric-sql/pglite'
import { PGliteWorker } from '@electric-sql/pglite/worker'
import type { ThreadAnswer, ThreadAsk, ThreadOptions, ThreadRequest } from './pglite-thread-entry.ts'

/** The thread's entry, from the source tree as the migrations are (node runs TypeScript). */
export const THREAD_ENTRY = path.resolve(process.cwd(), 'server/db/pglite-thread-entry.ts')

/** A message of Postgres' answer, as PGlite's parser gives it. */
type BackendMessage = ExecProtocolResult['messages'][number]
interface ExecOptions {
  syncToFs?: boolean
  throwOnError?: boolean
  onNotice?: (notice: unknown) => void
}
/** What PGlite's base class (query, exec, transaction, array types) needs from its subclass. */
interface BaseInstance {
  serializers: PGlite['serializers']
  parsers: PGlite['parsers']
  _initArrayTypes(): Promise<void>
}

/**
 * PGlite's base class, shared by PGlite and its browser worker client: not exported by name, it is the
 * browser client's parent. Its query, exec and transaction run on the transport below.
 */
const BasePGlite = Object.getPrototypeOf(PGliteWorker) as new () => BaseInstance

const { DatabaseError, NoticeMessage } = protocol.messages

class PGliteThread extends BasePGlite {
  debug = 0 as const
  readonly waitReady: Promise<void>
  /** The thread started: queries may run (the array types are read with one). */
  #started: Promise<void>
  #worker: Worker
  #pending = new Map<number, { resolve: (data: Uint8Array | undefined) => void; reject: (error: Error) => void }>()
  #next = 0
  #queryMutex = new Mutex()
  #transactionMutex = new Mutex()
  #parser = new protocol.Parser()
  #closed = false

  constructor(options: ThreadOptions) {
    super()
    this.#worker = new Worker(THREAD_ENTRY, { workerData: options })
    this.#worker.unref()
    this.#started = new Promise<void>((resolve, reject) => {
      const onReady = (message: { ready?: boolean; message?: string }) => {
        if (message.ready === undefined) return
        this.#worker.off('message', onReady)
        if (message.ready) resolve()
        else reject(new Error(`The embedded database did not start: ${message.message}`))
      }
      this.#worker.on('message', onReady)
      this.#worker.once('error', reject)
    }).then(() => {
      this.#worker.on('message', (answer: ThreadAnswer) => this.#answered(answer))
    })
    this.waitReady = this.#started.then(() => this._initArrayTypes())
    this.#worker.on('error', (error) => this.#failAll(error))
    this.#worker.on('exit', (code) => this.#failAll(new Error(`The embedded database's thread stopped (exit code ${code}).`)))
  }

  #answered({ id, data, error }: ThreadAnswer) {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    if (!this.#pending.size) this.#worker.unref()
    if (error) pending.reject(Object.assign(new Error(error.message), { stack: error.stack }))
    else pending.resolve(data)
  }

  #failAll(error: Error) {
    this.#closed = true
    for (const pending of this.#pending.values()) pending.reject(error)
    this.#pending.clear()
  }

  /** One request to the thread; the thread keeps the process alive while an answer is awaited. */
  #request(ask: ThreadAsk): Promise<Uint8Array | undefined> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'))
    const id = ++this.#next
    if (!this.#pending.size) this.#worker.ref()
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#worker.postMessage({ ...ask, id } satisfies ThreadRequest)
    })
  }

  async execProtocolRaw(message: Uint8Array, { syncToFs = true }: ExecOptions = {}): Promise<Uint8Array> {
    return (await this.#request({ op: 'exec', message, syncToFs })) ?? new Uint8Array(0)
  }

  async execProtocolRawStream(message: Uint8Array, { syncToFs = true, onRawData }: ExecOptions & { onRawData: (data: Uint8Array) => void }) {
    onRawData(await this.execProtocolRaw(message, { syncToFs }))
  }

  /** The answer's messages, as PGlite's own `execProtocol`: the first database error thrown, notices to `onNotice`. */
  async execProtocol(message: Uint8Array, { syncToFs = true, throwOnError = true, onNotice }: ExecOptions = {}) {
    return this.#messagesOf(await this.execProtocolRaw(message, { syncToFs }), throwOnError, onNotice)
  }

  /**
   * A message that holds a whole exchange (up to its Sync), sent in its turn and answered later: PGlite's
   * locks are held while it is handed to the thread, not while the thread runs it. The thread runs
   * messages in the order they came, so nothing can come between; and the next statement is already
   * waiting in the thread while this thread renders, instead of waiting for this thread to hand it over
   * (named statements, server/db/named-statements.ts).
   */
  async execInTurn(message: Uint8Array, { syncToFs = true }: ExecOptions = {}) {
    const answer = await this._runExclusiveTransaction(() => this._runExclusiveQuery(async () => ({ data: this.#request({ op: 'exec', message, syncToFs }) })))
    return this.#messagesOf((await answer.data) ?? new Uint8Array(0), true)
  }

  #messagesOf(data: Uint8Array, throwOnError: boolean, onNotice?: (notice: unknown) => void) {
    const messages: BackendMessage[] = []
    let databaseError: InstanceType<typeof DatabaseError> | undefined
    this.#parser.parse(data, (msg) => {
      if (databaseError) return
      if (msg instanceof DatabaseError) {
        if (throwOnError) databaseError = msg
      } else if (msg instanceof NoticeMessage) {
        onNotice?.(msg)
      }
      messages.push(msg)
    })
    if (databaseError) {
      this.#parser = new protocol.Parser()
      throw databaseError
    }
    return { messages, data }
  }

  async execProtocolStream(message: Uint8Array, options: ExecOptions = {}) {
    return (await this.execProtocol(message, options)).messages
  }

  async syncToFs() {
    await this.#request({ op: 'sync' })
  }

  // COPY to and from files is not used: no blob is ever attached to a query.
  async _handleBlob(blob?: Blob) {
    if (blob) throw new Error('Files attached to a query are not supported on the embedded database thread.')
  }
  async _getWrittenBlob() {
    return undefined
  }
  async _cleanupBlob() {}

  async _checkReady() {
    if (this.#closed) throw new Error('PGlite is closed')
    await this.#started
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn)
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn)
  }

  async listen(): Promise<never> {
    throw new Error('LISTEN is not supported on the embedded database thread.')
  }

  /** After every query and transaction in progress, as PGlite's `close`. */
  async close() {
    if (this.#closed) return
    await this.#transactionMutex.runExclusive(() =>
      this.#queryMutex.runExclusive(async () => {
        await this.#request({ op: 'close' })
        this.#closed = true
      }),
    )
    await this.#worker.terminate()
  }
}

/** PGlite in its own thread, answering as PGlite does: a data directory's `pgdata`, or in memory. */
export async function openPgliteThread(options: ThreadOptions): Promise<PGlite> {
  const client = new PGliteThread(options)
  await client.waitReady
  return client as unknown as PGlite
}
