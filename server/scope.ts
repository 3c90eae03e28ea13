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
export function requireVenueAccess(scope: Pick<OrgScope, 'venueIds'>, venueId: string): void {
  if (scope.venueIds && !scope.venueIds.includes(venueId)) throw forbidden()
}

/** The keys that name venues in a body, at any depth: one venue, or a list of them. */
const VENUE_KEYS = new Set(['venueId', 'venueIds'])

/**
 * 403 unless the member may use every venue a (validated) body names, at any depth: `venueId`,
 * `venueIds[]`, `products[].parLevels[].venueId`… Run by `readJson` on every body read under an
 * organisation scope, so no route can forget it (issue #38). An empty `venueIds` ("every venue")
 * names no venue: what it means for a limited member is the module's rule.
 */
export function requireBodyVenues(scope: Pick<OrgScope, 'venueIds'>, body: unknown): void {
  if (!scope.venueIds || !body || typeof body !== 'object') return
  if (Array.isArray(body)) {
    for (const item of body) requireBodyVenues(scope, item)
    return
  }
  for (const [key, value] of Object.entries(body)) {
    if (VENUE_KEYS.has(key)) {
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string') requireVenueAccess(scope, id)
    } else requireBodyVenues(scope, value)
  }
}
