/**
 * The embedded database's own thread (ADR 072): PGlite runs here, and the server's thread sends it
 * Postgres wire-protocol messages and gets back Postgres' answer as bytes (server/db/pglite-thread.ts).
 * Nothing else runs here: no parsing of the answer, no locks (the server's thread holds them, so one
 * message at a time arrives).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { concatBytes } from './bytes.ts'

/** What the server's thread asks: a protocol message to run, a sync of the file system, or closing. */
export type ThreadAsk = { op: 'exec'; message: Uint8Array; syncToFs: boolean } | { op: 'sync' } | { op: 'close' }
/** A request as it is sent: what is asked, and the id its answer carries back. */
export type ThreadRequest = ThreadAsk & { id: number }
/** The answer to a request: Postgres' bytes for `exec`, nothing for the others, or what went wrong. */
export type ThreadAnswer = { id: number; data?: Uint8Array; error?: { message: string; stack?: string } }

export interface ThreadOptions {
  /** The data directory's `pgdata`, or none for an in-memory database. */
  dataDir?: string
  /** An in-memory database starts from this dump of a data directory. */
  loadDataDir?: Blob
}

const port = parentPort!
const options = workerData as ThreadOptions
const answer = (reply: ThreadAnswer) => port.postMessage(reply, reply.data ? [reply.data.buffer as ArrayBuffer] : [])

try {
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  await db.waitReady
  // One message at a time, in the order they came (the server's thread counts on it).
  let turn = Promise.resolve()
  port.on('message', (request: ThreadRequest) => {
    turn = turn.then(async () => {
      try {
        if (request.op === 'exec') {
          // Postgres' answer as it comes out of WebAssembly memory, copied (the views are reused).
          const chunks: Uint8Array[] = []
          await db.execProtocolRawStream(request.message, {
            syncToFs: request.syncToFs,
            onRawData: (bytes) => {
              chunks.push(bytes.slice())
            },
          })
          answer({ id: request.id, data: concatBytes(chunks) })
        } else if (request.op === 'sync') {
          await db.syncToFs()
          answer({ id: request.id })
        } else {
          await db.close()
          answer({ id: request.id })
          port.close()
        }
      } catch (error) {
        answer({ id: request.id, error: { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } })
      }
    })
  })
  port.postMessage({ ready: true })
} catch (error) {
  port.postMessage({ ready: false, message: error instanceof Error ? error.message : String(error) })
}
