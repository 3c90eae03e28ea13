import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appSettings, memberships } from '../db/schema.ts'

/**
 * PINs identify a member on a shared device. They are short, so a plain hash would be
 * trivially reversible: we store a keyed HMAC (docs/decisions/009) whose key is generated
 * once per installation and kept in app_settings. The org id is part of the message, so
 * equal PINs in different organisations have different digests.
 */

const PIN_KEY_SETTING = 'pin_key'
const PIN_PATTERN = /^\d{4,6}$/

/** The installation's PIN key, cached per database handle. */
const keyCache = new WeakMap<object, Promise<Buffer>>()

async function loadPinKey(db: Db): Promise<Buffer> {
  // Generated once: concurrent first calls race harmlessly, the first insert wins.
  await db
    .insert(appSettings)
    .values({ key: PIN_KEY_SETTING, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: appSettings.key })
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, PIN_KEY_SETTING))
  if (!row) throw new Error('PIN key missing from app_settings')
  return Buffer.from(row.value, 'base64')
}

function pinKey(db: Db): Promise<Buffer> {
  let key = keyCache.get(db)
  if (!key) {
    key = loadPinKey(db)
    keyCache.set(db, key)
    key.catch(() => keyCache.delete(db)) // retry on the next call after a failure
  }
  return key
}

/** 4 to 6 digits. */
export function isValidPin(pin: string): boolean {
  return PIN_PATTERN.test(pin)
}

/** HMAC-SHA256 (hex) of `${orgId}:${pin}` under the installation's PIN key. */
export async function pinDigest(db: Db, orgId: string, pin: string): Promise<string> {
  const key = await pinKey(db)
  return createHmac('sha256', key).update(`${orgId}:${pin}`).digest('hex')
}

/** True when a non-removed membership of the organisation (other than `exceptMembershipId`) uses this digest. */
export async function pinDigestInUse(db: Db, orgId: string, digest: string, exceptMembershipId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.orgId, orgId),
        eq(memberships.pinDigest, digest),
        ne(memberships.status, 'removed'),
        exceptMembershipId ? ne(memberships.id, exceptMembershipId) : undefined,
      ),
    )
    .limit(1)
  return rows.length > 0
}

function randomPin(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0')
}

/**
 * A random PIN not used by a non-removed member of the organisation: 4 digits, or
 * 6 digits once 50 attempts at 4 digits have collided. The unique index
 * memberships_org_pin_idx remains the real guard against a concurrent taker.
 */
export async function generateUnusedPin(db: Db, orgId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const pin = randomPin(attempt < 50 ? 4 : 6)
    if (!(await pinDigestInUse(db, orgId, await pinDigest(db, orgId, pin)))) return pin
    if (attempt > 1000) throw new Error('Could not find an unused PIN')
  }
}
