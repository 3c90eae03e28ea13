import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { memberships, venues } from '../db/schema.ts'
import { hasRow, registerOnboardingStep } from './steps.ts'

/** The steps of the organisations module; later modules register theirs the same way. */
registerOnboardingStep({
  key: 'venue',
  href: '/settings/venues/new',
  position: 10,
  done: (db, orgId) => hasRow(db.select({ one: sql`1` }).from(venues).where(and(eq(venues.orgId, orgId), isNull(venues.archivedAt)))),
})

registerOnboardingStep({
  key: 'staff',
  href: '/settings/staff/invite',
  position: 40,
  done: (db, orgId) =>
    hasRow(
      db
        .select({ one: sql`1` })
        .from(memberships)
        .where(and(eq(memberships.orgId, orgId), ne(memberships.status, 'removed'), ne(memberships.role, 'OWNER'))),
    ),
})
