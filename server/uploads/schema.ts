import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orgRef } from '../orgs/schema.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** Uploaded files (photos, PDFs), kept in the database so every process can serve them (ADR 010). */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    uploadedByMembershipId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_org_idx').on(t.orgId, t.createdAt)],
)

/**
 * Smaller copies of uploaded photos (ADR 037), made on first request of a width and kept, so each
 * width of each photo is resized once for every process.
 */
export const uploadRenditions = pgTable(
  'upload_renditions',
  {
    orgId: orgRef(),
    uploadId: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** The width asked for (one of RENDITION_WIDTHS); the image itself is never wider. */
    width: integer().notNull(),
    contentType: text().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.uploadId, t.width] })],
)
