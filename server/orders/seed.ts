import { and, asc, eq } from 'drizzle-orm'
import { contactCategories, contacts, supplierProducts } from '../contacts/schema.ts'
import type { DemoSeeder } from '../db/seed.ts'
import { todayIn } from '../records/service.ts'
import { orderEvents, orderLines, orders } from './schema.ts'

/**
 * The demo's orders (issue #13), after the contacts: at the first venue, a sent order to the produce
 * supplier for tomorrow and a received order from the dairy last week with a short line.
 */
export const seedOrdersDemo: DemoSeeder = async ({ db }, { orgId, venueIds }) => {
  const venueId = venueIds[0]
  if (!venueId) return
  const suppliers = await db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email })
    .from(contacts)
    .innerJoin(contactCategories, and(eq(contactCategories.orgId, contacts.orgId), eq(contactCategories.id, contacts.categoryId)))
    .where(and(eq(contacts.orgId, orgId), eq(contactCategories.supplier, true)))
    .orderBy(asc(contacts.createdAt), asc(contacts.name))
  const produce = suppliers.find((s) => s.name === 'Green Valley Produce') ?? suppliers[0]
  const dairy = suppliers.find((s) => s.name === 'Dairy Direct') ?? suppliers[1]
  if (!produce || !dairy) return
  const now = new Date()
  const day = (offset: number) => todayIn('Europe/London', new Date(now.getTime() + offset * 86_400_000))
  const productsOf = (contactId: string) => db.select().from(supplierProducts).where(and(eq(supplierProducts.orgId, orgId), eq(supplierProducts.contactId, contactId))).orderBy(asc(supplierProducts.position))

  const sentAt = new Date(now.getTime() - 3 * 3_600_000)
  const [sent] = await db
    .insert(orders)
    .values({ orgId, venueId, supplierId: produce.id, supplierName: produce.name, supplierEmail: produce.email, deliveryDate: day(1), status: 'sent', createdByName: 'Adam Admin', sentAt, sentByName: 'Adam Admin', createdAt: sentAt, updatedAt: sentAt })
    .returning({ id: orders.id })
  const veg = (await productsOf(produce.id)).slice(0, 4)
  await db.insert(orderLines).values(veg.map((p, position) => ({ orgId, orderId: sent!.id, productId: p.id, name: p.name, code: p.code, unit: p.unit, quantity: [6, 5, 1, 20][position]!, position })))
  await db.insert(orderEvents).values([
    { orgId, orderId: sent!.id, kind: 'created', actorName: 'Adam Admin', createdAt: sentAt },
    { orgId, orderId: sent!.id, kind: 'sent', actorName: 'Adam Admin', detail: { to: produce.email }, createdAt: sentAt },
  ])

  const receivedAt = new Date(now.getTime() - 6 * 86_400_000)
  const [received] = await db
    .insert(orders)
    .values({ orgId, venueId, supplierId: dairy.id, supplierName: dairy.name, supplierEmail: dairy.email, deliveryDate: day(-6), status: 'received', createdByName: 'Bea Basic', sentAt: new Date(receivedAt.getTime() - 86_400_000), sentByName: 'Bea Basic', receivedAt, receivedByName: 'Pablo Pin on Kitchen tablet', deliveryTemperature: 4, createdAt: new Date(receivedAt.getTime() - 86_400_000), updatedAt: receivedAt })
    .returning({ id: orders.id })
  const dairyProducts = await productsOf(dairy.id)
  // Milk, cream and eggs (30 eggs short).
  const milk = [0, 1, 3].map((i) => dairyProducts[i]).filter((p) => p !== undefined)
  const ordered = [12, 4, 90]
  const got = [12, 4, 60]
  await db.insert(orderLines).values(milk.map((p, position) => ({ orgId, orderId: received!.id, productId: p.id, name: p.name, code: p.code, unit: p.unit, quantity: ordered[position]!, receivedQuantity: got[position]!, receivedIssue: got[position]! < ordered[position]! ? ('short' as const) : null, position })))
  await db.insert(orderEvents).values([
    { orgId, orderId: received!.id, kind: 'created', actorName: 'Bea Basic', createdAt: new Date(receivedAt.getTime() - 86_400_000) },
    { orgId, orderId: received!.id, kind: 'sent', actorName: 'Bea Basic', detail: { to: dairy.email }, createdAt: new Date(receivedAt.getTime() - 86_400_000) },
    { orgId, orderId: received!.id, kind: 'received', actorName: 'Pablo Pin on Kitchen tablet', detail: { deliveryTemperature: 4 }, createdAt: receivedAt },
  ])
}
