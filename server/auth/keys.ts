import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appSettings } from './schema.ts'

/** Each installation key, cached per database handle and name. */
const keyCache = new WeakMap<object, Map<string, Promise<Buffer>>>()

async function loadKey(db: Db, name: string): Promise<Buffer> {
  // Generated once: concurrent first calls race harmlessly, the first insert wins.
  await db
    .insert(appSettings)
    .values({ key: name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: appSettings.key })
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, name))
  if (!row) throw new Error(`${name} missing from app_settings`)
  return Buffer.from(row.value, 'base64')
}

/**
 * A secret of 256 random bits generated once per installation and kept in app_settings under `name`
 * (the PIN key of docs/decisions/009, the alerts' unsubscribe key of ADR 051): every process of the
 * installation reads the same one.
 */
export function installationKey(db: Db, name: string): Promise<Buffer> {
  let keys = keyCache.get(db)
  if (!keys) keyCache.set(db, (keys = new Map()))
  let key = keys.get(name)
  if (!key) {
    key = loadKey(db, name)
    keys.set(name, key)
    key.catch(() => keys.delete(name)) // retry on the next call after a failure
  }
  return key
}
