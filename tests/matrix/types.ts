/**
 * The role × tenancy matrix (tests/api/matrix.test.ts): one or more rows for every operation of the
 * OpenAPI document, each saying what every kind of caller gets. A test fails when an operation has no
 * row, so a new module cannot forget its routes.
 *
 * The rules the rows encode:
 * - anonymous → 401 on everything that needs a session; another organisation's member → 404, never
 *   learning that the organisation or the record exists; a role without the right → 403.
 * - Venue limits (a member limited to some venues, `basicLimited` here: venue B only):
 *   - a venue **named in the request** — the path (`venues/{venueId}/…`), the query (`?venueId=`) or the
 *     body (`venueId` of complete, resolve, export) — that the member may not use is **403** (`venueMember`):
 *     the venue's existence is no secret inside the organisation, using it is what is refused;
 *   - a **record found by its own id** — a checklist or item used only at other venues, a photo recorded
 *     only there — is **404** (`venueRecord`): it is filtered out in the query's WHERE clause, exactly like
 *     a record of another organisation, so the member never learns it exists;
 *   - lists answer 200 with only what the member may see; rows say so with `check`.
 * - Shared devices (docs/decisions/020-shared-devices.md): a device signed in at venue A, once without
 *   an active PIN (`deviceNoPin`) and once with a PIN-only member's PIN (`devicePin`). A device reads its
 *   venue's pages (`memberOrDevice`, `venueMember`, `venueRecord`), records there only with a PIN
 *   (`venueWork`, `work`: 403 without), and gets 403 for everything else a member or a person may do
 *   (`member`, `signedIn`, `adminUp`, `ownerOnly`), 403 for venue B named in the request, 404 for a
 *   record only at venue B, and 404 for another organisation (it is nobody's member there).
 */
import type { TestApp } from '../support/app.ts'
import type { Client, OrgWithActors } from '../support/orgs.ts'

/** Owner last: a destructive row (deleting the organisation) runs for everyone else first. */
export const ACTORS = ['anonymous', 'outsider', 'basicLimited', 'basic', 'admin', 'deviceNoPin', 'devicePin', 'owner'] as const
export const DEVICE_ACTORS = ['deviceNoPin', 'devicePin'] as const
export type DeviceActorName = (typeof DEVICE_ACTORS)[number]
export const isDevice = (actor: ActorName): actor is DeviceActorName => (DEVICE_ACTORS as readonly string[]).includes(actor)

/** A signed-in session of the matrix's device (at venue A). */
export interface DeviceActor {
  client: Client
}

/** The organisation with its people, plus the matrix device's two sessions and its PIN holder. */
export interface MatrixFixture extends OrgWithActors {
  deviceNoPin: DeviceActor
  devicePin: DeviceActor
  /** The device both sessions belong to ("Matrix tablet", venue A). */
  deviceId: string
  /** The PIN-only member whose PIN `devicePin` holds. */
  pinHolder: { membershipId: string; pin: string }
}
export type ActorName = (typeof ACTORS)[number]
/** The people of the fixture (every actor but anonymous and the devices). */
export type PersonName = Exclude<ActorName, 'anonymous' | DeviceActorName>
/** 'ok' is any 2xx; otherwise the exact status (302 for a redirect; 400 is a BadRequestError or ValidationError). */
export type Expected = 'ok' | 302 | 400 | 401 | 403 | 404
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** An answer as the matrix saw it. */
export interface MatrixResponse {
  status: number
  json: any
  text: string
  headers: Headers
}

export interface MatrixRow {
  name: string
  method: Method
  /** The OpenAPI path this row calls, exactly as documented, e.g. `/v1/orgs/{orgId}/checklists`. */
  route: string
  /** The path for this actor; may create a throwaway target first (e.g. a venue to delete). */
  path: (f: MatrixFixture, t: TestApp, actor: ActorName) => string | Promise<string>
  /** A JSON body, or FormData for a multipart upload. */
  body?: (f: MatrixFixture, actor: ActorName) => unknown
  /** Another client than the actor's own session, e.g. a fresh one for a call that signs in or out. */
  client?: (f: MatrixFixture, t: TestApp, actor: ActorName) => Client | Promise<Client>
  expect: Record<ActorName, Expected>
  /** More than the status: e.g. that the list a member limited to venue B gets leaves venue A out. */
  check?: (res: MatrixResponse, f: MatrixFixture, actor: ActorName, t: TestApp) => void | Promise<void>
  /** Run after every other row (destructive, e.g. deleting the organisation). */
  last?: boolean
}

/** What a device gets, both sessions alike. */
const devices = (expected: Expected) => ({ deviceNoPin: expected, devicePin: expected })

/** Everyone, signed in or not (public routes). */
export const everyone: Record<ActorName, Expected> = { anonymous: 'ok', outsider: 'ok', basicLimited: 'ok', basic: 'ok', admin: 'ok', owner: 'ok', ...devices('ok') }
/** Signed-in people, whatever their memberships (calls outside an organisation); a device is nobody's account: 403. */
export const signedIn: Record<ActorName, Expected> = { ...everyone, anonymous: 401, ...devices(403) }
/** Any member of the organisation, BASIC limited to other venues included; not a device (profile, onboarding, PINs, venue B). */
export const member: Record<ActorName, Expected> = { anonymous: 401, outsider: 404, basicLimited: 'ok', basic: 'ok', admin: 'ok', owner: 'ok', ...devices(403) }
/** Any member, and a device with or without a PIN: reading the organisation, its venues and templates. */
export const memberOrDevice: Record<ActorName, Expected> = { ...member, ...devices('ok') }
/** Reading at venue A: members who may use it (basicLimited may not: 403) and the device of venue A. */
export const venueMember: Record<ActorName, Expected> = { ...member, basicLimited: 403, ...devices('ok') }
/** Recording at venue A: the same, but a device only with a PIN. */
export const venueWork: Record<ActorName, Expected> = { ...venueMember, deviceNoPin: 403 }
/** Recording anywhere the caller may (an upload): any member, a device only with a PIN. */
export const work: Record<ActorName, Expected> = { ...member, devicePin: 'ok' }
/** Members who may see a record bound to venue A, found by its own id (basicLimited: 404), and the device of venue A. */
export const venueRecord: Record<ActorName, Expected> = { ...member, basicLimited: 404, ...devices('ok') }
export const adminUp: Record<ActorName, Expected> = { anonymous: 401, outsider: 404, basicLimited: 403, basic: 403, admin: 'ok', owner: 'ok', ...devices(403) }
export const ownerOnly: Record<ActorName, Expected> = { ...adminUp, admin: 403 }

/** Make the route's regular expression: `{param}` matches one path segment. */
export function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/?]+')
  return new RegExp(`^${escaped}$`)
}
