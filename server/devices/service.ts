/**
 * Shared devices (docs/decisions/020-shared-devices.md, docs/api-contract-devices.md): the settings
 * side (devices of a venue, one-time login links, signing a device out everywhere) and the device side
 * (using a link up, entering and forgetting a PIN, the wrong-PIN lockout). Every query of the settings
 * side carries `org_id = scope.orgId` and the member's venue limits in its WHERE clause.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { ApiError, validationError } from '../api/errors.ts'
import type { DeviceAuth } from '../api/context.ts'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import { pinDigest } from '../auth/pin.ts'
import { hashToken, newToken, sameHash } from '../auth/tokens.ts'
import type { Db } from '../db/client.ts'
import { t, type Locale } from '../i18n.ts'
import { hasRow, registerOnboardingStep } from '../onboarding/steps.ts'
import { createWithinLimit, planLimits } from '../billing/limits.ts'
import { memberships, organisations, venues } from '../orgs/schema.ts'
import { deviceLoginLinks, devices, deviceSessions } from './schema.ts'
import { mayHoldPinAt, PIN_IDLE_MS, publicPin } from './sessions.ts'
import { pinAttempt } from './pin-attempts.ts'

/** A login link is valid this long (product.md). */
export const LOGIN_LINK_MS = 24 * 60 * 60_000
/** The wrong-PIN rule (ADR 080) lives in ./pin-attempts.ts; re-exported for the callers that name it here. */
export { PIN_MAX_FAILURES } from './pin-attempts.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// ─── settings ───────────────────────────────────────────────────────────────────────────────────

/** "In this organisation, at a venue the member may use" — the WHERE clause of every settings query. */
function deviceInScope(scope: OrgScope) {
  return and(eq(devices.orgId, scope.orgId), scope.venueIds ? inArray(devices.venueId, scope.venueIds) : undefined)
}

/** The devices of the organisation (one, by id, or all the member may see), with their state, in two queries. */
async function loadDevices(db: Db, scope: OrgScope, now: Date, deviceId?: string) {
  const live = and(
    eq(deviceLoginLinks.orgId, devices.orgId),
    eq(deviceLoginLinks.deviceId, devices.id),
    isNull(deviceLoginLinks.usedAt),
    isNull(deviceLoginLinks.voidedAt),
    gt(deviceLoginLinks.expiresAt, now),
  )
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      venueId: devices.venueId,
      venueName: venues.name,
      lastSeenAt: devices.lastSeenAt,
      createdAt: devices.createdAt,
      sessions: sql<number>`(select count(*) from ${deviceSessions} where ${deviceSessions.orgId} = ${devices.orgId} and ${deviceSessions.deviceId} = ${devices.id})`.mapWith(Number),
      linkExpiresAt: sql<Date | null>`(select max(${deviceLoginLinks.expiresAt}) from ${deviceLoginLinks} where ${live})`.mapWith({
        mapFromDriverValue: (value: unknown) => (value === null ? null : new Date(value as string)),
      }),
    })
    .from(devices)
    .innerJoin(venues, and(eq(venues.orgId, devices.orgId), eq(venues.id, devices.venueId)))
    .where(and(deviceInScope(scope), deviceId ? eq(devices.id, deviceId) : undefined))
    .orderBy(sql`lower(${devices.name})`, asc(devices.name), asc(devices.id))
  if (!rows.length) return []
  // The active PINs: used within the idle time, by a member still allowed at the device's venue.
  const pins = await db
    .select({
      deviceId: deviceSessions.deviceId,
      membershipId: memberships.id,
      name: memberships.name,
      status: memberships.status,
      venueIds: memberships.venueIds,
      since: deviceSessions.pinSince,
      lastUsedAt: deviceSessions.pinLastUsedAt,
    })
    .from(deviceSessions)
    .innerJoin(memberships, and(eq(memberships.orgId, deviceSessions.orgId), eq(memberships.id, deviceSessions.pinMembershipId)))
    .where(
      and(
        eq(deviceSessions.orgId, scope.orgId),
        inArray(
          deviceSessions.deviceId,
          rows.map((r) => r.id),
        ),
        gt(deviceSessions.pinLastUsedAt, new Date(now.getTime() - PIN_IDLE_MS)),
      ),
    )
    .orderBy(desc(deviceSessions.pinLastUsedAt))
  return rows.map((row) => {
    const pin = pins.find((p) => p.deviceId === row.id && mayHoldPinAt(p, row.venueId))
    return {
      id: row.id,
      name: row.name,
      venue: { id: row.venueId, name: row.venueName },
      lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
      signedIn: row.sessions > 0,
      sessions: row.sessions,
      pinHolder: pin && pin.since && pin.lastUsedAt ? publicPin({ membershipId: pin.membershipId, name: pin.name, since: pin.since, lastUsedAt: pin.lastUsedAt }) : null,
      loginLink: row.linkExpiresAt ? { expiresAt: row.linkExpiresAt.toISOString() } : null,
      createdAt: row.createdAt.toISOString(),
    }
  })
}
export type PublicDevice = Awaited<ReturnType<typeof loadDevices>>[number]

export function listDevices(db: Db, scope: OrgScope, now: Date): Promise<PublicDevice[]> {
  return loadDevices(db, scope, now)
}

export async function findDevice(db: Db, scope: OrgScope, deviceId: string, now: Date): Promise<PublicDevice | undefined> {
  if (!UUID.test(deviceId)) return undefined
  return (await loadDevices(db, scope, now, deviceId))[0]
}

/**
 * A venue a device may be placed at: a non-archived venue of the organisation (ValidationError
 * `data.venueId` otherwise) that the member may use (403 otherwise: the venue is named in the request).
 */
async function checkVenue(db: Db, scope: OrgScope, venueId: string, locale: Locale): Promise<void> {
  const [venue] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.orgId, scope.orgId), eq(venues.id, venueId), isNull(venues.archivedAt)))
  if (!venue) throw validationError({ venueId: t(locale, 'validation.venue') })
  if (scope.venueIds && !scope.venueIds.includes(venueId)) throw new ApiError('ForbiddenError')
}

/** How many devices a plan allows; null = no limit. */
export function deviceLimit(plan: string): number | null {
  return planLimits(plan).devices
}

export async function createDevice(db: Db, scope: OrgScope, input: { name: string; venueId: string }, locale: Locale, now: Date): Promise<PublicDevice> {
  await checkVenue(db, scope, input.venueId, locale)
  // The plan's device limit (product.md: Free allows 1 device), taken with the insert (server/billing/limits.ts).
  // The venue is checked again under the organisation's lock, which deleting a venue also takes (ADR 079).
  const [row] = await createWithinLimit(db, scope.orgId, 'devices', locale, async (tx) => {
    await checkVenue(tx, scope, input.venueId, locale)
    return tx.insert(devices).values({ orgId: scope.orgId, venueId: input.venueId, name: input.name }).returning({ id: devices.id })
  })
  return (await findDevice(db, scope, row!.id, now))!
}

export async function updateDevice(
  db: Db,
  scope: OrgScope,
  deviceId: string,
  patch: { name?: string; venueId?: string },
  locale: Locale,
  now: Date,
): Promise<PublicDevice | undefined> {
  if (!UUID.test(deviceId)) return undefined
  if (!(await findDevice(db, scope, deviceId, now))) return undefined
  if (patch.venueId !== undefined) await checkVenue(db, scope, patch.venueId, locale)
  const updated = await db
    .update(devices)
    .set({ ...patch, updatedAt: now })
    .where(and(deviceInScope(scope), eq(devices.id, deviceId)))
    .returning({ id: devices.id })
  if (!updated.length) return undefined
  return findDevice(db, scope, deviceId, now)
}

/** Delete a device: its sessions and links go with it (ON DELETE CASCADE). False when there is no such device. */
export async function deleteDevice(db: Db, scope: OrgScope, deviceId: string): Promise<boolean> {
  if (!UUID.test(deviceId)) return false
  const deleted = await db
    .delete(devices)
    .where(and(deviceInScope(scope), eq(devices.id, deviceId)))
    .returning({ id: devices.id })
  return deleted.length > 0
}

/**
 * A new one-time login link for the device, valid 24 hours; the previous live link is voided in the
 * same transaction (the device row is locked, so two clicks at once still leave one live link).
 */
export async function generateLoginLink(
  db: Db,
  scope: OrgScope,
  deviceId: string,
  appUrl: string,
  now: Date,
): Promise<{ url: string; expiresAt: string } | undefined> {
  if (!UUID.test(deviceId)) return undefined
  const token = newToken()
  const expiresAt = new Date(now.getTime() + LOGIN_LINK_MS)
  const made = await db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(deviceInScope(scope), eq(devices.id, deviceId)))
      .for('update')
    if (!device) return false
    await tx
      .update(deviceLoginLinks)
      .set({ voidedAt: now })
      .where(and(eq(deviceLoginLinks.orgId, scope.orgId), eq(deviceLoginLinks.deviceId, deviceId), isNull(deviceLoginLinks.usedAt), isNull(deviceLoginLinks.voidedAt)))
    await tx.insert(deviceLoginLinks).values({ orgId: scope.orgId, deviceId, tokenHash: hashToken(token), expiresAt, createdAt: now })
    return true
  })
  if (!made) return undefined
  const url = `${appUrl}/device-login?${new URLSearchParams({ id: deviceId, token })}`
  return { url, expiresAt: expiresAt.toISOString() }
}

/** End every session of the device and void its unused login link; the number of sessions ended, or undefined without such a device. */
export async function signOutEverywhere(db: Db, scope: OrgScope, deviceId: string, now: Date): Promise<number | undefined> {
  if (!UUID.test(deviceId)) return undefined
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(deviceInScope(scope), eq(devices.id, deviceId)))
      .for('update')
    if (!device) return undefined
    const ended = await tx
      .delete(deviceSessions)
      .where(and(eq(deviceSessions.orgId, scope.orgId), eq(deviceSessions.deviceId, deviceId)))
      .returning({ id: deviceSessions.id })
    await tx
      .update(deviceLoginLinks)
      .set({ voidedAt: now })
      .where(and(eq(deviceLoginLinks.orgId, scope.orgId), eq(deviceLoginLinks.deviceId, deviceId), isNull(deviceLoginLinks.usedAt), isNull(deviceLoginLinks.voidedAt)))
    return ended.length
  })
}

// ─── the device's side ──────────────────────────────────────────────────────────────────────────

export type LinkProblem = 'invalid' | 'expired' | 'used' | 'replaced'

export interface LinkedDevice {
  id: string
  orgId: string
  name: string
  orgName: string
  venueId: string
  venueName: string
}

/**
 * Use a login link up: succeeds once, atomically, while it is live. Otherwise says why: `invalid`
 * (unknown or malformed id, wrong token, device gone), `expired`, `used` or `replaced`.
 * `mode: 'check'` only says what the link would sign in, writing nothing (GET /v1/auth/device/login, ADR 082).
 */
export async function useLoginLink(
  db: Db,
  deviceId: string | undefined,
  token: string | undefined,
  now: Date,
  mode: 'use' | 'check' = 'use',
): Promise<LinkedDevice | LinkProblem> {
  if (!deviceId || !token || !UUID.test(deviceId) || token.length > 200) return 'invalid'
  const [link] = await db
    .select({
      id: deviceLoginLinks.id,
      tokenHash: deviceLoginLinks.tokenHash,
      expiresAt: deviceLoginLinks.expiresAt,
      usedAt: deviceLoginLinks.usedAt,
      voidedAt: deviceLoginLinks.voidedAt,
      device: { id: devices.id, orgId: devices.orgId, name: devices.name, venueId: devices.venueId },
      orgName: organisations.name,
      venueName: venues.name,
    })
    .from(deviceLoginLinks)
    .innerJoin(devices, and(eq(devices.orgId, deviceLoginLinks.orgId), eq(devices.id, deviceLoginLinks.deviceId)))
    .innerJoin(organisations, eq(organisations.id, devices.orgId))
    .innerJoin(venues, and(eq(venues.orgId, devices.orgId), eq(venues.id, devices.venueId)))
    .where(and(eq(deviceLoginLinks.tokenHash, hashToken(token)), eq(deviceLoginLinks.deviceId, deviceId)))
    .limit(1)
  if (!link || !sameHash(link.tokenHash, hashToken(token))) return 'invalid'
  if (link.usedAt) return 'used'
  if (link.voidedAt) return 'replaced'
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired'
  const linked = { ...link.device, orgName: link.orgName, venueName: link.venueName }
  if (mode === 'check') return linked
  const used = await db
    .update(deviceLoginLinks)
    .set({ usedAt: now })
    .where(and(eq(deviceLoginLinks.id, link.id), isNull(deviceLoginLinks.usedAt), isNull(deviceLoginLinks.voidedAt), gt(deviceLoginLinks.expiresAt, now)))
    .returning({ id: deviceLoginLinks.id })
  // Someone else used (or an admin voided) it in the same moment.
  if (!used.length) return 'used'
  return linked
}

export type PinOutcome =
  | { status: 'ok'; pin: ReturnType<typeof publicPin> }
  | { status: 'wrong'; triesLeft: number }
  | { status: 'locked'; until: Date }
  | { status: 'gone' }

/**
 * Identify the member whose PIN this is, for the device session: an active member allowed at the
 * device's venue (anyone else is a wrong PIN, with the same answer). Counted by the device's wrong-PIN
 * rule (server/devices/pin-attempts.ts, ADR 080): a run of 5 wrong PINs locks PIN entry on the device
 * (every session of it) for 5 minutes, a right PIN ends the run, 20 wrong an hour lock it regardless.
 */
/** `pin` is 4–6 digits (checked by the contract). */
export async function enterPin(db: Db, device: DeviceAuth, pin: string, now: Date, membershipId?: string): Promise<PinOutcome> {
  const digest = await pinDigest(db, device.orgId, pin)
  // The person being guessed (ADR 080 "Per person"): the PIN is checked against them alone, and a
  // wrong one counts against them. An id of another organisation, or of someone not allowed here, is
  // simply never right: it is counted and answered like a wrong PIN, revealing nothing.
  const person = membershipId?.toLowerCase() ?? ''
  const outcome = await pinAttempt(db, device, person, now, async (tx, venueId) => {
    const [member] = await tx
      .select({ id: memberships.id, name: memberships.name, status: memberships.status, venueIds: memberships.venueIds })
      .from(memberships)
      .where(
        and(
          eq(memberships.orgId, device.orgId),
          person ? eq(memberships.id, person) : undefined,
          eq(memberships.pinDigest, digest),
          sql`${memberships.status} <> 'removed'`,
        ),
      )
      .limit(1)
    if (!member || !mayHoldPinAt(member, venueId)) return null
    await tx
      .update(deviceSessions)
      .set({ pinMembershipId: member.id, pinSince: now, pinLastUsedAt: now })
      .where(and(eq(deviceSessions.orgId, device.orgId), eq(deviceSessions.id, device.sessionId)))
    return { right: publicPin({ membershipId: member.id, name: member.name, since: now, lastUsedAt: now }) }
  })
  return outcome.status === 'ok' ? { status: 'ok', pin: outcome.value } : outcome
}

/**
 * Who may enter a PIN on this device, sorted by name: active members with a PIN who are allowed at
 * its venue — the names the PIN pad offers first ("tap your name, then your PIN").
 */
export async function pinPeople(db: Db, device: DeviceAuth): Promise<{ membershipId: string; name: string }[]> {
  const rows = await db
    .select({ membershipId: memberships.id, name: memberships.name, status: memberships.status, venueIds: memberships.venueIds })
    .from(memberships)
    .where(and(eq(memberships.orgId, device.orgId), isNotNull(memberships.pinDigest), eq(memberships.status, 'active')))
  return rows
    .filter((r) => mayHoldPinAt(r, device.venueId))
    .map((r) => ({ membershipId: r.membershipId, name: r.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.membershipId.localeCompare(b.membershipId))
}

/** Forget the PIN of a device session ("Done"). */
export async function forgetPin(db: Db, device: DeviceAuth): Promise<void> {
  await db
    .update(deviceSessions)
    .set({ pinMembershipId: null, pinSince: null, pinLastUsedAt: null })
    .where(and(eq(deviceSessions.orgId, device.orgId), eq(deviceSessions.id, device.sessionId)))
}

// ─── onboarding ─────────────────────────────────────────────────────────────────────────────────

registerOnboardingStep({
  key: 'device',
  href: '/settings/devices/new',
  position: 50,
  done: (db, orgId) => hasRow(db.select({ one: sql`1` }).from(devices).where(eq(devices.orgId, orgId))),
})
