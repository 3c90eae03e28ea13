/**
 * The wrong-PIN rule of a shared device (docs/decisions/080-offline-pins-that-cannot-be-mined.md), in
 * one place for every way a PIN is tried on it: the PIN pad (`POST /v1/auth/device/pin`) and a record
 * signed offline under a PIN (`Mise-Offline-Pin`, checked on sync).
 *
 * - **A run of mistakes**: 5 wrong PINs within 5 minutes with no right PIN between them lock PIN entry
 *   on the device for 5 minutes (product.md). A right PIN ends the run: three people who each mistype
 *   once and then get it right never add up to a lock.
 * - **A budget**: 20 wrong PINs within an hour lock the device until the oldest of them is an hour old,
 *   whatever right PINs came between — so a right PIN of one's own cannot buy an attacker more guesses
 *   than 20 an hour (480 a day): the number ADR 080's arithmetic is built on.
 *
 * The device row is locked (`SELECT … FOR UPDATE`) for the whole attempt, read and written in one
 * transaction: parallel attempts are counted one after another (never more answers than the rule
 * allows), on PGlite and PostgreSQL alike. While locked, nothing is checked.
 */
import { and, eq } from 'drizzle-orm'
import type { DeviceAuth } from '../api/context.ts'
import { ApiError } from '../api/errors.ts'
import type { Db } from '../db/client.ts'
import { t, type Locale } from '../i18n.ts'
import { devices } from './schema.ts'

/** Wrong PINs in a row (no right one between) within PIN_FAILURE_WINDOW_MS that lock PIN entry. */
export const PIN_MAX_FAILURES = 5
export const PIN_FAILURE_WINDOW_MS = 5 * 60_000
/** How long a run of mistakes locks PIN entry. */
export const PIN_LOCK_MS = 5 * 60_000
/** Wrong PINs on one device within PIN_BUDGET_WINDOW_MS, right ones between or not, that lock it. */
export const PIN_HOURLY_FAILURES = 20
export const PIN_BUDGET_WINDOW_MS = 60 * 60_000

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type PinAttempt<T> = { status: 'ok'; value: T } | { status: 'wrong'; triesLeft: number } | { status: 'locked'; until: Date } | { status: 'gone' }

/**
 * One PIN attempt on the device: `check` runs inside the transaction, with the device row locked,
 * and says whether the PIN (or the signature made with it) was right (`{ right: value }`) or wrong
 * (`null`). Answers what the rule makes of it.
 */
export async function pinAttempt<T>(db: Db, device: Pick<DeviceAuth, 'orgId' | 'deviceId'>, now: Date, check: (tx: Tx, venueId: string) => Promise<{ right: T } | null>): Promise<PinAttempt<T>> {
  return db.transaction(async (tx) => {
    const where = and(eq(devices.orgId, device.orgId), eq(devices.id, device.deviceId))
    const [row] = await tx.select({ failures: devices.pinFailures, lockedUntil: devices.pinLockedUntil, venueId: devices.venueId }).from(devices).where(where).for('update')
    if (!row) return { status: 'gone' } // deleted meanwhile: its sessions are gone too
    const at = now.getTime()
    if (row.lockedUntil && row.lockedUntil.getTime() > at) return { status: 'locked', until: row.lockedUntil }
    const result = await check(tx, row.venueId)
    const hour = row.failures.filter((f) => at - f.getTime() < PIN_BUDGET_WINDOW_MS)
    if (result) {
      // `pinLockedUntil` also marks where the current run of mistakes starts: a right PIN ends it.
      await tx.update(devices).set({ pinFailures: hour, pinLockedUntil: now }).where(where)
      return { status: 'ok', value: result.right }
    }
    hour.push(now)
    const runStart = Math.max(at - PIN_FAILURE_WINDOW_MS, row.lockedUntil?.getTime() ?? -Infinity)
    const run = hour.filter((f) => f.getTime() > runStart || f.getTime() === at).length
    let until: Date | null = null
    if (run >= PIN_MAX_FAILURES) until = new Date(at + PIN_LOCK_MS)
    if (hour.length >= PIN_HOURLY_FAILURES) {
      const oldest = hour[hour.length - PIN_HOURLY_FAILURES]!
      const budgetUntil = new Date(Math.max(oldest.getTime() + PIN_BUDGET_WINDOW_MS, at + 1000))
      if (!until || budgetUntil > until) until = budgetUntil
    }
    await tx.update(devices).set({ pinFailures: hour, pinLockedUntil: until ?? row.lockedUntil }).where(where)
    if (until) return { status: 'locked', until }
    return { status: 'wrong', triesLeft: Math.min(PIN_MAX_FAILURES - run, PIN_HOURLY_FAILURES - hour.length) }
  })
}

/** The answer while PIN entry is locked: 429 with Retry-After and until when (the pad counts down). */
export function pinLockedError(locale: Locale, until: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return new ApiError(
    'TooManyRequestsError',
    t(locale, 'devices.pinLocked', { minutes: Math.ceil(seconds / 60) }),
    { pin: 'locked', until: until.toISOString() },
    { 'Retry-After': String(seconds) },
  )
}
