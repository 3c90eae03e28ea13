import { and, eq, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { can, deviceCan, type Action } from '../../auth/permissions.ts'
import { preparedOnce } from '../../db/client.ts'
import { auditEvents, memberships, organisations } from '../../db/schema.ts'
import { t } from '../../i18n.ts'
import type { AppEnv } from '../context.ts'
import { ApiError, forbidden, notFound, unauthorized } from '../errors.ts'
import { isSafeMethod } from './origin.ts'
import { isUuid, type OrgScope } from '../../scope.ts'

// The scope and its helpers live in server/scope.ts (services use them without HTTP); re-exported here.
export { isUuid, requireVenueAccess, type OrgScope, type ServiceContext } from '../../scope.ts'

declare module 'hono' {
  interface ContextVariableMap {
    scope: OrgScope
  }
}

/** The active membership of a person in an organisation: every /v1/orgs call runs it, prepared once per database. */
const membershipQuery = preparedOnce((db) =>
  db
    .select({ id: memberships.id, role: memberships.role, venueIds: memberships.venueIds })
    .from(memberships)
    .where(and(eq(memberships.orgId, sql.placeholder('orgId')), eq(memberships.userId, sql.placeholder('userId')), eq(memberships.status, 'active')))
    .limit(1)
    .prepare('mise_org_membership'),
)

/**
 * Resolve session → membership → role → venues once per request for /v1/orgs/:orgId/*.
 * Another organisation's id answers 404, never revealing that it exists.
 */
export function orgScope(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth')
    const device = c.get('device')
    if (!auth && !device) throw unauthorized()
    const orgId = c.req.param('orgId')
    if (!isUuid(orgId)) throw notFound()
    if (!auth) {
      // A device belongs to one organisation and one venue; any other organisation does not exist for it.
      if (!device || device.orgId !== orgId) throw notFound()
      c.set('scope', {
        orgId,
        membershipId: device.pin?.membershipId ?? null,
        userId: null,
        role: null,
        venueIds: [device.venueId],
        readOnly: false,
        device,
      })
      return next()
    }
    const { db } = c.get('deps')
    // Read with the session when the page's first call was the current-user one; else one query.
    let member = auth.memberships ? auth.memberships[orgId] : undefined
    if (!auth.memberships) member = (await membershipQuery(db).execute({ orgId, userId: auth.user.id }))[0]
    if (member) {
      c.set('scope', {
        orgId,
        membershipId: member.id,
        userId: auth.user.id,
        role: member.role,
        venueIds: member.venueIds.length ? member.venueIds : null,
        readOnly: false,
        knownVenues: auth.venues?.[orgId],
      })
      return next()
    }
    if (auth.user.superAdmin) {
      const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId))
      if (!org) throw notFound()
      if (c.req.method !== 'GET') throw forbidden()
      await db.insert(auditEvents).values({ orgId, userId: auth.user.id, action: 'superadmin.read', target: `${c.req.method} ${c.req.path}` })
      c.set('scope', { orgId, membershipId: null, userId: auth.user.id, role: 'OWNER', venueIds: null, readOnly: true })
      return next()
    }
    throw notFound()
  }
}

/**
 * 403 unless the scope's role may do the action. A device may do only the device column's actions,
 * and change anything only while a PIN is active: 403 `data.pin = "required"` without one, 401
 * `data.pin = "expired"` when this request found it idle.
 */
export function requirePermission(c: Context<AppEnv>, action: Action): OrgScope {
  const scope = c.get('scope')
  if (scope.device) {
    const { device } = scope
    const locale = c.get('locale')
    const write = !isSafeMethod(c.req.method)
    const withPin = device.pin !== null || !device.pinRequired
    if (deviceCan(action, { write, withPin })) return scope
    if (!deviceCan(action, { write, withPin: true })) throw forbidden(t(locale, 'devices.notOnDevice'))
    if (device.pinExpired) throw new ApiError('UnauthorizedError', t(locale, 'devices.pinExpired'), { pin: 'expired' })
    throw new ApiError('ForbiddenError', t(locale, 'devices.pinRequired'), { pin: 'required' })
  }
  if (!can(scope.role, action)) throw forbidden()
  if (scope.readOnly && c.req.method !== 'GET') throw forbidden()
  return scope
}
