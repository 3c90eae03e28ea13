/**
 * Billing with Stripe keys configured (issue #15, docs/decisions/032-stripe-webhooks.md). Stripe is
 * faked only at its HTTP boundary (msw, tests/support/msw.ts); webhook payloads are signed with the
 * SDK's own test helper (`Stripe.webhooks.generateTestHeaderString`), as Stripe documents.
 */
import { eq, sql } from 'drizzle-orm'
import { http, HttpResponse } from 'msw/http'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { queryRows } from '../../server/db/client.ts'
import { billingEvents, organisations, venues } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { expectWinners, race, RACERS } from '../support/concurrency.ts'
import { useHttpFakes } from '../support/msw.ts'
import { createOrg, createVenue } from '../support/orgs.ts'
import { newUser } from '../support/staff-fixtures.ts'
import { expectError } from './_helpers.ts'

const SECRET = 'whsec_test_mise_secret'
const PRICE = 'price_pro_monthly'
const STRIPE = 'https://api.stripe.com/v1'

/** What the fakes were sent: path → the form-encoded bodies, in order. */
const sent = new Map<string, URLSearchParams[]>()
async function record(request: Request, key: string) {
  const body = new URLSearchParams(await request.text())
  sent.set(key, [...(sent.get(key) ?? []), body])
  return body
}
let customers = 0

const fakes = useHttpFakes(
  http.post(`${STRIPE}/customers`, async ({ request }) => {
    await record(request, 'customers')
    return HttpResponse.json({ id: `cus_test_${++customers}`, object: 'customer' })
  }),
  http.post(`${STRIPE}/checkout/sessions`, async ({ request }) => {
    await record(request, 'checkout')
    return HttpResponse.json({ id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' })
  }),
  http.post(`${STRIPE}/billing_portal/sessions`, async ({ request }) => {
    await record(request, 'portal')
    return HttpResponse.json({ id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' })
  }),
  http.get(`${STRIPE}/subscriptions/:id`, ({ params }) =>
    HttpResponse.json({ id: params.id, object: 'subscription', items: { object: 'list', data: [{ id: 'si_test_1', object: 'subscription_item', quantity: 1 }] } }),
  ),
  http.post(`${STRIPE}/subscription_items/:id`, async ({ request, params }) => {
    const body = await record(request, `subscription_items/${String(params.id)}`)
    return HttpResponse.json({ id: params.id, object: 'subscription_item', quantity: Number(body.get('quantity')) })
  }),
)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_PRICE_ID: PRICE })
})
afterAll(() => t.close())
beforeEach(() => sent.clear())

async function freeOrg(name = 'Stripe Kitchen') {
  const owner = await newUser(t, { verified: true, name: 'Sam Stripe' })
  const orgId = await createOrg(owner, { name }, 'free')
  await createVenue(owner, orgId, { name: 'Harbour' })
  return { owner, orgId, base: `/v1/orgs/${orgId}` }
}
type Org = Awaited<ReturnType<typeof freeOrg>>

async function billing(o: Org) {
  const res = await o.owner.client.get(`${o.base}/billing`)
  expect(res.status, res.text).toBe(200)
  return res.json.billing
}

let eventCounter = 0
const nowSeconds = () => Math.floor(Date.now() / 1000)

function event(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number } = {}) {
  return {
    id: opts.id ?? `evt_test_${++eventCounter}_${Math.random().toString(36).slice(2, 8)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: opts.created ?? nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }
}

/** Deliver an event as Stripe would: the raw JSON, signed with the endpoint's secret. */
async function deliver(evt: object, opts: { timestamp?: number; secret?: string; header?: string | null } = {}) {
  const payload = JSON.stringify(evt)
  const header = opts.header === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp }) : opts.header
  return t.client().post('/v1/billing/webhook', payload, { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) })
}

const PERIOD_END = Date.UTC(2027, 0, 15) / 1000

function subscription(o: Org, customer: string, status: string, quantity = 1) {
  return {
    id: `sub_${o.orgId.slice(0, 8)}`,
    object: 'subscription',
    customer,
    status,
    currency: 'eur',
    metadata: { orgId: o.orgId },
    items: { object: 'list', data: [{ id: 'si_test_1', object: 'subscription_item', quantity, current_period_end: PERIOD_END, price: { id: PRICE, unit_amount: 1900, currency: 'eur' } }] },
  }
}

function invoice(customer: string, id: string, status: string, opts: { created?: number; amount?: number } = {}) {
  return {
    id,
    object: 'invoice',
    customer,
    number: `MISE-${id}`,
    amount_due: opts.amount ?? 1900,
    amount_paid: status === 'paid' ? (opts.amount ?? 1900) : 0,
    currency: 'eur',
    status,
    created: opts.created ?? nowSeconds(),
    invoice_pdf: `https://pay.stripe.com/invoice/acct_1/${id}/pdf`,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/${id}`,
  }
}

/** Checkout, then Stripe's checkout.session.completed: the organisation is on Pro with customer `cus`. */
async function subscribe(o: Org): Promise<string> {
  const res = await o.owner.client.post(`${o.base}/billing/checkout`)
  expect(res.status, res.text).toBe(200)
  const customer = (await billing(o)).hasCustomer ? `cus_test_${customers}` : ''
  const done = await deliver(
    event('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: o.orgId,
      customer,
      subscription: `sub_${o.orgId.slice(0, 8)}`,
      metadata: { orgId: o.orgId },
    }),
  )
  expect(done.status, done.text).toBe(200)
  return customer
}

describe('Checkout and the customer portal', () => {
  test('Upgrade: a customer for the organisation, then a Checkout session for the Pro price, quantity = venues', async () => {
    const o = await freeOrg('Checkout Bistro')
    expect((await o.owner.client.post(`${o.base}/venues`, { name: 'Too many' })).status).toBe(403) // Free: still one venue
    const res = await o.owner.client.post(`${o.base}/billing/checkout`)
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' })
    const [customer] = sent.get('customers')!
    expect(customer!.get('name')).toBe('Checkout Bistro')
    expect(customer!.get('email')).toBe(o.owner.email)
    expect(customer!.get('metadata[orgId]')).toBe(o.orgId)
    const [session] = sent.get('checkout')!
    expect(Object.fromEntries(session!)).toMatchObject({
      mode: 'subscription',
      customer: `cus_test_${customers}`,
      client_reference_id: o.orgId,
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][orgId]': o.orgId,
      success_url: 'http://localhost:3999/settings/billing?checkout=success',
      cancel_url: 'http://localhost:3999/settings/billing?checkout=cancelled',
    })
    // The plan changes only when Stripe says so (the webhook), not when Checkout opens.
    expect(await billing(o)).toMatchObject({ plan: 'free', mode: 'stripe', hasCustomer: true, status: null })
    // A second try reuses the customer.
    expect((await o.owner.client.post(`${o.base}/billing/checkout`)).status).toBe(200)
    expect(sent.get('customers')).toHaveLength(1)
  })

  test('Manage billing: 400 before any customer, then a portal session for it', async () => {
    const o = await freeOrg()
    expectError(await o.owner.client.post(`${o.base}/billing/portal`), 'BadRequestError', { message: 'There is no billing account yet: upgrade first.' })
    const customer = await subscribe(o)
    const res = await o.owner.client.post(`${o.base}/billing/portal`)
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' })
    expect(Object.fromEntries(sent.get('portal')![0]!)).toMatchObject({ customer, return_url: 'http://localhost:3999/settings/billing' })
    // Subscribed: Checkout again is refused; the plan is not switched directly either.
    expectError(await o.owner.client.post(`${o.base}/billing/checkout`), 'BadRequestError', { message: /already has a subscription/ })
    expectError(await o.owner.client.put(`${o.base}/billing/plan`, { plan: 'free' }), 'BadRequestError', { message: /changed through Stripe/ })
  })

  test('Stripe failing is a 400 the page can show, never a 500', async () => {
    const o = await freeOrg()
    fakes.use(http.post(`${STRIPE}/customers`, () => HttpResponse.json({ error: { type: 'api_error', message: 'boom' } }, { status: 500 })))
    expectError(await o.owner.client.post(`${o.base}/billing/checkout`), 'BadRequestError', { message: 'Stripe could not be reached. Try again in a moment.' })
  })

  test('the quantity follows venues added and removed', async () => {
    const o = await freeOrg()
    const customer = await subscribe(o)
    await deliver(event('customer.subscription.created', subscription(o, customer, 'active', 1)))
    const second = await createVenue(o.owner, o.orgId, { name: 'Market' })
    expect(sent.get('subscription_items/si_test_1')?.map((b) => b.get('quantity'))).toEqual(['2'])
    expect((await o.owner.client.del(`${o.base}/venues/${second}`)).status).toBe(204)
    expect(sent.get('subscription_items/si_test_1')?.map((b) => b.get('quantity'))).toEqual(['2', '1'])
  })
})

describe('POST /v1/billing/webhook', () => {
  test('each state-changing event: checkout completed → Pro; past_due; invoices; payment failed; cancelled → Free', async () => {
    const o = await freeOrg()
    const customer = await subscribe(o)
    expect(await billing(o)).toMatchObject({ plan: 'pro', status: 'active', hasCustomer: true })
    expect((await o.owner.client.post(`${o.base}/venues`, { name: 'Second' })).status).toBe(201)

    const base = nowSeconds()
    expect((await deliver(event('customer.subscription.updated', subscription(o, customer, 'active', 2), { created: base + 1 }))).json).toEqual({
      received: true,
      duplicate: false,
    })
    expect((await billing(o)).nextInvoice).toEqual({ date: new Date(PERIOD_END * 1000).toISOString(), amount: 3800, currency: 'eur' })

    await deliver(event('invoice.paid', invoice(customer, 'in_001', 'paid', { created: base }), { created: base + 2 }))
    await deliver(event('invoice.finalized', invoice(customer, 'in_002', 'open', { created: base + 3, amount: 3800 }), { created: base + 3 }))
    await deliver(event('invoice.payment_failed', invoice(customer, 'in_002', 'open', { created: base + 3, amount: 3800 }), { created: base + 4 }))
    let b = await billing(o)
    expect(b).toMatchObject({ plan: 'pro', status: 'past_due' })
    expect(b.invoices).toEqual([
      expect.objectContaining({ number: 'MISE-in_002', amount: 3800, currency: 'eur', status: 'open', pdfUrl: 'https://pay.stripe.com/invoice/acct_1/in_002/pdf' }),
      expect.objectContaining({ number: 'MISE-in_001', amount: 1900, status: 'paid', date: new Date(base * 1000).toISOString() }),
    ])

    await deliver(event('invoice.paid', invoice(customer, 'in_002', 'paid', { created: base + 3, amount: 3800 }), { created: base + 5 }))
    b = await billing(o)
    expect(b.status).toBe('active')
    expect(b.invoices[0]).toMatchObject({ number: 'MISE-in_002', status: 'paid' })

    await deliver(event('customer.subscription.updated', subscription(o, customer, 'past_due', 2), { created: base + 6 }))
    expect(await billing(o)).toMatchObject({ plan: 'pro', status: 'past_due' })

    await deliver(event('customer.subscription.deleted', subscription(o, customer, 'canceled', 2), { created: base + 7 }))
    b = await billing(o)
    expect(b).toMatchObject({ plan: 'free', status: 'cancelled', nextInvoice: null, usage: { venues: 2 } })
    // Back on Free with two venues: kept, but no third.
    expectError(await o.owner.client.post(`${o.base}/venues`, { name: 'Third' }), 'ForbiddenError', { message: /The Free plan allows 1 venue/, data: ['limit'] })
  })

  test('unsigned, badly signed, signed with another secret and tampered payloads are refused; nothing changes', async () => {
    const o = await freeOrg()
    const evt = event('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', mode: 'subscription', client_reference_id: o.orgId, customer: 'cus_evil', subscription: 'sub_evil' })
    expectError(await deliver(evt, { header: null }), 'BadRequestError', { message: 'Missing Stripe-Signature' })
    expectError(await deliver(evt, { header: 't=123,v1=deadbeef' }), 'BadRequestError', { message: 'Invalid Stripe signature' })
    expectError(await deliver(evt, { header: 'garbage' }), 'BadRequestError', { message: 'Invalid Stripe signature' })
    expectError(await deliver(evt, { secret: 'whsec_someone_else' }), 'BadRequestError', { message: 'Invalid Stripe signature' })
    // Signed for one body, sent with another.
    const header = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: SECRET })
    const tampered = JSON.stringify({ ...evt, data: { object: { ...evt.data.object, customer: 'cus_other' } } })
    expectError(await t.client().post('/v1/billing/webhook', tampered, { 'content-type': 'application/json', 'stripe-signature': header }), 'BadRequestError', {
      message: 'Invalid Stripe signature',
    })
    expect(await billing(o)).toMatchObject({ plan: 'free', status: null, hasCustomer: false })
    expect(await t.db.$count(billingEvents, eq(billingEvents.id, evt.id))).toBe(0)
  })

  test('a replay: a correctly signed event older than five minutes is refused', async () => {
    const o = await freeOrg()
    const evt = event('checkout.session.completed', { id: 'cs_old', object: 'checkout.session', mode: 'subscription', client_reference_id: o.orgId, customer: 'cus_old', subscription: 'sub_old' })
    expectError(await deliver(evt, { timestamp: nowSeconds() - 6 * 60 }), 'BadRequestError', { message: 'Invalid Stripe signature' })
    expect((await billing(o)).plan).toBe('free')
    // Within the tolerance it is accepted.
    expect((await deliver(evt, { timestamp: nowSeconds() - 60 })).status).toBe(200)
    expect((await billing(o)).plan).toBe('pro')
  })

  test('idempotent per event id: the same event delivered again changes nothing', async () => {
    const o = await freeOrg()
    const customer = await subscribe(o)
    const base = nowSeconds()
    const pastDue = event('customer.subscription.updated', subscription(o, customer, 'past_due'), { created: base + 1 })
    expect((await deliver(pastDue)).json).toEqual({ received: true, duplicate: false })
    expect((await billing(o)).status).toBe('past_due')
    // The owner pays through the portal; the subscription is active again.
    await deliver(event('customer.subscription.updated', subscription(o, customer, 'active'), { created: base + 2 }))
    expect((await deliver(pastDue)).json).toEqual({ received: true, duplicate: true })
    expect(await billing(o)).toMatchObject({ plan: 'pro', status: 'active' })
    expect(await t.db.$count(billingEvents, eq(billingEvents.id, pastDue.id))).toBe(1)
  })

  test('out of order: an older event arriving after a newer one is ignored (subscription and invoice)', async () => {
    const o = await freeOrg()
    const customer = await subscribe(o)
    const base = nowSeconds() + 10
    await deliver(event('customer.subscription.deleted', subscription(o, customer, 'canceled'), { created: base + 5 }))
    await deliver(event('customer.subscription.updated', subscription(o, customer, 'active'), { created: base + 1 }))
    expect(await billing(o)).toMatchObject({ plan: 'free', status: 'cancelled' })

    await deliver(event('invoice.paid', invoice(customer, 'in_ooo', 'paid', { created: base }), { created: base + 3 }))
    await deliver(event('invoice.finalized', invoice(customer, 'in_ooo', 'open', { created: base }), { created: base + 2 }))
    expect((await billing(o)).invoices).toEqual([expect.objectContaining({ number: 'MISE-in_ooo', status: 'paid' })])
  })

  test('an event for no known organisation is acknowledged and recorded, and changes nothing', async () => {
    const evt = event('customer.subscription.updated', { id: 'sub_x', object: 'subscription', customer: 'cus_unknown', status: 'active', metadata: {}, items: { data: [] } })
    expect((await deliver(evt)).json).toEqual({ received: true, duplicate: false })
    expect(await t.db.$count(billingEvents, eq(billingEvents.id, evt.id))).toBe(1)
  })
})

describe('races (docs/decisions/079-check-then-act.md)', () => {
  test('one event delivered twenty times at once is applied once; nobody gets a 5xx', async () => {
    const o = await freeOrg()
    const customer = await subscribe(o)
    const pastDue = event('customer.subscription.updated', subscription(o, customer, 'past_due'), { created: nowSeconds() + 1 })
    const { answers } = await race(() => deliver(pastDue))
    expectWinners(answers, RACERS)
    expect(answers.filter((a) => JSON.parse(a.text).duplicate === false)).toHaveLength(1)
    expect(await t.db.$count(billingEvents, eq(billingEvents.id, pastDue.id))).toBe(1)
    expect((await billing(o)).status).toBe('past_due')
  })

  test('a cancellation racing venue creations: no venue is written on Free beyond its one', async () => {
    const o = await freeOrg()
    const customer = await subscribe(o)
    const cancel = event('customer.subscription.deleted', subscription(o, customer, 'canceled'), { created: nowSeconds() + 1 })
    const { answers } = await race((i) => (i === RACERS / 2 ? deliver(cancel) : o.owner.client.post(`${o.base}/venues`, { name: `Venue ${i}` })))
    for (const a of answers) expect(a.status, a.text).toBeLessThan(500)
    expect((await billing(o)).plan).toBe('free')
    expect(await t.db.$count(venues, eq(venues.orgId, o.orgId))).toBe(1 + answers.filter((a) => a.status === 201).length)
    // Ordered by transaction id (each takes the organisation's lock before it writes): on Free with
    // its first venue, nothing written after the cancellation.
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${venues} v join ${organisations} o on o.id = v.org_id
          where o.id = ${o.orgId} and v.xmin::text::bigint > o.xmin::text::bigint`,
    )
    expect(after!.n).toBe(0)
  })
})
