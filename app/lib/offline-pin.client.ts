/**
 * The PIN pad without a network (ADR 054), loaded when the pad is used offline and by the venue pages'
 * queue: what a PIN may be checked against here (fetched from the server while online), the check
 * itself, and the lockout after wrong PINs — 5 within 5 minutes lock the pad for 5 minutes, as online.
 */
import { inStore } from './offline-db.client'
import { derivePin, proofKeyOf, sameText, verifierOf } from './offline-pin-crypto'
import type { OfflineHolder } from './offline-store'

export const OFFLINE_PIN_MAX_FAILURES = 5
export const OFFLINE_PIN_WINDOW_MS = 5 * 60_000
export const OFFLINE_PIN_LOCK_MS = 5 * 60_000

interface Verifiers {
  key: 'verifiers'
  owner: string
  secret: string
  iterations: number
  verifiers: { membershipId: string; name: string; verifier: string }[]
}
interface Lock {
  key: 'lock'
  owner: string
  failures: number[]
  lockedUntil: number | null
}

const get = <T>(key: string) => inStore<T | undefined>('pins', 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>)
const put = (value: Verifiers | Lock) => inStore('pins', 'readwrite', (s) => s.put(value))
const clear = () => inStore('pins', 'readwrite', (s) => s.clear())

/**
 * Fetch the verifiers of the device session (while online). Signed out or not a device: whatever was
 * kept goes. A network failure keeps the last list.
 */
export async function refreshVerifiers(owner: string): Promise<void> {
  let res: Response
  try {
    res = await fetch('/v1/auth/device/offline-pins', { credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store' })
  } catch {
    return
  }
  if (res.status === 401 || res.status === 403) {
    await clear()
    return
  }
  if (!res.ok) return
  const json = (await res.json()) as Omit<Verifiers, 'key' | 'owner'>
  const lock = await get<Lock>('lock')
  // One transaction: a page left (or a network lost) between clearing and writing never leaves the
  // device without the verifiers it had.
  await inStore('pins', 'readwrite', (s) => {
    s.clear()
    if (lock && lock.owner === owner) s.put(lock)
    return s.put({ key: 'verifiers', owner, secret: json.secret, iterations: json.iterations, verifiers: json.verifiers } satisfies Verifiers)
  })
}

export type OfflinePinOutcome =
  | { status: 'ok'; holder: OfflineHolder }
  | { status: 'wrong'; triesLeft: number }
  | { status: 'locked'; seconds: number }
  /** Nothing to check against: no PIN was entered online on this device yet. */
  | { status: 'none' }

/** Check a PIN typed offline against the verifiers this device holds; wrong ones count towards the lockout. */
export async function checkPinOffline(owner: string, pin: string, now = Date.now()): Promise<OfflinePinOutcome> {
  const kept = await get<Verifiers>('verifiers')
  if (!kept || kept.owner !== owner || kept.verifiers.length === 0) return { status: 'none' }
  const stored = await get<Lock>('lock')
  const lock: Lock = stored && stored.owner === owner ? stored : { key: 'lock', owner, failures: [], lockedUntil: null }
  if (lock.lockedUntil && lock.lockedUntil > now) return { status: 'locked', seconds: Math.ceil((lock.lockedUntil - now) / 1000) }
  const derived = await derivePin(pin, kept.secret, kept.iterations)
  for (const v of kept.verifiers) {
    if (sameText(await verifierOf(derived, v.membershipId), v.verifier)) {
      // A right PIN does not reset the count (as online: one's own PIN must not buy more guesses).
      return { status: 'ok', holder: { owner, membershipId: v.membershipId, name: v.name, proofKey: await proofKeyOf(derived, v.membershipId) } }
    }
  }
  const failures = [...lock.failures.filter((at) => now - at < OFFLINE_PIN_WINDOW_MS), now]
  if (failures.length >= OFFLINE_PIN_MAX_FAILURES) {
    await put({ ...lock, failures: [], lockedUntil: now + OFFLINE_PIN_LOCK_MS })
    return { status: 'locked', seconds: OFFLINE_PIN_LOCK_MS / 1000 }
  }
  await put({ ...lock, failures, lockedUntil: null })
  return { status: 'wrong', triesLeft: OFFLINE_PIN_MAX_FAILURES - failures.length }
}
