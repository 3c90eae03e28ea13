import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { orgRef } from '../orgs/schema.ts'
import { checkColumns, itemHead, orderedTail, parentColumn, rangeColumns, templateHead } from '../templates/columns.ts'

export const TEMPERATURE_ITEM_KINDS = ['fridge', 'freezer', 'hot_holding', 'cooking', 'cooling', 'delivery', 'other'] as const
export type TemperatureItemKind = (typeof TEMPERATURE_ITEM_KINDS)[number]
export { MAX_CHECKS_PER_DAY } from '../templates/columns.ts'

/** A temperature log ("temperature" in routes): which units are read, where, on which days, how often. */
export const temperatureLogs = pgTable(
  'temperature_logs',
  {
    ...templateHead(),
    /** Checks a day (1–6), each with its time or none (templates/columns.ts). */
    ...checkColumns(),
    ...orderedTail(),
  },
  (t) => [index('temperature_logs_org_position_idx').on(t.orgId, t.position)],
)

/** A unit read in a log (a fridge, a bain-marie …), with its range in °C (one decimal). */
export const temperatureItems = pgTable(
  'temperature_items',
  {
    ...itemHead(),
    temperatureId: parentColumn(() => temperatureLogs.id),
    label: text().notNull(),
    kind: text({ enum: TEMPERATURE_ITEM_KINDS }).notNull(),
    ...rangeColumns(),
    ...orderedTail(),
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
    orgId: orgRef(),
    venueId: uuid().notNull(),
    temperatureId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('temperature_entries_org_venue_log_date_idx').on(t.orgId, t.venueId, t.temperatureId, t.date)],
)
