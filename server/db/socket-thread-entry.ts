/**
 * The PostgreSQL connections' writing thread (ADR 076). The server's thread owns the pool's sockets
 * and reads from them as before; what node-postgres writes to them is written here, with a plain
 * write(2) on the socket's descriptor (server/db/socket-thread.ts). A write to a local socket wakes
 * the PostgreSQL backend that reads it, and Linux runs the woken process on the writer's core: made
 * from here, that is this thread's core, not the one rendering pages.
 */
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'

/** Bytes to write to a socket's descriptor, in full, in the order asked. */
export interface WriteAsk {
  id: number
  fd: number
  data: Uint8Array
}

/** A write that failed, and why (the fields node sets on system errors). */
export interface WriteFailed {
  id: number
  fd: number
  error: { message: string; code?: string; errno?: number; syscall?: string }
}

/** The thread's start: the shared counter it sets to the id of each write done, in order. */
export interface WriterData {
  written: SharedArrayBuffer
}

/** How long a write waits for a peer that reads nothing before it fails (a full socket buffer). */
export const STALLED_WRITE_MS = 30_000

const port = parentPort!
const written = new Int32Array((workerData as WriterData).written)
const nap = new Int32Array(new SharedArrayBuffer(4))

function writeAll({ fd, data }: WriteAsk) {
  let offset = 0
  let waited = 0
  while (offset < data.byteLength) {
    try {
      offset += fs.writeSync(fd, data, offset, data.byteLength - offset)
      waited = 0
    } catch (error) {
      // The socket is non-blocking: a full buffer answers EAGAIN until the backend reads.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || waited >= STALLED_WRITE_MS) throw error
      Atomics.wait(nap, 0, 0, 1)
      waited += 1
    }
  }
}

port.on('message', (ask: WriteAsk) => {
  try {
    writeAll(ask)
  } catch (caught) {
    const { message, code, errno, syscall } = caught as NodeJS.ErrnoException
    port.postMessage({ id: ask.id, fd: ask.fd, error: { message, code, errno, syscall } } satisfies WriteFailed)
  }
  Atomics.store(written, 0, ask.id)
})
