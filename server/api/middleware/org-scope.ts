import { and, eq } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { can, type Action, type Role } from '../../auth/permissions.ts'
import { auditEvents, memberships, organisations } from '../../db/schema.ts'
import type { AppEnv } from '../context.ts'
import { forbidden, notFound, unauthorized } from '../errors.ts'

export interface OrgScope {
  orgId: string
  /** The member acting (a super admin reading without membership has none). */
  membershipId: string | null
  userId: string
  role: Role
  /** Venues the member may use; null means every venue of the organisation. */
  venueIds: string[] | null
  /** A platform operator reading without being a member: GET only. */
  readOnly: boolean
}

declare module 'hono' {
  interface ContextVariableMap {
    scope: OrgScope
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string | undefined): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/**
 * Resolve session → membership → role → venues once per request for /v1/orgs/:orgId/*.
 * Another organisation's id answers 404, never revealing that it exists.
 */
export function orgScope(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth')
    if (!auth) throw unauthorized()
    const orgId = c.req.param('orgId')
    if (!isUuid(orgId)) throw notFound()
    const { db } = c.get('deps')
    const rows = await db
      .select({ id: memberships.id, role: memberships.role, venueIds: memberships.venueIds })
      .from(memberships)
      .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, auth.user.id), eq(memberships.status, 'active')))
      .limit(1)
    const member = rows[0]
    if (member) {
      c.set('scope', {
        orgId,
        membershipId: member.id,
        userId: auth.user.id,
        role: member.role,
        venueIds: member.venueIds.length ? member.venueIds : null,
        readOnly: false,
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

/** 403 unless the scope's role may do the action. */
export function requirePermission(c: Context<AppEnv>, action: Action): OrgScope {
  const scope = c.get('scope')
  if (!can(scope.role, action)) throw forbidden()
  if (scope.readOnly && c.req.method !== 'GET') throw forbidden()
  return scope
}

/** 403 unless the member may use this venue (the venue's existence in the org is checked by the caller). */
export function requireVenueAccess(scope: OrgScope, venueId: string): void {
  if (scope.venueIds && !scope.venueIds.includes(venueId)) throw forbidden()
}
