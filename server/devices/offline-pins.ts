/**
 * PINs entered on a shared device while the network is gone (docs/decisions/080, replacing the
 * verifiers of 054): the tablet holds nothing a PIN can be checked against. It holds the names of the
 * BASIC members who entered their PIN online on this device session, and a public key of the session.
 * Offline, the person picks their name and types their PIN; the tablet seals `{ member, PIN, time }`
 * for the server at once (ECDH P-256 with a fresh key, HKDF-SHA256, AES-256-GCM) and forgets the PIN.
 * Each record made then carries `Mise-Offline-Pin: <member>.<sealed>`; on sync the server opens it
 * with the session's private key (derived from the installation key, never stored or sent) and checks
 * the PIN as the PIN pad does — counted by the same wrong-PIN rule (./pin-attempts.ts). A copy of the
 * tablet's storage can be searched for nothing: every guess must be asked of the server, 20 an hour.
 */
import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Context } from 'hono'
import { nowOf, type AppEnv, type DeviceAuth } from '../api/context.ts'
import { ApiError, forbidden, validationError } from '../api/errors.ts'
import { installationDigest, pinDigest } from '../auth/pin.ts'
import type { Db } from '../db/client.ts'
import { t } from '../i18n.ts'
import { memberships } from '../orgs/schema.ts'
import { pinAttempt, pinLockedError } from './pin-attempts.ts'
import { deviceOfflinePins } from './schema.ts'
import { mayHoldPinAt } from './sessions.ts'

/** The header of a record made under a PIN entered offline: `<membershipId>.<sealed PIN, base64url>`. */
export const OFFLINE_PIN_HEADER = 'Mise-Offline-Pin'
/** The HKDF `info` both sides use (app/lib/offline-pin-crypto.ts). */
export const OFFLINE_PIN_INFO = 'mise-offline-pin-v2'
/** A PIN sealed offline is taken this long after it was typed (by the tablet's clock, inside the seal). */
export const SEALED_PIN_MAX_AGE_MS = 24 * 60 * 60_000
/** Only these roles may record under a PIN entered offline (ADR 080: never a manager's PIN on a tablet's list). */
const OFFLINE_ROLES = ['BASIC'] as const

const HEADER = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{100,400})$/i
const POINT = 65
const IV = 12
const TAG = 16

/** The session's ECDH key pair: its private half is HMAC(installation key, …), so a new pairing has a new one. */
async function sessionKey(db: Db, sessionId: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(await installationDigest(db, `offline-pin-ecdh:${sessionId}`))
  return ecdh
}

/** Open what the tablet sealed: `{ m, p, t }`, or null when it is not a seal of this session's key. */
async function openSealed(db: Db, sessionId: string, sealed: string): Promise<{ m: string; p: string; t: number } | null> {
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length <= POINT + IV + TAG) return null
  try {
    const secret = (await sessionKey(db, sessionId)).computeSecret(bytes.subarray(0, POINT))
    const key = Buffer.from(hkdfSync('sha256', secret, bytes.subarray(0, POINT), OFFLINE_PIN_INFO, 32))
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(POINT, POINT + IV))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG))
    const plain = Buffer.concat([decipher.update(bytes.subarray(POINT + IV, bytes.length - TAG)), decipher.final()])
    const value = JSON.parse(plain.toString('utf8')) as unknown
    if (!value || typeof value !== 'object') return null
    const { m, p, t: at } = value as Record<string, unknown>
    return typeof m === 'string' && typeof p === 'string' && /^\d{4,6}$/.test(p) && typeof at === 'number' ? { m, p, t: at } : null
  } catch {
    return null
  }
}

/** After a right PIN online: this member may pick their name on this device session offline (BASIC only). */
export async function issueOfflinePin(db: Db, device: DeviceAuth, membershipId: string, pin: string, now: Date): Promise<void> {
  const [member] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.orgId, device.orgId), eq(memberships.id, membershipId)))
  if (!member || !(OFFLINE_ROLES as readonly string[]).includes(member.role)) return
  // Nothing derived from the PIN is kept for the tablet (ADR 080): the digest only says which PIN it was.
  await pruneOfflinePins(db, device)
  const values = { pinDigest: await pinDigest(db, device.orgId, pin), verifier: '', proofKey: '', issuedAt: now }
  await db
    .insert(deviceOfflinePins)
    .values({ orgId: device.orgId, sessionId: device.sessionId, membershipId, ...values })
    .onConflictDoUpdate({ target: [deviceOfflinePins.sessionId, deviceOfflinePins.membershipId], set: values })
}

type Row = { status: string; role: string; venueIds: string[]; current: string | null; pinDigest: string }
/** Good while its member is an active BASIC member allowed at the device's venue with the same PIN. */
function stillValid(row: Row, venueId: string): boolean {
  return row.current !== null && row.current === row.pinDigest && (OFFLINE_ROLES as readonly string[]).includes(row.role) && mayHoldPinAt(row, venueId)
}

async function sessionPins(db: Db, device: DeviceAuth, membershipId?: string) {
  return db
    .select({
      membershipId: deviceOfflinePins.membershipId,
      name: memberships.name,
      status: memberships.status,
      role: memberships.role,
      venueIds: memberships.venueIds,
      current: memberships.pinDigest,
      pinDigest: deviceOfflinePins.pinDigest,
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
 * `GET /v1/auth/device/offline-pins`: the session's public key and who may pick their name offline
 * (BASIC members who entered their PIN online on this session and still may). Nothing a PIN can be
 * tried against. Changes nothing: a withdrawn entry is only left out (no state change on a GET).
 */
export async function listOfflinePins(db: Db, device: DeviceAuth) {
  const rows = await sessionPins(db, device)
  return {
    publicKey: (await sessionKey(db, device.sessionId)).getPublicKey().toString('base64url'),
    members: rows.filter((r) => stillValid(r, device.venueId)).map((r) => ({ membershipId: r.membershipId, name: r.name })),
  }
}

/** Withdrawn entries of a session go when a PIN is entered there (a POST). */
async function pruneOfflinePins(db: Db, device: DeviceAuth): Promise<void> {
  const rows = await sessionPins(db, device)
  const gone = rows.filter((r) => !stillValid(r, device.venueId)).map((r) => r.membershipId)
  if (!gone.length) return
  await db
    .delete(deviceOfflinePins)
    .where(and(eq(deviceOfflinePins.orgId, device.orgId), eq(deviceOfflinePins.sessionId, device.sessionId), inArray(deviceOfflinePins.membershipId, gone)))
}

/**
 * A record-making call carrying `Mise-Offline-Pin`: made offline under a PIN sealed on this device.
 * Accepted only from the device session it was sealed for, for a member still on its list, with the
 * right PIN — a check counted like one on the PIN pad (a wrong PIN here is a wrong PIN on the device;
 * locked, nothing is checked: 429). Then the request's scope records as that member.
 */
export async function attributeOfflinePin(c: Context<AppEnv>, header: string, idempotencyKey: string | undefined): Promise<void> {
  const locale = c.get('locale')
  const scope = c.get('scope')
  const device = scope.device
  if (!device) throw forbidden(t(locale, 'devices.onlyDevice'))
  const match = HEADER.exec(header)
  if (!match) throw validationError({ offlinePin: t(locale, 'devices.offlinePinFormat') })
  if (idempotencyKey === undefined) throw validationError({ idempotencyKey: t(locale, 'devices.offlinePinNeedsKey') })
  const [, claimed, sealed] = match as unknown as [string, string, string]
  const membershipId = claimed.toLowerCase()
  const deps = c.get('deps')
  const now = nowOf(deps)
  const [row] = await sessionPins(deps.db, device, membershipId)
  if (!row || !stillValid(row, device.venueId)) {
    throw new ApiError('ForbiddenError', t(locale, 'devices.offlinePinRevoked'), { offlinePin: 'revoked' })
  }
  const opened = await openSealed(deps.db, device.sessionId, sealed)
  const fresh = opened !== null && opened.m === membershipId && Math.abs(now.getTime() - opened.t) <= SEALED_PIN_MAX_AGE_MS
  const digest = fresh ? await pinDigest(deps.db, device.orgId, opened.p) : null
  const outcome = await pinAttempt(deps.db, device, row.membershipId, now, async () => (digest !== null && digest === row.pinDigest ? { right: true } : null))
  if (outcome.status === 'locked') throw pinLockedError(locale, outcome.until, now)
  if (outcome.status === 'gone') throw forbidden(t(locale, 'devices.offlinePinRevoked'))
  if (outcome.status === 'wrong') throw new ApiError('ForbiddenError', t(locale, 'devices.offlinePinInvalid'), { offlinePin: 'invalid' })
  c.set('scope', {
    ...scope,
    membershipId: row.membershipId,
    device: { ...device, pin: { membershipId: row.membershipId, name: row.name, since: row.issuedAt, lastUsedAt: now }, pinExpired: false },
  })
}
