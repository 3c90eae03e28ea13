import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import { preparedOnce, type Db } from '../db/client.ts'
import { withOrgLock } from '../db/lock.ts'
import { memberships, organisations, venues } from '../db/schema.ts'
import { detachVenue, templateKinds } from '../templates/service.ts'

type VenueRow = typeof venues.$inferSelect

export function publicVenue(venue: VenueRow) {
  return {
    id: venue.id,
    name: venue.name,
    address: venue.address,
    phone: venue.phone,
    timeZone: venue.timeZone,
    archivedAt: venue.archivedAt ? venue.archivedAt.toISOString() : null,
  }
}
export type PublicVenue = ReturnType<typeof publicVenue>

/** The non-archived venues the member may use, sorted by name. */
export async function listVenues(db: Db, scope: OrgScope): Promise<PublicVenue[]> {
  const rows = await db
    .select()
    .from(venues)
    .where(
      and(
        eq(venues.orgId, scope.orgId),
        isNull(venues.archivedAt),
        scope.venueIds ? inArray(venues.id, scope.venueIds) : undefined,
      ),
    )
    .orderBy(sql`lower(${venues.name})`, asc(venues.name), asc(venues.id))
  return rows.map(publicVenue)
}

/** One venue of the organisation (archived or not), whatever the member's venue access: prepared once per database (every day page asks). */
export async function findVenue(db: Db, scope: OrgScope, venueId: string): Promise<PublicVenue | undefined> {
  const [row] = await findVenueQuery(db).execute({ orgId: scope.orgId, venueId })
  return row && publicVenue(row)
}
const findVenueQuery = preparedOnce((db) =>
  db
    .select()
    .from(venues)
    .where(and(eq(venues.orgId, sql.placeholder('orgId')), eq(venues.id, sql.placeholder('venueId'))))
    .prepare('mise_find_venue'),
)

export interface NewVenue {
  name: string
  address?: string
  phone?: string
  /** Defaults to the organisation's time zone. */
  timeZone?: string
}

export async function createVenue(db: Db, scope: OrgScope, input: NewVenue): Promise<PublicVenue> {
  const [row] = await db
    .insert(venues)
    .values({
      orgId: scope.orgId,
      name: input.name,
      address: input.address ?? '',
      phone: input.phone ?? '',
      timeZone:
        input.timeZone ?? sql`(select ${organisations.timeZone} from ${organisations} where ${organisations.id} = ${scope.orgId})`,
    })
    .returning()
  return publicVenue(row!)
}

export interface VenuePatch {
  name?: string
  address?: string
  phone?: string
  timeZone?: string
}

export async function updateVenue(db: Db, scope: OrgScope, venueId: string, patch: VenuePatch): Promise<PublicVenue | undefined> {
  const [row] = await db
    .update(venues)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(venues.orgId, scope.orgId), eq(venues.id, venueId)))
    .returning()
  return row && publicVenue(row)
}

/**
 * Delete a venue and, in the same transaction, take its id out of every member's venueIds.
 * Returns false when the organisation has no such venue.
 */
/** Members (not removed) whose only venue is this one: deleting it would silently give them every venue. */
export async function membersOnlyAt(db: Db, scope: OrgScope, venueId: string): Promise<string[]> {
  const rows = await db
    .select({ name: memberships.name })
    .from(memberships)
    .where(
      and(
        eq(memberships.orgId, scope.orgId),
        sql`${memberships.status} <> 'removed'`,
        sql`${memberships.venueIds} = array[${venueId}::uuid]`,
      ),
    )
  return rows.map((r) => r.name)
}

export async function deleteVenue(db: Db, scope: OrgScope, venueId: string): Promise<boolean | { onlyVenueOf: string[] }> {
  // The organisation's lock: a member's venues changing at the same moment is taken before or after.
  return withOrgLock(db, scope.orgId, async (tx) => {
    const stranded = await membersOnlyAt(tx, scope, venueId)
    if (stranded.length) return { onlyVenueOf: stranded }
    const deleted = await tx
      .delete(venues)
      .where(and(eq(venues.orgId, scope.orgId), eq(venues.id, venueId)))
      .returning({ id: venues.id })
    if (!deleted.length) return false
    await tx
      .update(memberships)
      .set({ venueIds: sql`array_remove(${memberships.venueIds}, ${venueId}::uuid)`, updatedAt: new Date() })
      .where(and(eq(memberships.orgId, scope.orgId), sql`${venueId}::uuid = any(${memberships.venueIds})`))
    // Templates used only at this venue are archived; others simply stop naming it. Records are kept.
    for (const kind of templateKinds) await detachVenue(tx, kind, scope.orgId, venueId)
    return true
  })
}
