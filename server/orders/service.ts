/**
 * Supplier orders (docs/decisions/029-supplier-orders.md): drafted for a venue and a delivery date,
 * sent by e-mail with a PDF and a signed link, confirmed (or changed) by the supplier through that
 * link, received with shortfalls, or cancelled. Every query carries `org_id = scope.orgId` and the
 * member's venues; every step records who and when in `order_events`.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { badRequest, notFound, validationError } from '../api/errors.ts'
import { isUuid, requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import { hashToken, newToken, sameHash } from '../auth/tokens.ts'
import { users } from '../auth/schema.ts'
import { contacts, parLevels, supplierProducts } from '../contacts/schema.ts'
import { contactCategories } from '../contacts/schema.ts'
import { contactVisible } from '../contacts/service.ts'
import type { Db } from '../db/client.ts'
import { isLocale, t, type Locale } from '../i18n.ts'
import { memberships, organisations, venues } from '../orgs/schema.ts'
import { isDay, todayIn } from '../records/service.ts'
import { recordDeliveryReading } from '../temperatures/entries.ts'
import { orderEvents, orderLines, orders, type OrderStatus, type ReceivedIssue } from './schema.ts'

/** The supplier's link is valid this long (issue #13). */
export const SUPPLIER_LINK_MS = 14 * 24 * 60 * 60_000

export interface OrderContext {
  db: Db
  scope: OrgScope
  locale: Locale
  now: Date
  /** Who acts, as the history shows them ("Ana Cook", "Pablo Pin on Kitchen tablet"). */
  actorName: string
}

const asDb = (tx: unknown) => tx as Db

/** The organisation's language: its first active OWNER's saved language (docs/decisions/028). */
export async function orgLocale(db: Db, orgId: string): Promise<Locale> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, 'OWNER'), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.createdAt))
    .limit(1)
  return isLocale(row?.locale) ? row.locale : 'en'
}

// ─── reading ────────────────────────────────────────────────────────────────────────────────────

type OrderRow = typeof orders.$inferSelect
type LineRow = typeof orderLines.$inferSelect

function publicLine(l: LineRow) {
  return {
    id: l.id,
    productId: l.productId,
    name: l.name,
    code: l.code,
    quantity: l.quantity,
    unit: l.unit,
    /** The product's price per unit when ordered (null: no price); `lineTotal` = quantity × it. */
    unitPrice: l.unitPrice,
    lineTotal: l.unitPrice === null ? null : cents(l.quantity * l.unitPrice),
    note: l.note,
    receivedQuantity: l.receivedQuantity,
    receivedIssue: l.receivedIssue,
    receivedNote: l.receivedNote,
    /** Received less than ordered, or with a problem noted. */
    shortfall: l.receivedQuantity !== null && (l.receivedQuantity < l.quantity || l.receivedIssue !== null),
  }
}

/** Money rounded to the cent. */
const cents = (n: number) => Math.round(n * 100) / 100

type VenueFacts = { name: string; address: string; phone: string }

function publicOrder(o: OrderRow, venue: VenueFacts, lines: LineRow[], events: Array<typeof orderEvents.$inferSelect>) {
  const priced = lines.filter((l) => l.unitPrice !== null)
  return {
    id: o.id,
    /** Where the supplier delivers: the venue's address and phone. */
    venue: { id: o.venueId, name: venue.name, address: venue.address, phone: venue.phone },
    supplier: { id: o.supplierId, name: o.supplierName, email: o.supplierEmail },
    deliveryDate: o.deliveryDate,
    status: o.status,
    notes: o.notes,
    createdBy: o.createdByName,
    createdAt: o.createdAt.toISOString(),
    sentAt: o.sentAt?.toISOString() ?? null,
    sentBy: o.sentByName,
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
    receivedAt: o.receivedAt?.toISOString() ?? null,
    receivedBy: o.receivedByName,
    deliveryTemperature: o.deliveryTemperature,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    cancelledBy: o.cancelledByName,
    creditRequestedAt: o.creditRequestedAt?.toISOString() ?? null,
    supplierLinkExpiresAt: o.supplierTokenExpiresAt?.toISOString() ?? null,
    lines: lines.map(publicLine),
    /** The sum of the priced lines; null when no line has a price. */
    total: priced.length ? cents(priced.reduce((sum, l) => sum + l.quantity * l.unitPrice!, 0)) : null,
    /** Every line has a price: the total is the whole order's. */
    fullyPriced: lines.length > 0 && priced.length === lines.length,
    history: events.map((e) => ({ kind: e.kind, by: e.actorName, at: e.createdAt.toISOString(), detail: e.detail })),
  }
}
export type PublicOrder = ReturnType<typeof publicOrder>

function inScope(scope: Pick<OrgScope, 'orgId' | 'venueIds'>) {
  return and(eq(orders.orgId, scope.orgId), scope.venueIds ? inArray(orders.venueId, scope.venueIds) : undefined)
}

async function loadOrders(db: Db, scope: Pick<OrgScope, 'orgId' | 'venueIds'>, where: ReturnType<typeof and>, withHistory: boolean) {
  const rows = await db
    .select({ order: orders, venue: { name: venues.name, address: venues.address, phone: venues.phone } })
    .from(orders)
    .innerJoin(venues, and(eq(venues.orgId, orders.orgId), eq(venues.id, orders.venueId)))
    .where(and(inScope(scope), where))
    .orderBy(asc(orders.deliveryDate), asc(orders.supplierName), asc(orders.createdAt))
  if (!rows.length) return []
  const ids = rows.map((r) => r.order.id)
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orgId, scope.orgId), inArray(orderLines.orderId, ids)))
    .orderBy(asc(orderLines.position), asc(orderLines.id))
  const events = withHistory
    ? await db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orgId, scope.orgId), inArray(orderEvents.orderId, ids)))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    : []
  return rows.map((r) =>
    publicOrder(
      r.order,
      r.venue,
      lines.filter((l) => l.orderId === r.order.id),
      events.filter((e) => e.orderId === r.order.id),
    ),
  )
}

export async function findOrder(db: Db, scope: Pick<OrgScope, 'orgId' | 'venueIds'>, orderId: string): Promise<PublicOrder | undefined> {
  if (!isUuid(orderId)) return undefined
  return (await loadOrders(db, scope, and(eq(orders.id, orderId)), true))[0]
}

/** A venue's orders expected on a day (any status but draft), without their history. */
export async function expectedDeliveries(db: Db, scope: Pick<OrgScope, 'orgId' | 'venueIds'>, venueId: string, date: string) {
  return loadOrders(db, scope, and(eq(orders.venueId, venueId), eq(orders.deliveryDate, date), ne(orders.status, 'draft')), false)
}

/** A venue's orders expected on a day (any status but draft) and its drafts (any day). */
export async function venueOrders(ctx: OrderContext, venue: { id: string; timeZone: string }, date: string) {
  const expected = await expectedDeliveries(ctx.db, ctx.scope, venue.id, date)
  const drafts = await loadOrders(ctx.db, ctx.scope, and(eq(orders.venueId, venue.id), eq(orders.status, 'draft')), false)
  // Sent or confirmed and not yet received, whatever the day: nothing waiting is out of sight.
  const open = await loadOrders(ctx.db, ctx.scope, and(eq(orders.venueId, venue.id), inArray(orders.status, ['sent', 'confirmed'])), false)
  return { date, today: todayIn(venue.timeZone, ctx.now), expected, open, drafts }
}

// ─── drafting ───────────────────────────────────────────────────────────────────────────────────

export interface LineInput {
  productId?: string
  name?: string
  quantity?: number
  /** With a product and no quantity: the quantity is the venue's par level minus this count (never below 0). */
  onHand?: number
  unit?: string
  note?: string
}

export interface NewOrder {
  supplierId: string
  deliveryDate: string
  notes?: string
  lines?: LineInput[]
  /** Copy the lines of the previous order to this supplier at this venue. */
  repeatLast?: boolean
}

/** The supplier: a contact of the organisation in a supplier category, shown at the venue (ValidationError `supplierId` otherwise). */
async function findSupplier(ctx: OrderContext, supplierId: string, venueId: string) {
  const bad = () => validationError({ supplierId: t(ctx.locale, 'orders.supplier') })
  if (!isUuid(supplierId)) throw bad()
  const [row] = await ctx.db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email })
    .from(contacts)
    .innerJoin(contactCategories, and(eq(contactCategories.orgId, contacts.orgId), eq(contactCategories.id, contacts.categoryId)))
    .where(
      and(
        eq(contacts.orgId, ctx.scope.orgId),
        eq(contacts.id, supplierId),
        eq(contactCategories.supplier, true),
        contactVisible(ctx.scope.venueIds),
        sql`(cardinality(${contacts.venueIds}) = 0 or ${venueId}::uuid = any(${contacts.venueIds}))`,
      ),
    )
  if (!row) throw bad()
  return row
}

/** Resolve lines: products of this supplier (name, unit and code from the catalogue), or free text; a par-level suggestion when asked. */
async function resolveLines(ctx: OrderContext, supplierId: string, venueId: string, input: LineInput[]) {
  const productIds = [...new Set(input.map((l) => l.productId).filter((id): id is string => !!id))]
  const products = productIds.length
    ? await ctx.db
        .select({ id: supplierProducts.id, name: supplierProducts.name, unit: supplierProducts.unit, code: supplierProducts.code, price: supplierProducts.price, par: parLevels.par })
        .from(supplierProducts)
        .leftJoin(parLevels, and(eq(parLevels.orgId, supplierProducts.orgId), eq(parLevels.productId, supplierProducts.id), eq(parLevels.venueId, venueId)))
        .where(and(eq(supplierProducts.orgId, ctx.scope.orgId), eq(supplierProducts.contactId, supplierId), inArray(supplierProducts.id, productIds.filter(isUuid))))
    : []
  const out: Array<{ productId: string | null; name: string; code: string; quantity: number; unit: string; unitPrice: number | null; note: string }> = []
  for (const [i, line] of input.entries()) {
    const product = line.productId ? products.find((p) => p.id === line.productId) : undefined
    if (line.productId && !product) throw validationError({ [`lines.${i}.productId`]: t(ctx.locale, 'orders.product') })
    const name = line.name?.trim() || product?.name
    if (!name) throw validationError({ [`lines.${i}.name`]: t(ctx.locale, 'validation.required') })
    let quantity = line.quantity
    if (quantity === undefined && line.onHand !== undefined) {
      if (!product || product.par === null) throw validationError({ [`lines.${i}.onHand`]: t(ctx.locale, 'orders.noPar') })
      quantity = Math.max(0, Math.round((product.par - line.onHand) * 1000) / 1000)
      // Nothing needed: no line.
      if (quantity === 0) continue
    }
    if (quantity === undefined) throw validationError({ [`lines.${i}.quantity`]: t(ctx.locale, 'validation.required') })
    out.push({ productId: product?.id ?? null, name, code: product?.code ?? '', quantity, unit: line.unit ?? product?.unit ?? '', unitPrice: product?.price ?? null, note: line.note ?? '' })
  }
  return out
}

function checkDeliveryDate(ctx: OrderContext, date: string, field = 'deliveryDate') {
  if (!isDay(date)) throw validationError({ [field]: t(ctx.locale, 'records.invalidDate') })
  return date
}

async function writeLines(db: Db, orgId: string, orderId: string, lines: Awaited<ReturnType<typeof resolveLines>>) {
  await db.delete(orderLines).where(and(eq(orderLines.orgId, orgId), eq(orderLines.orderId, orderId)))
  if (lines.length) await db.insert(orderLines).values(lines.map((l, position) => ({ ...l, orgId, orderId, position })))
}

async function addEvent(db: Db, ctx: Pick<OrderContext, 'scope' | 'now'>, orderId: string, kind: string, actorName: string, detail: Record<string, unknown> = {}) {
  await db.insert(orderEvents).values({ orgId: ctx.scope.orgId, orderId, kind, actorName, detail, createdAt: ctx.now })
}

export async function createOrder(ctx: OrderContext, venue: { id: string; timeZone: string }, input: NewOrder): Promise<PublicOrder> {
  requireVenueAccess(ctx.scope, venue.id)
  const supplier = await findSupplier(ctx, input.supplierId, venue.id)
  const deliveryDate = checkDeliveryDate(ctx, input.deliveryDate)
  let lines = await resolveLines(ctx, supplier.id, venue.id, input.lines ?? [])
  if (input.repeatLast) {
    const [last] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inScope(ctx.scope), eq(orders.venueId, venue.id), eq(orders.supplierId, supplier.id), ne(orders.status, 'cancelled')))
      .orderBy(desc(orders.createdAt))
      .limit(1)
    if (!last) throw validationError({ repeatLast: t(ctx.locale, 'orders.noPrevious') })
    const previous = await ctx.db.select().from(orderLines).where(and(eq(orderLines.orgId, ctx.scope.orgId), eq(orderLines.orderId, last.id))).orderBy(asc(orderLines.position))
    lines = [...previous.map((l) => ({ productId: l.productId, name: l.name, code: l.code, quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, note: l.note })), ...lines]
  }
  const id = await ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    const [row] = await tx
      .insert(orders)
      .values({
        orgId: ctx.scope.orgId,
        venueId: venue.id,
        supplierId: supplier.id,
        supplierName: supplier.name,
        supplierEmail: supplier.email,
        deliveryDate,
        notes: input.notes ?? '',
        createdById: ctx.scope.membershipId,
        createdByName: ctx.actorName,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: orders.id })
    await writeLines(tx, ctx.scope.orgId, row!.id, lines)
    await addEvent(tx, ctx, row!.id, 'created', ctx.actorName, input.repeatLast ? { repeated: true } : {})
    return row!.id
  })
  return (await findOrder(ctx.db, ctx.scope, id))!
}

/** 400 with a clear message unless the order is in one of these states. */
function requireStatus(ctx: OrderContext, order: PublicOrder, allowed: OrderStatus[], action: string) {
  if (!allowed.includes(order.status)) throw badRequest(t(ctx.locale, `orders.refused.${action}`, { status: t(ctx.locale, `orders.status.${order.status}`) }))
}

export async function updateOrder(ctx: OrderContext, orderId: string, patch: { deliveryDate?: string; notes?: string; lines?: LineInput[] }) {
  const order = await findOrder(ctx.db, ctx.scope, orderId)
  if (!order) throw notFound()
  requireStatus(ctx, order, ['draft'], 'edit')
  const deliveryDate = patch.deliveryDate === undefined ? undefined : checkDeliveryDate(ctx, patch.deliveryDate)
  const lines = patch.lines === undefined ? undefined : order.supplier.id ? await resolveLines(ctx, order.supplier.id, order.venue.id, patch.lines) : undefined
  await ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    // Still a draft where it is written: a send or cancel that won meanwhile refuses the edit.
    await transition(tx, ctx, orderId, ['draft'], 'edit', { ...(deliveryDate ? { deliveryDate } : {}), ...(patch.notes !== undefined ? { notes: patch.notes } : {}) })
    if (lines) await writeLines(tx, ctx.scope.orgId, orderId, lines)
    await addEvent(tx, ctx, orderId, 'edited', ctx.actorName)
  })
  return (await findOrder(ctx.db, ctx.scope, orderId))!
}

export async function deleteOrder(ctx: OrderContext, orderId: string) {
  const order = await findOrder(ctx.db, ctx.scope, orderId)
  if (!order) throw notFound()
  requireStatus(ctx, order, ['draft'], 'delete')
  const gone = await ctx.db.delete(orders).where(and(inScope(ctx.scope), eq(orders.id, orderId), eq(orders.status, 'draft'))).returning({ id: orders.id })
  // Another request won: deleted it (404) or sent or cancelled it (refused with its state).
  if (!gone.length) throw await refusal(ctx.db, ctx, orderId, 'delete')
}

// ─── sending, cancelling, receiving ─────────────────────────────────────────────────────────────

/**
 * Mark a draft sent and issue a new supplier link (valid 14 days). Returns the order and the token;
 * the caller e-mails it. Refused without lines or without a supplier e-mail address.
 */
export async function markSent(ctx: OrderContext, orderId: string): Promise<{ order: PublicOrder; token: string }> {
  const order = await findOrder(ctx.db, ctx.scope, orderId)
  if (!order) throw notFound()
  requireStatus(ctx, order, ['draft'], 'send')
  if (!order.lines.length) throw badRequest(t(ctx.locale, 'orders.refused.empty'))
  // The supplier's current address (it may have been added since the draft was made).
  let email = order.supplier.email
  if (order.supplier.id) {
    const [c] = await ctx.db.select({ email: contacts.email, name: contacts.name }).from(contacts).where(and(eq(contacts.orgId, ctx.scope.orgId), eq(contacts.id, order.supplier.id)))
    if (c) email = c.email
  }
  if (!email) throw badRequest(t(ctx.locale, 'orders.refused.noEmail', { name: order.supplier.name }))
  const token = newToken()
  await ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    const link = { supplierTokenHash: hashToken(token), supplierTokenExpiresAt: new Date(ctx.now.getTime() + SUPPLIER_LINK_MS) }
    await transition(tx, ctx, orderId, ['draft'], 'send', { status: 'sent', supplierEmail: email, sentAt: ctx.now, sentByName: ctx.actorName, sentById: ctx.scope.membershipId, ...link })
    await addEvent(tx, ctx, orderId, 'sent', ctx.actorName, { to: email })
  })
  return { order: (await findOrder(ctx.db, ctx.scope, orderId))!, token }
}

/**
 * Move an order from one of `from` to a new state in one conditional statement (docs/decisions/081):
 * `UPDATE … WHERE status IN (from) RETURNING`. Under concurrency exactly one request sees a row come
 * back; every other one is refused with the order's state as it now is. Run inside the transaction
 * that writes the step's side effects, so they are written by the winner only, with its write.
 */
async function transition(
  tx: Db,
  ctx: OrderContext,
  orderId: string,
  from: OrderStatus[],
  action: string,
  set: Partial<typeof orders.$inferInsert>,
  extra?: ReturnType<typeof and>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...set, updatedAt: ctx.now })
    .where(and(inScope(ctx.scope), eq(orders.id, orderId), inArray(orders.status, from), extra))
    .returning()
  if (row) return row
  throw await refusal(tx, ctx, orderId, action)
}

/** Why a step found the order in no state for it: gone (404), or refused naming the state it is in now. */
async function refusal(db: Db, ctx: OrderContext, orderId: string, action: string) {
  const [now] = await db.select({ status: orders.status }).from(orders).where(and(inScope(ctx.scope), eq(orders.id, orderId)))
  if (!now) return notFound()
  return badRequest(t(ctx.locale, `orders.refused.${action}`, { status: t(ctx.locale, `orders.status.${now.status}`) }))
}

/** Cancel a draft, sent or confirmed order; `wasSent` tells the caller to e-mail the supplier (the winner only). */
export async function markCancelled(ctx: OrderContext, orderId: string): Promise<{ order: PublicOrder; wasSent: boolean }> {
  const order = await findOrder(ctx.db, ctx.scope, orderId)
  if (!order) throw notFound()
  requireStatus(ctx, order, ['draft', 'sent', 'confirmed'], 'cancel')
  const row = await ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    const won = await transition(tx, ctx, orderId, ['draft', 'sent', 'confirmed'], 'cancel', { status: 'cancelled', cancelledAt: ctx.now, cancelledByName: ctx.actorName })
    await addEvent(tx, ctx, orderId, 'cancelled', ctx.actorName)
    return won
  })
  // Only a sent order has a send time: the supplier knows of it and is told.
  return { order: (await findOrder(ctx.db, ctx.scope, orderId))!, wasSent: row.sentAt !== null }
}

export interface ReceiveInput {
  lines: Array<{ lineId: string; receivedQuantity: number; issue?: ReceivedIssue | null; note?: string }>
  deliveryTemperature?: number | null
  notes?: string
}

/**
 * Record a delivery: every line's received quantity (lines not listed: none received) and problems.
 * The order row is taken first (sent or confirmed → received); the lines, the history event and the
 * delivery log reading follow in the same transaction, so a second receive or a racing cancel finds
 * the order received and writes nothing.
 */
export async function receiveOrder(ctx: OrderContext, orderId: string, input: ReceiveInput) {
  const order = await findOrder(ctx.db, ctx.scope, orderId)
  if (!order) throw notFound()
  requireStatus(ctx, order, ['sent', 'confirmed'], 'receive')
  const checkLines = (lines: Array<{ id: string }>) => {
    const known = new Set(lines.map((l) => l.id))
    const seen = new Set<string>()
    for (const [i, line] of input.lines.entries()) {
      if (!known.has(line.lineId) || seen.has(line.lineId)) throw validationError({ [`lines.${i}.lineId`]: t(ctx.locale, 'orders.line') })
      seen.add(line.lineId)
    }
  }
  checkLines(order.lines)
  await ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    await transition(tx, ctx, orderId, ['sent', 'confirmed'], 'receive', {
      status: 'received',
      receivedAt: ctx.now,
      receivedByName: ctx.actorName,
      deliveryTemperature: input.deliveryTemperature ?? null,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    })
    // The lines as they are now that the order is ours (a supplier's change may have landed since).
    const lines = await tx.select().from(orderLines).where(and(eq(orderLines.orgId, ctx.scope.orgId), eq(orderLines.orderId, orderId)))
    checkLines(lines)
    for (const line of lines) {
      const given = input.lines.find((l) => l.lineId === line.id)
      const receivedQuantity = given?.receivedQuantity ?? 0
      const issue = given?.issue ?? (receivedQuantity < line.quantity ? 'short' : null)
      await tx
        .update(orderLines)
        .set({ receivedQuantity, receivedIssue: issue, receivedNote: given?.note ?? '' })
        .where(and(eq(orderLines.orgId, ctx.scope.orgId), eq(orderLines.id, line.id)))
    }
    // A delivery temperature also goes into the venue's delivery log when it has one (issue #13).
    const logged =
      input.deliveryTemperature != null
        ? await recordDeliveryReading(
            { db: tx, scope: ctx.scope, locale: ctx.locale },
            { venueId: order.venue.id, celsius: input.deliveryTemperature, note: t(ctx.locale, 'orders.deliveryReadingNote', { supplier: order.supplier.name }), now: ctx.now },
          )
        : undefined
    await addEvent(
      tx,
      ctx,
      orderId,
      'received',
      ctx.actorName,
      input.deliveryTemperature != null ? { deliveryTemperature: input.deliveryTemperature, ...(logged ? { temperatureLog: logged } : {}) } : {},
    )
  })
  return (await findOrder(ctx.db, ctx.scope, orderId))!
}

/** The shortfalls of a received order, for the credit request (400 when there are none, or when one was already sent). */
export async function markCreditRequested(ctx: OrderContext, orderId: string) {
  const order = await findOrder(ctx.db, ctx.scope, orderId)
  if (!order) throw notFound()
  requireStatus(ctx, order, ['received'], 'credit')
  const shortfalls = order.lines.filter((l) => l.shortfall)
  if (!shortfalls.length) throw badRequest(t(ctx.locale, 'orders.refused.noShortfall'))
  if (!order.supplier.email) throw badRequest(t(ctx.locale, 'orders.refused.noEmail', { name: order.supplier.name }))
  if (order.creditRequestedAt) throw badRequest(t(ctx.locale, 'orders.refused.creditDone'))
  await ctx.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    const [won] = await tx
      .update(orders)
      .set({ creditRequestedAt: ctx.now, updatedAt: ctx.now })
      .where(and(inScope(ctx.scope), eq(orders.id, orderId), eq(orders.status, 'received'), isNull(orders.creditRequestedAt)))
      .returning({ id: orders.id })
    if (!won) throw badRequest(t(ctx.locale, 'orders.refused.creditDone'))
    await addEvent(tx, ctx, orderId, 'credit_requested', ctx.actorName, { lines: shortfalls.length })
  })
  return { order: (await findOrder(ctx.db, ctx.scope, orderId))!, shortfalls }
}

/** Today's expected deliveries of a venue (the home page). */
export async function expectedToday(ctx: OrderContext, venue: { id: string; timeZone: string }) {
  return venueOrders(ctx, venue, todayIn(venue.timeZone, ctx.now))
}

// ─── the supplier's side ────────────────────────────────────────────────────────────────────────

export type LinkProblem = 'invalid' | 'expired' | 'closed'

/** The order a supplier link names, or why not: `invalid` (unknown, tampered), `expired`, `closed` (received or cancelled). */
export async function orderForSupplier(db: Db, orderId: string | undefined, token: string | undefined, now: Date): Promise<{ orgId: string; order: PublicOrder; orgName: string; timeZone: string } | LinkProblem> {
  if (!orderId || !token || !isUuid(orderId) || token.length > 200) return 'invalid'
  const [row] = await db
    .select({ orgId: orders.orgId, hash: orders.supplierTokenHash, expiresAt: orders.supplierTokenExpiresAt, status: orders.status, orgName: organisations.name, timeZone: venues.timeZone })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.orgId))
    .innerJoin(venues, and(eq(venues.orgId, orders.orgId), eq(venues.id, orders.venueId)))
    .where(eq(orders.id, orderId))
  if (!row || !row.hash || !sameHash(row.hash, hashToken(token))) return 'invalid'
  // The right link, once the order is received or cancelled: nothing more to confirm or change.
  if (row.status === 'received' || row.status === 'cancelled') return 'closed'
  if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime()) return 'expired'
  const order = await findOrder(db, { orgId: row.orgId, venueIds: null }, orderId)
  if (!order) return 'invalid'
  return { orgId: row.orgId, order, orgName: row.orgName, timeZone: row.timeZone }
}

export interface SupplierChanges {
  deliveryDate?: string
  lines?: Array<{ lineId: string; quantity: number }>
  note?: string
}

/**
 * The supplier confirms a sent order, changing quantities or the delivery date (today or later at the
 * venue) if need be; each change goes into the history. A confirmation is final (docs/decisions/081):
 * the order moves sent → confirmed in one conditional statement, so of any number of confirmations
 * one wins and the rest are refused; after it the link shows the order read-only. Returns the order
 * and what the supplier changed (empty when nothing), for the e-mail to the venue.
 */
export async function supplierConfirm(
  db: Db,
  found: { orgId: string; order: PublicOrder; timeZone: string },
  changes: SupplierChanges,
  locale: Locale,
  now: Date,
): Promise<{ order: PublicOrder; changed: SupplierChangeDetail; sentById: string | null }> {
  const { order, orgId } = found
  const scope = { orgId, venueIds: null } as unknown as OrgScope
  const ctx: OrderContext = { db, scope, locale, now, actorName: order.supplier.name }
  const refused = () => badRequest(t(locale, 'orders.refused.confirm', { status: t(locale, `orders.status.${order.status}`) }))
  if (order.status !== 'sent') throw refused()
  const detail: SupplierChangeDetail = {}
  if (changes.deliveryDate !== undefined && changes.deliveryDate !== order.deliveryDate) {
    if (!isDay(changes.deliveryDate)) throw validationError({ deliveryDate: t(locale, 'records.invalidDate') })
    // Not into the past: today at the venue is the earliest (the supplier may be in another zone).
    if (changes.deliveryDate < todayIn(found.timeZone, now)) throw validationError({ deliveryDate: t(locale, 'orders.pastDate') })
    detail.deliveryDate = { from: order.deliveryDate, to: changes.deliveryDate }
  }
  const lineChanges: Array<{ lineId: string; name: string; from: number; to: number }> = []
  for (const [i, change] of (changes.lines ?? []).entries()) {
    const line = order.lines.find((l) => l.id === change.lineId)
    if (!line || lineChanges.some((c) => c.lineId === line.id)) throw validationError({ [`lines.${i}.lineId`]: t(locale, 'orders.line') })
    if (change.quantity !== line.quantity) lineChanges.push({ lineId: line.id, name: line.name, from: line.quantity, to: change.quantity })
  }
  if (lineChanges.length) detail.lines = lineChanges
  if (changes.note) detail.note = changes.note
  const won = await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw)
    const row = await transition(tx, ctx, order.id, ['sent'], 'confirm', { status: 'confirmed', confirmedAt: now, ...(detail.deliveryDate ? { deliveryDate: detail.deliveryDate.to } : {}) })
    for (const c of lineChanges) await tx.update(orderLines).set({ quantity: c.to }).where(and(eq(orderLines.orgId, orgId), eq(orderLines.orderId, order.id), eq(orderLines.id, c.lineId)))
    if (detail.deliveryDate || detail.lines || detail.note) await addEvent(tx, ctx, order.id, 'supplier_changed', order.supplier.name, { ...detail })
    // A millisecond later, so the history lists the changes before the confirmation.
    await addEvent(tx, { ...ctx, now: new Date(now.getTime() + 1) }, order.id, 'confirmed', order.supplier.name)
    return row
  })
  return { order: (await findOrder(db, scope, order.id))!, changed: detail, sentById: won.sentById }
}

export interface SupplierChangeDetail {
  deliveryDate?: { from: string; to: string }
  lines?: Array<{ lineId: string; name: string; from: number; to: number }>
  note?: string
}

/**
 * Who is told when the supplier changes an order: the member who sent it, in their language; when
 * that member has no account with an address (a PIN-only member on a tablet) or is gone, the
 * organisation's first owner (docs/decisions/081).
 */
export async function personToTell(db: Db, orgId: string, sentById: string | null): Promise<{ email: string; name: string; locale: Locale } | undefined> {
  const person = (where: ReturnType<typeof eq>) =>
    db
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.orgId, orgId), eq(memberships.status, 'active'), where))
      .orderBy(asc(memberships.createdAt))
      .limit(1)
  const [sender] = sentById ? await person(eq(memberships.id, sentById)) : []
  const [row] = sender?.email ? [sender] : await person(eq(memberships.role, 'OWNER'))
  return row?.email ? { email: row.email, name: row.name, locale: isLocale(row.locale) ? row.locale : 'en' } : undefined
}
