import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const FORM_KINDS = ['contact', 'support', 'early-access'] as const
export type FormKind = (typeof FORM_KINDS)[number]

/**
 * A public form sent (contact, support, early access): stored, then e-mailed to SUPPORT_EMAIL with an
 * acknowledgement to the sender (docs/decisions/033-public-forms-and-support.md). The sender's address is
 * kept as sent (it is whom support answers); the IP address only as a keyed hash.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: FORM_KINDS }).notNull(),
    fields: jsonb().$type<Record<string, string>>().notNull(),
    senderName: text().notNull(),
    senderEmail: text().notNull(),
    locale: text().notNull(),
    ipHash: text().notNull(),
    /** Support requests of signed-in members: who, and their organisation and venue at the time. */
    userId: uuid(),
    orgId: uuid(),
    venueId: uuid(),
    uploadId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_kind_idx').on(t.kind, t.createdAt)],
)
