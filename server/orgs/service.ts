import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { auditEvents, memberships, organisations, users, venues } from '../db/schema.ts'
import type { Role } from './schema.ts'

type OrgRow = typeof organisations.$inferSelect

/** The API's view of an organisation, with the caller's role in it (null for a shared device). */
export function publicOrg(org: OrgRow, role: Role | null) {
  return {
    id: org.id,
    name: org.name,
    timeZone: org.timeZone,
    temperatureUnit: org.temperatureUnit,
    requirePinOnDevices: org.requirePinOnDevices,
    plan: org.plan,
    role,
  }
}
export type PublicOrg = ReturnType<typeof publicOrg>

export interface NewOrg {
  name: string
  timeZone?: string
  temperatureUnit?: 'C' | 'F'
}

/**
 * Modules that give a new organisation its first records (contact categories in the creator's
 * language, …) register here; each runs inside the creating transaction.
 */
export const orgCreatedHooks: Array<(tx: Db, org: { id: string; locale: string }) => Promise<void>> = []

/** Create an organisation and make the user its first OWNER (active), in one transaction. */
export async function createOrg(db: Db, user: { id: string; name: string; email: string; locale?: string }, input: NewOrg): Promise<PublicOrg> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organisations)
      .values({ name: input.name, timeZone: input.timeZone, temperatureUnit: input.temperatureUnit })
      .returning()
    await tx.insert(memberships).values({
      orgId: org!.id,
      userId: user.id,
      name: user.name,
      email: user.email,
      role: 'OWNER',
      status: 'active',
      joinedAt: new Date(),
    })
    for (const hook of orgCreatedHooks) await hook(tx as unknown as Db, { id: org!.id, locale: user.locale ?? 'en' })
    return publicOrg(org!, 'OWNER')
  })
}

export async function getOrg(db: Db, scope: OrgScope): Promise<PublicOrg | undefined> {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, scope.orgId))
  return org && publicOrg(org, scope.role)
}

export interface OrgPatch {
  name?: string
  timeZone?: string
  temperatureUnit?: 'C' | 'F'
  requirePinOnDevices?: boolean
}

export async function updateOrg(db: Db, scope: OrgScope, patch: OrgPatch): Promise<PublicOrg | undefined> {
  const [org] = await db
    .update(organisations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(organisations.id, scope.orgId))
    .returning()
  return org && publicOrg(org, scope.role)
}

/**
 * Delete the organisation and everything in it: venues, memberships and every later tenant table
 * go through ON DELETE CASCADE; audit events (no foreign key, so they can outlive records) are
 * removed explicitly. Returns false when it was already gone.
 */
export async function deleteOrg(db: Db, scope: OrgScope): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(organisations).where(eq(organisations.id, scope.orgId)).returning({ id: organisations.id })
    if (!deleted.length) return false
    await tx.delete(auditEvents).where(eq(auditEvents.orgId, scope.orgId))
    return true
  })
}

export interface UserOrg {
  id: string
  name: string
  role: Role
  venues: { id: string; name: string }[]
}

/**
 * An organisation as the session lookup reads it (server/auth/sessions.ts): its venues with their time
 * zones too, and the person's membership of it (its id and the venues it is limited to, none: all).
 */
export type SessionOrg = Omit<UserOrg, 'venues'> & { venues: { id: string; name: string; timeZone: string }[]; membershipId: string; venueIds: string[] }

/** The organisations as `GET /v1/auth/me` answers them: each venue's id and name. */
export function publicOrgs(orgs: SessionOrg[]): UserOrg[] {
  return orgs.map(({ id, name, role, venues }) => ({ id, name, role, venues: venues.map(({ id, name }) => ({ id, name })) }))
}

/**
 * The organisations a user is an active member of, sorted by name, each with the non-archived
 * venues the member may use (sorted by name), as one JSON value: a scalar subquery another query
 * can carry (the session lookup of `GET /v1/auth/me` does, so that call is one query).
 */
export function userOrgsSql(userId: SQLWrapper | string): SQL<SessionOrg[]> {
  return sql<SessionOrg[]>`(
    select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'role', m.role, 'membershipId', m.id, 'venueIds', m.venue_ids, 'venues', (
      select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'timeZone', v.time_zone) order by lower(v.name), v.name, v.id), '[]'::json)
      from ${venues} v
      where v.org_id = o.id and v.archived_at is null and (cardinality(m.venue_ids) = 0 or v.id = any(m.venue_ids))
    )) order by lower(o.name), o.name, o.id), '[]'::json)
    from ${memberships} m join ${organisations} o on o.id = m.org_id
    where m.user_id = ${userId} and m.status = 'active'
  )`
}

/** The organisations a user is an active member of, with their venues (`userOrgsSql`): one query. */
export async function listOrgsForUser(db: Db, userId: string): Promise<UserOrg[]> {
  const [row] = await db
    .select({ orgs: userOrgsSql(userId) })
    .from(users)
    .where(eq(users.id, userId))
  return publicOrgs(row?.orgs ?? [])
}
