/**
 * The columns every kind of template shares (checklists, temperature logs): built by functions, since
 * a Drizzle column belongs to one table. A kind's table is `{ ...templateHead(), own columns, ...orderedTail() }`
 * and its items `{ ...itemHead(), parent: parentColumn(…), own columns, ...orderedTail() }`.
 */
import { sql } from 'drizzle-orm'
import { integer, numeric, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { organisations } from '../orgs/schema.ts'

/** The owning organisation; its rows go with it. */
const orgColumn = () =>
  uuid()
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' })

/** id, organisation, name, venues (empty = every venue) and days of the week (0 = Sunday … 6 = Saturday). */
export function templateHead() {
  return {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgColumn(),
    name: text().notNull(),
    venueIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    days: integer().array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    /** Dates of the month it is due on (1–31) instead of the days of the week; empty = by weekday. */
    monthDays: integer().array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Bumped by the database on every write to the template's items (migration 0018): what the day
     * lists' stored counts were counted for (ADR 071). Never shown.
     */
    itemsVersion: integer().notNull().default(0),
  }
}

/** The most checks a day a template may have (temperature logs, checklists). */
export const MAX_CHECKS_PER_DAY = 6

/**
 * Several checks a day: how many (1–6), and one entry per check, the local time (HH:mm, venue zone)
 * after which it is overdue, or '' for none. Each check is a slot of the day's records.
 */
export function checkColumns() {
  return {
    checksPerDay: integer().notNull().default(1),
    checkTimes: text().array().notNull().default(sql`'{}'::text[]`),
  }
}

/** id and organisation of an item. */
export function itemHead() {
  return { id: uuid().primaryKey().defaultRandom(), orgId: orgColumn() }
}

/** The template an item belongs to (the item is deleted with it). */
export function parentColumn(parent: () => AnyPgColumn) {
  return uuid().notNull().references(parent, { onDelete: 'cascade' })
}

/** A range (or number limits): null = no bound on that side. */
export function rangeColumns() {
  return { min: numeric({ mode: 'number' }), max: numeric({ mode: 'number' }) }
}

/** Order in its list, archiving and timestamps. */
export function orderedTail() {
  return {
    position: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  }
}
