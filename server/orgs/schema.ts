import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

export const ROLES = ['OWNER', 'ADMIN', 'BASIC'] as const
export type Role = (typeof ROLES)[number]
export const TEMPERATURE_UNITS = ['C', 'F'] as const
export const PLANS = ['free', 'pro'] as const

export const organisations = pgTable('organisations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  timeZone: text().notNull().default('Europe/London'),
  temperatureUnit: text({ enum: TEMPERATURE_UNITS }).notNull().default('C'),
  requirePinOnDevices: boolean().notNull().default(true),
  plan: text({ enum: PLANS }).notNull().default('free'),
  onboardingHiddenAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** The organisation a row belongs to: deleting the organisation deletes the row (every table's tenancy). */
export const orgRef = () =>
  uuid()
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' })

/** The venue a row belongs to: deleting the venue deletes the row. */
export const venueRef = () =>
  uuid()
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' })

export const venues = pgTable(
  'venues',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    name: text().notNull(),
    address: text().notNull().default(''),
    /** The venue's phone, for suppliers delivering there (orders). */
    phone: text().notNull().default(''),
    timeZone: text().notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('venues_org_idx').on(t.orgId, t.name)],
)

export const MEMBER_STATUSES = ['invited', 'active', 'removed'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

/** A staff member: a person's membership of one organisation (with or without a user account). */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: orgRef(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text(),
    role: text({ enum: ROLES }).notNull(),
    /** Venues this member may use; empty means all venues. */
    venueIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    status: text({ enum: MEMBER_STATUSES }).notNull(),
    /** Keyed HMAC of the PIN (see docs/decisions/009): unique inside the organisation. */
    pinDigest: text(),
    inviteTokenHash: text(),
    inviteExpiresAt: timestamp({ withTimezone: true }),
    invitedAt: timestamp({ withTimezone: true }),
    invitedBy: uuid(),
    joinedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memberships_org_idx').on(t.orgId, t.status, t.name),
    uniqueIndex('memberships_org_user_idx').on(t.orgId, t.userId).where(sql`${t.userId} is not null and ${t.status} <> 'removed'`),
    uniqueIndex('memberships_org_email_idx')
      .on(t.orgId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null and ${t.status} <> 'removed'`),
    uniqueIndex('memberships_org_pin_idx').on(t.orgId, t.pinDigest).where(sql`${t.pinDigest} is not null and ${t.status} <> 'removed'`),
    index('memberships_user_idx').on(t.userId),
  ],
)

/** Who did what to which record, when (super-admin reads, later every record change). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orgId: uuid().notNull(),
    userId: uuid(),
    membershipId: uuid(),
    action: text().notNull(),
    target: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_org_idx').on(t.orgId, t.createdAt)],
)
