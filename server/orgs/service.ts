import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { auditEvents, memberships, organisations, venues } from '../db/schema.ts'
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
 * The organisations a user is an active member of, sorted by name, each with the non-archived
 * venues the member may use (sorted by name). Two queries whatever the number of organisations.
 */
export async function listOrgsForUser(db: Db, userId: string): Promise<UserOrg[]> {
  const orgs = await db
    .select({ id: organisations.id, name: organisations.name, role: memberships.role, venueIds: memberships.venueIds })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(sql`lower(${organisations.name})`, asc(organisations.name), asc(organisations.id))
  if (!orgs.length) return []
  const rows = await db
    .select({ id: venues.id, orgId: venues.orgId, name: venues.name })
    .from(venues)
    .where(
      and(
        inArray(
          venues.orgId,
          orgs.map((o) => o.id),
        ),
        isNull(venues.archivedAt),
      ),
    )
    .orderBy(sql`lower(${venues.name})`, asc(venues.name), asc(venues.id))
  return orgs.map((org) => ({
    id: org.id,
    name: org.name,
    role: org.role,
    venues: rows
      .filter((v) => v.orgId === org.id && (org.venueIds.length === 0 || org.venueIds.includes(v.id)))
      .map((v) => ({ id: v.id, name: v.name })),
  }))
}
