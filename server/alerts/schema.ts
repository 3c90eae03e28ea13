/**
 * Alerts (issue #14, ADR 050 and 051): the organisation's alert settings, each member's own
 * preferences, the alert events (one per overdue check, unresolved failure or venue digest) and their
 * deliveries. The unique (event, member) delivery row is what makes an alert go out exactly once,
 * whatever process runs the scan.
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { memberships, organisations, orgRef, venueRef } from '../orgs/schema.ts'

export const ALERT_KINDS = ['overdue', 'failure', 'digest'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** One row per organisation that changed its settings; defaults otherwise (server/alerts/settings.ts). */
export const alertSettings = pgTable('alert_settings', {
  orgId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  overdue: boolean().notNull().default(true),
  overdueDelayMinutes: integer().notNull().default(30),
  failures: boolean().notNull().default(true),
  failureDelayMinutes: integer().notNull().default(30),
  digest: boolean().notNull().default(true),
  /** Local time (HH:mm, each venue's zone) the daily digest goes out. */
  digestTime: text().notNull().default('07:00'),
  /** Quiet hours (HH:mm, venue zone), both or neither: nothing is sent between them. */
  quietStart: text(),
  quietEnd: text(),
  /** Members who get alerts besides the venue's managers (ADMIN and OWNER). */
  recipientIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** A member's own choices; no row means every alert, digest on, the organisation's quiet hours. */
export const alertPreferences = pgTable('alert_preferences', {
  membershipId: uuid()
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  orgId: orgRef(),
  overdue: boolean().notNull().default(true),
  failures: boolean().notNull().default(true),
  digest: boolean().notNull().default(true),
  /** The member's own quiet hours (both or neither); null: the organisation's. */
  quietStart: text(),
  quietEnd: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * Something worth telling: a check overdue (subject: kind:template:slot on `date`, at its due
 * instant), a failure left unresolved (subject: the record), a venue's digest (subject: the venue, at
 * the digest instant). Unique by (kind, subject, dueAt): found again by every scan, stored once.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    venueId: venueRef(),
    kind: text({ enum: ALERT_KINDS }).notNull(),
    subject: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** The venue's day the event belongs to (yyyy-MM-dd). */
    date: text().notNull(),
    /** What it is about, as recorded at the time: the checklist or log, the item, the check's time. */
    templateName: text().notNull().default(''),
    label: text().notNull().default(''),
    dueTime: text(),
    /** The page where it is fixed (a web path of the venue). */
    href: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_events_key_idx').on(t.kind, t.subject, t.dueAt),
    index('alert_events_venue_idx').on(t.orgId, t.venueId, t.createdAt),
  ],
)

/** An alert e-mailed to one member: inserted before sending (the claim), marked sent after. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    eventId: uuid()
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    membershipId: uuid()
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_deliveries_once_idx').on(t.eventId, t.membershipId), index('alert_deliveries_org_idx').on(t.orgId, t.eventId)],
)
