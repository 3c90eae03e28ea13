import { and, eq } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { memberships } from '../db/schema.ts'

type MembershipRow = typeof memberships.$inferSelect

export function publicOrgProfile(m: MembershipRow) {
  return { membershipId: m.id, name: m.name, role: m.role, venueIds: m.venueIds, hasPin: m.pinDigest !== null }
}
export type OrgProfile = ReturnType<typeof publicOrgProfile>

/** The acting member's own membership (none for a super admin reading without one). */
export async function getOrgProfile(db: Db, scope: OrgScope): Promise<OrgProfile | undefined> {
  if (!scope.membershipId) return undefined
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.orgId, scope.orgId), eq(memberships.id, scope.membershipId)))
  return row && publicOrgProfile(row)
}

export async function updateOrgProfile(
  db: Db,
  scope: OrgScope,
  patch: { name?: string; pinDigest?: string },
): Promise<OrgProfile | undefined> {
  if (!scope.membershipId) return undefined
  const [row] = await db
    .update(memberships)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(memberships.orgId, scope.orgId), eq(memberships.id, scope.membershipId), eq(memberships.status, 'active')))
    .returning()
  return row && publicOrgProfile(row)
}
