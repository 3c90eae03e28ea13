import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { memberships, orgRef, venueRef } from '../orgs/schema.ts'

/** One person's run of wrong PINs on a device (server/devices/pin-attempts.ts). */
export type PinPersonRun = { failures: string[]; lockedUntil?: string }

/**
 * A shared device (a tablet on the kitchen wall) of one venue (docs/decisions/020-shared-devices.md).
 * The wrong-PIN lockout is kept here, so it holds for every session of the device.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    venueId: venueRef(),
    name: text().notNull(),
    /** The device's last request (written at most once a minute); null before its first sign-in. */
    lastSeenAt: timestamp({ withTimezone: true }),
    /** When the recent wrong PINs were entered (those of the last 5 minutes count towards the lockout). */
    pinFailures: timestamp({ withTimezone: true }).array().notNull().default(sql`'{}'::timestamptz[]`),
    /** PIN entry is refused on this device until then (the hourly ceiling across all names, ADR 080). */
    pinLockedUntil: timestamp({ withTimezone: true }),
    /**
     * The wrong-PIN run of each person guessed on this device (ADR 080 "Per person"): by membership id
     * (or "" for a PIN given without a name), the ISO times of the wrong PINs since their last right one
     * and, while locked, until when. Pruned on every attempt; read and written under the device row lock.
     */
    pinPeople: jsonb().$type<Record<string, PinPersonRun>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('devices_org_idx').on(t.orgId, t.name), index('devices_venue_idx').on(t.venueId)],
)

/** One-time sign-in links of a device: only the token's SHA-256 is stored; at most one is live per device. */
export const deviceLoginLinks = pgTable(
  'device_login_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    deviceId: uuid()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Replaced by a newer link, or by "sign out everywhere". */
    voidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_login_links_token_idx').on(t.tokenHash),
    index('device_login_links_org_device_idx').on(t.orgId, t.deviceId),
    uniqueIndex('device_login_links_live_idx').on(t.deviceId).where(sql`${t.usedAt} is null and ${t.voidedAt} is null`),
  ],
)

/**
 * A signed-in device: the cookie `mise_session` holds a random token whose SHA-256 is stored here
 * (never in `sessions`, which are people's). It lasts until signed out. The PIN state says which
 * member is recording on it now, since when, and when the PIN was last used (idle after 5 minutes).
 */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    deviceId: uuid()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
    ip: text(),
    pinMembershipId: uuid().references(() => memberships.id, { onDelete: 'set null' }),
    pinSince: timestamp({ withTimezone: true }),
    pinLastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('device_sessions_token_hash_idx').on(t.tokenHash), index('device_sessions_org_device_idx').on(t.orgId, t.deviceId)],
)

/**
 * What a device session may check a member's PIN against while offline (docs/decisions/054): issued
 * when the member enters their PIN online on that session, when the server sees the plain PIN. The
 * verifier and the proof key are derived from the PIN with a slow KDF keyed by the session's secret;
 * `pinDigest` is the member's digest at that moment, so a changed PIN revokes it. Signing the device
 * out (the session deleted) or removing the member deletes it.
 */
export const deviceOfflinePins = pgTable(
  'device_offline_pins',
  {
    orgId: orgRef(),
    sessionId: uuid()
      .notNull()
      .references(() => deviceSessions.id, { onDelete: 'cascade' }),
    membershipId: uuid()
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    pinDigest: text().notNull(),
    /** Given to the device: HMAC(KDF(PIN), "verify:<member>"), base64url. */
    verifier: text().notNull(),
    /** Kept by the server only: HMAC(KDF(PIN), "proof:<member>"), base64url; a record made offline carries HMAC(proofKey, its Idempotency-Key). */
    proofKey: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.membershipId] }), index('device_offline_pins_org_session_idx').on(t.orgId, t.sessionId)],
)
