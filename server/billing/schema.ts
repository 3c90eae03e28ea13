import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organisations, orgRef } from '../orgs/schema.ts'

export const BILLING_STATUSES = ['active', 'past_due', 'cancelled'] as const
export type BillingStatus = (typeof BILLING_STATUSES)[number]

/**
 * An organisation's Stripe side (docs/decisions/031-billing-plans-and-limits.md): its customer and
 * subscription, the subscription's status and next invoice. The plan itself is `organisations.plan`.
 * `subscriptionEventAt` is the `created` time of the last subscription event applied: an older event
 * arriving later (Stripe does not promise order) is ignored.
 */
export const billingAccounts = pgTable('billing_accounts', {
  orgId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  stripeCustomerId: text().unique(),
  stripeSubscriptionId: text(),
  status: text({ enum: BILLING_STATUSES }),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  /** The next invoice's amount in the currency's minor unit (price × quantity), when known. */
  nextAmount: bigint({ mode: 'number' }),
  currency: text(),
  quantity: integer(),
  subscriptionEventAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Invoices as Stripe last told us about them (by webhook). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    stripeInvoiceId: text().notNull().unique(),
    number: text(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    /** Stripe's invoice status: draft, open, paid, uncollectible, void. */
    status: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    pdfUrl: text(),
    hostedUrl: text(),
    /** `created` of the event that last wrote this row (out-of-order events are ignored). */
    eventAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_org_idx').on(t.orgId, t.issuedAt)],
)

/** Every Stripe event id handled once: a second delivery of the same event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  orgId: uuid(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
