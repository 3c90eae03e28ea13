import { sql } from 'drizzle-orm'
import { boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orgRef, venueRef } from '../orgs/schema.ts'

/**
 * A contact category ("Suppliers", "Maintenance", "Emergency"…), seeded for every new organisation in
 * its language. A category marked `supplier` makes its contacts suppliers one can order from.
 */
export const contactCategories = pgTable(
  'contact_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    supplier: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_categories_org_idx').on(t.orgId, t.position)],
)

/** Someone to call: deleting their category leaves them uncategorised (docs/decisions/028). */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    categoryId: uuid().references(() => contactCategories.id, { onDelete: 'set null' }),
    name: text().notNull(),
    company: text().notNull().default(''),
    role: text().notNull().default(''),
    email: text().notNull().default(''),
    /** E.164 (+34911234567), normalised with libphonenumber-js; empty when none. */
    phone: text().notNull().default(''),
    address: text().notNull().default(''),
    website: text().notNull().default(''),
    notes: text().notNull().default(''),
    /** Venues it is shown at; empty means every venue. */
    venueIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_org_idx').on(t.orgId, t.name), index('contacts_category_idx').on(t.categoryId)],
)

/** What a supplier sells: its catalogue, managed on the supplier's settings page. */
export const supplierProducts = pgTable(
  'supplier_products',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    unit: text().notNull().default(''),
    packSize: text().notNull().default(''),
    price: numeric({ mode: 'number' }),
    code: text().notNull().default(''),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('supplier_products_contact_idx').on(t.orgId, t.contactId, t.position)],
)

/** How much of a product a venue wants on hand after a delivery. */
export const parLevels = pgTable(
  'par_levels',
  {
    orgId: orgRef(),
    productId: uuid()
      .notNull()
      .references(() => supplierProducts.id, { onDelete: 'cascade' }),
    venueId: venueRef(),
    par: numeric({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.venueId] }), index('par_levels_org_venue_idx').on(t.orgId, t.venueId)],
)
