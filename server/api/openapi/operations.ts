/**
 * Every /v1 call, one row each: the table GET /v1/openapi.json is built from (server/api/openapi.ts).
 * Bodies and query strings are the routes' own zod schemas; response shapes are the component
 * schemas of ./components.ts. tests/api/openapi.test.ts checks that this table and the routes the
 * app registers are the same set.
 */
import type { z } from 'zod'
import type { Action } from '../../auth/permissions.ts'
import { forgotBody, loginBody, registerBody, resetBody, updatePasswordBody, verifyBody, verifyQuery } from '../../auth/routes.ts'
import { completeBody, entryQuery, exportBody, resolveBody, signOffBody } from '../../checklists/entry-routes.ts'
import { createItemBody, updateItemBody } from '../../checklists/item-routes.ts'
import { createChecklistBody, listChecklistsQuery, reorderBody, updateChecklistBody } from '../../checklists/routes.ts'
import { deviceLoginBody, deviceLoginQuery, devicePinBody } from '../../devices/auth-routes.ts'
import { createDeviceBody, updateDeviceBody } from '../../devices/routes.ts'
import { createOrderBody, ordersQuery, receiveBody, supplierConfirmBody, supplierQuery, updateOrderBody } from '../../orders/routes.ts'
import { contactListQuery, createCategoryBody, createContactBody, productsBody, reorderCategoriesBody as reorderContactCategoriesBody, updateCategoryBody as updateContactCategoryBody, updateContactBody } from '../../contacts/routes.ts'
import { dayListQuery } from '../../checklists/venue-entry-routes.ts'
import { dashboardQuery } from '../../dashboard/routes.ts'
import { unsubscribeBody, unsubscribeQuery } from '../../alerts/routes.ts'
import { alertPreferencesBody, alertSettingsBody } from '../../alerts/settings.ts'
import { createOrgBody, updateOrgBody } from '../../orgs/routes.ts'
import { orgProfileBody } from '../../profile/org-routes.ts'
import { profileBody } from '../../profile/routes.ts'
import { inviteAcceptBody, inviteQuery, inviteRegisterBody } from '../../staff/invite-routes.ts'
import { createStaffBody, updateStaffBody } from '../../staff/routes.ts'
import { RENDITION_TYPE, RENDITION_WIDTHS } from '../../uploads/resize.ts'
import { uploadQuery } from '../../uploads/routes.ts'
import { PHOTO_LINK_DAYS, photoLinkQuery } from '../../records/photo-links.ts'
import { UPLOAD_CONTENT_TYPES } from '../../uploads/service.ts'
import { createVenueBody, updateVenueBody } from '../../venues/routes.ts'
import { planBody } from '../../billing/routes.ts'
import { contactBody, earlyAccessBody, supportBody } from '../../forms/routes.ts'
import {
  categoryBody,
  createRecipeBody,
  generateBody,
  listRecipesQuery,
  reorderCategoriesBody,
  updateCategoryBody,
  updateRecipeBody,
  venueRecipesQuery,
} from '../../recipes/routes.ts'
import { completeReadingBody, resolveReadingBody, temperatureDayQuery, temperatureExportBody, temperatureLogQuery } from '../../temperatures/entry-routes.ts'
import { createTemperatureBody, createTemperatureItemBody, updateTemperatureBody, updateTemperatureItemBody } from '../../temperatures/routes.ts'
import { ref, type JsonSchema } from './components.ts'

export const TAGS = [
  { name: 'Auth', description: 'Accounts, sessions, e-mail verification and passwords' },
  { name: 'Profile', description: "The user's profile, and their name and PIN in an organisation" },
  { name: 'Organisations', description: 'Creating, reading, changing and deleting an organisation' },
  { name: 'Venues', description: "The organisation's sites" },
  { name: 'Onboarding', description: 'The getting-started panel' },
  { name: 'Dashboard', description: 'The venue home and the group overview' },
  { name: 'Alerts', description: 'E-mail alerts: settings, a member\'s own choices, recent alerts, unsubscribe links' },
  { name: 'Staff', description: 'Members, invitations and PIN-only staff' },
  { name: 'Invitations', description: "The invitee's side of an invitation (the link is the credential)" },
  { name: 'Checklists', description: 'Checklist templates' },
  { name: 'Checklist items', description: 'The items of a checklist template' },
  { name: 'Checklist entries', description: 'Daily work: the day list, completing and resolving items, exports' },
  { name: 'Temperatures', description: 'Temperature logs (templates)' },
  { name: 'Temperature items', description: 'The units of a temperature log (fridges, freezers, hot holding …)' },
  { name: 'Temperature entries', description: 'Daily work: the day list, readings, corrective actions, exports' },
  { name: 'Uploads', description: 'Photos and PDFs of the organisation' },
  { name: 'Devices', description: 'Shared kitchen devices: their settings, one-time login links, signing in, and staff PINs on a device' },
  { name: 'Billing', description: 'Plans, limits, Stripe Checkout, the customer portal and Stripe webhooks' },
  { name: 'Public forms', description: 'Contact, support and early-access messages (stored and e-mailed to support)' },
  { name: 'Contacts', description: "Who to call: the organisation's contacts, their categories and suppliers' catalogues" },
  { name: 'Orders', description: 'Supplier orders of a venue: drafted, sent by e-mail, confirmed by the supplier, received with shortfalls' },
  { name: 'Operations', description: 'Health, readiness and this document' },
  { name: 'Recipes', description: "The organisation's recipe book: recipes, a venue's book, and drafts from pasted text or a web page" },
  { name: 'Recipe categories', description: 'The categories of the recipe book' },
] as const

export type Tag = (typeof TAGS)[number]['name']

/**
 * Who may call: `public` (no session), `user` (any signed-in user), `device` (a signed-in shared
 * device), or the permission an organisation member's role must hold (server/auth/permissions.ts).
 */
export type Access = 'public' | 'user' | 'device' | Action

/** One non-error answer, as an OpenAPI Response Object plus its status. */
export interface Reply {
  status: number
  description: string
  content?: Record<string, { schema: JsonSchema }>
  headers?: Record<string, { description: string; schema: JsonSchema }>
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  /** The path with `{param}` placeholders, as served. */
  path: string
  tag: Tag
  summary: string
  access: Access
  /** More than the summary says (the role line is added by the builder). */
  notes?: string
  /** The JSON body, validated by the handler with this very schema. */
  body?: z.ZodType
  /** The query string, validated by the handler with this very schema. */
  query?: z.ZodObject
  /** A multipart/form-data body with one binary `file`. */
  multipart?: { description: string; contentTypes: readonly string[] }
  /** The success answer, then any other non-error answer. */
  replies: [Reply, ...Reply[]]
  /** Error answers beyond those the builder derives (400 with a body or query, 401 unless public, 403 for a role or an unsafe method, 404 with path parameters). */
  errors?: (400 | 401 | 403 | 404)[]
  /** Rate limited: 429 with Retry-After. */
  rateLimited?: boolean
}

// ─── reply helpers ───────────────────────────────────────────────────────────────────────────────

/** `{ key: schema, … }` with every key required. */
function wrap(properties: Record<string, JsonSchema>, optional: Record<string, JsonSchema> = {}): JsonSchema {
  return { type: 'object', required: Object.keys(properties), properties: { ...properties, ...optional } }
}

const json = (status: number, schema: JsonSchema, description = status === 201 ? 'Created' : 'OK'): Reply => ({
  status,
  description,
  content: { 'application/json': { schema } },
})
const noContent = (description = 'Done'): Reply => ({ status: 204, description })
const binary: JsonSchema = { type: 'string', format: 'binary' }
const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema })
const ok = (status = 200) => json(status, ref('Ok'), status === 202 ? 'Accepted' : 'OK')

const ORG = '/v1/orgs/{orgId}'
const VENUE_ACCESS = 'A member limited to some venues gets 403 for another venue of the organisation.'
const OFFLINE =
  'Made offline and synced later (ADR 052): an `Idempotency-Key` header (1–200 visible ASCII characters, e.g. a UUID) makes a replay by the same device or member answer the stored status and body (with `Idempotent-Replayed: true`) and record nothing new, for 48 hours; the same key with another request → 400. `recordedAt` is when the device made it, kept beside the time received; more than 2 minutes ahead of the server or 12 hours behind → ValidationError `data.recordedAt`. A shared device sends `Mise-Offline-Pin: <membershipId>.<sealed PIN>` for a record made under a PIN typed on the device while offline (ADR 080): accepted only from the device session it was sealed for, for a BASIC member who entered their PIN online there and is still active, allowed at the venue and has the same PIN, and only when the sealed PIN is right — a check counted by the device’s wrong-PIN rule (a wrong one → 403 `data.offlinePin = invalid` and counts; locked → 429 `data.pin = locked` with Retry-After); the record is then that member’s, with no PIN held online needed. Otherwise 403 `data.offlinePin = revoked`; malformed → ValidationError `data.offlinePin`; without an Idempotency-Key → ValidationError `data.idempotencyKey`.'
const VENUE_CHECKLIST = 'A member limited to some venues gets 404 for a checklist used only at other venues.'
const FORM_NOTES =
  'Stored and e-mailed to SUPPORT_EMAIL, with an acknowledgement to the sender in `locale` (default: the request’s language). `website` is a honeypot and `startedAt` (when the form was served, ms) a time trap: filled, or sent within 3 seconds, the answer is the same 202 but nothing is stored or sent. At most 10 per hour from one IP address and 5 per hour from one e-mail address, per kind of form.'
const ORDER_VENUES = 'A member limited to some venues, or a device, gets 404 for an order of another venue; a device needs an active PIN.'
const CONTACT_VENUES = 'A member limited to some venues, or a device, sees only the contacts shown at their venues or at every venue (another → 404).'
const array = (items: JsonSchema): JsonSchema => ({ type: 'array', items })
const RECIPE_VENUES = 'A member limited to some venues gets 404 for a recipe used only at other venues.'
const VENUE_LOG = 'A member limited to some venues gets 404 for a temperature log used only at other venues.'
const DEVICE_ADMIN = 'An ADMIN limited to some venues sees and manages only the devices of those venues (another venue’s device → 404).'

// ─── the table ───────────────────────────────────────────────────────────────────────────────────

export const operations: Operation[] = [
  // Operations
  { method: 'get', path: '/v1/health', tag: 'Operations', summary: 'Process is up', access: 'public', replies: [json(200, ref('Status'))] },
  {
    method: 'get',
    path: '/v1/ready',
    tag: 'Operations',
    summary: 'Database reachable and migrations applied',
    access: 'public',
    replies: [json(200, ref('Status'), 'Ready'), json(503, ref('Status'), 'Unavailable')],
  },
  { method: 'get', path: '/v1/openapi.json', tag: 'Operations', summary: 'This document (OpenAPI 3.1)', access: 'public', replies: [json(200, ref('OpenApiDocument'))] },

  // Auth
  {
    method: 'get',
    path: '/v1/auth/me',
    tag: 'Auth',
    summary: 'The current user and their organisations',
    notes:
      'A shared device gets `user.type: "device"`, its one organisation (`role: null`) with its one venue, `device` and the current PIN holder `pin` (or null); reading it counts as use of the PIN.',
    access: 'user',
    replies: [json(200, ref('Me'))],
  },
  {
    method: 'post',
    path: '/v1/auth/register',
    tag: 'Auth',
    summary: 'Create an account and sign in',
    notes: 'Sends a verification e-mail. An address with an account → ValidationError `data.email`.',
    access: 'public',
    body: registerBody,
    replies: [json(201, wrap({ user: ref('User') }))],
  },
  {
    method: 'post',
    path: '/v1/auth/login',
    tag: 'Auth',
    summary: 'Sign in',
    notes: 'Wrong e-mail or password → 401.',
    access: 'public',
    body: loginBody,
    replies: [json(200, wrap({ user: ref('User') }))],
    errors: [401],
    rateLimited: true,
  },
  { method: 'post', path: '/v1/auth/logout', tag: 'Auth', summary: 'Sign out', notes: 'Ends the current session, if any.', access: 'public', replies: [noContent('Signed out')] },
  {
    method: 'get',
    path: '/v1/auth/verification/verify',
    tag: 'Auth',
    summary: 'Open an e-mail verification link (changes nothing)',
    notes: 'Redirects to the web page `/verify-email?id&token`, which asks and then verifies with POST (ADR 082); without both, to `/verify-email?status=invalid`.',
    access: 'public',
    query: verifyQuery,
    replies: [{ status: 302, description: 'Redirect to the verification page', headers: { Location: header('The web page') } }],
  },
  {
    method: 'post',
    path: '/v1/auth/verification/verify',
    tag: 'Auth',
    summary: 'Verify an e-mail address with its link',
    notes: '`status`: `success` (also for a link that already verified the address), `expired` or `invalid`. Refused from another site (403).',
    access: 'public',
    body: verifyBody,
    replies: [json(200, { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { type: 'string', enum: ['success', 'expired', 'invalid'] } } })],
  },
  {
    method: 'post',
    path: '/v1/auth/verification/resend',
    tag: 'Auth',
    summary: 'Send the verification e-mail again',
    notes: 'An address already verified → 400.',
    access: 'user',
    replies: [ok(202)],
    errors: [400],
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/v1/auth/forgot-password',
    tag: 'Auth',
    summary: 'E-mail a password reset link',
    notes: 'The same answer whether or not the address has an account.',
    access: 'public',
    body: forgotBody,
    replies: [ok(202)],
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/v1/auth/reset-password',
    tag: 'Auth',
    summary: 'Set a new password with a reset link',
    notes: 'Ends every session of the account; an expired or used link → 400.',
    access: 'public',
    body: resetBody,
    replies: [ok()],
  },
  {
    method: 'post',
    path: '/v1/auth/update-password',
    tag: 'Auth',
    summary: 'Change the password',
    notes: 'Ends the other sessions; a wrong current password → ValidationError `data.currentPassword`.',
    access: 'user',
    body: updatePasswordBody,
    replies: [ok()],
    rateLimited: true,
  },

  // Invitations
  {
    method: 'get',
    path: '/v1/auth/invite',
    tag: 'Invitations',
    summary: 'Describe an invitation',
    notes: 'An unknown, used or voided link → 404; an expired one → 400.',
    access: 'public',
    query: inviteQuery,
    replies: [json(200, wrap({ invite: ref('Invite') }))],
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/v1/auth/invite/register',
    tag: 'Invitations',
    summary: 'Create an account from an invitation and sign in',
    notes: 'The address counts as verified and the membership becomes active. An address with an account → ValidationError `data.email`; a link that is not live → 404.',
    access: 'public',
    body: inviteRegisterBody,
    replies: [json(201, wrap({ user: ref('User') }))],
    errors: [404],
  },
  {
    method: 'post',
    path: '/v1/auth/invite/accept',
    tag: 'Invitations',
    summary: 'Join the organisation of an invitation as the signed-in user',
    notes: "The invitation's address must be the user's (403); already an active member → 400; a link that is not live → 404.",
    access: 'user',
    body: inviteAcceptBody,
    replies: [json(200, wrap({ organisation: ref('OrgRef') }))],
    errors: [400, 403, 404],
  },

  // Profile
  {
    method: 'get',
    path: '/v1/auth/device/login',
    tag: 'Devices',
    summary: 'What a shared device’s one-time link would sign in (changes nothing)',
    notes:
      'Reads only: no cookie is set, no session ended, the link stays unused, so a link or an image on another site changes nothing (ADR 082). Sign in with POST. Unknown, malformed or forged → 404 `data.link: "invalid"`; expired → 400 `"expired"`; used → 400 `"used"`; voided by a newer link or by signing the device out → 400 `"replaced"`.',
    access: 'public',
    query: deviceLoginQuery,
    replies: [json(200, ref('DeviceLogin'))],
    errors: [404],
  },
  {
    method: 'post',
    path: '/v1/auth/device/login',
    tag: 'Devices',
    summary: 'Sign this browser in as a shared device with its one-time link',
    notes:
      'Sets the session cookie (a device session, until signed out) and uses the link up; a session the browser had is ended. Refused from another site (403, like every state-changing call). The link’s problems answer as for GET.',
    access: 'public',
    body: deviceLoginBody,
    replies: [json(200, ref('DeviceLogin'))],
    errors: [404],
  },
  {
    method: 'post',
    path: '/v1/auth/device/pin',
    tag: 'Devices',
    summary: 'Identify the staff member recording on this device by their PIN',
    notes:
      'Body `{ pin, membershipId }`: the person picked on the pad (from `GET /v1/auth/device/people`) and their PIN, checked against that member alone. An active member allowed at the device’s venue (PIN-only staff too); a member of another organisation, not active or not allowed here answers exactly like a wrong PIN (ValidationError `data.pin`). Wrong PINs count per person on the device (ADR 080 "Per person"): 5 for one person within 5 minutes, with no right PIN for them between, lock THAT person on this device for 5 minutes; 20 wrong PINs within an hour for anyone lock the whole device until the oldest is an hour old. Locked: 429 with Retry-After and `data: { pin: "locked", until }`. A right PIN clears that person’s run. Without `membershipId` (older clients) the PIN is looked up among everyone and counted against an unnamed person of its own. The PIN is forgotten after 5 minutes without use.',
    access: 'device',
    body: devicePinBody,
    replies: [json(200, wrap({ pin: ref('PinHolder') }))],
    rateLimited: true,
  },
  {
    method: 'get',
    path: '/v1/auth/device/people',
    tag: 'Devices',
    summary: 'Who may enter a PIN on this device: the names the PIN pad offers first',
    notes: 'Active members with a PIN who are allowed at the device’s venue, sorted by name (ADR 080 "Per person"). Changes nothing. `Cache-Control: no-store`.',
    access: 'device',
    replies: [
      json(200, {
        type: 'object',
        required: ['people'],
        properties: {
          people: array({
            type: 'object',
            required: ['membershipId', 'name'],
            properties: { membershipId: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
          }),
        },
      }),
    ],
  },
  {
    method: 'get',
    path: '/v1/auth/device/offline-pins',
    tag: 'Devices',
    summary: 'Who may record on this device offline, and the key a PIN typed offline is sealed with',
    notes:
      'The device session’s ECDH P-256 public key (uncompressed point, base64url) and the BASIC members who entered their PIN online on this device session and are still active, allowed at its venue and have the same PIN (ADR 080). Nothing a PIN can be checked against: offline, a member picks their name, the PIN typed is sealed for the server (ECDH + HKDF-SHA256 + AES-256-GCM) and checked when the records made under it sync (`Mise-Offline-Pin`), counted by the device’s wrong-PIN rule. Changes nothing. `Cache-Control: no-store`.',
    access: 'device',
    replies: [
      json(200, {
        type: 'object',
        required: ['publicKey', 'members'],
        properties: {
          publicKey: { type: 'string' },
          members: array({
            type: 'object',
            required: ['membershipId', 'name'],
            properties: { membershipId: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
          }),
        },
      }),
    ],
  },
  {
    method: 'delete',
    path: '/v1/auth/device/pin',
    tag: 'Devices',
    summary: 'Forget the PIN on this device now ("Done")',
    access: 'device',
    replies: [noContent('Forgotten')],
  },
  {
    method: 'get',
    path: '/v1/profile',
    tag: 'Profile',
    summary: 'The user-level profile',
    notes: 'A shared device has no profile (403).',
    access: 'user',
    replies: [json(200, wrap({ profile: ref('User') }))],
    errors: [403],
  },
  {
    method: 'put',
    path: '/v1/profile',
    tag: 'Profile',
    summary: 'Update name, language or e-mail address',
    notes: 'A new `email` needs `currentPassword`, must be unused, clears verification and sends a verification e-mail.',
    access: 'user',
    body: profileBody,
    replies: [json(200, wrap({ profile: ref('User') }))],
    rateLimited: true,
  },
  {
    method: 'get',
    path: `${ORG}/profile`,
    tag: 'Profile',
    summary: "The member's own name, role and PIN state in the organisation",
    access: 'profile.own',
    replies: [json(200, wrap({ profile: ref('OrgProfile') }))],
  },
  {
    method: 'put',
    path: `${ORG}/profile`,
    tag: 'Profile',
    summary: "Change the member's own name or PIN in the organisation",
    notes: 'The PIN is 4–6 digits, unique inside the organisation (`data.pin`). Answers that depend on which PINs are in use are limited per member and per organisation (429, ADR 016).',
    access: 'profile.own',
    body: orgProfileBody,
    replies: [json(200, wrap({ profile: ref('OrgProfile') }))],
    rateLimited: true,
  },

  // Organisations
  {
    method: 'post',
    path: '/v1/orgs',
    tag: 'Organisations',
    summary: 'Create an organisation',
    notes: 'The creator becomes its OWNER.',
    access: 'user',
    body: createOrgBody,
    replies: [json(201, wrap({ organisation: ref('Organisation') }))],
  },
  { method: 'get', path: ORG, tag: 'Organisations', summary: 'An organisation', access: 'org.read', replies: [json(200, wrap({ organisation: ref('Organisation') }))] },
  {
    method: 'put',
    path: ORG,
    tag: 'Organisations',
    summary: 'Change an organisation',
    access: 'org.update',
    body: updateOrgBody,
    replies: [json(200, wrap({ organisation: ref('Organisation') }))],
  },
  {
    method: 'delete',
    path: ORG,
    tag: 'Organisations',
    summary: 'Delete an organisation and everything of it',
    access: 'org.delete',
    replies: [noContent('Deleted')],
  },

  // Venues
  {
    method: 'get',
    path: `${ORG}/venues`,
    tag: 'Venues',
    summary: 'The venues the member may use',
    notes: 'Sorted by name, archived ones left out.',
    access: 'venue.read',
    replies: [json(200, wrap({ venues: { type: 'array', items: ref('Venue') } }))],
  },
  {
    method: 'post',
    path: `${ORG}/venues`,
    tag: 'Venues',
    summary: 'Create a venue',
    notes: "`timeZone` defaults to the organisation's.",
    access: 'venue.manage',
    body: createVenueBody,
    replies: [json(201, wrap({ venue: ref('Venue') }))],
  },
  { method: 'get', path: `${ORG}/venues/{venueId}`, tag: 'Venues', summary: 'A venue', notes: VENUE_ACCESS, access: 'venue.read', replies: [json(200, wrap({ venue: ref('Venue') }))] },
  {
    method: 'put',
    path: `${ORG}/venues/{venueId}`,
    tag: 'Venues',
    summary: 'Change a venue',
    access: 'venue.manage',
    body: updateVenueBody,
    replies: [json(200, wrap({ venue: ref('Venue') }))],
  },
  {
    method: 'delete',
    path: `${ORG}/venues/{venueId}`,
    tag: 'Venues',
    summary: 'Delete a venue',
    notes: "The id is removed from every member's venues; refused (400) when it is the only venue of a member.",
    access: 'venue.manage',
    replies: [noContent('Deleted')],
    errors: [400],
  },

  // Onboarding
  { method: 'get', path: `${ORG}/onboarding`, tag: 'Onboarding', summary: 'The onboarding panel, judged from the data', access: 'onboarding.read', replies: [json(200, ref('Onboarding'))] },
  { method: 'post', path: `${ORG}/onboarding/hide`, tag: 'Onboarding', summary: 'Hide the onboarding panel for everyone', access: 'org.update', replies: [noContent('Hidden')] },

  // Dashboard (issue #14)
  {
    method: 'get',
    path: `${ORG}/venues/{venueId}/dashboard`,
    tag: 'Dashboard',
    summary: "The venue's day: due work most urgent first, unresolved failures, deliveries, compliance",
    notes: `\`date\` is yyyy-MM-dd, default today in the venue's zone; a future date → ValidationError \`data.date\`. Compliance covers the 30 days up to the day (archived templates count on the days they were in place). ${VENUE_ACCESS}`,
    access: 'venue.work',
    query: dashboardQuery,
    replies: [json(200, ref('Dashboard'))],
  },
  {
    method: 'get',
    path: `${ORG}/overview`,
    tag: 'Dashboard',
    summary: 'Every venue side by side: the day, and the last 7 and 30 days',
    notes: "`date` is yyyy-MM-dd, default today at each venue. Only the venues the member may use.",
    access: 'overview.read',
    query: dashboardQuery,
    replies: [json(200, ref('Overview'))],
  },

  // Alerts (issue #14, ADR 050/051)
  {
    method: 'get',
    path: `${ORG}/venues/{venueId}/alerts`,
    tag: 'Alerts',
    summary: "The venue's recent alerts, newest first (10)",
    notes: VENUE_ACCESS,
    access: 'venue.work',
    replies: [json(200, wrap({ alerts: { type: 'array', items: ref('RecentAlert') } }))],
  },
  { method: 'get', path: `${ORG}/alert-settings`, tag: 'Alerts', summary: "The organisation's alert settings (defaults until changed)", access: 'settings.access', replies: [json(200, wrap({ settings: ref('AlertSettings') }))] },
  {
    method: 'put',
    path: `${ORG}/alert-settings`,
    tag: 'Alerts',
    summary: "Change the organisation's alert settings",
    notes: 'Fields left out keep their value. Quiet hours are both times or neither (null); `recipientIds` are members of the organisation.',
    access: 'settings.access',
    body: alertSettingsBody,
    replies: [json(200, wrap({ settings: ref('AlertSettings') }))],
  },
  { method: 'get', path: `${ORG}/alert-preferences`, tag: 'Alerts', summary: "The member's own alerts in this organisation", access: 'profile.own', replies: [json(200, wrap({ preferences: ref('AlertPreferences') }))] },
  {
    method: 'put',
    path: `${ORG}/alert-preferences`,
    tag: 'Alerts',
    summary: "Change the member's own alerts",
    notes: "Fields left out keep their value; quiet hours null: the organisation's.",
    access: 'profile.own',
    body: alertPreferencesBody,
    replies: [json(200, wrap({ preferences: ref('AlertPreferences') }))],
  },
  {
    method: 'get',
    path: '/v1/alerts/unsubscribe',
    tag: 'Alerts',
    summary: 'What an alert e-mail\'s unsubscribe token stops',
    notes: 'No session: the signed token is the credential (90 days). Altered or unknown → 404; expired → 400.',
    access: 'public',
    query: unsubscribeQuery,
    replies: [json(200, ref('Unsubscribe'))],
    errors: [404],
  },
  {
    method: 'post',
    path: '/v1/alerts/unsubscribe',
    tag: 'Alerts',
    summary: 'Stop the kind of alert the token names, for its member',
    notes: 'No session: the signed token is the credential. Twice is fine. Altered or unknown → 404; expired → 400.',
    access: 'public',
    body: unsubscribeBody,
    replies: [json(200, ref('Unsubscribe'))],
    errors: [404],
  },

  // Staff
  {
    method: 'get',
    path: `${ORG}/staff`,
    tag: 'Staff',
    summary: 'The members of the organisation',
    notes: 'Removed members are left out.',
    access: 'staff.read',
    replies: [json(200, wrap({ staff: { type: 'array', items: ref('Member') } }))],
  },
  {
    method: 'post',
    path: `${ORG}/staff`,
    tag: 'Staff',
    summary: 'Invite a member by e-mail, or add a PIN-only member',
    notes:
      'With `email`: an invitation (the inviter’s address must be verified, else 403). Without: a PIN-only member (BASIC or ADMIN); `pin` is in the answer only when generated. Only an OWNER may add an OWNER. Answers that depend on which PINs are in use are limited per member and per organisation (429, ADR 016).',
    access: 'staff.manage',
    body: createStaffBody,
    replies: [json(201, wrap({ member: ref('Member') }, { pin: { type: 'string', description: 'The generated PIN, shown once' } }))],
    rateLimited: true,
  },
  {
    method: 'post',
    path: `${ORG}/staff/generate-pin`,
    tag: 'Staff',
    summary: 'A random PIN unused in the organisation',
    notes: 'Counted with the other PIN answers: 5 per 5 minutes and 20 an hour per member, 60 an hour per organisation (ADR 016).',
    access: 'profile.own',
    replies: [json(200, wrap({ pin: { type: 'string', pattern: '^\\d{4,6}$' } }))],
    rateLimited: true,
  },
  { method: 'get', path: `${ORG}/staff/{staffId}`, tag: 'Staff', summary: 'A member', access: 'staff.read', replies: [json(200, wrap({ member: ref('Member') }))] },
  {
    method: 'put',
    path: `${ORG}/staff/{staffId}`,
    tag: 'Staff',
    summary: 'Change a member',
    notes: 'An ADMIN manages BASIC and ADMIN members only; the last active OWNER cannot be demoted; no one raises their own role (403). Answers that depend on which PINs are in use are limited per member and per organisation (429, ADR 016).',
    access: 'staff.manage',
    body: updateStaffBody,
    replies: [json(200, wrap({ member: ref('Member') }))],
    rateLimited: true,
  },
  {
    method: 'delete',
    path: `${ORG}/staff/{staffId}`,
    tag: 'Staff',
    summary: 'Remove a member',
    notes: 'The same rules as changing a member.',
    access: 'staff.manage',
    replies: [noContent('Removed')],
  },
  {
    method: 'post',
    path: `${ORG}/staff/{staffId}/resend-invite`,
    tag: 'Staff',
    summary: 'Send the invitation again with a new link',
    notes: 'The old link stops working; a member who is not invited → 400.',
    access: 'staff.manage',
    replies: [ok(202)],
    errors: [400],
    rateLimited: true,
  },

  // Checklists
  {
    method: 'get',
    path: `${ORG}/checklists`,
    tag: 'Checklists',
    summary: 'The checklists, by position then name',
    notes: `\`search\` matches the name; \`venueId\` keeps those used at that venue; archived ones only with \`showArchived=true\`. A member limited to some venues gets those used at one of them or at every venue. ${VENUE_ACCESS}`,
    access: 'venue.read',
    query: listChecklistsQuery,
    replies: [json(200, wrap({ checklists: { type: 'array', items: ref('Checklist') } }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklists`,
    tag: 'Checklists',
    summary: 'Create a checklist',
    access: 'checklists.manage',
    body: createChecklistBody,
    replies: [json(201, wrap({ checklist: ref('Checklist') }))],
  },
  {
    method: 'get',
    path: `${ORG}/checklists/starters`,
    tag: 'Checklists',
    summary: 'The starter library: ready-made checklists to copy',
    notes: "Opening, closing, cleaning schedule, delivery checks, allergen checks and a weekly pest check, in the caller's language (English or Spanish).",
    access: 'venue.read',
    replies: [json(200, wrap({ starters: { type: 'array', items: ref('ChecklistStarter') } }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklists/starters/{starterId}`,
    tag: 'Checklists',
    summary: 'Copy a starter into the organisation',
    notes: "Creates an ordinary checklist, placed last, with the starter's items in order and its schedule, written in the caller's language. An unknown key is 404.",
    access: 'checklists.manage',
    replies: [json(201, wrap({ checklist: ref('Checklist') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklists/reorder`,
    tag: 'Checklists',
    summary: 'Put the checklists in a new order',
    notes: "`ids` must be exactly the organisation's non-archived checklists that the member sees (`data.ids`); a member limited to some venues reorders theirs among the places they hold.",
    access: 'checklists.manage',
    body: reorderBody,
    replies: [noContent('Reordered')],
  },
  {
    method: 'get',
    path: `${ORG}/checklists/{checklistId}`,
    tag: 'Checklists',
    summary: 'A checklist with every item (archived ones flagged)',
    notes: VENUE_CHECKLIST,
    access: 'venue.read',
    replies: [json(200, wrap({ checklist: ref('Checklist'), items: { type: 'array', items: ref('ChecklistItem') } }))],
  },
  {
    method: 'put',
    path: `${ORG}/checklists/{checklistId}`,
    tag: 'Checklists',
    summary: 'Change a checklist',
    access: 'checklists.manage',
    body: updateChecklistBody,
    replies: [json(200, wrap({ checklist: ref('Checklist') }))],
  },
  {
    method: 'delete',
    path: `${ORG}/checklists/{checklistId}`,
    tag: 'Checklists',
    summary: 'Delete a checklist (archived instead when it has records)',
    access: 'checklists.manage',
    replies: [noContent('Deleted'), json(200, wrap({ checklist: ref('Checklist'), archived: { type: 'boolean', const: true } }), 'It has records: archived instead')],
  },
  {
    method: 'post',
    path: `${ORG}/checklists/{checklistId}/archive`,
    tag: 'Checklists',
    summary: 'Archive a checklist',
    access: 'checklists.manage',
    replies: [json(200, wrap({ checklist: ref('Checklist') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklists/{checklistId}/restore`,
    tag: 'Checklists',
    summary: 'Restore an archived checklist (placed last)',
    access: 'checklists.manage',
    replies: [json(200, wrap({ checklist: ref('Checklist') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklists/{checklistId}/duplicate`,
    tag: 'Checklists',
    summary: 'Copy a checklist with its non-archived items',
    access: 'checklists.manage',
    replies: [json(201, wrap({ checklist: ref('Checklist') }))],
  },

  // Checklist items
  {
    method: 'get',
    path: `${ORG}/checklists/{checklistId}/items`,
    tag: 'Checklist items',
    summary: "A checklist's items, by position",
    notes: VENUE_CHECKLIST,
    access: 'venue.read',
    replies: [json(200, wrap({ items: { type: 'array', items: ref('ChecklistItem') } }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklists/{checklistId}/items`,
    tag: 'Checklist items',
    summary: 'Add an item to a checklist',
    notes: '`min`/`max` only for `number` items (`data.min`, `data.max`); min ≤ max (`data.max`).',
    access: 'checklists.manage',
    body: createItemBody,
    replies: [json(201, wrap({ item: ref('ChecklistItem') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklists/{checklistId}/items/reorder`,
    tag: 'Checklist items',
    summary: "Put a checklist's items in a new order",
    notes: "`ids` must be exactly the checklist's non-archived items (`data.ids`).",
    access: 'checklists.manage',
    body: reorderBody,
    replies: [noContent('Reordered')],
  },
  {
    method: 'get',
    path: `${ORG}/checklist-items/{itemId}`,
    tag: 'Checklist items',
    summary: 'An item',
    notes: VENUE_CHECKLIST,
    access: 'venue.read',
    replies: [json(200, wrap({ item: ref('ChecklistItem') }))],
  },
  {
    method: 'put',
    path: `${ORG}/checklist-items/{itemId}`,
    tag: 'Checklist items',
    summary: 'Change an item',
    notes: 'The limits are judged on the result.',
    access: 'checklists.manage',
    body: updateItemBody,
    replies: [json(200, wrap({ item: ref('ChecklistItem') }))],
  },
  {
    method: 'delete',
    path: `${ORG}/checklist-items/{itemId}`,
    tag: 'Checklist items',
    summary: 'Delete an item (archived instead when it has records)',
    access: 'checklists.manage',
    replies: [noContent('Deleted'), json(200, wrap({ item: ref('ChecklistItem'), archived: { type: 'boolean', const: true } }), 'It has records: archived instead')],
  },
  {
    method: 'post',
    path: `${ORG}/checklist-items/{itemId}/archive`,
    tag: 'Checklist items',
    summary: 'Archive an item',
    access: 'checklists.manage',
    replies: [json(200, wrap({ item: ref('ChecklistItem') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklist-items/{itemId}/restore`,
    tag: 'Checklist items',
    summary: 'Restore an archived item',
    access: 'checklists.manage',
    replies: [json(200, wrap({ item: ref('ChecklistItem') }))],
  },

  // Checklist entries
  {
    method: 'get',
    path: `${ORG}/venues/{venueId}/checklist-entries`,
    tag: 'Checklist entries',
    summary: 'The checklists due at a venue on a day, with progress',
    notes: `\`date\` is yyyy-MM-dd, default today in the venue's zone; a future date → ValidationError \`data.date\`. ${VENUE_ACCESS}`,
    access: 'venue.work',
    query: dayListQuery,
    replies: [json(200, ref('DayList'))],
  },
  {
    method: 'get',
    path: `${ORG}/checklist-entries/{checklistId}`,
    tag: 'Checklist entries',
    summary: "One checklist's entry at a venue on a day, with every item's state",
    notes: `\`date\` is yyyy-MM-dd, default today in the venue's zone. ${VENUE_ACCESS}`,
    access: 'venue.work',
    query: entryQuery,
    replies: [json(200, ref('Entry'))],
  },
  {
    method: 'post',
    path: `${ORG}/checklist-entries/export`,
    tag: 'Checklist entries',
    summary: "Export a venue's checklist records as CSV or PDF",
    notes: 'from ≤ to, at most 366 days; in the caller’s language. One row per record, superseded ones included.',
    access: 'records.export',
    body: exportBody,
    replies: [
      {
        status: 200,
        description: 'The file',
        content: {
          'text/csv': { schema: { type: 'string', description: 'UTF-8 CSV' } },
          'application/pdf': { schema: binary },
        },
        headers: {
          'Content-Disposition': header('attachment; filename="checklists-<venue>-<from>-<to>.<ext>"'),
          'X-Content-SHA256': header('SHA-256 (hex) of the data: the CSV body, also printed in the PDF footer', { type: 'string', pattern: '^[0-9a-f]{64}$' }),
        },
      },
    ],
  },
  {
    method: 'post',
    path: `${ORG}/checklist-entries/{checklistId}/sign-off`,
    tag: 'Checklist entries',
    summary: "A manager's sign-off of a checklist's day at a venue",
    notes: `Only on checklists with \`requiresSignOff\`, once the day is complete (every check), once; else ValidationError \`data.signOff\`. ${VENUE_ACCESS}`,
    access: 'checklists.signOff',
    body: signOffBody,
    replies: [json(201, wrap({ signOff: ref('SignOff') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklist-entries/{checklistId}/items/{itemId}/complete`,
    tag: 'Checklist entries',
    summary: 'Record an item for a day',
    notes: `A second completion of the same item and day supersedes the previous record. Future dates → ValidationError \`data.date\`; past dates are recorded late. ${VENUE_ACCESS} ${OFFLINE}`,
    access: 'records.write',
    body: completeBody,
    replies: [json(201, wrap({ record: ref('Record') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklist-entries/{checklistId}/items/{itemId}/resolve`,
    tag: 'Checklist entries',
    summary: 'Record the corrective action of a failed item',
    notes: `Only when the current record is failed and unresolved (else 400). ${VENUE_ACCESS} ${OFFLINE}`,
    access: 'records.write',
    body: resolveBody,
    replies: [json(201, wrap({ record: ref('Record') }))],
  },

  // Temperatures
  ...temperatureOperations(),

  // Uploads
  {
    method: 'post',
    path: `${ORG}/uploads`,
    tag: 'Uploads',
    summary: 'Upload a photo or a PDF',
    notes: 'JPEG, PNG, WebP or PDF judged by the bytes, at most 10 MB (else ValidationError `data.file`).',
    access: 'venue.work',
    multipart: { description: 'The file (JPEG, PNG, WebP or PDF, at most 10 MB)', contentTypes: UPLOAD_CONTENT_TYPES },
    replies: [json(201, ref('Upload'))],
  },
  {
    method: 'get',
    path: `${ORG}/uploads/{uploadId}`,
    tag: 'Uploads',
    summary: "An upload's bytes, or a photo resized",
    notes: `A member limited to some venues gets the files they uploaded and those a record at one of their venues or a recipe they can see shows; any other is 404. With \`width\` (${RENDITION_WIDTHS.join(', ')}), a JPEG, PNG or WebP photo comes back as WebP at most that wide (never enlarged), upright, without metadata; made on first request and kept. Another width is ValidationError \`data.width\`; a PDF with a width is ValidationError \`data.width\`; a file that cannot be decoded is ValidationError \`data.file\`.`,
    access: 'venue.work',
    query: uploadQuery,
    replies: [
      {
        status: 200,
        description: 'The bytes, with their type: images inline (shown in pages), anything else as a download; with `width`, WebP',
        content: Object.fromEntries([...UPLOAD_CONTENT_TYPES, RENDITION_TYPE].filter((type, i, all) => all.indexOf(type) === i).map((type) => [type, { schema: binary }])),
        headers: {
          'Content-Disposition': header("inline; filename*=UTF-8''<name> (images) or attachment; filename*=UTF-8''<name> (PDF)"),
          'Content-Security-Policy': header("sandbox; default-src 'none'; …"),
          'Cache-Control': header('private, max-age=31536000, immutable'),
          'X-Content-Type-Options': header('nosniff'),
        },
      },
    ],
  },
  {
    method: 'get',
    path: '/v1/photos/{orgId}/{uploadId}',
    tag: 'Uploads',
    summary: "A photo of an export, by the export's signed link",
    notes: `No session: the link's signature is the credential (valid ${PHOTO_LINK_DAYS} days from the export). Changed, expired or unknown → 404.`,
    access: 'public',
    query: photoLinkQuery,
    replies: [
      {
        status: 200,
        description: 'The bytes, with their type: images inline, anything else as a download',
        content: Object.fromEntries(UPLOAD_CONTENT_TYPES.map((type) => [type, { schema: binary }])),
        headers: {
          'Content-Security-Policy': header("sandbox; default-src 'none'; …"),
          'Cache-Control': header('private, max-age=3600'),
          'X-Content-Type-Options': header('nosniff'),
        },
      },
    ],
    errors: [404],
  },

  // Devices
  {
    method: 'get',
    path: `${ORG}/devices`,
    tag: 'Devices',
    summary: 'The shared devices of the organisation',
    notes: `Sorted by name, with last seen, whether signed in, the PIN holder now and the live login link's expiry. ${DEVICE_ADMIN}`,
    access: 'devices.manage',
    replies: [json(200, wrap({ devices: { type: 'array', items: ref('Device') } }))],
  },
  {
    method: 'post',
    path: `${ORG}/devices`,
    tag: 'Devices',
    summary: 'Add a shared device at a venue',
    notes: 'The venue must be a non-archived venue of the organisation (`data.venueId`); naming a venue the member may not use → 403. A plan limit → 403 with a message naming it.',
    access: 'devices.manage',
    body: createDeviceBody,
    replies: [json(201, wrap({ device: ref('Device') }))],
  },
  { method: 'get', path: `${ORG}/devices/{deviceId}`, tag: 'Devices', summary: 'A shared device', notes: DEVICE_ADMIN, access: 'devices.manage', replies: [json(200, wrap({ device: ref('Device') }))] },
  {
    method: 'put',
    path: `${ORG}/devices/{deviceId}`,
    tag: 'Devices',
    summary: 'Rename a device or move it to another venue',
    notes: 'Its sessions stay signed in; a PIN holder not allowed at the new venue loses the PIN.',
    access: 'devices.manage',
    body: updateDeviceBody,
    replies: [json(200, wrap({ device: ref('Device') }))],
  },
  {
    method: 'delete',
    path: `${ORG}/devices/{deviceId}`,
    tag: 'Devices',
    summary: 'Delete a device',
    notes: 'Its sessions end and its login link stops working. Records made on it keep its name.',
    access: 'devices.manage',
    replies: [noContent('Deleted')],
  },
  {
    method: 'post',
    path: `${ORG}/devices/{deviceId}/login/generate`,
    tag: 'Devices',
    summary: 'A one-time login link for the device, valid 24 hours',
    notes: '`url` is `APP_URL/device-login?id=<deviceId>&token=<token>`; the token is shown only here. Generating again voids the previous link.',
    access: 'devices.manage',
    replies: [json(201, ref('DeviceLoginLink'))],
  },
  {
    method: 'post',
    path: `${ORG}/devices/{deviceId}/logout`,
    tag: 'Devices',
    summary: 'Sign the device out everywhere',
    notes: 'Ends every session of the device and voids its unused login link.',
    access: 'devices.manage',
    replies: [json(200, wrap({ sessionsEnded: { type: 'integer', minimum: 0 } }))],
  },

  // Billing (docs/decisions/031-billing-plans-and-limits.md, 032-stripe-webhooks.md)
  {
    method: 'get',
    path: `${ORG}/billing`,
    tag: 'Billing',
    summary: 'Plan, limits, usage, next invoice and past invoices',
    notes: 'Free: 1 venue, 5 staff, 1 device; Pro: no limits. `mode` says whether plans change through Stripe or directly (self-hosted).',
    access: 'billing.manage',
    replies: [json(200, wrap({ billing: ref('Billing') }))],
  },
  {
    method: 'get',
    path: `${ORG}/billing/limits`,
    tag: 'Billing',
    summary: 'The plan’s limits and usage (for the pages that create venues, staff and devices)',
    access: 'settings.access',
    replies: [json(200, ref('PlanLimits'))],
  },
  {
    method: 'put',
    path: `${ORG}/billing/plan`,
    tag: 'Billing',
    summary: 'Switch plan (self-hosted mode only)',
    notes: 'With Stripe configured → BadRequestError (plans change through Checkout and the portal). Going down to Free over its limits keeps everything; only new venues, staff or devices are refused.',
    access: 'billing.manage',
    body: planBody,
    replies: [json(200, wrap({ billing: ref('Billing') }))],
  },
  {
    method: 'post',
    path: `${ORG}/billing/checkout`,
    tag: 'Billing',
    summary: 'A Stripe Checkout session for Pro (quantity = venues)',
    notes: 'Without Stripe keys, or with a subscription already → BadRequestError. The quantity follows venues added or removed afterwards.',
    access: 'billing.manage',
    errors: [400],
    replies: [json(200, ref('RedirectUrl'))],
  },
  {
    method: 'post',
    path: `${ORG}/billing/portal`,
    tag: 'Billing',
    summary: 'A Stripe customer portal session',
    notes: 'Without Stripe keys, or before any checkout → BadRequestError.',
    access: 'billing.manage',
    errors: [400],
    replies: [json(200, ref('RedirectUrl'))],
  },
  {
    method: 'post',
    path: '/v1/billing/webhook',
    tag: 'Billing',
    summary: 'Stripe webhook (signature checked)',
    notes:
      'The raw body signed by Stripe (`Stripe-Signature`, checked with STRIPE_WEBHOOK_SECRET; older than 5 minutes → replay, refused). Each event id is applied once; events older than the state they would change are ignored. Unsigned, badly signed or replayed → BadRequestError.',
    access: 'public',
    errors: [400],
    replies: [json(200, ref('WebhookReceipt'))],
  },

  // Public forms (docs/decisions/033-public-forms-and-support.md)
  {
    method: 'post',
    path: '/v1/forms/contact',
    tag: 'Public forms',
    summary: 'Send the contact form',
    notes: FORM_NOTES,
    access: 'public',
    body: contactBody,
    rateLimited: true,
    replies: [json(202, ref('Ok'), 'Accepted')],
  },
  {
    method: 'post',
    path: '/v1/forms/support',
    tag: 'Public forms',
    summary: 'Send a support request',
    notes: `${FORM_NOTES} A signed-in member may attach \`orgId\` (an organisation they belong to), \`venueId\` (one of its venues) and \`uploadId\` (a screenshot they uploaded there); otherwise ValidationError on that field.`,
    access: 'public',
    body: supportBody,
    rateLimited: true,
    replies: [json(202, ref('Ok'), 'Accepted')],
  },
  {
    method: 'post',
    path: '/v1/forms/early-access',
    tag: 'Public forms',
    summary: 'Sign up for early access',
    notes: FORM_NOTES,
    access: 'public',
    body: earlyAccessBody,
    rateLimited: true,
    replies: [json(202, ref('Ok'), 'Accepted')],
  },
  // Contacts (issue #13)
  {
    method: 'get',
    path: `${ORG}/contacts`,
    tag: 'Contacts',
    summary: 'Every contact of the organisation (settings)',
    notes: `Sorted by category position then name; \`category\` filters by a category id, \`search\` by name, company, role, e-mail, phone or notes. ${CONTACT_VENUES}`,
    access: 'contacts.manage',
    query: contactListQuery,
    replies: [json(200, wrap({ contacts: array(ref('Contact')) }))],
  },
  {
    method: 'post',
    path: `${ORG}/contacts`,
    tag: 'Contacts',
    summary: 'Add a contact',
    notes: 'The phone number is normalised to E.164 (read as national in the country of its first venue, else of the organisation); one that cannot be dialled → `data.phone`. `venueIds` empty: every venue (a member limited to some venues must name theirs: 403 otherwise).',
    access: 'contacts.manage',
    body: createContactBody,
    replies: [json(201, wrap({ contact: ref('Contact') }))],
  },
  { method: 'get', path: `${ORG}/contacts/{contactId}`, tag: 'Contacts', summary: 'A contact', notes: CONTACT_VENUES, access: 'venue.work', replies: [json(200, wrap({ contact: ref('Contact') }))] },
  { method: 'put', path: `${ORG}/contacts/{contactId}`, tag: 'Contacts', summary: 'Change a contact', notes: CONTACT_VENUES, access: 'contacts.manage', body: updateContactBody, replies: [json(200, wrap({ contact: ref('Contact') }))] },
  { method: 'delete', path: `${ORG}/contacts/{contactId}`, tag: 'Contacts', summary: 'Delete a contact', notes: 'Orders placed with a supplier keep its name and e-mail.', access: 'contacts.manage', replies: [noContent('Deleted')] },
  {
    method: 'get',
    path: `${ORG}/contacts/{contactId}/vcard`,
    tag: 'Contacts',
    summary: 'The contact as a vCard 3.0 file',
    notes: CONTACT_VENUES,
    access: 'venue.work',
    replies: [{ status: 200, description: 'The vCard', content: { 'text/vcard': { schema: binary } }, headers: { 'Content-Disposition': header("attachment; filename*=UTF-8''<name>.vcf") } }],
  },
  { method: 'get', path: `${ORG}/contacts/{contactId}/products`, tag: 'Contacts', summary: "A supplier's products, with par levels per venue", notes: 'Par levels only for the venues the caller may use.', access: 'venue.work', replies: [json(200, wrap({ products: array(ref('SupplierProduct')) }))] },
  {
    method: 'put',
    path: `${ORG}/contacts/{contactId}/products`,
    tag: 'Contacts',
    summary: "Replace a supplier's catalogue",
    notes: 'Products with an `id` are changed, without one added, missing ones deleted (order lines keep their text). `parLevels` replaces the par levels of the venues the member may use. A contact not in a supplier category → `data.products`.',
    access: 'contacts.manage',
    body: productsBody,
    replies: [json(200, wrap({ products: array(ref('SupplierProduct')) }))],
  },
  { method: 'get', path: `${ORG}/contact-categories`, tag: 'Contacts', summary: 'The contact categories, in order', access: 'venue.work', replies: [json(200, wrap({ categories: array(ref('ContactCategory')) }))] },
  { method: 'post', path: `${ORG}/contact-categories`, tag: 'Contacts', summary: 'Add a contact category (last)', access: 'contacts.manage', body: createCategoryBody, replies: [json(201, wrap({ category: ref('ContactCategory') }))] },
  { method: 'post', path: `${ORG}/contact-categories/reorder`, tag: 'Contacts', summary: 'Put the categories in this order', notes: '`ids`: every category, each once (`data.ids` otherwise).', access: 'contacts.manage', body: reorderContactCategoriesBody, replies: [json(200, wrap({ categories: array(ref('ContactCategory')) }))] },
  { method: 'get', path: `${ORG}/contact-categories/{categoryId}`, tag: 'Contacts', summary: 'A contact category', access: 'venue.work', replies: [json(200, wrap({ category: ref('ContactCategory') }))] },
  { method: 'put', path: `${ORG}/contact-categories/{categoryId}`, tag: 'Contacts', summary: 'Rename a category or mark it as suppliers', access: 'contacts.manage', body: updateContactCategoryBody, replies: [json(200, wrap({ category: ref('ContactCategory') }))] },
  { method: 'delete', path: `${ORG}/contact-categories/{categoryId}`, tag: 'Contacts', summary: 'Delete a category', notes: 'Its contacts stay, without a category.', access: 'contacts.manage', replies: [noContent('Deleted')] },
  {
    method: 'get',
    path: `${ORG}/venues/{venueId}/contacts`,
    tag: 'Contacts',
    summary: "The venue's contacts, with the categories",
    notes: `Phone numbers in the venue's national format (\`phoneDisplay\`); \`category\` and \`search\` filter. ${VENUE_ACCESS}`,
    access: 'venue.work',
    query: contactListQuery,
    replies: [json(200, wrap({ venue: { type: 'object', required: ['id', 'name', 'country'], properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, country: { type: ['string', 'null'], description: 'ISO 3166 code from the venue time zone' } } }, categories: array(ref('ContactCategory')), contacts: array(ref('Contact')) }))],
  },

  // Orders (issue #13)
  {
    method: 'get',
    path: `${ORG}/venues/{venueId}/orders`,
    tag: 'Orders',
    summary: "The venue's orders expected on a day, its open orders and its drafts",
    notes: `\`date\` (yyyy-MM-dd, default today at the venue): orders of any status but draft with that delivery date; \`open\`: every sent or confirmed order of the venue, whatever its day; \`drafts\`: every draft of the venue. A shared device needs an active PIN. ${VENUE_ACCESS}`,
    access: 'orders.write',
    query: ordersQuery,
    replies: [json(200, wrap({ venue: ref('VenueRef'), date: { type: 'string', format: 'date' }, today: { type: 'string', format: 'date' }, expected: array(ref('Order')), open: array(ref('Order')), drafts: array(ref('Order')) }))],
  },
  {
    method: 'post',
    path: `${ORG}/venues/{venueId}/orders`,
    tag: 'Orders',
    summary: 'Draft an order',
    notes: 'Lines are products of the supplier (name, unit and code from its catalogue) or free text. A product line with `onHand` and no `quantity` asks for par level − on hand (a line of 0 is left out). `repeatLast` copies the lines of the previous order to this supplier at this venue first.',
    access: 'orders.write',
    body: createOrderBody,
    replies: [json(201, wrap({ order: ref('Order') }))],
  },
  { method: 'get', path: `${ORG}/orders/{orderId}`, tag: 'Orders', summary: 'An order with its lines and history', notes: ORDER_VENUES, access: 'orders.write', replies: [json(200, wrap({ order: ref('Order') }))] },
  { method: 'put', path: `${ORG}/orders/{orderId}`, tag: 'Orders', summary: 'Change a draft', notes: `\`lines\` replaces every line. Anything but a draft → 400 with a message saying why. ${ORDER_VENUES}`, access: 'orders.write', body: updateOrderBody, replies: [json(200, wrap({ order: ref('Order') }))] },
  { method: 'delete', path: `${ORG}/orders/{orderId}`, tag: 'Orders', summary: 'Delete a draft', notes: 'Anything but a draft → 400 (cancel it instead).', access: 'orders.write', replies: [noContent('Deleted')], errors: [400] },
  {
    method: 'post',
    path: `${ORG}/orders/{orderId}/send`,
    tag: 'Orders',
    summary: 'E-mail the order to the supplier',
    notes: "In the organisation's language, as text with a PDF attached and a signed link valid 14 days (`APP_URL/supplier/orders/{orderId}?token=…`) to confirm or change it. A person needs a verified e-mail address (403). Not a draft, no lines, or a supplier without an e-mail address → 400.",
    access: 'orders.write',
    replies: [json(200, wrap({ order: ref('Order') }))],
    errors: [400],
  },
  { method: 'post', path: `${ORG}/orders/{orderId}/cancel`, tag: 'Orders', summary: 'Cancel an order', notes: 'A draft, sent or confirmed order; the supplier is e-mailed when it had been sent. Received or cancelled → 400.', access: 'orders.write', replies: [json(200, wrap({ order: ref('Order') }))], errors: [400] },
  {
    method: 'post',
    path: `${ORG}/orders/{orderId}/receive`,
    tag: 'Orders',
    summary: 'Record the delivery',
    notes: 'Each line received with its quantity, and a problem (`short`, `damaged`, `wrong_item`, `too_warm`) and note; a line not listed counts as not delivered. A line short of its quantity is `short` unless another problem is given. Only a sent or confirmed order (400 otherwise).',
    access: 'orders.write',
    body: receiveBody,
    replies: [json(200, wrap({ order: ref('Order') }))],
  },
  { method: 'post', path: `${ORG}/orders/{orderId}/credit-request`, tag: 'Orders', summary: 'E-mail the shortfalls to the supplier as a credit request', notes: 'A received order with at least one shortfall (400 otherwise).', access: 'orders.write', replies: [json(200, wrap({ order: ref('Order') }))], errors: [400] },
  {
    method: 'get',
    path: '/v1/supplier/orders/{orderId}',
    tag: 'Orders',
    summary: "The supplier's view of a sent order (the signed link)",
    notes: 'No account: the token of the e-mailed link is the credential. Wrong or tampered → 404; expired (14 days) or the order received or cancelled → 400 with a message.',
    access: 'public',
    query: supplierQuery,
    replies: [json(200, wrap({ order: ref('SupplierOrder') }))],
    errors: [404],
  },
  {
    method: 'post',
    path: '/v1/supplier/orders/{orderId}/confirm',
    tag: 'Orders',
    summary: 'The supplier confirms the order, changing quantities or the delivery date if need be',
    notes: 'A sent order only, once (docs/decisions/081): a confirmed order → 400, and of concurrent confirmations one wins. `deliveryDate` may not be before today at the venue (ValidationError). Every change goes into the order’s history under the supplier’s name, shown to the venue, and the person who sent the order is e-mailed the changes.',
    access: 'public',
    body: supplierConfirmBody,
    replies: [json(200, wrap({ order: ref('SupplierOrder') }))],
    errors: [404],
  },
  // Recipes
  {
    method: 'get',
    path: `${ORG}/recipes`,
    tag: 'Recipes',
    summary: 'The recipes, by name',
    notes: `\`search\` matches the name; \`categoryId\` keeps one category (\`none\`: the uncategorised ones); \`venueId\` keeps those used at that venue. A member limited to some venues gets those used at one of them or at every venue. ${VENUE_ACCESS}`,
    access: 'venue.read',
    query: listRecipesQuery,
    replies: [json(200, wrap({ recipes: { type: 'array', items: ref('RecipeSummary') } }))],
  },
  {
    method: 'post',
    path: `${ORG}/recipes`,
    tag: 'Recipes',
    summary: 'Create a recipe',
    notes:
      '`confirmAllergens: true` records that the caller checked the allergen list (who and when). The ingredient names are run through allergen detection on every save and the result stored (`detectedAllergens`); while the list is unconfirmed, `allergenMarks` shows each detected allergen it leaves out as `check` (ADR 084). The image must be an image upload of the organisation (`data.imageUploadId`).',
    access: 'recipes.manage',
    body: createRecipeBody,
    replies: [json(201, wrap({ recipe: ref('Recipe') }))],
  },
  {
    method: 'post',
    path: `${ORG}/recipes/generate`,
    tag: 'Recipes',
    summary: 'A draft recipe from pasted text or a web page (not saved)',
    notes:
      'Exactly one of `text` and `url` (else `data.text`). A page is read from its schema.org/Recipe JSON-LD when it has one (`source: "jsonld"`), otherwise from its text. Text goes to the configured OpenAI-compatible endpoint (`source: "llm"`) or the built-in parser (`source: "parser"`, also the fallback on any error). A URL that is not http(s), resolves to a private or loopback address, redirects to one, is too slow or too large → ValidationError `data.url`.',
    access: 'recipes.manage',
    body: generateBody,
    replies: [json(200, ref('RecipeDraft'))],
  },
  {
    method: 'get',
    path: `${ORG}/recipes/{recipeId}`,
    tag: 'Recipes',
    summary: 'A recipe with its ingredients, steps and allergens',
    notes: RECIPE_VENUES,
    access: 'venue.read',
    replies: [json(200, wrap({ recipe: ref('Recipe') }))],
  },
  {
    method: 'put',
    path: `${ORG}/recipes/{recipeId}`,
    tag: 'Recipes',
    summary: 'Change a recipe',
    notes: 'Changing the allergens or the ingredients without `confirmAllergens: true` clears the confirmation; allergen detection runs again on every save (ADR 084). ' + RECIPE_VENUES,
    access: 'recipes.manage',
    body: updateRecipeBody,
    replies: [json(200, wrap({ recipe: ref('Recipe') }))],
  },
  { method: 'delete', path: `${ORG}/recipes/{recipeId}`, tag: 'Recipes', summary: 'Delete a recipe', notes: RECIPE_VENUES, access: 'recipes.manage', replies: [noContent('Deleted')] },
  {
    method: 'get',
    path: `${ORG}/venues/{venueId}/recipes`,
    tag: 'Recipes',
    summary: "A venue's recipe book: its categories with counts and its recipes",
    notes: `Recipes used at the venue or at every venue. \`category\`: a category id, or \`none\` for the uncategorised ones. ${VENUE_ACCESS}`,
    access: 'venue.read',
    query: venueRecipesQuery,
    replies: [json(200, ref('RecipeBook'))],
  },

  {
    method: 'get',
    path: `${ORG}/venues/{venueId}/recipes/allergen-sheet`,
    tag: 'Recipes',
    summary: "The venue's allergen sheet as a PDF: every recipe × the 14 allergens (added)",
    notes: `"X" contains, "?" may contain, "!" may contain — check (detected, not confirmed); a recipe whose list is not confirmed is flagged so (ADR 084); in the caller's language. ${VENUE_ACCESS}`,
    access: 'venue.read',
    replies: [
      {
        status: 200,
        description: 'The PDF',
        content: { 'application/pdf': { schema: binary } },
        headers: { 'Content-Disposition': header('attachment; filename="allergens-<venue>.pdf"') },
      },
    ],
  },

  // Recipe categories
  {
    method: 'get',
    path: `${ORG}/recipe-categories`,
    tag: 'Recipe categories',
    summary: 'The recipe categories, by position',
    access: 'venue.read',
    replies: [json(200, wrap({ categories: { type: 'array', items: ref('RecipeCategory') } }))],
  },
  { method: 'post', path: `${ORG}/recipe-categories`, tag: 'Recipe categories', summary: 'Add a category (placed last)', access: 'recipes.manage', body: categoryBody, replies: [json(201, wrap({ category: ref('RecipeCategory') }))] },
  {
    method: 'post',
    path: `${ORG}/recipe-categories/reorder`,
    tag: 'Recipe categories',
    summary: 'Put the categories in a new order (added)',
    notes: "`ids` must be exactly the organisation's categories (`data.ids`).",
    access: 'recipes.manage',
    body: reorderCategoriesBody,
    replies: [noContent('Reordered')],
  },
  { method: 'get', path: `${ORG}/recipe-categories/{categoryId}`, tag: 'Recipe categories', summary: 'A category', access: 'venue.read', replies: [json(200, wrap({ category: ref('RecipeCategory') }))] },
  { method: 'put', path: `${ORG}/recipe-categories/{categoryId}`, tag: 'Recipe categories', summary: 'Rename a category', access: 'recipes.manage', body: updateCategoryBody, replies: [json(200, wrap({ category: ref('RecipeCategory') }))] },
  {
    method: 'delete',
    path: `${ORG}/recipe-categories/{categoryId}`,
    tag: 'Recipe categories',
    summary: 'Delete a category',
    notes: 'Its recipes are kept and become uncategorised.',
    access: 'recipes.manage',
    replies: [noContent('Deleted')],
  },
]


function fileReply(prefix: string): Reply {
  return {
    status: 200,
    description: 'The file',
    content: {
      'text/csv': { schema: { type: 'string', description: 'UTF-8 CSV' } },
      'application/pdf': { schema: binary },
    },
    headers: {
      'Content-Disposition': header(`attachment; filename="${prefix}-<venue>-<from>-<to>.<ext>"`),
      'X-Content-SHA256': header('SHA-256 (hex) of the data: the CSV body, also printed in the PDF footer', { type: 'string', pattern: '^[0-9a-f]{64}$' }),
    },
  }
}

/** Every Temperatures call of api.md. */
function temperatureOperations(): Operation[] {
  const log = wrap({ temperature: ref('Temperature') })
  const item = wrap({ item: ref('TemperatureItem') })
  const manage = 'temperatures.manage' as const
  return [
    {
      method: 'get',
      path: `${ORG}/temperatures`,
      tag: 'Temperatures',
      summary: 'The temperature logs, by position then name',
      notes: `\`search\` matches the name; \`venueId\` keeps those used at that venue; archived ones only with \`showArchived=true\`. ${VENUE_ACCESS}`,
      access: 'venue.read',
      query: listChecklistsQuery,
      replies: [json(200, wrap({ temperatures: { type: 'array', items: ref('Temperature') } }))],
    },
    { method: 'post', path: `${ORG}/temperatures`, tag: 'Temperatures', summary: 'Create a temperature log', notes: '`checksPerDay` 1–6 (default 1), `checkTimes` at most one per check.', access: manage, body: createTemperatureBody, replies: [json(201, log)] },
    {
      method: 'post',
      path: `${ORG}/temperatures/reorder`,
      tag: 'Temperatures',
      summary: 'Put the temperature logs in a new order',
      notes: "`ids` must be exactly the organisation's non-archived logs that the member sees (`data.ids`).",
      access: manage,
      body: reorderBody,
      replies: [noContent('Reordered')],
    },
    {
      method: 'get',
      path: `${ORG}/temperatures/{temperatureId}`,
      tag: 'Temperatures',
      summary: 'A temperature log with every unit (archived ones flagged)',
      notes: VENUE_LOG,
      access: 'venue.read',
      replies: [json(200, wrap({ temperature: ref('Temperature'), items: { type: 'array', items: ref('TemperatureItem') } }))],
    },
    { method: 'put', path: `${ORG}/temperatures/{temperatureId}`, tag: 'Temperatures', summary: 'Change a temperature log', notes: 'Fewer checks drop the times of the removed ones.', access: manage, body: updateTemperatureBody, replies: [json(200, log)] },
    {
      method: 'delete',
      path: `${ORG}/temperatures/{temperatureId}`,
      tag: 'Temperatures',
      summary: 'Delete a temperature log (archived instead when it has readings)',
      access: manage,
      replies: [noContent('Deleted'), json(200, wrap({ temperature: ref('Temperature'), archived: { type: 'boolean', const: true } }), 'It has readings: archived instead')],
    },
    { method: 'post', path: `${ORG}/temperatures/{temperatureId}/archive`, tag: 'Temperatures', summary: 'Archive a temperature log', access: manage, replies: [json(200, log)] },
    { method: 'post', path: `${ORG}/temperatures/{temperatureId}/restore`, tag: 'Temperatures', summary: 'Restore an archived temperature log (placed last)', access: manage, replies: [json(200, log)] },
    { method: 'post', path: `${ORG}/temperatures/{temperatureId}/duplicate`, tag: 'Temperatures', summary: 'Copy a temperature log with its non-archived units', access: manage, replies: [json(201, log)] },
    {
      method: 'get',
      path: `${ORG}/temperatures/{temperatureId}/items`,
      tag: 'Temperature items',
      summary: "A log's units, by position",
      notes: VENUE_LOG,
      access: 'venue.read',
      replies: [json(200, wrap({ items: { type: 'array', items: ref('TemperatureItem') } }))],
    },
    {
      method: 'post',
      path: `${ORG}/temperatures/{temperatureId}/items`,
      tag: 'Temperature items',
      summary: 'Add a unit to a temperature log',
      notes: '`min`/`max` in °C; left out, they are the defaults of the kind (fridge 0…5, freezer ≤ −18, hot holding ≥ 63, cooking ≥ 75, cooling and delivery ≤ 8). min ≤ max (`data.max`).',
      access: manage,
      body: createTemperatureItemBody,
      replies: [json(201, item)],
    },
    {
      method: 'post',
      path: `${ORG}/temperatures/{temperatureId}/items/reorder`,
      tag: 'Temperature items',
      summary: "Put a log's units in a new order",
      notes: "`ids` must be exactly the log's non-archived units (`data.ids`).",
      access: manage,
      body: reorderBody,
      replies: [noContent('Reordered')],
    },
    { method: 'get', path: `${ORG}/temperature-items/{itemId}`, tag: 'Temperature items', summary: 'A unit', notes: VENUE_LOG, access: 'venue.read', replies: [json(200, item)] },
    {
      method: 'put',
      path: `${ORG}/temperature-items/{itemId}`,
      tag: 'Temperature items',
      summary: 'Change a unit',
      notes: 'The range is judged on the result; a new kind without a range takes its defaults.',
      access: manage,
      body: updateTemperatureItemBody,
      replies: [json(200, item)],
    },
    {
      method: 'delete',
      path: `${ORG}/temperature-items/{itemId}`,
      tag: 'Temperature items',
      summary: 'Delete a unit (archived instead when it has readings)',
      access: manage,
      replies: [noContent('Deleted'), json(200, wrap({ item: ref('TemperatureItem'), archived: { type: 'boolean', const: true } }), 'It has readings: archived instead')],
    },
    { method: 'post', path: `${ORG}/temperature-items/{itemId}/archive`, tag: 'Temperature items', summary: 'Archive a unit', access: manage, replies: [json(200, item)] },
    { method: 'post', path: `${ORG}/temperature-items/{itemId}/restore`, tag: 'Temperature items', summary: 'Restore an archived unit', access: manage, replies: [json(200, item)] },
    {
      method: 'get',
      path: `${ORG}/venues/{venueId}/temperature-entries`,
      tag: 'Temperature entries',
      summary: 'The temperature logs due at a venue on a day, each with its entry and progress by check',
      notes: `\`date\` is yyyy-MM-dd, default today in the venue's zone; a future date → ValidationError \`data.date\`. Entries are created on first read. ${VENUE_ACCESS}`,
      access: 'venue.work',
      query: temperatureDayQuery,
      replies: [json(200, ref('TemperatureDayList'))],
    },
    {
      method: 'get',
      path: `${ORG}/venues/{venueId}/temperature-entries/{temperatureId}`,
      tag: 'Temperature entries',
      summary: "One log's entry at a venue on a day, as GET temperature-entries/{entryId} answers it",
      notes: `\`date\` as for the day list. Each unit shows one check: \`slot\` (0-based), else the first check not complete (the last when all are), as a checklist's entry does; a check the log does not have → ValidationError \`data.slot\`. \`chart\`: the chart's last 7 or 30 days (default 30). The entry is created on first read. A log the day list does not show (archived, not used at the venue or not due that day) → 404. What the page of one log reads. ${VENUE_ACCESS}`,
      access: 'venue.work',
      query: temperatureLogQuery,
      replies: [json(200, ref('TemperatureEntry'))],
    },
    {
      method: 'get',
      path: `${ORG}/temperature-entries/{entryId}`,
      tag: 'Temperature entries',
      summary: "One entry: every unit's readings by check, open failures and the last 30 days for the chart",
      notes: VENUE_ACCESS,
      access: 'venue.work',
      replies: [json(200, ref('TemperatureEntry'))],
    },
    {
      method: 'post',
      path: `${ORG}/temperature-entries/export`,
      tag: 'Temperature entries',
      summary: "Export a venue's temperature records as CSV or PDF",
      notes: "from ≤ to, at most 366 days; in the caller's language; values in the organisation's unit, named in the value heading. `POST checklist-entries/export` with `include` gives both kinds in one file.",
      access: 'records.export',
      body: temperatureExportBody,
      replies: [fileReply('temperatures')],
    },
    {
      method: 'post',
      path: `${ORG}/temperature-entries/{entryId}/items/{itemId}/complete`,
      tag: 'Temperature entries',
      summary: 'Record a reading',
      notes: `\`value\` in the organisation's unit ("4.5", "4,5" or a number); stored in °C with one decimal; outside the unit's range it fails. Without \`slot\`: a re-check of the unit's open failure, else the first check without a reading. A re-check never closes a failure (ADR 022). ${VENUE_ACCESS} ${OFFLINE}`,
      access: 'records.write',
      body: completeReadingBody,
      replies: [json(201, wrap({ record: ref('Reading') }))],
    },
    {
      method: 'post',
      path: `${ORG}/temperature-entries/{entryId}/items/{itemId}/resolve`,
      tag: 'Temperature entries',
      summary: 'Record the corrective action of an out-of-range reading',
      notes: `Closes the newest open failure of the check (\`slot\`, default the earliest with one), even after a re-check; nothing open → 400. ${VENUE_ACCESS} ${OFFLINE}`,
      access: 'records.write',
      body: resolveReadingBody,
      replies: [json(201, wrap({ record: ref('Reading') }))],
    },
  ]
}
