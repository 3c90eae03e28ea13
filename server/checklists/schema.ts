import { sql } from 'drizzle-orm'
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { orgRef } from '../orgs/schema.ts'
import { checkColumns, itemHead, orderedTail, parentColumn, rangeColumns, templateHead } from '../templates/columns.ts'

export const CHECKLIST_ITEM_TYPES = ['check', 'yes_no', 'number', 'text', 'photo', 'choice', 'measure'] as const
export type ChecklistItemType = (typeof CHECKLIST_ITEM_TYPES)[number]
/** Types that take limits (min/max): a number, and a number with a unit. */
export const RANGED_TYPES: readonly string[] = ['number', 'measure']
/** Which answer of a yes/no item fails: "no" (the default: "Is the probe clean?"), "yes" ("Any pests seen?") or neither. */
export const YES_NO_FAILS = ['no', 'yes', 'none'] as const
export type YesNoFails = (typeof YES_NO_FAILS)[number]
/** The units a `measure` item (a number with a unit) may be read in: symbols, the same in every language. */
export const MEASURE_UNITS = ['°C', '°F', '%', 'ppm', 'pH', 'g', 'kg', 'ml', 'l', 'min', 's'] as const
export type MeasureUnit = (typeof MEASURE_UNITS)[number]
/** One answer of a `choice` item; `fails` marks an answer that records a failure. */
export interface ChoiceOption {
  label: string
  fails: boolean
}
export const MAX_CHOICE_OPTIONS = 12

/** A checklist template: what is due, where (empty venues = every venue), on which days, by when. */
export const checklists = pgTable(
  'checklists',
  {
    ...templateHead(),
    description: text().notNull().default(''),
    /** Local time (HH:mm, venue time zone) after which an incomplete checklist is overdue. */
    dueTime: text(),
    /** Due several times a day: each check is a slot of the records, overdue after its time (one check: dueTime). */
    ...checkColumns(),
    /** Once complete, a manager (ADMIN or OWNER) signs the day off (checklist_sign_offs). */
    requiresSignOff: boolean().notNull().default(false),
    ...orderedTail(),
  },
  (t) => [index('checklists_org_position_idx').on(t.orgId, t.position)],
)

export const checklistItems = pgTable(
  'checklist_items',
  {
    ...itemHead(),
    checklistId: parentColumn(() => checklists.id),
    label: text().notNull(),
    instructions: text().notNull().default(''),
    type: text({ enum: CHECKLIST_ITEM_TYPES }).notNull(),
    required: boolean().notNull().default(true),
    /** Limits of a number item. */
    ...rangeColumns(),
    /** Yes/no items: the answer that fails (kept "no" for other types). */
    failsOn: text({ enum: YES_NO_FAILS }).notNull().default('no'),
    /** Measure items: the unit read (a number with a unit, limits as a number's); null for other types. */
    unit: text({ enum: MEASURE_UNITS }),
    /** Choice items: the answers, in order, the failing ones marked; empty for other types. */
    options: jsonb().$type<ChoiceOption[]>().notNull().default(sql`'[]'::jsonb`),
    /** A failing record of the item must carry a photo (data.uploadId) / a note (data.note). */
    photoWhenFailing: boolean().notNull().default(false),
    noteWhenFailing: boolean().notNull().default(false),
    ...orderedTail(),
  },
  (t) => [index('checklist_items_org_checklist_idx').on(t.orgId, t.checklistId, t.position)],
)

/**
 * A manager's sign-off of a checklist at a venue on a day, after it was complete (ADR 045): who and
 * when, kept as a snapshot of their name. Once per checklist, venue and day; never changed. No foreign
 * key to the checklist: like records, sign-offs outlive templates.
 */
export const checklistSignOffs = pgTable(
  'checklist_sign_offs',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    venueId: uuid().notNull(),
    checklistId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    signedByMembershipId: uuid(),
    signedByName: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checklist_sign_offs_org_venue_checklist_date_idx').on(t.orgId, t.venueId, t.checklistId, t.date)],
)
