/**
 * Plan limits, enforced here and only here (docs/decisions/031-billing-plans-and-limits.md):
 * Free allows 1 venue, 5 staff and 1 device; Pro has no limits. Every create path (venues, staff
 * invitations and PIN-only members, devices) writes through `createWithinLimit`: the plan is read, the
 * count taken and the row inserted in one transaction holding the organisation's row lock
 * (server/db/lock.ts, ADR 079), so twenty requests at once cannot all pass the same count, and a plan
 * change (which locks the same row) lands wholly before or wholly after a creation.
 *
 * What counts: venues not archived; staff members not removed (owners, invitations still open and
 * PIN-only members included); devices. An organisation over a limit (after a downgrade) keeps
 * everything it has, readable and editable; only adding one more of that kind is refused.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { ApiError } from '../api/errors.ts'
import type { Db } from '../db/client.ts'
import { withOrgLock } from '../db/lock.ts'
import { devices } from '../devices/schema.ts'
import { t, type Locale } from '../i18n.ts'
import { memberships, organisations, venues, type PLANS } from '../orgs/schema.ts'

export type Plan = (typeof PLANS)[number]
export const LIMIT_KINDS = ['venues', 'staff', 'devices'] as const
export type LimitKind = (typeof LIMIT_KINDS)[number]
export type Limits = Record<LimitKind, number | null>
export type Usage = Record<LimitKind, number>

export const PLAN_LIMITS: Record<Plan, Limits> = {
  free: { venues: 1, staff: 5, devices: 1 },
  pro: { venues: null, staff: null, devices: null },
}

export function planLimits(plan: string): Limits {
  return PLAN_LIMITS[plan === 'pro' ? 'pro' : 'free']
}

export async function orgPlan(db: Db, orgId: string): Promise<Plan> {
  const [org] = await db.select({ plan: organisations.plan }).from(organisations).where(eq(organisations.id, orgId))
  return org?.plan ?? 'free'
}

const counters: Record<LimitKind, (orgId: string) => ReturnType<typeof sql<number>>> = {
  venues: (orgId) => sql<number>`(select count(*) from ${venues} where ${and(eq(venues.orgId, orgId), isNull(venues.archivedAt))})`,
  staff: (orgId) => sql<number>`(select count(*) from ${memberships} where ${and(eq(memberships.orgId, orgId), ne(memberships.status, 'removed'))})`,
  devices: (orgId) => sql<number>`(select count(*) from ${devices} where ${eq(devices.orgId, orgId)})`,
}

/** How many venues, staff members and devices the organisation has, in one query. */
export async function orgUsage(db: Db, orgId: string): Promise<Usage> {
  const [row] = await db
    .select({
      venues: counters.venues(orgId).mapWith(Number),
      staff: counters.staff(orgId).mapWith(Number),
      devices: counters.devices(orgId).mapWith(Number),
    })
    .from(sql`(select 1) as one`)
  return { venues: row?.venues ?? 0, staff: row?.staff ?? 0, devices: row?.devices ?? 0 }
}

/** The plan, its limits and the usage: what the billing page and the create pages show. */
export async function planSummary(db: Db, orgId: string): Promise<{ plan: Plan; limits: Limits; usage: Usage }> {
  const plan = await orgPlan(db, orgId)
  return { plan, limits: planLimits(plan), usage: await orgUsage(db, orgId) }
}

/** The refusal: 403 with a message naming the limit and the plan, in the caller's language. */
export function limitError(kind: LimitKind, plan: Plan, limit: number, locale: Locale): ApiError {
  return new ApiError('ForbiddenError', t(locale, `billing.limit.${kind}`, { count: limit, plan: t(locale, `billing.plans.${plan}`) }), {
    limit: kind,
  })
}

/**
 * 403 when one more `kind` would go over the organisation's plan. Outside `createWithinLimit` only as
 * an early answer before costly work (it decides nothing: the count under the lock does).
 */
export async function assertWithinLimit(db: Db, orgId: string, kind: LimitKind, locale: Locale): Promise<void> {
  const plan = await orgPlan(db, orgId)
  const limit = planLimits(plan)[kind]
  if (limit === null) return
  const [row] = await db.select({ n: counters[kind](orgId).mapWith(Number) }).from(sql`(select 1) as one`)
  if ((row?.n ?? 0) >= limit) throw limitError(kind, plan, limit, locale)
}

/**
 * Create one more `kind` with `insert`, under the organisation's lock: 403 (`limitError`) when the
 * plan's limit is reached, else `insert(tx)` runs in the same transaction as the count. Side effects
 * (e-mails, Stripe) belong after this returns.
 */
export function createWithinLimit<T>(db: Db, orgId: string, kind: LimitKind, locale: Locale, insert: (tx: Db) => Promise<T>): Promise<T> {
  return withOrgLock(db, orgId, async (tx) => {
    await assertWithinLimit(tx, orgId, kind, locale)
    return insert(tx)
  })
}
