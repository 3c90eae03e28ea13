import { expect } from 'vitest'
import type { OrgWithActors } from '../support/orgs.ts'
import { everyone, venueWork, type ActorName, type Expected, type MatrixRow } from './types.ts'

const org = (f: OrgWithActors) => `/v1/orgs/${f.orgId}`
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

/** Orders need the venue and, on a device, a PIN even to read (issue #13). */
const ordersAtA: Record<ActorName, Expected> = { ...venueWork }
/** An order of venue A found by its id: basicLimited 404, a device only with a PIN. */
const orderRecord: Record<ActorName, Expected> = { ...venueWork, basicLimited: 404 }

/** A supplier shown at every venue with one product, made once per organisation. */
const suppliers = new Map<string, Promise<string>>()
function supplier(f: OrgWithActors) {
  let made = suppliers.get(f.orgId)
  if (!made) {
    made = (async () => {
      const cats = await f.owner.client.get(`${org(f)}/contact-categories`)
      const categoryId = cats.json.categories.find((c: { supplier: boolean }) => c.supplier).id
      const res = await f.owner.client.post(`${org(f)}/contacts`, { name: 'Matrix orders supplier', email: 'matrix.supplier@example.com', categoryId })
      return res.json.contact.id as string
    })()
    suppliers.set(f.orgId, made)
  }
  return made
}

/** A throwaway order of venue A in the given state, made by the owner. */
async function order(f: OrgWithActors, state: 'draft' | 'sent' | 'received') {
  const res = await f.owner.client.post(`${org(f)}/venues/${f.venueA}/orders`, { supplierId: await supplier(f), deliveryDate: tomorrow(), lines: [{ name: 'Flour', quantity: 2, unit: 'kg' }] })
  const made = res.json.order
  if (state !== 'draft') expect((await f.owner.client.post(`${org(f)}/orders/${made.id}/send`)).status).toBe(200)
  if (state === 'received') expect((await f.owner.client.post(`${org(f)}/orders/${made.id}/receive`, { lines: [{ lineId: made.lines[0].id, receivedQuantity: 1 }] })).status).toBe(200)
  return made as { id: string; lines: Array<{ id: string }> }
}

const supplierIds = new Map<string, string>()

/** Supplier orders (issue #13). */
export const orderRows: MatrixRow[] = [
  { name: "venue A's orders for a day", method: 'GET', route: '/v1/orgs/{orgId}/venues/{venueId}/orders', path: (f) => `${org(f)}/venues/${f.venueA}/orders?date=${tomorrow()}`, expect: ordersAtA },
  {
    name: 'draft an order at venue A',
    method: 'POST',
    route: '/v1/orgs/{orgId}/venues/{venueId}/orders',
    // The path step (which may wait) makes the supplier; the body names it.
    path: async (f) => {
      supplierIds.set(f.orgId, await supplier(f))
      return `${org(f)}/venues/${f.venueA}/orders`
    },
    body: (f) => ({ supplierId: supplierIds.get(f.orgId), deliveryDate: tomorrow(), lines: [{ name: 'Flour', quantity: 1 }] }),
    expect: ordersAtA,
  },
  { name: 'read an order of venue A', method: 'GET', route: '/v1/orgs/{orgId}/orders/{orderId}', path: async (f) => `${org(f)}/orders/${(await order(f, 'draft')).id}`, expect: orderRecord },
  { name: 'change a draft', method: 'PUT', route: '/v1/orgs/{orgId}/orders/{orderId}', path: async (f) => `${org(f)}/orders/${(await order(f, 'draft')).id}`, body: () => ({ notes: 'Ring the bell' }), expect: orderRecord },
  { name: 'delete a draft', method: 'DELETE', route: '/v1/orgs/{orgId}/orders/{orderId}', path: async (f) => `${org(f)}/orders/${(await order(f, 'draft')).id}`, expect: orderRecord },
  {
    name: 'send an order',
    method: 'POST',
    route: '/v1/orgs/{orgId}/orders/{orderId}/send',
    path: async (f) => `${org(f)}/orders/${(await order(f, 'draft')).id}/send`,
    expect: orderRecord,
    check: (res) => expect(res.json.order.status).toBe('sent'),
  },
  { name: 'cancel an order', method: 'POST', route: '/v1/orgs/{orgId}/orders/{orderId}/cancel', path: async (f) => `${org(f)}/orders/${(await order(f, 'sent')).id}/cancel`, expect: orderRecord },
  {
    name: 'receive an order',
    method: 'POST',
    route: '/v1/orgs/{orgId}/orders/{orderId}/receive',
    path: async (f) => `${org(f)}/orders/${(await order(f, 'sent')).id}/receive`,
    body: () => ({ lines: [] }),
    expect: orderRecord,
    check: (res) => expect(res.json.order.lines[0].shortfall).toBe(true),
  },
  { name: 'request a credit', method: 'POST', route: '/v1/orgs/{orgId}/orders/{orderId}/credit-request', path: async (f) => `${org(f)}/orders/${(await order(f, 'received')).id}/credit-request`, expect: orderRecord },
  {
    name: 'the supplier link with a wrong token (404 whoever opens it)',
    method: 'GET',
    route: '/v1/supplier/orders/{orderId}',
    path: async (f) => `/v1/supplier/orders/${(await order(f, 'sent')).id}?token=wrong`,
    expect: { ...everyone, anonymous: 404, outsider: 404, basicLimited: 404, basic: 404, admin: 404, owner: 404, deviceNoPin: 404, devicePin: 404 },
  },
  {
    name: 'confirm with a wrong token (404 whoever sends it)',
    method: 'POST',
    route: '/v1/supplier/orders/{orderId}/confirm',
    path: async (f) => `/v1/supplier/orders/${(await order(f, 'sent')).id}/confirm`,
    body: () => ({ token: 'wrong' }),
    expect: { anonymous: 404, outsider: 404, basicLimited: 404, basic: 404, admin: 404, owner: 404, deviceNoPin: 404, devicePin: 404 },
  },
]
