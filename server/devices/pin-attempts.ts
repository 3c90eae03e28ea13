/**
 * The wrong-PIN rule of a shared device (docs/decisions/080-offline-pins-that-cannot-be-mined.md), in
 * one place for every way a PIN is tried on it: the PIN pad (`POST /v1/auth/device/pin`, which names
 * the person: "tap your name, then your PIN") and a record signed offline under a PIN
 * (`Mise-Offline-Pin`, which names its member too).
 *
 * - **Per person**: 5 wrong PINs for one person within 5 minutes with no right one between lock THAT
 *   person on the device for 5 minutes (product.md); the others keep working. A right PIN for the
 *   person clears their run. A PIN given without a name is charged to a person of its own ("").
 * - **A ceiling for the device**: 20 wrong PINs within an hour, whoever they were for, lock the device
 *   until the oldest of them is an hour old — so rotating through the names (5 each) buys an attacker
 *   no more than 20 guesses an hour (480 a day): the number ADR 080's arithmetic is built on.
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
import { devices, type PinPersonRun } from './schema.ts'

/** Wrong PINs for one person in a row (no right one between) within PIN_FAILURE_WINDOW_MS that lock that person. */
export const PIN_MAX_FAILURES = 5
export const PIN_FAILURE_WINDOW_MS = 5 * 60_000
/** How long a run of mistakes locks the person. */
export const PIN_LOCK_MS = 5 * 60_000
/** Wrong PINs on one device within PIN_BUDGET_WINDOW_MS, for anyone, right ones between or not, that lock it. */
export const PIN_HOURLY_FAILURES = 20
export const PIN_BUDGET_WINDOW_MS = 60 * 60_000

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type PinAttempt<T> = { status: 'ok'; value: T } | { status: 'wrong'; triesLeft: number } | { status: 'locked'; until: Date } | { status: 'gone' }

/** The runs still worth keeping at `at`: failures of the last 5 minutes, locks not yet over. */
function liveRuns(people: Record<string, PinPersonRun>, at: number): Record<string, PinPersonRun> {
  const live: Record<string, PinPersonRun> = {}
  for (const [id, run] of Object.entries(people)) {
    const failures = run.failures.filter((f) => at - Date.parse(f) < PIN_FAILURE_WINDOW_MS)
    const locked = run.lockedUntil && Date.parse(run.lockedUntil) > at ? run.lockedUntil : undefined
    if (failures.length > 0 || locked) live[id] = locked ? { failures, lockedUntil: locked } : { failures }
  }
  return live
}

/**
 * One PIN attempt on the device for `person` (a membership id as given, unchecked; "" when no name was
 * given): `check` runs inside the transaction, with the device row locked, and says whether the PIN (or
 * the signature made with it) was right (`{ right: value }`) or wrong (`null`). Answers what the rule
 * makes of it.
 */
export async function pinAttempt<T>(
  db: Db,
  device: Pick<DeviceAuth, 'orgId' | 'deviceId'>,
  person: string,
  now: Date,
  check: (tx: Tx, venueId: string) => Promise<{ right: T } | null>,
): Promise<PinAttempt<T>> {
  return db.transaction(async (tx) => {
    const where = and(eq(devices.orgId, device.orgId), eq(devices.id, device.deviceId))
    const [row] = await tx
      .select({ failures: devices.pinFailures, lockedUntil: devices.pinLockedUntil, people: devices.pinPeople, venueId: devices.venueId })
      .from(devices)
      .where(where)
      .for('update')
    if (!row) return { status: 'gone' } // deleted meanwhile: its sessions are gone too
    const at = now.getTime()
    if (row.lockedUntil && row.lockedUntil.getTime() > at) return { status: 'locked', until: row.lockedUntil }
    const people = liveRuns(row.people, at)
    const mine = people[person] ?? { failures: [] }
    if (mine.lockedUntil) return { status: 'locked', until: new Date(mine.lockedUntil) }
    const result = await check(tx, row.venueId)
    const hour = row.failures.filter((f) => at - f.getTime() < PIN_BUDGET_WINDOW_MS)
    if (result) {
      delete people[person] // a right PIN clears this person's run, and nobody else's
      await tx.update(devices).set({ pinFailures: hour, pinPeople: people }).where(where)
      return { status: 'ok', value: result.right }
    }
    hour.push(now)
    const run = [...mine.failures, now.toISOString()]
    let until: Date | null = null
    if (run.length >= PIN_MAX_FAILURES) {
      people[person] = { failures: [], lockedUntil: new Date(at + PIN_LOCK_MS).toISOString() }
      until = new Date(at + PIN_LOCK_MS)
    } else {
      people[person] = { failures: run }
    }
    let deviceUntil = row.lockedUntil
    if (hour.length >= PIN_HOURLY_FAILURES) {
      const oldest = hour[hour.length - PIN_HOURLY_FAILURES]!
      deviceUntil = new Date(Math.max(oldest.getTime() + PIN_BUDGET_WINDOW_MS, at + 1000))
      if (!until || deviceUntil > until) until = deviceUntil
    }
    await tx.update(devices).set({ pinFailures: hour, pinLockedUntil: deviceUntil, pinPeople: people }).where(where)
    if (until) return { status: 'locked', until }
    return { status: 'wrong', triesLeft: Math.min(PIN_MAX_FAILURES - run.length, PIN_HOURLY_FAILURES - hour.length) }
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
