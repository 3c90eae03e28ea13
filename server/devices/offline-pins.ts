/**
 * PINs entered on a shared device while the network is gone (docs/decisions/054).
 *
 * The server keeps PINs only as keyed digests (ADR 009), so it cannot make anything from a PIN later:
 * it does so at the moment it sees one, when a member enters their PIN online on a device session.
 * It derives `D = PBKDF2-SHA256(PIN, the session's secret, 100,000 rounds)` and keeps, per member and
 * session, a verifier `HMAC(D, "verify:<member>")` — which the device fetches — and a proof key
 * `HMAC(D, "proof:<member>")`, which never leaves the server. Offline, the device derives D from the
 * PIN typed (the same KDF in WebCrypto), finds the member whose verifier matches, and signs each record
 * it makes with `HMAC(proof key, Idempotency-Key)`. On sync the server accepts that member as the
 * record's maker only from the same session, only while the member is active, allowed at the venue
 * and has the same PIN, and only with a right signature: storage read off the tablet does not let
 * anyone record as someone whose PIN they do not know.
 */
import { createHmac, pbkdf2, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { and, eq, inArray } from 'drizzle-orm'
import type { Context } from 'hono'
import { nowOf, type AppEnv, type DeviceAuth } from '../api/context.ts'
import { ApiError, forbidden, validationError } from '../api/errors.ts'
import { installationDigest, pinDigest } from '../auth/pin.ts'
import type { Db } from '../db/client.ts'
import { t } from '../i18n.ts'
import { memberships } from '../orgs/schema.ts'
import { deviceOfflinePins } from './schema.ts'
import { mayHoldPinAt } from './sessions.ts'

/** PBKDF2-SHA256 rounds: a few hundred milliseconds on an old tablet's WebCrypto, once per PIN entered offline. */
export const OFFLINE_PIN_ITERATIONS = 100_000
/** The header of a record made under a PIN entered offline: `<membershipId>.<HMAC(proof key, Idempotency-Key), base64url>`. */
export const OFFLINE_PIN_HEADER = 'Mise-Offline-Pin'
const HEADER = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/i

const pbkdf2Async = promisify(pbkdf2)
const hmac = (key: Buffer, message: string) => createHmac('sha256', key).update(message).digest()

/** The secret of one device session (per device, per pairing): a new pairing has a new one. */
function sessionSecret(db: Db, sessionId: string): Promise<Buffer> {
  return installationDigest(db, `offline-pin:${sessionId}`)
}

/** The verifier the device gets and the proof key the server keeps, from a PIN under a session's secret. */
export async function deriveOfflinePin(pin: string, secret: Buffer, membershipId: string): Promise<{ verifier: string; proofKey: string }> {
  const d = await pbkdf2Async(pin, secret, OFFLINE_PIN_ITERATIONS, 32, 'sha256')
  return { verifier: hmac(d, `verify:${membershipId}`).toString('base64url'), proofKey: hmac(d, `proof:${membershipId}`).toString('base64url') }
}

/** After a right PIN online: (re)issue that member's verifier for this device session. */
export async function issueOfflinePin(db: Db, device: DeviceAuth, membershipId: string, pin: string, now: Date): Promise<void> {
  const [secret, digest] = await Promise.all([sessionSecret(db, device.sessionId), pinDigest(db, device.orgId, pin)])
  const derived = await deriveOfflinePin(pin, secret, membershipId)
  const values = { pinDigest: digest, ...derived, issuedAt: now }
  await db
    .insert(deviceOfflinePins)
    .values({ orgId: device.orgId, sessionId: device.sessionId, membershipId, ...values })
    .onConflictDoUpdate({ target: [deviceOfflinePins.sessionId, deviceOfflinePins.membershipId], set: values })
}

/** A verifier is good while its member is active, allowed at the device's venue and has the same PIN. */
function stillValid(row: { status: string; venueIds: string[]; current: string | null; pinDigest: string }, venueId: string): boolean {
  return row.current !== null && row.current === row.pinDigest && mayHoldPinAt(row, venueId)
}

async function sessionPins(db: Db, device: DeviceAuth, membershipId?: string) {
  return db
    .select({
      membershipId: deviceOfflinePins.membershipId,
      name: memberships.name,
      status: memberships.status,
      venueIds: memberships.venueIds,
      current: memberships.pinDigest,
      pinDigest: deviceOfflinePins.pinDigest,
      verifier: deviceOfflinePins.verifier,
      proofKey: deviceOfflinePins.proofKey,
      issuedAt: deviceOfflinePins.issuedAt,
    })
    .from(deviceOfflinePins)
    .innerJoin(memberships, and(eq(memberships.orgId, deviceOfflinePins.orgId), eq(memberships.id, deviceOfflinePins.membershipId)))
    .where(
      and(
        eq(deviceOfflinePins.orgId, device.orgId),
        eq(deviceOfflinePins.sessionId, device.sessionId),
        membershipId ? eq(deviceOfflinePins.membershipId, membershipId) : undefined,
      ),
    )
}

/**
 * `GET /v1/auth/device/offline-pins`: the session's secret, the KDF's rounds and the verifiers still
 * valid (of members who entered their PIN online on this session). Revoked ones are deleted here.
 */
export async function listOfflinePins(db: Db, device: DeviceAuth) {
  const rows = await sessionPins(db, device)
  const valid = rows.filter((r) => stillValid(r, device.venueId))
  const revoked = rows.filter((r) => !valid.includes(r)).map((r) => r.membershipId)
  if (revoked.length) {
    await db
      .delete(deviceOfflinePins)
      .where(and(eq(deviceOfflinePins.orgId, device.orgId), eq(deviceOfflinePins.sessionId, device.sessionId), inArray(deviceOfflinePins.membershipId, revoked)))
  }
  return {
    secret: (await sessionSecret(db, device.sessionId)).toString('base64url'),
    iterations: OFFLINE_PIN_ITERATIONS,
    verifiers: valid.map((r) => ({ membershipId: r.membershipId, name: r.name, verifier: r.verifier })),
  }
}

/**
 * A record-making call carrying `Mise-Offline-Pin`: the record was made offline under a member's PIN
 * checked on this device. Accepted only from the device session the verifier was issued to, for a
 * member still valid there, with the record's Idempotency-Key signed by the member's proof key; then
 * the request's scope records as that member (whoever holds the device's PIN online now, if anyone).
 */
export async function attributeOfflinePin(c: Context<AppEnv>, header: string, idempotencyKey: string | undefined): Promise<void> {
  const locale = c.get('locale')
  const scope = c.get('scope')
  const device = scope.device
  if (!device) throw forbidden(t(locale, 'devices.onlyDevice'))
  const match = HEADER.exec(header)
  if (!match) throw validationError({ offlinePin: t(locale, 'devices.offlinePinFormat') })
  if (idempotencyKey === undefined) throw validationError({ idempotencyKey: t(locale, 'devices.offlinePinNeedsKey') })
  const [, membershipId, proof] = match as unknown as [string, string, string]
  const deps = c.get('deps')
  const [row] = await sessionPins(deps.db, device, membershipId.toLowerCase())
  if (!row || !stillValid(row, device.venueId)) {
    throw new ApiError('ForbiddenError', t(locale, 'devices.offlinePinRevoked'), { offlinePin: 'revoked' })
  }
  const expected = hmac(Buffer.from(row.proofKey, 'base64url'), idempotencyKey)
  const given = Buffer.from(proof, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError('ForbiddenError', t(locale, 'devices.offlinePinInvalid'), { offlinePin: 'invalid' })
  }
  const now = nowOf(deps)
  c.set('scope', {
    ...scope,
    membershipId: row.membershipId,
    device: { ...device, pin: { membershipId: row.membershipId, name: row.name, since: row.issuedAt, lastUsedAt: now }, pinExpired: false },
  })
}
