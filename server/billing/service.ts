/**
 * Billing (docs/decisions/031-billing-plans-and-limits.md, 032-stripe-webhooks.md). Two modes:
 * - **Stripe** (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID set): upgrading goes through
 *   Stripe Checkout (quantity = venues, kept in step when venues are added or removed), "Manage billing"
 *   opens the customer portal, and only signed webhooks change the plan, status and invoices;
 * - **self-hosted** (no keys): the owner switches plan directly; nothing is paid.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import type { Deps } from '../api/context.ts'
import { badRequest } from '../api/errors.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { lockOrgRow, withOrgLock } from '../db/lock.ts'
import { t, type Locale } from '../i18n.ts'
import { organisations } from '../orgs/schema.ts'
import { orgUsage, planSummary, type Plan } from './limits.ts'
import { billingAccounts, billingEvents, billingInvoices, type BillingStatus } from './schema.ts'

export type BillingMode = 'stripe' | 'self-hosted'

export function billingMode(config: Config): BillingMode {
  return config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_ID ? 'stripe' : 'self-hosted'
}

let client: { key: string; stripe: Stripe } | undefined
/** The Stripe client (fetch-based, so tests fake it at the HTTP boundary; no automatic retries). */
function stripeClient(config: Config): Stripe {
  const key = config.STRIPE_SECRET_KEY
  if (!key) throw new Error('Stripe is not configured')
  if (client?.key !== key) client = { key, stripe: new Stripe(key, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0, timeout: 20_000 }) }
  return client.stripe
}

async function account(db: Db, orgId: string) {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId))
  return row
}

/** GET {org}/billing: plan, status, limits, usage, next invoice and past invoices. */
export async function billingOverview(deps: Deps, orgId: string) {
  const { db } = deps
  const summary = await planSummary(db, orgId)
  const acct = await account(db, orgId)
  const invoices = await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.orgId, orgId))
    .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.createdAt))
    .limit(24)
  const mode = billingMode(deps.config)
  const subscribed = acct?.status === 'active' || acct?.status === 'past_due'
  return {
    ...summary,
    mode,
    status: (acct?.status ?? null) as BillingStatus | null,
    /** A Stripe customer exists: "Manage billing" can open the portal. */
    hasCustomer: Boolean(acct?.stripeCustomerId),
    nextInvoice:
      mode === 'stripe' && subscribed && acct?.currentPeriodEnd
        ? { date: acct.currentPeriodEnd.toISOString(), amount: acct.nextAmount ?? null, currency: acct.currency ?? null }
        : null,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      date: i.issuedAt.toISOString(),
      amount: i.amount,
      currency: i.currency,
      status: i.status,
      pdfUrl: i.pdfUrl,
      hostedUrl: i.hostedUrl,
    })),
  }
}
export type BillingOverview = Awaited<ReturnType<typeof billingOverview>>

/** PUT {org}/billing/plan, self-hosted only: the owner switches plan; going over the Free limits keeps everything (limits.ts). */
export async function switchPlan(deps: Deps, orgId: string, plan: Plan, locale: Locale): Promise<void> {
  if (billingMode(deps.config) === 'stripe') throw badRequest(t(locale, 'billing.useStripe'))
  // Under the organisation's lock, as every creation counts (ADR 079): wholly before or after each one.
  await withOrgLock(deps.db, orgId, (tx) => setPlan(tx, orgId, plan))
}

function requireStripe(config: Config, locale: Locale): Stripe {
  if (billingMode(config) !== 'stripe') throw badRequest(t(locale, 'billing.notConfigured'))
  return stripeClient(config)
}

/** Stripe's error while calling it: a 400 the page can show, never a 500. */
function stripeFailure(error: unknown, locale: Locale): never {
  if (error instanceof Stripe.errors.StripeError) throw badRequest(t(locale, 'billing.stripeFailed'))
  throw error
}

const stripeLocale = (locale: Locale) => locale as 'en' | 'es'

/** POST {org}/billing/checkout: a Checkout session for Pro, quantity = the organisation's venues (at least 1). */
export async function startCheckout(deps: Deps, orgId: string, owner: { email: string }, locale: Locale): Promise<{ url: string }> {
  const stripe = requireStripe(deps.config, locale)
  const { db, config } = deps
  const acct = await account(db, orgId)
  if (acct?.status === 'active' || acct?.status === 'past_due') throw badRequest(t(locale, 'billing.alreadySubscribed'))
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId))
  try {
    let customer = acct?.stripeCustomerId
    if (!customer) {
      const created = await stripe.customers.create(
        { name: org?.name ?? '', email: owner.email, metadata: { orgId } },
        { idempotencyKey: `customer-${orgId}` },
      )
      customer = created.id
      await db
        .insert(billingAccounts)
        .values({ orgId, stripeCustomerId: customer })
        .onConflictDoUpdate({ target: billingAccounts.orgId, set: { stripeCustomerId: customer, updatedAt: new Date() } })
    }
    const usage = await orgUsage(db, orgId)
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: orgId,
      line_items: [{ price: config.STRIPE_PRICE_ID!, quantity: Math.max(1, usage.venues) }],
      metadata: { orgId },
      subscription_data: { metadata: { orgId } },
      locale: stripeLocale(locale),
      success_url: `${config.appUrl}/settings/billing?checkout=success`,
      cancel_url: `${config.appUrl}/settings/billing?checkout=cancelled`,
    })
    if (!session.url) throw badRequest(t(locale, 'billing.stripeFailed'))
    return { url: session.url }
  } catch (error) {
    stripeFailure(error, locale)
  }
}

/** POST {org}/billing/portal: Stripe's customer portal for the organisation's customer. */
export async function openPortal(deps: Deps, orgId: string, locale: Locale): Promise<{ url: string }> {
  const stripe = requireStripe(deps.config, locale)
  const acct = await account(deps.db, orgId)
  if (!acct?.stripeCustomerId) throw badRequest(t(locale, 'billing.noCustomer'))
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: acct.stripeCustomerId,
      return_url: `${deps.config.appUrl}/settings/billing`,
      locale: stripeLocale(locale),
    })
    return { url: session.url }
  } catch (error) {
    stripeFailure(error, locale)
  }
}

/**
 * Keep the subscription's quantity equal to the number of venues, after one is added or removed.
 * A failure is logged, not thrown: the venue change stands, and the next change (or the portal) fixes it.
 */
export async function syncVenueQuantity(deps: Deps, orgId: string): Promise<void> {
  if (billingMode(deps.config) !== 'stripe') return
  const acct = await account(deps.db, orgId)
  if (!acct?.stripeSubscriptionId || (acct.status !== 'active' && acct.status !== 'past_due')) return
  const quantity = Math.max(1, (await orgUsage(deps.db, orgId)).venues)
  if (acct.quantity === quantity) return
  try {
    const stripe = stripeClient(deps.config)
    const subscription = await stripe.subscriptions.retrieve(acct.stripeSubscriptionId)
    const item = subscription.items.data[0]
    if (!item) return
    await stripe.subscriptionItems.update(item.id, { quantity, proration_behavior: 'create_prorations' })
    await deps.db.update(billingAccounts).set({ quantity, updatedAt: new Date() }).where(eq(billingAccounts.orgId, orgId))
  } catch (error) {
    deps.logger.warn({ err: error, orgId }, 'could not update the Stripe subscription quantity')
  }
}

// ─── webhooks ────────────────────────────────────────────────────────────────────────────────────

/** Seconds a signed event stays acceptable (Stripe's own default): an older one is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * POST /v1/billing/webhook. The signature is checked with the SDK the way Stripe documents (HMAC of
 * `timestamp.body`, constant-time compare, timestamp within 5 minutes); then the event is applied once:
 * its id is recorded in the same transaction, so a second delivery changes nothing.
 */
export async function handleWebhook(deps: Deps, payload: string, signature: string | undefined, now: Date): Promise<{ duplicate: boolean }> {
  if (billingMode(deps.config) !== 'stripe') throw badRequest('Stripe billing is not configured')
  if (!signature) throw badRequest('Missing Stripe-Signature')
  let event: Stripe.Event
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, signature, deps.config.STRIPE_WEBHOOK_SECRET!, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime())
  } catch {
    throw badRequest('Invalid Stripe signature')
  }
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const orgId = await eventOrg(db, event)
    // The organisation's lock first (ADR 079): its plan changes wholly before or after any creation.
    if (orgId) await lockOrgRow(db, orgId)
    const inserted = await db
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, orgId })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id })
    if (!inserted.length) return { duplicate: true }
    if (orgId) await applyEvent(db, orgId, event)
    else deps.logger.info({ eventId: event.id, type: event.type }, 'Stripe event for no known organisation')
    return { duplicate: false }
  })
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

/** The organisation an event is about: its metadata (set at checkout), else the customer we stored. */
async function eventOrg(db: Db, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as { metadata?: Record<string, string> | null; client_reference_id?: string | null; customer?: string | { id: string } | null }
  const candidates = [object.client_reference_id, object.metadata?.orgId].filter((v): v is string => typeof v === 'string' && UUID.test(v))
  const customer = idOf(object.customer)
  const rows = await db
    .select({ id: organisations.id, customer: billingAccounts.stripeCustomerId })
    .from(organisations)
    .leftJoin(billingAccounts, eq(billingAccounts.orgId, organisations.id))
    .where(
      or(
        candidates.length ? sql`${organisations.id} in (${sql.join(candidates.map((c) => sql`${c}::uuid`), sql`, `)})` : sql`false`,
        customer ? eq(billingAccounts.stripeCustomerId, customer) : sql`false`,
      ),
    )
  // A customer we know wins over metadata (which only the checkout that made it could set).
  return rows.find((r) => customer && r.customer === customer)?.id ?? rows.find((r) => candidates.includes(r.id))?.id ?? null
}

/** Stripe's subscription status → ours, and the plan it gives. */
function subscriptionState(status: Stripe.Subscription.Status): { status: BillingStatus; plan: Plan } | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return { status: 'active', plan: 'pro' }
    case 'past_due':
    case 'unpaid':
      // The kitchen keeps working while Stripe retries the payment (ADR 031).
      return { status: 'past_due', plan: 'pro' }
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return { status: 'cancelled', plan: 'free' }
    default:
      return null // incomplete: nothing changes until Stripe decides
  }
}

/** The account row, locked; created when missing. */
async function lockedAccount(db: Db, orgId: string) {
  await db.insert(billingAccounts).values({ orgId }).onConflictDoNothing()
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).for('update')
  return row!
}

/** True when this event is older than the last subscription change applied (Stripe does not promise order). */
const isStale = (acct: { subscriptionEventAt: Date | null }, at: Date) => acct.subscriptionEventAt !== null && at < acct.subscriptionEventAt

/** Change the plan; `db` is a transaction, which takes the organisation's lock first (ADR 079). */
async function setPlan(db: Db, orgId: string, plan: Plan) {
  await lockOrgRow(db, orgId)
  await db.update(organisations).set({ plan, updatedAt: new Date() }).where(eq(organisations.id, orgId))
}

async function applyEvent(db: Db, orgId: string, event: Stripe.Event): Promise<void> {
  const at = new Date(event.created * 1000)
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      if (session.mode !== 'subscription') return
      const acct = await lockedAccount(db, orgId)
      const customer = idOf(session.customer)
      const subscription = idOf(session.subscription)
      const stale = isStale(acct, at)
      await db
        .update(billingAccounts)
        .set({
          stripeCustomerId: customer ?? acct.stripeCustomerId,
          stripeSubscriptionId: subscription ?? acct.stripeSubscriptionId,
          ...(stale ? {} : { status: 'active' as const, subscriptionEventAt: at }),
          updatedAt: new Date(),
        })
        .where(eq(billingAccounts.orgId, orgId))
      if (!stale) await setPlan(db, orgId, 'pro')
      return
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object
      const acct = await lockedAccount(db, orgId)
      if (isStale(acct, at)) return
      // Another subscription of the same customer (an old cancelled one) does not override the current one.
      if (acct.stripeSubscriptionId && acct.stripeSubscriptionId !== sub.id && event.type === 'customer.subscription.deleted') return
      const state = event.type === 'customer.subscription.deleted' ? { status: 'cancelled' as const, plan: 'free' as const } : subscriptionState(sub.status)
      const item = sub.items?.data?.[0]
      const quantity = item?.quantity ?? null
      const unit = item?.price?.unit_amount ?? null
      const periodEnd = item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end
      await db
        .update(billingAccounts)
        .set({
          stripeCustomerId: idOf(sub.customer) ?? acct.stripeCustomerId,
          stripeSubscriptionId: sub.id,
          ...(state ? { status: state.status } : {}),
          currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : acct.currentPeriodEnd,
          quantity,
          nextAmount: unit !== null && quantity !== null ? unit * quantity : null,
          currency: item?.price?.currency ?? sub.currency ?? acct.currency,
          subscriptionEventAt: at,
          updatedAt: new Date(),
        })
        .where(eq(billingAccounts.orgId, orgId))
      if (state) await setPlan(db, orgId, state.plan)
      return
    }
    case 'invoice.created':
    case 'invoice.finalized':
    case 'invoice.updated':
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible': {
      const invoice = event.data.object
      if (!invoice.id) return
      const values = {
        number: invoice.number ?? null,
        amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency,
        status: invoice.status ?? 'draft',
        issuedAt: new Date(invoice.created * 1000),
        pdfUrl: invoice.invoice_pdf ?? null,
        hostedUrl: invoice.hosted_invoice_url ?? null,
        eventAt: at,
        updatedAt: new Date(),
      }
      await db
        .insert(billingInvoices)
        .values({ orgId, stripeInvoiceId: invoice.id, ...values })
        .onConflictDoUpdate({
          target: billingInvoices.stripeInvoiceId,
          set: values,
          // An older event never rewrites a newer state of the invoice (out of order).
          setWhere: and(eq(billingInvoices.orgId, orgId), sql`${billingInvoices.eventAt} <= ${at}`),
        })
      // A failed payment puts the subscription in arrears; a paid invoice clears it.
      if (event.type === 'invoice.payment_failed' || event.type === 'invoice.paid') {
        const acct = await lockedAccount(db, orgId)
        if (isStale(acct, at)) return
        const next = event.type === 'invoice.payment_failed' ? 'past_due' : 'active'
        if (acct.status !== (next === 'past_due' ? 'active' : 'past_due')) return
        await db
          .update(billingAccounts)
          .set({ status: next, subscriptionEventAt: at, updatedAt: new Date() })
          .where(and(eq(billingAccounts.orgId, orgId), or(isNull(billingAccounts.subscriptionEventAt), sql`${billingAccounts.subscriptionEventAt} <= ${at}`)))
      }
      return
    }
    default:
      return
  }
}
