import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv } from '../api/context.ts'
import { line, text, uuid } from '../api/contract.ts'
import { ApiError, forbidden, notFound, validationError } from '../api/errors.ts'
import { isUuid, requirePermission, requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { t } from '../i18n.ts'
import { organisations } from '../orgs/schema.ts'
import { isDay, todayIn } from '../records/service.ts'
import { findVenue } from '../venues/service.ts'
import { eq } from 'drizzle-orm'
import { cancelMail, creditMail, orderMail, supplierChangedMail } from './mail.ts'
import { RECEIVED_ISSUES } from './schema.ts'
import {
  createOrder,
  deleteOrder,
  findOrder,
  markCancelled,
  markCreditRequested,
  markSent,
  orderForSupplier,
  orgLocale,
  personToTell,
  receiveOrder,
  supplierConfirm,
  updateOrder,
  venueOrders,
  type OrderContext,
  type PublicOrder,
} from './service.ts'

const quantity = z.number().min(0).max(1_000_000)
const day = line().max(10)
const lineBody = z.strictObject({
  productId: uuid().optional(),
  name: line().trim().max(200).optional(),
  quantity: quantity.optional(),
  onHand: quantity.optional(),
  unit: line().trim().max(40).optional(),
  note: line().trim().max(300).optional(),
})
export const ordersQuery = z.strictObject({ date: day.optional() })
export const createOrderBody = z.strictObject({
  supplierId: uuid('orders.supplier'),
  deliveryDate: day,
  notes: text().trim().max(2000).optional(),
  lines: z.array(lineBody).max(300).optional(),
  repeatLast: z.boolean().optional(),
})
export const updateOrderBody = z.strictObject({
  deliveryDate: day.optional(),
  notes: text().trim().max(2000).optional(),
  lines: z.array(lineBody).max(300).optional(),
})
export const receiveBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: uuid(),
        receivedQuantity: quantity,
        issue: z.enum(RECEIVED_ISSUES).nullable().optional(),
        note: line().trim().max(300).optional(),
      }),
    )
    .max(300),
  deliveryTemperature: z.number().min(-50).max(100).nullable().optional(),
  notes: text().trim().max(2000).optional(),
})
export const supplierQuery = z.strictObject({ token: line().max(200) })
export const supplierConfirmBody = z.strictObject({
  token: line().max(200),
  deliveryDate: day.optional(),
  lines: z.array(z.strictObject({ lineId: uuid(), quantity })).max(300).optional(),
  note: text().trim().max(1000).optional(),
})

/**
 * Orders need the venue work right; on a shared device, an active PIN even to read them (issue #13:
 * "devices with a PIN"), since the page offers sending and receiving.
 */
function requireOrders(c: Context<AppEnv>): OrgScope {
  const scope = requirePermission(c, 'orders.write')
  const device = scope.device
  if (device && !device.pin && device.pinRequired) {
    const locale = c.get('locale')
    if (device.pinExpired) throw new ApiError('UnauthorizedError', t(locale, 'devices.pinExpired'), { pin: 'expired' })
    throw new ApiError('ForbiddenError', t(locale, 'devices.pinRequired'), { pin: 'required' })
  }
  return scope
}

/** Who acts, as the order's history shows them. */
function actorName(c: Context<AppEnv>, scope: OrgScope): string {
  const device = scope.device
  if (device) return device.pin ? t(c.get('locale'), 'orders.onDevice', { name: device.pin.name, device: device.deviceName }) : device.deviceName
  return c.get('auth')?.user.name ?? '—'
}

function ctx(c: Context<AppEnv>, scope: OrgScope): OrderContext {
  const deps = c.get('deps')
  return { db: deps.db, scope, locale: c.get('locale'), now: nowOf(deps), actorName: actorName(c, scope) }
}

async function mailContext(c: Context<AppEnv>, scope: OrgScope, senderName: string) {
  const deps = c.get('deps')
  const [org] = await deps.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, scope.orgId))
  return { locale: await orgLocale(deps.db, scope.orgId), appName: deps.config.APP_NAME, orgName: org?.name ?? '', senderName, replyTo: c.get('auth')?.user.email }
}

/** /v1/orgs/:orgId/venues/:venueId/orders */
export function venueOrderRoutes() {
  const app = new Hono<AppEnv>()
  const venueOf = async (c: Context<AppEnv>, scope: OrgScope) => {
    const venueId = c.req.param('venueId')
    if (!isUuid(venueId)) throw notFound()
    const venue = await findVenue(c.get('deps').db, scope, venueId)
    if (!venue) throw notFound()
    requireVenueAccess(scope, venue.id)
    return venue
  }

  app.get('/', async (c) => {
    const scope = requireOrders(c)
    const venue = await venueOf(c, scope)
    const query = readQuery(c, ordersQuery)
    const context = ctx(c, scope)
    const date = query.date || todayIn(venue.timeZone, context.now)
    if (!isDay(date)) throw validationError({ date: t(c.get('locale'), 'records.invalidDate') })
    return c.json({ venue: { id: venue.id, name: venue.name, timeZone: venue.timeZone }, ...(await venueOrders(context, venue, date)) })
  })

  app.post('/', async (c) => {
    const scope = requireOrders(c)
    const venue = await venueOf(c, scope)
    const body = await readJson(c, createOrderBody)
    return c.json({ order: await createOrder(ctx(c, scope), venue, body) }, 201)
  })
  return app
}

/** /v1/orgs/:orgId/orders */
export function orderRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/:orderId', async (c) => {
    const scope = requireOrders(c)
    const order = await findOrder(c.get('deps').db, scope, c.req.param('orderId'))
    if (!order) throw notFound()
    return c.json({ order })
  })

  app.put('/:orderId', async (c) => {
    const scope = requireOrders(c)
    if (!(await findOrder(c.get('deps').db, scope, c.req.param('orderId')))) throw notFound()
    const body = await readJson(c, updateOrderBody)
    return c.json({ order: await updateOrder(ctx(c, scope), c.req.param('orderId'), body) })
  })

  app.delete('/:orderId', async (c) => {
    const scope = requireOrders(c)
    await deleteOrder(ctx(c, scope), c.req.param('orderId'))
    return c.body(null, 204)
  })

  app.post('/:orderId/send', async (c) => {
    const scope = requireOrders(c)
    const context = ctx(c, scope)
    if (!(await findOrder(context.db, scope, c.req.param('orderId')))) throw notFound()
    const auth = c.get('auth')
    // product.md: sending orders needs a verified address (a shared device sends for its PIN holder).
    if (auth && !auth.user.emailVerifiedAt) throw forbidden(t(c.get('locale'), 'orders.verifyToSend'))
    const { order, token } = await markSent(context, c.req.param('orderId'))
    const deps = c.get('deps')
    const link = `${deps.config.appUrl}/supplier/orders/${order.id}?${new URLSearchParams({ token })}`
    await deps.mailer.send(await orderMail({ ...(await mailContext(c, scope, context.actorName)), order, link }))
    return c.json({ order })
  })

  app.post('/:orderId/cancel', async (c) => {
    const scope = requireOrders(c)
    const context = ctx(c, scope)
    if (!(await findOrder(context.db, scope, c.req.param('orderId')))) throw notFound()
    const { order, wasSent } = await markCancelled(context, c.req.param('orderId'))
    if (wasSent && order.supplier.email) await c.get('deps').mailer.send(cancelMail({ ...(await mailContext(c, scope, context.actorName)), order }))
    return c.json({ order })
  })

  app.post('/:orderId/receive', async (c) => {
    const scope = requireOrders(c)
    const context = ctx(c, scope)
    if (!(await findOrder(context.db, scope, c.req.param('orderId')))) throw notFound()
    const body = await readJson(c, receiveBody)
    return c.json({ order: await receiveOrder(context, c.req.param('orderId'), body) })
  })

  app.post('/:orderId/credit-request', async (c) => {
    const scope = requireOrders(c)
    const context = ctx(c, scope)
    if (!(await findOrder(context.db, scope, c.req.param('orderId')))) throw notFound()
    const { order, shortfalls } = await markCreditRequested(context, c.req.param('orderId'))
    await c.get('deps').mailer.send(creditMail({ ...(await mailContext(c, scope, context.actorName)), order, shortfalls }))
    return c.json({ order })
  })

  return app
}

/** The supplier's view of an order: what the signed link shows. */
function supplierView(order: PublicOrder, orgName: string, timeZone: string) {
  return {
    id: order.id,
    organisation: orgName,
    venue: order.venue.name,
    address: order.venue.address,
    phone: order.venue.phone,
    /** The venue's time zone: the page shows times in it (the supplier may be elsewhere). */
    timeZone,
    supplier: order.supplier.name,
    deliveryDate: order.deliveryDate,
    status: order.status,
    notes: order.notes,
    sentAt: order.sentAt,
    confirmedAt: order.confirmedAt,
    lines: order.lines.map((l) => ({ id: l.id, name: l.name, code: l.code, quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, lineTotal: l.lineTotal, note: l.note })),
    total: order.total,
    fullyPriced: order.fullyPriced,
  }
}

/** /v1/supplier/orders — the supplier's side, without an account: the signed link is the credential. */
export function supplierRoutes() {
  const app = new Hono<AppEnv>()
  const refuse = (c: Context<AppEnv>, problem: 'invalid' | 'expired' | 'closed') => {
    const locale = c.get('locale')
    if (problem === 'invalid') return notFound(t(locale, 'orders.link.invalid'))
    return new ApiError('BadRequestError', t(locale, `orders.link.${problem}`))
  }

  app.get('/:orderId', async (c) => {
    const { token } = readQuery(c, supplierQuery)
    const deps = c.get('deps')
    const found = await orderForSupplier(deps.db, c.req.param('orderId'), token, nowOf(deps))
    if (typeof found === 'string') throw refuse(c, found)
    return c.json({ order: supplierView(found.order, found.orgName, found.timeZone) })
  })

  app.post('/:orderId/confirm', async (c) => {
    const body = await readJson(c, supplierConfirmBody)
    const deps = c.get('deps')
    const found = await orderForSupplier(deps.db, c.req.param('orderId'), body.token, nowOf(deps))
    if (typeof found === 'string') throw refuse(c, found)
    const { order, changed, sentById } = await supplierConfirm(deps.db, found, body, c.get('locale'), nowOf(deps))
    // The venue is told of a change (the winning confirmation only: a refused one threw above).
    if (changed.deliveryDate || changed.lines || changed.note) {
      const person = await personToTell(deps.db, found.orgId, sentById)
      const link = `${deps.config.appUrl}/orders/${order.id}`
      if (person) await deps.mailer.send(supplierChangedMail({ locale: person.locale, orgName: found.orgName, order, to: person.email, name: person.name, changed, link }))
    }
    return c.json({ order: supplierView(order, found.orgName, found.timeZone) })
  })
  return app
}
