/**
 * Device sessions (docs/decisions/020-shared-devices.md): the same `mise_session` cookie as a person's
 * session, looked up in `device_sessions` when it names no person's session. A device session lasts
 * until it is signed out; its PIN state says which member is recording on it now, and is forgotten
 * after 5 minutes without use — judged here, on every request, by the app's clock.
 */
import { and, eq } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { nowOf, type AppEnv, type DeviceAuth, type DevicePin } from '../api/context.ts'
import { SESSION_COOKIE, writeAuthMarker, writeCookie } from '../auth/sessions.ts'
import { hashToken, newToken } from '../auth/tokens.ts'
import { memberships, organisations, venues } from '../db/schema.ts'
import { devices, deviceSessions } from './schema.ts'

/** A PIN is forgotten after this long without use (original-spec.md §9, product.md). */
export const PIN_IDLE_MS = 5 * 60_000
/** A use of the PIN is written at most this often (every request is a use). */
const PIN_TOUCH_MS = 10_000
/** The device's and the session's last-seen times are written at most once a minute. */
const SEEN_EVERY_MS = 60_000
/** The cookie of a device session: as long as browsers keep one (400 days), renewed at most once a day. */
export const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60
const COOKIE_RENEW_MS = 24 * 60 * 60_000

/** Resolve a device session once per request, after the person's session middleware found none. */
export function deviceSessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('device', null)
    const token = getCookie(c, SESSION_COOKIE)
    if (!c.get('auth') && token && token.length < 200) c.set('device', await resolveDeviceSession(c, token))
    await next()
  }
}

/** Whether a member may hold the PIN on a device at this venue: active, and allowed at the venue. */
export function mayHoldPinAt(member: { status: string; venueIds: string[] }, venueId: string): boolean {
  return member.status === 'active' && (member.venueIds.length === 0 || member.venueIds.includes(venueId))
}

async function resolveDeviceSession(c: Context<AppEnv>, token: string): Promise<DeviceAuth | null> {
  const deps = c.get('deps')
  const { db } = deps
  const [row] = await db
    .select({
      sessionId: deviceSessions.id,
      sessionSeenAt: deviceSessions.lastSeenAt,
      pinMembershipId: deviceSessions.pinMembershipId,
      pinSince: deviceSessions.pinSince,
      pinLastUsedAt: deviceSessions.pinLastUsedAt,
      deviceId: devices.id,
      deviceName: devices.name,
      deviceSeenAt: devices.lastSeenAt,
      orgId: devices.orgId,
      orgName: organisations.name,
      pinRequired: organisations.requirePinOnDevices,
      venueId: venues.id,
      venueName: venues.name,
      memberName: memberships.name,
      memberStatus: memberships.status,
      memberVenueIds: memberships.venueIds,
    })
    .from(deviceSessions)
    .innerJoin(devices, and(eq(devices.orgId, deviceSessions.orgId), eq(devices.id, deviceSessions.deviceId)))
    .innerJoin(organisations, eq(organisations.id, devices.orgId))
    .innerJoin(venues, and(eq(venues.orgId, devices.orgId), eq(venues.id, devices.venueId)))
    .leftJoin(memberships, and(eq(memberships.orgId, deviceSessions.orgId), eq(memberships.id, deviceSessions.pinMembershipId)))
    .where(eq(deviceSessions.tokenHash, hashToken(token)))
    .limit(1)
  if (!row) return null
  const now = nowOf(deps)

  let pin: DevicePin | null = null
  let pinExpired = false
  const sessionPatch: Partial<typeof deviceSessions.$inferInsert> = {}
  if (row.pinMembershipId && row.pinSince && row.pinLastUsedAt) {
    const idle = now.getTime() - row.pinLastUsedAt.getTime() > PIN_IDLE_MS
    const allowed = row.memberStatus !== null && mayHoldPinAt({ status: row.memberStatus, venueIds: row.memberVenueIds ?? [] }, row.venueId)
    if (!idle && allowed) {
      pin = { membershipId: row.pinMembershipId, name: row.memberName ?? '', since: row.pinSince, lastUsedAt: row.pinLastUsedAt }
      if (now.getTime() - row.pinLastUsedAt.getTime() > PIN_TOUCH_MS) {
        sessionPatch.pinLastUsedAt = now
        pin.lastUsedAt = now
      }
    } else {
      // Forgotten: idle too long, or the member was removed or moved away from this venue. Only this
      // very PIN state is cleared (a PIN entered meanwhile by a parallel request stays).
      pinExpired = idle
      await db
        .update(deviceSessions)
        .set({ pinMembershipId: null, pinSince: null, pinLastUsedAt: null })
        .where(and(eq(deviceSessions.id, row.sessionId), eq(deviceSessions.pinLastUsedAt, row.pinLastUsedAt)))
    }
  }
  const sessionSeenMs = now.getTime() - row.sessionSeenAt.getTime()
  if (sessionSeenMs > SEEN_EVERY_MS) sessionPatch.lastSeenAt = now
  if (Object.keys(sessionPatch).length) {
    await db
      .update(deviceSessions)
      .set(sessionPatch)
      .where(and(eq(deviceSessions.id, row.sessionId), pin ? eq(deviceSessions.pinMembershipId, pin.membershipId) : undefined))
  }
  if (!row.deviceSeenAt || now.getTime() - row.deviceSeenAt.getTime() > SEEN_EVERY_MS) {
    await db.update(devices).set({ lastSeenAt: now }).where(and(eq(devices.orgId, row.orgId), eq(devices.id, row.deviceId)))
  }
  if (sessionSeenMs > COOKIE_RENEW_MS) writeCookie(c, token, deps.config.secureCookies, DEVICE_COOKIE_SECONDS)

  return {
    sessionId: row.sessionId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    orgId: row.orgId,
    orgName: row.orgName,
    venueId: row.venueId,
    venueName: row.venueName,
    pinRequired: row.pinRequired,
    pin,
    pinExpired,
  }
}

/** Sign this browser in as the device: a new device session and its cookie. */
export async function startDeviceSession(c: Context<AppEnv>, device: { orgId: string; id: string }): Promise<void> {
  const deps = c.get('deps')
  const token = newToken()
  const now = nowOf(deps)
  await deps.db.insert(deviceSessions).values({
    orgId: device.orgId,
    deviceId: device.id,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    ip: c.get('clientIp') || null,
  })
  writeCookie(c, token, deps.config.secureCookies, DEVICE_COOKIE_SECONDS)
  writeAuthMarker(c, deps.config.secureCookies, DEVICE_COOKIE_SECONDS)
}

/** The API shape of a PIN state (docs/api-contract-devices.md, `PinHolder`). */
export function publicPin(pin: DevicePin) {
  return {
    membershipId: pin.membershipId,
    name: pin.name,
    since: pin.since.toISOString(),
    lastUsedAt: pin.lastUsedAt.toISOString(),
    expiresAt: new Date(pin.lastUsedAt.getTime() + PIN_IDLE_MS).toISOString(),
  }
}
export type PublicPin = ReturnType<typeof publicPin>

/** `GET /v1/auth/me` for a device: its one organisation and venue, and who holds the PIN. */
export function deviceMe(device: DeviceAuth, locale: string, webVersion: string) {
  return {
    user: { id: device.deviceId, type: 'device' as const, name: device.deviceName, locale, superAdmin: false, emailVerified: true },
    orgs: [{ id: device.orgId, name: device.orgName, role: null, venues: [{ id: device.venueId, name: device.venueName }] }],
    device: { id: device.deviceId, name: device.deviceName, orgId: device.orgId, venueId: device.venueId, pinRequired: device.pinRequired },
    pin: device.pin ? publicPin(device.pin) : null,
    webVersion,
    flags: {},
  }
}
