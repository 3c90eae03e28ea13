import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { orgRef } from '../orgs/schema.ts'

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
    orgId: orgRef(),
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
    /** A yes/no item's failing answer when recorded ("no", "yes" or "none"); null for other types. */
    failsOn: text(),
    /** A measure item's unit when recorded (°C, %, ppm …); null for other types. */
    unit: text(),
    /** A choice item's answers when recorded, the failing ones marked; null for other types. */
    options: jsonb().$type<{ label: string; fails: boolean }[]>(),
    value: text(),
    /** What the person typed and the unit they typed it in ("150", "F"), when it was converted for `value` (a temperature in °C). */
    enteredValue: text(),
    enteredUnit: text(),
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
    /** When the server received it. */
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was made by the device's clock, when the device said so (a record made offline and synced later; ADR 052). */
    deviceRecordedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('records_org_venue_kind_date_idx').on(t.orgId, t.venueId, t.kind, t.date),
    index('records_org_template_date_idx').on(t.orgId, t.templateId, t.date),
    index('records_org_supersedes_idx').on(t.orgId, t.supersedesId),
    // The failures of venues between two days (the dashboard's open failures, ADR 057): few rows among many.
    index('records_org_venue_failed_idx').on(t.orgId, t.venueId, t.date).where(sql`${t.status} = 'failed'`),
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
    orgId: orgRef(),
    recordId: uuid()
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    note: text().notNull(),
    resolvedByMembershipId: uuid(),
    resolvedByName: text().notNull(),
    resolvedByDeviceId: uuid(),
    resolvedByDeviceName: text(),
    resolvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was resolved by the device's clock, when the device said so (ADR 052). */
    deviceResolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('record_resolutions_org_record_idx').on(t.orgId, t.recordId),
    // A failed record is resolved once (two people resolving at the same moment: one wins).
    uniqueIndex('record_resolutions_record_once_idx').on(t.recordId),
  ],
)

/** A template-day's day-list counts as stored: `[slot, done, optionalDone, failed, unresolved]`; slot null: the item totals (ADR 071). */
export type StoredChecks = [number | null, number, number, number, number][]

/**
 * A template-day's counts as `recordCounts` last computed them (ADR 058), so that a 30-day chart on a
 * year of records reads one small row per template-day instead of every record of the window. Triggers
 * in the database (migration 0017) add a row for every template-day that gets a record, and on every
 * record or corrective action written for it bump `version` and clear `fingerprint`; `recordCounts`
 * recomputes a row whose fingerprint is not its template's required items now, and stores the result
 * only if `version` has not moved meanwhile. A second copy of nothing: it is only ever a cache.
 * The day lists keep their own counts of the day in the same row (`checks`, ADR 071), valid while
 * `version` is still `checksVersion` and the template's items are as `checksFingerprint` says.
 */
export const recordDayCounts = pgTable(
  'record_day_counts',
  {
    orgId: orgRef(),
    venueId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    kind: text({ enum: RECORD_KINDS }).notNull(),
    templateId: uuid().notNull(),
    /** Bumped by every write to the template-day's records or their resolutions. */
    version: integer().notNull().default(0),
    /** The required items and rules the counts were computed for; null: not computed since the last write. */
    fingerprint: text(),
    onTime: integer().notNull().default(0),
    late: integer().notNull().default(0),
    resolved: integer().notNull().default(0),
    unresolved: integer().notNull().default(0),
    /**
     * The day list's counts of the template-day (templates/day.ts `dayCountsSql`, ADR 071): one
     * `[slot, done, optionalDone, failed, unresolved]` per check with records, and `[null, required
     * items, optional items, 0, 0]`; null until first counted.
     */
    checks: jsonb().$type<StoredChecks>(),
    /** The `version` the checks were counted at: they hold while no write has bumped it since. */
    checksVersion: integer(),
    /** The counting rules and the template's `itemsVersion` the checks were counted with. */
    checksFingerprint: text(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.venueId, t.date, t.kind, t.templateId] })],
)

/**
 * The answer given to a record-making call sent with an `Idempotency-Key` (ADR 052): a replay of the
 * same key by the same actor (a device, else a member) gets this answer instead of making a second
 * record. Written in the same transaction as the record, so a key is stored exactly when its record
 * is. Kept 48 hours, then deleted by the next write of the organisation.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: orgRef(),
    /** "device:<id>" for a shared device, "member:<id>" for a person acting in the organisation. */
    actor: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text().notNull(),
    status: integer().notNull(),
    body: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.actor, t.key] }), index('idempotency_keys_org_expires_idx').on(t.orgId, t.expiresAt)],
)
