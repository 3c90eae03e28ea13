import { sql } from 'drizzle-orm'
import { boolean, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organisations } from '../orgs/schema.ts'

export const CHECKLIST_ITEM_TYPES = ['check', 'yes_no', 'number', 'text', 'photo'] as const
export type ChecklistItemType = (typeof CHECKLIST_ITEM_TYPES)[number]

/** A checklist template: what is due, where, on which days, by when. */
export const checklists = pgTable(
  'checklists',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Venues it is used at; empty means every venue. */
    venueIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** Days of the week it is due, 0 = Sunday … 6 = Saturday. */
    days: integer().array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    /** Local time (HH:mm, venue time zone) after which an incomplete checklist is overdue. */
    dueTime: text(),
    position: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checklists_org_position_idx').on(t.orgId, t.position)],
)

export const checklistItems = pgTable(
  'checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    checklistId: uuid()
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    instructions: text().notNull().default(''),
    type: text({ enum: CHECKLIST_ITEM_TYPES }).notNull(),
    required: boolean().notNull().default(true),
    min: numeric({ mode: 'number' }),
    max: numeric({ mode: 'number' }),
    position: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checklist_items_org_checklist_idx').on(t.orgId, t.checklistId, t.position)],
)
