/**
 * A manager's sign-off of a checklist's day at a venue (ADR 045): allowed once the day is complete
 * (every check), only on checklists that ask for it, once; who and when are kept.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { notFound, validationError } from '../api/errors.ts'
import type { Db } from '../db/client.ts'
import { t } from '../i18n.ts'
import { memberships } from '../orgs/schema.ts'
import type { ServiceContext } from '../scope.ts'
import type { WorkVenue } from '../templates/day.ts'
import { entryDetail, publicSignOff } from './entries.ts'
import { checklistSignOffs } from './schema.ts'

export { publicSignOff }

/** The sign-offs of these checklists at the venue between two days (inclusive). */
export function signOffsBetween(db: Db, orgId: string, venueId: string, from: string, to: string, checklistIds?: string[]) {
  return db
    .select()
    .from(checklistSignOffs)
    .where(
      and(
        eq(checklistSignOffs.orgId, orgId),
        eq(checklistSignOffs.venueId, venueId),
        gte(checklistSignOffs.date, from),
        lte(checklistSignOffs.date, to),
        checklistIds ? inArray(checklistSignOffs.checklistId, checklistIds) : undefined,
      ),
    )
}

/**
 * Sign the checklist's day off at the venue: 404 when the checklist is not the organisation's or not
 * used there; ValidationError `data.signOff` when it does not ask for one, is not complete, or is
 * already signed off (the first sign-off stands).
 */
export async function signOff(ctx: ServiceContext, venue: WorkVenue, checklistId: string, date: string | undefined) {
  const { db, scope, locale } = ctx
  const entry = await entryDetail(ctx, venue, checklistId, date)
  if (!entry || entry.checklist.archivedAt) throw notFound()
  if (!entry.checklist.requiresSignOff) throw validationError({ signOff: t(locale, 'records.signOffNotAsked') })
  if (!entry.complete) throw validationError({ signOff: t(locale, 'records.signOffIncomplete') })
  const [row] = await db
    .insert(checklistSignOffs)
    .values({
      orgId: scope.orgId,
      venueId: venue.id,
      checklistId: entry.checklist.id,
      date: entry.date,
      signedByMembershipId: scope.membershipId,
      signedByName: sql<string>`coalesce((select ${memberships.name} from ${memberships} where ${memberships.orgId} = ${scope.orgId} and ${memberships.id} = ${scope.membershipId}), '')`,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw validationError({ signOff: t(locale, 'records.signOffDone') })
  return publicSignOff(row)
}
