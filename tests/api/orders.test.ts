/**
 * Supplier orders (issue #13): drafted from par levels, free text or the last order; sent by e-mail
 * through a real SMTP conversation with a PDF (read back) and a signed link; confirmed and changed by
 * the supplier without an account (expiry, tampering, reuse after receipt); received with shortfalls
 * and a credit request; cancelled; every state change checked; devices and venue limits.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { orderEvents, orders, records, users } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createSupplier } from '../support/contacts.ts'
import { addPinOnlyMember, createDevice, pairDevice } from '../support/devices.ts'
import { linkFrom } from '../support/mailbox.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError, freshIp, inSpanish, mailsTo, waitForMailCount } from './_helpers.ts'
import { expectWinners, race } from '../support/concurrency.ts'

let t: TestApp
let o: OrgWithActors
let supplier: Awaited<ReturnType<typeof createSupplier>>
const SUPPLIER_EMAIL = 'orders@freshfarm.example'
const DAY = 24 * 60 * 60_000

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, [o.owner.user.id, o.admin.user.id, o.basic.user.id]))
  supplier = await createSupplier(o.admin.client, o.orgId, { email: SUPPLIER_EMAIL, venueId: o.venueA })
})
afterAll(() => t.close())
beforeEach(() => t.clock.reset())

const org = () => `/v1/orgs/${o.orgId}`
const venueOrders = (venueId = o.venueA) => `${org()}/venues/${venueId}/orders`
const tomorrow = () => new Date(Date.now() + DAY).toISOString().slice(0, 10)

async function draft(body: Record<string, unknown> = {}) {
  const res = await o.basic.client.post(venueOrders(), { supplierId: supplier.contact.id, deliveryDate: tomorrow(), lines: [{ name: 'Eggs', quantity: 30, unit: 'each' }], ...body })
  expect(res.status, res.text).toBe(201)
  return res.json.order
}

async function sendAndLink(orderId: string) {
  const subject = /^(Order from|Pedido de) /
  const before = mailsTo(t, SUPPLIER_EMAIL, subject).length
  const res = await o.basic.client.post(`${org()}/orders/${orderId}/send`)
  expect(res.status, res.text).toBe(200)
  const mail = await waitForMailCount(t, SUPPLIER_EMAIL, subject, before + 1)
  const link = linkFrom(mail, `/supplier/orders/${orderId}`)
  return { order: res.json.order, mail, token: link.searchParams.get('token')!, link }
}

/** A real e-mail from the mailbox: every placeholder filled (issue #39), the supplier greeted by name. */
function expectFilled(mail: { subject: string; text: string; html: string }, greeting: string) {
  for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}/)
  expect(mail.text.startsWith(`${greeting}\n`), mail.text).toBe(true)
  expect(mail.html).toContain(greeting)
}

describe('drafting', () => {
  test('lines from par levels minus what is on hand, free text, and the list by day with drafts', async () => {
    const [tomatoes, onions] = supplier.products
    const res = await o.basic.client.post(venueOrders(), {
      supplierId: supplier.contact.id,
      deliveryDate: tomorrow(),
      notes: 'Back door',
      lines: [
        { productId: tomatoes!.id, onHand: 3.5 },
        { productId: onions!.id, onHand: 9 },
        { name: 'Edible flowers', quantity: 2, unit: 'tray', note: 'mixed' },
      ],
    })
    expect(res.status, res.text).toBe(201)
    const order = res.json.order
    expect(order).toMatchObject({ status: 'draft', deliveryDate: tomorrow(), notes: 'Back door', createdBy: 'Bea Basic', supplier: { id: supplier.contact.id, name: 'Fresh Farm Produce' } })
    // Tomatoes: par 10 − 3.5 = 6.5; onions: par 5 − 9 → nothing, left out.
    expect(order.lines.map((l: any) => [l.name, l.quantity, l.unit, l.code])).toEqual([
      ['Tomatoes', 6.5, 'kg', 'TOM-1'],
      ['Edible flowers', 2, 'tray', ''],
    ])
    expect(order.history).toEqual([{ kind: 'created', by: 'Bea Basic', at: expect.any(String), detail: {} }])
    const list = await o.basic.client.get(`${venueOrders()}?date=${tomorrow()}`)
    expect(list.status, list.text).toBe(200)
    expect(list.json.drafts.map((d: any) => d.id)).toContain(order.id)
    expect(list.json.expected).toEqual([])
    expectError(await o.basic.client.get(`${venueOrders()}?date=2026-02-30`), 'ValidationError', { data: ['date'] })
  })

  test('repeat last order copies the previous lines', async () => {
    const first = await draft({ lines: [{ name: 'Milk', quantity: 12, unit: 'l' }] })
    const again = await o.basic.client.post(venueOrders(), { supplierId: supplier.contact.id, deliveryDate: tomorrow(), repeatLast: true })
    expect(again.status, again.text).toBe(201)
    expect(again.json.order.lines.map((l: any) => [l.name, l.quantity])).toEqual(first.lines.map((l: any) => [l.name, l.quantity]))
    expect(again.json.order.history[0].detail).toEqual({ repeated: true })
  })

  test('validation: supplier, product of another supplier, date, par missing', async () => {
    const plain = await o.admin.client.post(`${org()}/contacts`, { name: 'Not a supplier' })
    const post = (body: Record<string, unknown>) => o.basic.client.post(venueOrders(), { supplierId: supplier.contact.id, deliveryDate: tomorrow(), ...body })
    expectError(await post({ supplierId: plain.json.contact.id }), 'ValidationError', { data: ['supplierId'] })
    expectError(await post({ deliveryDate: '2026-13-01' }), 'ValidationError', { data: ['deliveryDate'] })
    expectError(await post({ lines: [{ productId: o.venueA, quantity: 1 }] }), 'ValidationError', { data: ['lines.0.productId'] })
    expectError(await post({ lines: [{ name: 'Loose', onHand: 1 }] }), 'ValidationError', { data: ['lines.0.onHand'] })
    expectError(await post({ lines: [{ name: 'No quantity' }] }), 'ValidationError', { data: ['lines.0.quantity'] })
    expectError(await post({ lines: [{ quantity: 1 }] }), 'ValidationError', { data: ['lines.0.name'] })
    // Supplier shown only at venue A: not for venue B.
    const onlyA = await createSupplier(o.admin.client, o.orgId, { name: 'A only', venueIds: [o.venueA] })
    expectError(await o.basic.client.post(venueOrders(o.venueB), { supplierId: onlyA.contact.id, deliveryDate: tomorrow() }), 'ValidationError', { data: ['supplierId'] })
  })

  test('edit and delete a draft', async () => {
    const order = await draft()
    const put = await o.basic.client.put(`${org()}/orders/${order.id}`, { lines: [{ name: 'Butter', quantity: 2, unit: 'kg' }], notes: 'Before 10' })
    expect(put.status, put.text).toBe(200)
    expect(put.json.order.lines.map((l: any) => l.name)).toEqual(['Butter'])
    expect(put.json.order.history.map((h: any) => h.kind)).toEqual(['created', 'edited'])
    expect((await o.basic.client.del(`${org()}/orders/${order.id}`)).status).toBe(204)
    expectError(await o.basic.client.get(`${org()}/orders/${order.id}`), 'NotFoundError')
  })
})

describe('sending and the supplier link', () => {
  test('the e-mail: text, HTML, a PDF read back, the link; in the organisation’s language', async () => {
    const order = await draft({ lines: [{ productId: supplier.products[0]!.id, quantity: 4 }, { name: 'Edible flowers', quantity: 2.5, unit: 'tray' }] })
    const { order: sent, mail } = await inSpanish(o.owner.client, () => sendAndLink(order.id))
    expect(sent).toMatchObject({ status: 'sent', sentBy: 'Bea Basic', supplier: { email: SUPPLIER_EMAIL } })
    expect(sent.supplierLinkExpiresAt).toBeTruthy()
    // The owner's language (Spanish) is the organisation's.
    expect(mail.subject).toMatch(/^Pedido de Test Kitchen \(Venue A\) para el /)
    expect(mail.text).toContain('- 4 kg Tomatoes [TOM-1]')
    expect(mail.text).toContain('- 2,5 tray Edible flowers')
    expect(mail.html).toContain('Tomatoes')
    const pdf = mail.attachments.find((a) => a.mimeType === 'application/pdf')!
    expect(pdf.filename).toMatch(/^pedido-\d{4}-\d{2}-\d{2}\.pdf$/)
    const { text } = await extractText(await getDocumentProxy(pdf.content), { mergePages: true })
    expect(text).toContain('Pedido de compra')
    expect(text).toContain('Tomatoes')
    expect(text).toContain('TOM-1')
    expect(text).toContain('Fresh Farm Produce')
  })

  test('the supplier opens the link, changes a quantity and the date, confirms; the venue sees each change', async () => {
    const order = await draft({ lines: [{ name: 'Eggs', quantity: 30, unit: 'each' }, { name: 'Cream', quantity: 2, unit: 'l' }] })
    const { token } = await sendAndLink(order.id)
    const anyone = t.client()
    const view = await anyone.get(`/v1/supplier/orders/${order.id}?token=${token}`)
    expect(view.status, view.text).toBe(200)
    expect(view.json.order).toMatchObject({ organisation: 'Test Kitchen', venue: 'Venue A', timeZone: 'Europe/Madrid', supplier: 'Fresh Farm Produce', status: 'sent' })
    const eggs = view.json.order.lines[0]
    const later = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
    const confirmed = await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token, deliveryDate: later, lines: [{ lineId: eggs.id, quantity: 24 }], note: 'Only 24 eggs left' })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.json.order).toMatchObject({ status: 'confirmed', deliveryDate: later })
    const seen = (await o.basic.client.get(`${org()}/orders/${order.id}`)).json.order
    expect(seen.status).toBe('confirmed')
    expect(seen.lines[0].quantity).toBe(24)
    expect(seen.history.map((h: any) => h.kind)).toEqual(['created', 'sent', 'supplier_changed', 'confirmed'])
    expect(seen.history[2]).toMatchObject({
      by: 'Fresh Farm Produce',
      detail: { deliveryDate: { from: order.deliveryDate, to: later }, lines: [{ lineId: eggs.id, name: 'Eggs', from: 30, to: 24 }], note: 'Only 24 eggs left' },
    })
    // Now expected on the new day.
    expect((await o.basic.client.get(`${venueOrders()}?date=${later}`)).json.expected.map((x: any) => x.id)).toContain(order.id)
  })

  test('the person who sent the order is e-mailed the supplier’s changes, in their language; no change, no e-mail', async () => {
    const subject = /ha cambiado el pedido para Venue A$/
    await inSpanish(o.basic.client, async () => {
      const order = await draft()
      const { token } = await sendAndLink(order.id)
      const later = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10)
      const res = await t.client().post(`/v1/supplier/orders/${order.id}/confirm`, { token, deliveryDate: later, lines: [{ lineId: order.lines[0].id, quantity: 24 }], note: 'Only 24 left' })
      expect(res.status, res.text).toBe(200)
      const mail = await waitForMailCount(t, o.basic.email, subject, 1)
      expect(mail.subject).toBe('Fresh Farm Produce ha cambiado el pedido para Venue A')
      expect(mail.text).toMatch(/^Hola, Bea Basic:\n/)
      expect(mail.text).toContain('- Eggs: 30 → 24')
      expect(mail.text).toContain('- Nota del proveedor: Only 24 left')
      expect(mail.text).toContain(`/orders/${order.id}`)
      expect(mail.text).not.toMatch(/\{\{/)
      // Confirmed as it was: nothing to tell.
      const plain = await draft()
      const sent = await sendAndLink(plain.id)
      expect((await t.client().post(`/v1/supplier/orders/${plain.id}/confirm`, { token: sent.token })).status).toBe(200)
      await new Promise((r) => setTimeout(r, 300))
      expect(mailsTo(t, o.basic.email, subject)).toHaveLength(1)
    })
  })

  test('prices, a total and where to deliver: on the order, in the e-mail and PDF, and to the supplier; open orders listed whatever their day', async () => {
    const venue = await o.admin.client.put(`${org()}/venues/${o.venueA}`, { address: '1 Harbour Road, Cádiz', phone: '+34 956 00 11 22' })
    expect(venue.status, venue.text).toBe(200)
    const order = await draft({ lines: [{ productId: supplier.products[0]!.id, quantity: 4 }, { name: 'Edible flowers', quantity: 2, unit: 'tray' }] })
    expect(order.lines.map((l: any) => [l.name, l.unitPrice, l.lineTotal])).toEqual([
      ['Tomatoes', 2.5, 10],
      ['Edible flowers', null, null],
    ])
    expect(order).toMatchObject({ total: 10, fullyPriced: false, venue: { address: '1 Harbour Road, Cádiz', phone: '+34 956 00 11 22' } })
    const { mail, token } = await sendAndLink(order.id)
    expect(mail.text).toContain('- 4 kg Tomatoes [TOM-1] × 2.50 = 10.00')
    expect(mail.text).toContain('Deliver to: Venue A, 1 Harbour Road, Cádiz')
    expect(mail.text).toContain('Phone: +34 956 00 11 22')
    expect(mail.text).toContain('Total of the priced lines: 10.00')
    const pdf = mail.attachments.find((a) => a.mimeType === 'application/pdf')!
    const { text } = await extractText(await getDocumentProxy(pdf.content), { mergePages: true })
    expect(text).toContain('1 Harbour Road')
    expect(text).toContain('+34 956 00 11 22')
    expect(text).toContain('10.00')
    const view = await t.client().get(`/v1/supplier/orders/${order.id}?token=${token}`)
    expect(view.json.order).toMatchObject({ address: '1 Harbour Road, Cádiz', phone: '+34 956 00 11 22', total: 10, fullyPriced: false })
    // Open orders: sent or confirmed, whatever the day asked for.
    const list = await o.basic.client.get(`${venueOrders()}?date=2020-01-01`)
    expect(list.json.expected).toEqual([])
    expect(list.json.open.map((x: any) => x.id)).toContain(order.id)
    expect(list.json.open.every((x: any) => x.status === 'sent' || x.status === 'confirmed')).toBe(true)
  })

  test('a supplier cannot move the delivery into the past (today at the venue, not where the supplier is)', async () => {
    const order = await draft()
    const { token } = await sendAndLink(order.id)
    const anyone = t.client()
    expectError(await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token, deliveryDate: '1999-01-01' }), 'ValidationError', { data: ['deliveryDate'] })
    // 23:30 UTC is already the next day in Madrid: the UTC day is yesterday at the venue.
    const utcDay = new Date().toISOString().slice(0, 10)
    t.clock.advance(Date.parse(`${utcDay}T23:30:00Z`) - Date.now())
    const madridDay = new Date(Date.parse(`${utcDay}T12:00:00Z`) + DAY).toISOString().slice(0, 10)
    const refused = expectError(await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token, deliveryDate: utcDay }), 'ValidationError', { data: ['deliveryDate'] })
    expect(refused!.deliveryDate).toBe('Choose today or a later day (at the venue).')
    expect((await o.basic.client.get(`${org()}/orders/${order.id}`)).json.order).toMatchObject({ status: 'sent', deliveryDate: order.deliveryDate })
    const ok = await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token, deliveryDate: madridDay })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.json.order).toMatchObject({ status: 'confirmed', deliveryDate: madridDay })
  })

  test('a confirmation is final: the link then shows it read-only and refuses any further change (ADR 081)', async () => {
    const order = await draft()
    const { token } = await sendAndLink(order.id)
    const anyone = t.client()
    const first = await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token })
    expect(first.status, first.text).toBe(200)
    const again = await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token, lines: [{ lineId: order.lines[0].id, quantity: 5 }], note: 'Actually 5' })
    expectError(again, 'BadRequestError', { message: 'This order is confirmed: it can no longer be confirmed or changed through this link. To change it, contact the venue.' })
    const view = await anyone.get(`/v1/supplier/orders/${order.id}?token=${token}`)
    expect(view.status, view.text).toBe(200)
    expect(view.json.order).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String) })
    const seen = (await o.basic.client.get(`${org()}/orders/${order.id}`)).json.order
    expect(seen.lines[0].quantity).toBe(30)
    expect(seen.history.map((h: any) => h.kind)).toEqual(['created', 'sent', 'confirmed'])
  })

  test('tampered, expired and reused links', async () => {
    const order = await draft()
    const { token } = await sendAndLink(order.id)
    const anyone = t.client()
    expectError(await anyone.get(`/v1/supplier/orders/${order.id}?token=${token}x`), 'NotFoundError', { message: 'This order link is not valid.' })
    const other = await draft()
    expectError(await anyone.get(`/v1/supplier/orders/${other.id}?token=${token}`), 'NotFoundError', { message: null })
    expectError(await anyone.get(`/v1/supplier/orders/not-a-uuid?token=${token}`), 'NotFoundError', { message: null })
    t.clock.advance(15 * DAY)
    expectError(await anyone.get(`/v1/supplier/orders/${order.id}?token=${token}`), 'BadRequestError', { message: /expired/ })
    expectError(await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token }), 'BadRequestError', { message: /expired/ })
    t.clock.reset()
    const received = await o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [{ lineId: order.lines[0].id, receivedQuantity: 30 }] })
    expect(received.status, received.text).toBe(200)
    expectError(await anyone.post(`/v1/supplier/orders/${order.id}/confirm`, { token }), 'BadRequestError', { message: /closed/ })
  })

  test('an unverified person may not send; a supplier without an e-mail address or an empty order cannot be sent', async () => {
    const order = await draft()
    expectError(await o.basicLimited.client.post(`${org()}/orders/${order.id}/send`), 'NotFoundError')
    const unverified = o.admin
    await t.db.update(users).set({ emailVerifiedAt: null }).where(inArray(users.id, [unverified.user.id]))
    expectError(await unverified.client.post(`${org()}/orders/${order.id}/send`), 'ForbiddenError', { message: 'Verify your e-mail address before sending orders' })
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, [unverified.user.id]))
    const empty = await draft({ lines: [] })
    expectError(await o.basic.client.post(`${org()}/orders/${empty.id}/send`), 'BadRequestError', { message: 'Add at least one line before sending the order.' })
    const noMail = await createSupplier(o.admin.client, o.orgId, { name: 'No Mail Ltd', email: '' })
    const res = await o.basic.client.post(venueOrders(), { supplierId: noMail.contact.id, deliveryDate: tomorrow(), lines: [{ name: 'X', quantity: 1 }] })
    expectError(await o.basic.client.post(`${org()}/orders/${res.json.order.id}/send`), 'BadRequestError', { message: /No Mail Ltd has no e-mail address/ })
  })
})

describe('receiving, credit requests, cancelling, state changes', () => {
  test('received with one short line; the credit request e-mails the shortfall', async () => {
    const order = await draft({ lines: [{ name: 'Eggs', quantity: 30, unit: 'each' }, { name: 'Cream', quantity: 2, unit: 'l' }, { name: 'Fish', quantity: 3, unit: 'kg' }] })
    await sendAndLink(order.id)
    const [eggs, cream, fish] = order.lines
    const res = await o.basic.client.post(`${org()}/orders/${order.id}/receive`, {
      lines: [
        { lineId: eggs.id, receivedQuantity: 24 },
        { lineId: cream.id, receivedQuantity: 2 },
        { lineId: fish.id, receivedQuantity: 3, issue: 'too_warm', note: 'Box at 9 °C' },
      ],
      deliveryTemperature: 9,
    })
    expect(res.status, res.text).toBe(200)
    const received = res.json.order
    expect(received).toMatchObject({ status: 'received', receivedBy: 'Bea Basic', deliveryTemperature: 9 })
    expect(received.lines.map((l: any) => [l.name, l.receivedQuantity, l.receivedIssue, l.shortfall])).toEqual([
      ['Eggs', 24, 'short', true],
      ['Cream', 2, null, false],
      ['Fish', 3, 'too_warm', true],
    ])
    const credit = await o.basic.client.post(`${org()}/orders/${order.id}/credit-request`)
    expect(credit.status, credit.text).toBe(200)
    expect(credit.json.order.creditRequestedAt).toBeTruthy()
    const mail = await waitForMailCount(t, SUPPLIER_EMAIL, /^Credit request/, 1)
    expect(mail.text).toContain('- Eggs: ordered 30 each, received 24 each (short)')
    expect(mail.text).toContain('- Fish: ordered 3 kg, received 3 kg (too warm) — Box at 9 °C')
    expect(mail.text).not.toContain('Cream')
    expectFilled(mail, 'Hello Fresh Farm Produce,')
    // No editing, receiving again, cancelling or deleting a received order: 400 with a clear message.
    expectError(await o.basic.client.put(`${org()}/orders/${order.id}`, { notes: 'x' }), 'BadRequestError', { message: 'Only a draft order can be edited; this one is received.' })
    expectError(await o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [] }), 'BadRequestError', { message: /this one is received/ })
    expectError(await o.basic.client.post(`${org()}/orders/${order.id}/cancel`), 'BadRequestError', { message: /received: it can no longer be cancelled/ })
    expectError(await o.basic.client.del(`${org()}/orders/${order.id}`), 'BadRequestError', { message: /cancel it instead|draft/ })
    expectError(await o.basic.client.post(`${org()}/orders/${order.id}/send`), 'BadRequestError', { message: /Only a draft order can be sent/ })
  })

  test('no receiving a draft; a credit request needs a shortfall; unknown lines refused', async () => {
    const order = await draft()
    expectError(await o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [] }), 'BadRequestError', { message: 'Only a sent or confirmed order can be received; this one is draft.' })
    expectError(await o.basic.client.post(`${org()}/orders/${order.id}/credit-request`), 'BadRequestError', { message: /needs a received order/ })
    await sendAndLink(order.id)
    expectError(await o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [{ lineId: o.venueA, receivedQuantity: 1 }] }), 'ValidationError', { data: ['lines.0.lineId'] })
    const all = await o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [{ lineId: order.lines[0].id, receivedQuantity: 30 }] })
    expect(all.status).toBe(200)
    expectError(await o.basic.client.post(`${org()}/orders/${order.id}/credit-request`), 'BadRequestError', { message: 'Nothing was short, damaged or wrong on this delivery.' })
  })

  test('cancelling a sent order e-mails the supplier; a draft is cancelled quietly', async () => {
    const order = await draft()
    await sendAndLink(order.id)
    const before = t.mailbox.messages.length
    const res = await o.basic.client.post(`${org()}/orders/${order.id}/cancel`)
    expect(res.status, res.text).toBe(200)
    expect(res.json.order).toMatchObject({ status: 'cancelled', cancelledBy: 'Bea Basic' })
    const mail = await waitForMailCount(t, SUPPLIER_EMAIL, /^Order cancelled/, 1)
    expect(mail.text).toContain('Please do not deliver it')
    expectFilled(mail, 'Hello Fresh Farm Produce,')
    const quiet = await draft()
    expect((await o.basic.client.post(`${org()}/orders/${quiet.id}/cancel`)).status).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    expect(t.mailbox.messages.length).toBe(before + 1)
  })
})

test('in Spanish too: the cancellation and the credit request greet the supplier by name', async () => {
  await inSpanish(o.owner.client, async () => {
    const cancelled = await draft()
    await sendAndLink(cancelled.id)
    expect((await o.basic.client.post(`${org()}/orders/${cancelled.id}/cancel`)).status).toBe(200)
    expectFilled(await waitForMailCount(t, SUPPLIER_EMAIL, /^Pedido cancelado/, 1), 'Hola, Fresh Farm Produce:')
    const short = await draft()
    await sendAndLink(short.id)
    const res = await o.basic.client.post(`${org()}/orders/${short.id}/receive`, { lines: [{ lineId: short.lines[0].id, receivedQuantity: 1 }] })
    expect(res.status, res.text).toBe(200)
    expect((await o.basic.client.post(`${org()}/orders/${short.id}/credit-request`)).status).toBe(200)
    expectFilled(await waitForMailCount(t, SUPPLIER_EMAIL, /^Solicitud de abono/, 1), 'Hola, Fresh Farm Produce:')
  })
})

describe('who may', () => {
  test('a device with a PIN drafts and reads; without a PIN it may not even read; another venue is 404/403', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA)
    const tablet = await pairDevice(t, o.admin, o.orgId, device.id)
    const order = await draft()
    expectError(await tablet.get(`${org()}/orders/${order.id}`), 'ForbiddenError', { message: null, data: ['pin'] })
    expectError(await tablet.get(venueOrders()), 'ForbiddenError', { message: null, data: ['pin'] })
    await addPinOnlyMember(t, o.orgId, { name: 'Pablo Pin', pin: '7531' })
    expect((await tablet.post('/v1/auth/device/pin', { pin: '7531' })).status).toBe(200)
    expect((await tablet.get(`${org()}/orders/${order.id}`)).status).toBe(200)
    const made = await tablet.post(venueOrders(), { supplierId: supplier.contact.id, deliveryDate: tomorrow(), lines: [{ name: 'Salt', quantity: 1 }] })
    expect(made.status, made.text).toBe(201)
    expect(made.json.order.createdBy).toBe('Pablo Pin on Kitchen tablet')
    expectError(await tablet.get(venueOrders(o.venueB)), 'ForbiddenError')
    // Venue-limited member (venue B): venue A's orders do not exist for them.
    expectError(await o.basicLimited.client.get(`${org()}/orders/${order.id}`), 'NotFoundError')
    expectError(await o.basicLimited.client.get(venueOrders()), 'ForbiddenError')
    expectError(await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/orders/${order.id}`), 'NotFoundError')
  })
})

describe('delivery temperature', () => {
  test('goes into the venue’s delivery log when one is due: in range, then out of range as a new reading kept in the history', async () => {
    const receive = async (deliveryTemperature: number) => {
      const order = await draft()
      await sendAndLink(order.id)
      const res = await o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [{ lineId: order.lines[0].id, receivedQuantity: 30 }], deliveryTemperature })
      expect(res.status, res.text).toBe(200)
      return res.json.order.history.find((h: any) => h.kind === 'received').detail
    }
    // No delivery log yet: the temperature stays on the order only.
    expect(await receive(4)).toEqual({ deliveryTemperature: 4 })

    const log = await o.admin.client.post(`${org()}/temperatures`, { name: 'Deliveries', venueIds: [o.venueA] })
    expect(log.status, log.text).toBe(201)
    const logId = log.json.temperature.id
    for (const body of [
      { label: 'Probe in the fridge', kind: 'fridge' },
      { label: 'Delivery probe', kind: 'delivery' },
    ]) {
      const res = await o.admin.client.post(`${org()}/temperatures/${logId}/items`, body)
      expect(res.status, res.text).toBe(201)
    }
    const first = await receive(5)
    expect(first).toEqual({ deliveryTemperature: 5, temperatureLog: { entryId: expect.any(String), temperatureId: logId, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), name: 'Deliveries', status: 'done' } })
    const second = await receive(11.04)
    expect(second.temperatureLog).toMatchObject({ entryId: first.temperatureLog.entryId, status: 'failed' })

    const entry = await o.basic.client.get(`${org()}/temperature-entries/${first.temperatureLog.entryId}`)
    expect(entry.status, entry.text).toBe(200)
    const unit = entry.json.items.find((u: any) => u.item.kind === 'delivery')
    const check = unit.checks[0]
    expect(check.record).toMatchObject({ valueC: 11, status: 'failed', note: 'Delivery from Fresh Farm Produce (order received)', recordedBy: { name: 'Bea Basic' } })
    expect(check.history).toEqual([expect.objectContaining({ valueC: 5, status: 'done' })])
    expect(check.openFailures).toBe(1)
    // The fridge unit of the same log is untouched.
    expect(entry.json.items.find((u: any) => u.item.kind === 'fridge').checks[0].record).toBeNull()
  })
})

/**
 * Issue #38: every order transition is one conditional write (docs/decisions/081). Many people (or
 * one impatient one) tapping at once get exactly one success; the history event, the delivery log
 * reading and the e-mail happen once, for the request that won. Runs on PGlite and PostgreSQL.
 */
describe('at once: exactly one winner per transition, side effects once', () => {
  const RACE_EMAIL = 'race@freshfarm.example'
  const READING_NOTE = 'Delivery from Race Farm (order received)'
  let raceSupplier: Awaited<ReturnType<typeof createSupplier>>

  beforeAll(async () => {
    raceSupplier = await createSupplier(o.admin.client, o.orgId, { name: 'Race Farm', email: RACE_EMAIL, venueId: o.venueA })
    // A delivery log at venue A, so a received temperature becomes a reading.
    const log = await o.admin.client.post(`${org()}/temperatures`, { name: 'Race deliveries', venueIds: [o.venueA] })
    expect(log.status, log.text).toBe(201)
    const item = await o.admin.client.post(`${org()}/temperatures/${log.json.temperature.id}/items`, { label: 'Delivery probe', kind: 'delivery' })
    expect(item.status, item.text).toBe(201)
  })

  async function raceOrder(sent = true) {
    const res = await o.basic.client.post(venueOrders(), { supplierId: raceSupplier.contact.id, deliveryDate: tomorrow(), lines: [{ name: 'Eggs', quantity: 30, unit: 'each' }, { name: 'Cream', quantity: 2, unit: 'l' }] })
    expect(res.status, res.text).toBe(201)
    const order = res.json.order
    if (!sent) return { order, token: '' }
    const before = mailsTo(t, RACE_EMAIL, /^Order from/).length
    const send = await o.basic.client.post(`${org()}/orders/${order.id}/send`)
    expect(send.status, send.text).toBe(200)
    const mail = await waitForMailCount(t, RACE_EMAIL, /^Order from/, before + 1)
    return { order, token: linkFrom(mail, `/supplier/orders/${order.id}`).searchParams.get('token')! }
  }

  const eventsOf = async (orderId: string, kind: string) => (await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, kind)))).length
  const readings = async () => (await t.db.select({ id: records.id }).from(records).where(and(eq(records.orgId, o.orgId), eq(records.note, READING_NOTE)))).length
  /** Mails matching `subject` after the racers have settled (a late duplicate would show here). */
  const settledMails = async (subject: RegExp, atLeast: number) => {
    if (atLeast > 0) await waitForMailCount(t, RACE_EMAIL, subject, atLeast)
    await new Promise((r) => setTimeout(r, 400))
    return mailsTo(t, RACE_EMAIL, subject).length
  }

  test('send: one 200, one "sent" event, one e-mail to the supplier', async () => {
    const { order } = await raceOrder(false)
    const before = mailsTo(t, RACE_EMAIL, /^Order from/).length
    const { answers } = await race(() => o.basic.client.post(`${org()}/orders/${order.id}/send`))
    expectWinners(answers)
    expect(await eventsOf(order.id, 'sent')).toBe(1)
    expect(await settledMails(/^Order from/, before + 1)).toBe(before + 1)
  })

  test('supplier confirmation: one 200, one "confirmed" event, one change recorded', async () => {
    const { order, token } = await raceOrder()
    const { answers } = await race((i) => t.client({ ip: freshIp() }).post(`/v1/supplier/orders/${order.id}/confirm`, { token, lines: [{ lineId: order.lines[0].id, quantity: 20 + i }], note: `Racer ${i}` }))
    const [won] = expectWinners(answers)
    expect(await eventsOf(order.id, 'confirmed')).toBe(1)
    expect(await eventsOf(order.id, 'supplier_changed')).toBe(1)
    const seen = (await o.basic.client.get(`${org()}/orders/${order.id}`)).json.order
    // The quantity saved is the winner's, and so is the change in the history.
    expect(seen.lines[0].quantity).toBe(won!.json.order.lines[0].quantity)
    expect(seen.history.find((h: any) => h.kind === 'supplier_changed').detail.lines[0].to).toBe(seen.lines[0].quantity)
  })

  test('receive with a delivery temperature, 50 at once: one 200, one "received" event, ONE reading in the delivery log', async () => {
    const { order } = await raceOrder()
    const before = await readings()
    const { answers } = await race(() => o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [{ lineId: order.lines[0].id, receivedQuantity: 30 }], deliveryTemperature: 4 }), 50)
    expectWinners(answers)
    expect(await eventsOf(order.id, 'received')).toBe(1)
    expect(await readings()).toBe(before + 1)
  })

  test('cancel: one 200, one "cancelled" event, one cancellation e-mail', async () => {
    const { order } = await raceOrder()
    const before = mailsTo(t, RACE_EMAIL, /^Order cancelled/).length
    const { answers } = await race(() => o.basic.client.post(`${org()}/orders/${order.id}/cancel`))
    expectWinners(answers)
    expect(await eventsOf(order.id, 'cancelled')).toBe(1)
    expect(await settledMails(/^Order cancelled/, before + 1)).toBe(before + 1)
  })

  test('receive racing cancel: exactly one of the two, consistent fields, side effects of the winner only', async () => {
    const { order } = await raceOrder()
    const cancelMails = mailsTo(t, RACE_EMAIL, /^Order cancelled/).length
    const before = await readings()
    const { answers } = await race((i) =>
      i % 2 ? o.basic.client.post(`${org()}/orders/${order.id}/cancel`) : o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [{ lineId: order.lines[0].id, receivedQuantity: 30 }], deliveryTemperature: 4 }),
    )
    expectWinners(answers)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    const received = await eventsOf(order.id, 'received')
    const cancelled = await eventsOf(order.id, 'cancelled')
    if (row!.status === 'received') {
      expect([row!.cancelledAt, row!.cancelledByName, received, cancelled]).toEqual([null, null, 1, 0])
      expect(await readings()).toBe(before + 1)
      expect(await settledMails(/^Order cancelled/, 0)).toBe(cancelMails)
    } else {
      expect(row!.status).toBe('cancelled')
      expect([row!.receivedAt, row!.receivedByName, row!.deliveryTemperature, received, cancelled]).toEqual([null, null, null, 0, 1])
      expect(await readings()).toBe(before)
      expect(await settledMails(/^Order cancelled/, cancelMails + 1)).toBe(cancelMails + 1)
    }
  })

  test('credit request: one 200, one event, one e-mail', async () => {
    const { order } = await raceOrder()
    const received = await o.basic.client.post(`${org()}/orders/${order.id}/receive`, { lines: [{ lineId: order.lines[0].id, receivedQuantity: 24 }] })
    expect(received.status, received.text).toBe(200)
    const before = mailsTo(t, RACE_EMAIL, /^Credit request/).length
    const { answers } = await race(() => o.basic.client.post(`${org()}/orders/${order.id}/credit-request`))
    expectWinners(answers)
    expect(await eventsOf(order.id, 'credit_requested')).toBe(1)
    expect(await settledMails(/^Credit request/, before + 1)).toBe(before + 1)
  })
})
