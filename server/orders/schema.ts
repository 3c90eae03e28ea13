import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { contacts, supplierProducts } from '../contacts/schema.ts'
import { memberships, orgRef, venueRef } from '../orgs/schema.ts'

export const ORDER_STATUSES = ['draft', 'sent', 'confirmed', 'received', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const RECEIVED_ISSUES = ['short', 'damaged', 'wrong_item', 'too_warm'] as const
export type ReceivedIssue = (typeof RECEIVED_ISSUES)[number]

/**
 * A supplier order of one venue (docs/decisions/029). The supplier's name and e-mail are copied when
 * it is sent, so the history survives edits of the contact; the supplier's signed link is a token
 * whose SHA-256 is kept here, valid 14 days, refused once the order is received or cancelled.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    venueId: venueRef(),
    supplierId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    supplierName: text().notNull(),
    supplierEmail: text().notNull().default(''),
    /** yyyy-MM-dd, the venue's calendar. */
    deliveryDate: text().notNull(),
    status: text({ enum: ORDER_STATUSES }).notNull().default('draft'),
    notes: text().notNull().default(''),
    createdById: uuid().references(() => memberships.id, { onDelete: 'set null' }),
    createdByName: text().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    sentByName: text(),
    /** Who sent it (a member): told by e-mail when the supplier changes the order. */
    sentById: uuid().references(() => memberships.id, { onDelete: 'set null' }),
    confirmedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    receivedByName: text(),
    /** A delivery temperature taken on receipt, °C. */
    deliveryTemperature: numeric({ mode: 'number' }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledByName: text(),
    creditRequestedAt: timestamp({ withTimezone: true }),
    supplierTokenHash: text(),
    supplierTokenExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_org_venue_date_idx').on(t.orgId, t.venueId, t.deliveryDate),
    index('orders_supplier_idx').on(t.orgId, t.supplierId),
    uniqueIndex('orders_supplier_token_idx').on(t.supplierTokenHash),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => supplierProducts.id, { onDelete: 'set null' }),
    name: text().notNull(),
    code: text().notNull().default(''),
    quantity: numeric({ mode: 'number' }).notNull(),
    unit: text().notNull().default(''),
    /** The product's price per unit when the line was written; null for free text or a product without one. */
    unitPrice: numeric({ mode: 'number' }),
    note: text().notNull().default(''),
    position: integer().notNull().default(0),
    receivedQuantity: numeric({ mode: 'number' }),
    receivedIssue: text({ enum: RECEIVED_ISSUES }),
    receivedNote: text().notNull().default(''),
  },
  (t) => [index('order_lines_order_idx').on(t.orgId, t.orderId, t.position)],
)

/** Who did what to an order, when: every step and every change the supplier made. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    actorName: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orgId, t.orderId, t.createdAt)],
)
