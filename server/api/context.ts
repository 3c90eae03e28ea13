import type { Role } from '../auth/permissions.ts'
import type pino from 'pino'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import type { Locale } from '../i18n.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { UserOrg } from '../orgs/service.ts'
import type { KnownVenue } from '../scope.ts'

export interface Deps {
  db: Db
  config: Config
  mailer: Mailer
  logger: pino.Logger
  /** Is the database reachable with every migration applied? */
  ready: () => Promise<boolean>
  /** The clock for time rules that tests must control (device PIN idle and lockout, login links); default: the system's. */
  now?: () => Date
}

/** The current time by the app's clock (Deps.now, or the system's). */
export function nowOf(deps: Pick<Deps, 'now'>): Date {
  return deps.now?.() ?? new Date()
}

export interface SessionUser {
  id: string
  email: string
  name: string
  locale: string
  superAdmin: boolean
  emailVerifiedAt: Date | null
}

export interface AuthState {
  user: SessionUser
  sessionId: string
  /** Read with the session by `GET /v1/auth/me` (server/auth/sessions.ts). */
  orgs?: UserOrg[]
  /**
   * Read with them: the person's active memberships by organisation id, which the organisation scope
   * uses instead of looking the membership up again (the page's later calls share this session).
   */
  memberships?: Record<string, SessionMembership>
  /** Read with them: each organisation's venues the person may use, with their time zones (`OrgScope.knownVenues`). */
  venues?: Record<string, Record<string, KnownVenue>>
}

/** An active membership as the organisation scope needs it. */
export interface SessionMembership {
  id: string
  role: Role
  /** The venues it is limited to; empty for all. */
  venueIds: string[]
}

/** The PIN state of a device session: the member recording on the device now. */
export interface DevicePin {
  membershipId: string
  name: string
  since: Date
  lastUsedAt: Date
}

/** A device session, resolved once per request (server/devices/sessions.ts). */
export interface DeviceAuth {
  sessionId: string
  deviceId: string
  deviceName: string
  orgId: string
  orgName: string
  venueId: string
  venueName: string
  /** The organisation's requirePinOnDevices: recording needs an active PIN. */
  pinRequired: boolean
  /** The active PIN, if any (idle ones are already cleared). */
  pin: DevicePin | null
  /** A PIN was cleared by this very request because it had been idle more than 5 minutes. */
  pinExpired: boolean
}

/** Passed by the host as the second argument of app.fetch (in-process calls and the Node server). */
export interface Bindings {
  clientIp?: string
  /**
   * Sessions already resolved for the page request that makes these in-process calls, by token hash
   * (app/lib/api.server.ts): its later GETs skip the lookup. Only for GETs; the web empties it before
   * any other call.
   */
  sessions?: Map<string, AuthState>
  /** A page's call with no socket between: its JSON answers keep their text (server/api/in-process.ts). */
  inProcess?: boolean
}

export interface AppEnv {
  Bindings: Bindings
  Variables: {
    deps: Deps
    requestId: string
    locale: Locale
    /** The request's logger (a child with its request id), made on first use: most requests never log. */
    log: () => pino.Logger
    auth: AuthState | null
    /** A signed-in shared device (never a person: `auth` is then null). */
    device: DeviceAuth | null
    clientIp: string
  }
}
