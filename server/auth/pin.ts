import { createHmac, randomInt } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { ApiError } from '../api/errors.ts'
import { hit, type Limit } from '../api/middleware/rate-limit.ts'
import type { Db } from '../db/client.ts'
import { memberships } from '../db/schema.ts'
import { installationKey } from './keys.ts'
import { t, type Locale } from '../i18n.ts'

/**
 * PINs identify a member on a shared device. They are short, so a plain hash would be
 * trivially reversible: we store a keyed HMAC (docs/decisions/009) whose key is generated
 * once per installation and kept in app_settings. The org id is part of the message, so
 * equal PINs in different organisations have different digests.
 */

const PIN_KEY_SETTING = 'pin_key'
const PIN_PATTERN = /^\d{4,6}$/

function pinKey(db: Db): Promise<Buffer> {
  return installationKey(db, PIN_KEY_SETTING)
}

/** HMAC-SHA256 of `message` under the installation's PIN key (a secret derived for one purpose, e.g. a device session's). */
export async function installationDigest(db: Db, message: string): Promise<Buffer> {
  return createHmac('sha256', await pinKey(db)).update(message).digest()
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

// ─── PIN secrecy (docs/decisions/016-pin-secrecy.md) ────────────────────────────────────────────

/**
 * How many answers that depend on which PINs are in use (a chosen PIN accepted or refused as taken,
 * a generated PIN) a member and an organisation may get. The device lockout allows 5 wrong PINs per
 * 5 minutes; PIN-setting must not be a faster way to learn someone else's PIN.
 */
export const PIN_LIMITS = {
  /** One member: 5 answers per 5 minutes, like one device's lockout… */
  memberBurst: { max: 5, windowSeconds: 5 * 60 },
  /** …and at most 20 an hour (a third of one device's sustained rate). */
  memberHour: { max: 20, windowSeconds: 60 * 60 },
  /** Every member of the organisation together: 60 an hour, one device's sustained rate. */
  org: { max: 60, windowSeconds: 60 * 60 },
} as const

/** The rate-limit keys of a member's and an organisation's PIN answers (tests clear them). */
export const pinLimitKeys = (orgId: string, membershipId: string) => ({
  memberBurst: `pin:member:5m:${membershipId}`,
  memberHour: `pin:member:1h:${membershipId}`,
  org: `pin:org:${orgId}`,
})

async function countOrRefuse(db: Db, limit: Limit, locale: Locale, messageKey: string): Promise<void> {
  try {
    await hit(db, limit)
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'TooManyRequestsError') throw error
    const seconds = Number(error.headers?.['Retry-After']) || limit.windowSeconds
    throw new ApiError('TooManyRequestsError', t(locale, messageKey, { minutes: Math.ceil(seconds / 60) }), undefined, error.headers)
  }
}

/**
 * Count one answer that reveals something about the organisation's PINs, before anything is looked
 * up: 429 TooManyRequestsError with Retry-After once the member or the organisation has had its
 * share, so the answer for a taken PIN and for a free one are then the same. Call it after the PIN's
 * format is checked (a malformed PIN reveals nothing).
 */
export async function limitPinAnswers(db: Db, scope: { orgId: string; membershipId: string | null }, locale: Locale): Promise<void> {
  // A super admin without a membership is read-only and never gets here; count them as the organisation only.
  const keys = pinLimitKeys(scope.orgId, scope.membershipId ?? 'none')
  if (scope.membershipId) {
    await countOrRefuse(db, { key: keys.memberBurst, ...PIN_LIMITS.memberBurst }, locale, 'validation.pinTooMany')
    await countOrRefuse(db, { key: keys.memberHour, ...PIN_LIMITS.memberHour }, locale, 'validation.pinTooMany')
  }
  await countOrRefuse(db, { key: keys.org, ...PIN_LIMITS.org }, locale, 'validation.pinTooManyOrg')
}
