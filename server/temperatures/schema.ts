import { sql } from 'drizzle-orm'
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organisations } from '../orgs/schema.ts'

export const TEMPERATURE_ITEM_KINDS = ['fridge', 'freezer', 'hot_holding', 'cooking', 'cooling', 'delivery', 'other'] as const
export type TemperatureItemKind = (typeof TEMPERATURE_ITEM_KINDS)[number]
export const MAX_CHECKS_PER_DAY = 6

/** A temperature log ("temperature" in routes): which units are read, where, on which days, how often. */
export const temperatureLogs = pgTable(
  'temperature_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Venues it is used at; empty means every venue. */
    venueIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** Days of the week it is due, 0 = Sunday … 6 = Saturday. */
    days: integer().array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    /** Checks a day (1–6). */
    checksPerDay: integer().notNull().default(1),
    /** One entry per check: the local time (HH:mm, venue zone) after which it is overdue, or '' for none. */
    checkTimes: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('temperature_logs_org_position_idx').on(t.orgId, t.position)],
)

/** A unit read in a log (a fridge, a bain-marie …), with its range in °C. */
export const temperatureItems = pgTable(
  'temperature_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    temperatureId: uuid()
      .notNull()
      .references(() => temperatureLogs.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    kind: text({ enum: TEMPERATURE_ITEM_KINDS }).notNull(),
    /** The range in °C, one decimal; null = no bound on that side. */
    min: numeric({ mode: 'number' }),
    max: numeric({ mode: 'number' }),
    position: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('temperature_items_org_log_idx').on(t.orgId, t.temperatureId, t.position)],
)

/**
 * One log at one venue on one day, created when the day is first read (api.md: the entry id names it in
 * later calls). No foreign key to the log: entries, like records, outlive templates.
 */
export const temperatureEntries = pgTable(
  'temperature_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    venueId: uuid().notNull(),
    temperatureId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('temperature_entries_org_venue_log_date_idx').on(t.orgId, t.venueId, t.temperatureId, t.date)],
)
