/**
 * Plan limits (issue #15, docs/decisions/031-billing-plans-and-limits.md), self-hosted mode (no Stripe
 * keys): Free allows 1 venue, 5 staff and 1 device, refused with 403 naming the limit and the plan in
 * the caller's language, on every create path; the owner switches plan with PUT …/billing/plan; a
 * downgrade keeps everything but blocks new ones.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { createDevice } from '../support/devices.ts'
import { addMember, createOrg, createVenue, type Client } from '../support/orgs.ts'
import { newUser } from '../support/staff-fixtures.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const VENUE_LIMIT = 'The Free plan allows 1 venue. Upgrade to Pro in Billing to add more.'
const STAFF_LIMIT = 'The Free plan allows 5 staff members. Upgrade to Pro in Billing to add more.'
const DEVICE_LIMIT = 'The Free plan allows 1 device. Upgrade to Pro in Billing to add more.'

/** A verified owner with a Free organisation and its one venue. */
async function freeOrg() {
  const owner = await newUser(t, { verified: true, name: 'Fran Free' })
  const orgId = await createOrg(owner, { name: 'Free Kitchen' }, 'free')
  const venueId = await createVenue(owner, orgId, { name: 'Only Venue' })
  return { owner, orgId, venueId, base: `/v1/orgs/${orgId}` }
}

async function billing(client: Client, orgId: string) {
  const res = await client.get(`/v1/orgs/${orgId}/billing`)
  expect(res.status, res.text).toBe(200)
  return res.json.billing
}

describe('Free plan limits on every create path', () => {
  test('venues: the second is refused with the limit and the plan named, in the caller’s language', async () => {
    const o = await freeOrg()
    const res = await o.owner.client.post(`${o.base}/venues`, { name: 'Second' })
    expectError(res, 'ForbiddenError', { message: VENUE_LIMIT, data: ['limit'] })
    expect(res.json.error.data).toEqual({ limit: 'venues' })
    await inSpanish(o.owner.client, async () => {
      expectError(await o.owner.client.post(`${o.base}/venues`, { name: 'Segundo' }), 'ForbiddenError', {
        message: 'El plan Gratis permite 1 local. Pasa a Pro en Facturación para añadir más.',
        data: ['limit'],
      })
    })
    expect((await o.owner.client.get(`${o.base}/venues`)).json.venues).toHaveLength(1)
  })

  test('staff: the owner and four more (invitations and PIN-only alike) fill the five places', async () => {
    const o = await freeOrg()
    const invite = (n: number) => o.owner.client.post(`${o.base}/staff`, { name: `Invited ${n}`, email: uniqueEmail('inv'), role: 'BASIC' })
    const pinOnly = (n: number) => o.owner.client.post(`${o.base}/staff`, { name: `Pin ${n}`, role: 'BASIC' })
    for (const res of [await invite(1), await invite(2), await pinOnly(1), await pinOnly(2)]) expect(res.status, res.text).toBe(201)
    expectError(await invite(3), 'ForbiddenError', { message: STAFF_LIMIT, data: ['limit'] })
    expectError(await pinOnly(3), 'ForbiddenError', { message: STAFF_LIMIT, data: ['limit'] })
    expect((await billing(o.owner.client, o.orgId)).usage).toEqual({ venues: 1, staff: 5, devices: 0 })
    // Removing someone frees a place.
    const staff = (await o.owner.client.get(`${o.base}/staff`)).json.staff as { id: string; name: string }[]
    const pin1 = staff.find((m) => m.name === 'Pin 1')!
    expect((await o.owner.client.del(`${o.base}/staff/${pin1.id}`)).status).toBe(204)
    expect((await pinOnly(4)).status).toBe(201)
  })

  test('an ADMIN is refused the same way', async () => {
    const o = await freeOrg()
    const admin = await addMember(t, o.orgId, 'ADMIN')
    expectError(await admin.client.post(`${o.base}/venues`, { name: 'Second' }), 'ForbiddenError', { message: VENUE_LIMIT, data: ['limit'] })
    await createDevice(admin, o.orgId, o.venueId)
    expectError(await admin.client.post(`${o.base}/devices`, { name: 'Second tablet', venueId: o.venueId }), 'ForbiddenError', {
      message: DEVICE_LIMIT,
      data: ['limit'],
    })
  })

  test('devices: one, then 403 (the device hook, server/devices assertDeviceAllowed)', async () => {
    const o = await freeOrg()
    await createDevice(o.owner, o.orgId, o.venueId)
    expectError(await o.owner.client.post(`${o.base}/devices`, { name: 'Second', venueId: o.venueId }), 'ForbiddenError', { message: DEVICE_LIMIT, data: ['limit'] })
    // An unknown venue is still a ValidationError first: the limit is checked on an otherwise valid request.
    expectError(await o.owner.client.post(`${o.base}/devices`, { name: 'Second', venueId: '00000000-0000-4000-8000-000000000000' }), 'ValidationError', { data: ['venueId'] })
  })
})

describe('plans', () => {
  test('GET billing: plan, limits, usage, self-hosted mode, no invoices', async () => {
    const o = await freeOrg()
    expect(await billing(o.owner.client, o.orgId)).toEqual({
      plan: 'free',
      mode: 'self-hosted',
      status: null,
      hasCustomer: false,
      limits: { venues: 1, staff: 5, devices: 1 },
      usage: { venues: 1, staff: 1, devices: 0 },
      nextInvoice: null,
      invoices: [],
    })
  })

  test('switching to Pro lifts every limit; back to Free keeps everything readable and editable but blocks new ones', async () => {
    const o = await freeOrg()
    const pro = await o.owner.client.put(`${o.base}/billing/plan`, { plan: 'pro' })
    expect(pro.status, pro.text).toBe(200)
    expect(pro.json.billing).toMatchObject({ plan: 'pro', limits: { venues: null, staff: null, devices: null } })
    const second = await createVenue(o.owner, o.orgId, { name: 'Second' })
    await createDevice(o.owner, o.orgId, o.venueId, 'Tablet 1')
    await createDevice(o.owner, o.orgId, second, 'Tablet 2')
    for (let i = 0; i < 5; i++) expect((await o.owner.client.post(`${o.base}/staff`, { name: `Cook ${i}`, role: 'BASIC' })).status).toBe(201)

    const free = await o.owner.client.put(`${o.base}/billing/plan`, { plan: 'free' })
    expect(free.status, free.text).toBe(200)
    expect(free.json.billing).toMatchObject({ plan: 'free', usage: { venues: 2, staff: 6, devices: 2 } })
    // Kept: read and change what exists.
    expect((await o.owner.client.get(`${o.base}/venues/${second}`)).status).toBe(200)
    expect((await o.owner.client.put(`${o.base}/venues/${second}`, { name: 'Second, renamed' })).status).toBe(200)
    expect((await o.owner.client.get(`${o.base}/devices`)).json.devices).toHaveLength(2)
    // Blocked: anything new, even after deleting one venue (still at the limit).
    expectError(await o.owner.client.post(`${o.base}/venues`, { name: 'Third' }), 'ForbiddenError', { message: VENUE_LIMIT, data: ['limit'] })
    expect((await o.owner.client.del(`${o.base}/venues/${second}`)).status).toBe(204)
    expectError(await o.owner.client.post(`${o.base}/venues`, { name: 'Third' }), 'ForbiddenError', { message: VENUE_LIMIT, data: ['limit'] })
    expectError(await o.owner.client.post(`${o.base}/staff`, { name: 'One more', role: 'BASIC' }), 'ForbiddenError', { message: STAFF_LIMIT, data: ['limit'] })
  })

  test('only the owner sees billing and switches plan; ADMIN reads the limits; bad plans are a ValidationError', async () => {
    const o = await freeOrg()
    const admin = await addMember(t, o.orgId, 'ADMIN')
    const basic = await addMember(t, o.orgId, 'BASIC')
    expectError(await admin.client.get(`${o.base}/billing`), 'ForbiddenError')
    expectError(await admin.client.put(`${o.base}/billing/plan`, { plan: 'pro' }), 'ForbiddenError')
    expect((await admin.client.get(`${o.base}/billing/limits`)).json).toEqual({
      plan: 'free',
      limits: { venues: 1, staff: 5, devices: 1 },
      usage: { venues: 1, staff: 3, devices: 0 },
    })
    expectError(await basic.client.get(`${o.base}/billing/limits`), 'ForbiddenError')
    expectError(await o.owner.client.put(`${o.base}/billing/plan`, { plan: 'enterprise' }), 'ValidationError', { data: ['plan'] })
    expectError(await o.owner.client.put(`${o.base}/billing/plan`, { plan: 'pro', price: 0 }), 'ValidationError', { data: ['price'] })
    expect((await billing(o.owner.client, o.orgId)).plan).toBe('free')
  })

  test('self-hosted: Checkout, the portal and the webhook are refused with a reason', async () => {
    const o = await freeOrg()
    expectError(await o.owner.client.post(`${o.base}/billing/checkout`), 'BadRequestError', { message: /Payments are not set up on this server/ })
    expectError(await o.owner.client.post(`${o.base}/billing/portal`), 'BadRequestError', { message: /Payments are not set up/ })
    expectError(await t.client().post('/v1/billing/webhook', '{}', { 'stripe-signature': 't=1,v1=abc' }), 'BadRequestError', { message: null })
  })
})
