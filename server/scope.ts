/**
 * The organisation scope every service takes (architecture.md rule 1), and the helpers that judge it.
 * Resolved once per request by the HTTP middleware (server/api/middleware/org-scope.ts), but nothing
 * here depends on HTTP: services, seeds and scripts use it alike.
 */
import type { DeviceAuth } from './api/context.ts'
import type { Role } from './auth/permissions.ts'
import { forbidden } from './api/errors.ts'
import type { Db } from './db/client.ts'
import type { Locale } from './i18n.ts'

export interface OrgScope {
  orgId: string
  /**
   * The member acting (a super admin reading without membership has none). On a shared device: the
   * member whose PIN is active (records are theirs), or none.
   */
  membershipId: string | null
  /** The signed-in person; null for a device. */
  userId: string | null
  /** The member's role; null for a device (its rights are the device column of product.md, not a role). */
  role: Role | null
  /** Venues the member may use; null means every venue of the organisation. */
  venueIds: string[] | null
  /** A platform operator reading without being a member: GET only. */
  readOnly: boolean
  /** Set when a signed-in shared device is acting (docs/decisions/020-shared-devices.md). */
  device?: DeviceAuth
  /**
   * The organisation's non-archived venues the member may use, as the page's session lookup read them
   * (`GET /v1/auth/me`, server/auth/sessions.ts): a service needing one of them takes it from here
   * instead of asking the database again (templates/day.ts `venueForWork`). Absent otherwise.
   */
  knownVenues?: Record<string, KnownVenue>
}

/** A venue as the session lookup read it: its name and time zone. */
export interface KnownVenue {
  name: string
  timeZone: string
}

/** What a service needs to answer: the database, the caller's scope and language (for messages). */
export interface ServiceContext {
  db: Db
  scope: OrgScope
  locale: Locale
  /**
   * A record-making call that said when the device made the record (`recordedAt`, ISO 8601), with the
   * server's time it came in: judged and kept by the record machinery (server/records/offline.ts).
   */
  deviceClock?: { recordedAt: string; serverNow: Date }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string | undefined): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/** 403 unless the member may use this venue (the venue's existence in the org is checked by the caller). */
export function requireVenueAccess(scope: OrgScope, venueId: string): void {
  if (scope.venueIds && !scope.venueIds.includes(venueId)) throw forbidden()
}
