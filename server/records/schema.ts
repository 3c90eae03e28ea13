import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organisations } from '../orgs/schema.ts'

export const RECORD_KINDS = ['checklist', 'temperature'] as const
export type RecordKind = (typeof RECORD_KINDS)[number]
export const RECORD_STATUSES = ['done', 'failed'] as const
export type RecordStatus = (typeof RECORD_STATUSES)[number]

/**
 * What was recorded, append-only: shared by checklists and temperature logs. A correction is a new row
 * whose `supersedesId` points at the row it replaces; nothing here is ever updated or deleted (except
 * when the whole organisation is deleted). Each row keeps the item's label, type and limits as they
 * were, and who recorded it, so later edits never rewrite history.
 */
export const records = pgTable(
  'records',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    venueId: uuid().notNull(),
    kind: text({ enum: RECORD_KINDS }).notNull(),
    /** The checklist (or temperature log) and item recorded; no foreign key: records outlive templates. */
    templateId: uuid().notNull(),
    itemId: uuid().notNull(),
    /** The venue-local day the record belongs to (yyyy-MM-dd). */
    date: date({ mode: 'string' }).notNull(),
    /** A temperature log's check of the day (0-based); 0 for checklists. */
    slot: integer().notNull().default(0),
    templateName: text().notNull(),
    label: text().notNull(),
    itemType: text().notNull(),
    min: numeric({ mode: 'number' }),
    max: numeric({ mode: 'number' }),
    value: text(),
    note: text(),
    uploadId: uuid(),
    status: text({ enum: RECORD_STATUSES }).notNull(),
    /** Recorded after the day it belongs to. */
    late: boolean().notNull().default(false),
    supersedesId: uuid(),
    recordedByMembershipId: uuid(),
    recordedByName: text().notNull(),
    /** The shared device it was recorded on (and its name then), if any: the member is the PIN holder. */
    recordedByDeviceId: uuid(),
    recordedByDeviceName: text(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('records_org_venue_kind_date_idx').on(t.orgId, t.venueId, t.kind, t.date),
    index('records_org_template_date_idx').on(t.orgId, t.templateId, t.date),
    index('records_org_supersedes_idx').on(t.orgId, t.supersedesId),
    // Which records show an upload: a member limited to some venues reads only those of their venues.
    index('records_org_upload_idx').on(t.orgId, t.uploadId).where(sql`${t.uploadId} is not null`),
    // Together these keep each (kind, venue, template, item, date, slot) one linear chain, so exactly one
    // record is current even when two corrections race: one first record, and a record superseded once.
    uniqueIndex('records_org_first_idx')
      .on(t.orgId, t.kind, t.venueId, t.templateId, t.itemId, t.date, t.slot)
      .where(sql`${t.supersedesId} is null`),
    uniqueIndex('records_org_supersedes_once_idx').on(t.orgId, t.supersedesId).where(sql`${t.supersedesId} is not null`),
  ],
)

/** The corrective action for a failed record (append-only too). */
export const recordResolutions = pgTable(
  'record_resolutions',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recordId: uuid()
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    note: text().notNull(),
    resolvedByMembershipId: uuid(),
    resolvedByName: text().notNull(),
    resolvedByDeviceId: uuid(),
    resolvedByDeviceName: text(),
    resolvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('record_resolutions_org_record_idx').on(t.orgId, t.recordId),
    // A failed record is resolved once (two people resolving at the same moment: one wins).
    uniqueIndex('record_resolutions_record_once_idx').on(t.recordId),
  ],
)
