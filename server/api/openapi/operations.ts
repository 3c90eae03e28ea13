/**
 * Every /v1 call, one row each: the table GET /v1/openapi.json is built from (server/api/openapi.ts).
 * Bodies and query strings are the routes' own zod schemas; response shapes are the component
 * schemas of ./components.ts. tests/api/openapi.test.ts checks that this table and the routes the
 * app registers are the same set.
 */
import type { z } from 'zod'
import type { Action } from '../../auth/permissions.ts'
import { forgotBody, loginBody, registerBody, resetBody, updatePasswordBody, verifyQuery } from '../../auth/routes.ts'
import { completeBody, entryQuery, exportBody, resolveBody } from '../../checklists/entry-routes.ts'
import { createItemBody, updateItemBody } from '../../checklists/item-routes.ts'
import { createChecklistBody, listChecklistsQuery, reorderBody, updateChecklistBody } from '../../checklists/routes.ts'
import { deviceLoginQuery, devicePinBody } from '../../devices/auth-routes.ts'
import { createDeviceBody, updateDeviceBody } from '../../devices/routes.ts'
import { dayListQuery } from '../../checklists/venue-entry-routes.ts'
import { createOrgBody, updateOrgBody } from '../../orgs/routes.ts'
import { orgProfileBody } from '../../profile/org-routes.ts'
import { profileBody } from '../../profile/routes.ts'
import { inviteAcceptBody, inviteQuery, inviteRegisterBody } from '../../staff/invite-routes.ts'
import { createStaffBody, updateStaffBody } from '../../staff/routes.ts'
import { UPLOAD_CONTENT_TYPES } from '../../uploads/service.ts'
import { createVenueBody, updateVenueBody } from '../../venues/routes.ts'
import { completeReadingBody, resolveReadingBody, temperatureDayQuery, temperatureExportBody } from '../../temperatures/entry-routes.ts'
import { createTemperatureBody, createTemperatureItemBody, updateTemperatureBody, updateTemperatureItemBody } from '../../temperatures/routes.ts'
import { ref, type JsonSchema } from './components.ts'

export const TAGS = [
  { name: 'Auth', description: 'Accounts, sessions, e-mail verification and passwords' },
  { name: 'Profile', description: "The user's profile, and their name and PIN in an organisation" },
  { name: 'Organisations', description: 'Creating, reading, changing and deleting an organisation' },
  { name: 'Venues', description: "The organisation's sites" },
  { name: 'Onboarding', description: 'The getting-started panel' },
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
  { name: 'Operations', description: 'Health, readiness and this document' },
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
const VENUE_CHECKLIST = 'A member limited to some venues gets 404 for a checklist used only at other venues.'
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
    summary: 'Follow an e-mail verification link',
    notes: 'Redirects to the web page `/verify-email?status=success|expired|invalid`.',
    access: 'public',
    query: verifyQuery,
    replies: [{ status: 302, description: 'Redirect to the verification page', headers: { Location: header('The web page, with `status`') } }],
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
    summary: 'Sign this browser in as a shared device with its one-time link',
    notes:
      'Sets the session cookie (a device session, until signed out) and uses the link up; a session the browser had is ended. Unknown, malformed or forged → 404 `data.link: "invalid"`; expired → 400 `"expired"`; used → 400 `"used"`; voided by a newer link or by signing the device out → 400 `"replaced"`.',
    access: 'public',
    query: deviceLoginQuery,
    replies: [json(200, ref('DeviceLogin'))],
    errors: [404],
  },
  {
    method: 'post',
    path: '/v1/auth/device/pin',
    tag: 'Devices',
    summary: 'Identify the staff member recording on this device by their PIN',
    notes:
      'An active member allowed at the device’s venue (PIN-only staff too); anyone else is a wrong PIN (ValidationError `data.pin`). 5 wrong PINs within 5 minutes lock PIN entry on the device for 5 minutes: 429 with Retry-After and `data: { pin: "locked", until }`. The PIN is forgotten after 5 minutes without use.',
    access: 'device',
    body: devicePinBody,
    replies: [json(200, wrap({ pin: ref('PinHolder') }))],
    rateLimited: true,
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
    path: `${ORG}/checklist-entries/{checklistId}/items/{itemId}/complete`,
    tag: 'Checklist entries',
    summary: 'Record an item for a day',
    notes: `A second completion of the same item and day supersedes the previous record. Future dates → ValidationError \`data.date\`; past dates are recorded late. ${VENUE_ACCESS}`,
    access: 'records.write',
    body: completeBody,
    replies: [json(201, wrap({ record: ref('Record') }))],
  },
  {
    method: 'post',
    path: `${ORG}/checklist-entries/{checklistId}/items/{itemId}/resolve`,
    tag: 'Checklist entries',
    summary: 'Record the corrective action of a failed item',
    notes: `Only when the current record is failed and unresolved (else 400). ${VENUE_ACCESS}`,
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
    summary: "An upload's bytes",
    notes: 'A member limited to some venues gets the files they uploaded and those a record at one of their venues shows; any other is 404.',
    access: 'venue.work',
    replies: [
      {
        status: 200,
        description: 'The bytes, with their type: images inline (shown in pages), anything else as a download',
        content: Object.fromEntries(UPLOAD_CONTENT_TYPES.map((type) => [type, { schema: binary }])),
        headers: {
          'Content-Disposition': header("inline; filename*=UTF-8''<name> (images) or attachment; filename*=UTF-8''<name> (PDF)"),
          'Content-Security-Policy': header("sandbox; default-src 'none'; …"),
          'Cache-Control': header('private, max-age=31536000, immutable'),
          'X-Content-Type-Options': header('nosniff'),
        },
      },
    ],
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
      notes: `\`value\` in the organisation's unit ("4.5", "4,5" or a number); stored in °C with one decimal; outside the unit's range it fails. Without \`slot\`: a re-check of the unit's open failure, else the first check without a reading. A re-check never closes a failure (ADR 022). ${VENUE_ACCESS}`,
      access: 'records.write',
      body: completeReadingBody,
      replies: [json(201, wrap({ record: ref('Reading') }))],
    },
    {
      method: 'post',
      path: `${ORG}/temperature-entries/{entryId}/items/{itemId}/resolve`,
      tag: 'Temperature entries',
      summary: 'Record the corrective action of an out-of-range reading',
      notes: `Closes the newest open failure of the check (\`slot\`, default the earliest with one), even after a re-check; nothing open → 400. ${VENUE_ACCESS}`,
      access: 'records.write',
      body: resolveReadingBody,
      replies: [json(201, wrap({ record: ref('Reading') }))],
    },
  ]
}
