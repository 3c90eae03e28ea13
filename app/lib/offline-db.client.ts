/**
 * The device's IndexedDB database `mise-offline` (ADR 053, 054): `queue` holds records made offline,
 * `pins` what PINs may be checked against offline and the offline PIN pad's lockout. One opener, so
 * the queue and the PIN pad agree on the version.
 */
const DB_NAME = 'mise-offline'
const VERSION = 2
export type StoreName = 'queue' | 'pins'

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'key' })
      if (!db.objectStoreNames.contains('pins')) db.createObjectStore('pins', { keyPath: 'key' })
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

let dbPromise: Promise<IDBDatabase> | undefined
const db = () => (dbPromise ??= openDb())

/** One request in its own transaction; resolves with its result once the transaction is committed. */
export async function inStore<T>(name: StoreName, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await db()
  return new Promise((resolve, reject) => {
    const t = database.transaction(name, mode)
    const request = work(t.objectStore(name))
    t.oncomplete = () => resolve(request.result)
    t.onerror = () => reject(t.error)
    t.onabort = () => reject(t.error)
  })
}
