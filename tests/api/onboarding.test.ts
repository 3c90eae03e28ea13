import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checklists, contactCategories, contacts, devices, memberships, organisations, recipes, temperatureLogs, venues } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrg, createOrgWithActors, createVenue, registerSuperAdmin } from '../support/orgs.ts'
import { expectError, registerUser } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Step = { key: string; done: boolean; href: string }

async function addRecipeAndSupplier(orgId: string) {
  await t.db.insert(recipes).values({ orgId, name: 'Gazpacho' })
  const [category] = await t.db.insert(contactCategories).values({ orgId, name: 'Veg', supplier: true }).returning()
  await t.db.insert(contacts).values({ orgId, name: 'Green Grocer', categoryId: category!.id })
}
const done = (r: { json: any }) => Object.fromEntries((r.json.steps as Step[]).map((s) => [s.key, s.done]))

describe('GET /v1/orgs/:orgId/onboarding', () => {
  test('a new organisation: nothing done, not hidden, steps in order with their links', async () => {
    const owner = await registerUser(t)
    const orgId = await createOrg(owner)
    const r = await owner.client.get(`/v1/orgs/${orgId}/onboarding`)
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({
      hidden: false,
      complete: false,
      steps: [
        { key: 'venue', done: false, href: '/settings/venues/new' },
        { key: 'checklist', done: false, href: '/settings/checklists/new' },
        { key: 'temperature', done: false, href: '/settings/temperatures/new' },
        { key: 'staff', done: false, href: '/settings/staff/invite' },
        { key: 'device', done: false, href: '/settings/devices/new' },
        { key: 'recipe', done: false, href: '/settings/recipes/new' },
        { key: 'supplier', done: false, href: '/settings/contacts/new' },
      ],
    })
  })

  test('venue: done once a non-archived venue exists', async () => {
    const owner = await registerUser(t)
    const orgId = await createOrg(owner)
    const venueId = await createVenue(owner, orgId, { name: 'Main' })
    expect(done(await owner.client.get(`/v1/orgs/${orgId}/onboarding`))).toEqual({ venue: true, checklist: false, temperature: false, staff: false, device: false, recipe: false, supplier: false })
    await t.db.update(venues).set({ archivedAt: new Date() }).where(eq(venues.id, venueId))
    expect(done(await owner.client.get(`/v1/orgs/${orgId}/onboarding`)).venue).toBe(false)
  })

  test('staff: done once a non-removed member other than an owner exists (invited counts; another OWNER does not)', async () => {
    const owner = await registerUser(t)
    const orgId = await createOrg(owner)
    const url = `/v1/orgs/${orgId}/onboarding`
    await t.db.insert(memberships).values({ orgId, name: 'Co-owner', role: 'OWNER', status: 'active' })
    expect(done(await owner.client.get(url)).staff).toBe(false)
    const [removed] = await t.db.insert(memberships).values({ orgId, name: 'Gone', role: 'BASIC', status: 'removed' }).returning()
    expect(done(await owner.client.get(url)).staff).toBe(false)
    await t.db.insert(memberships).values({ orgId, name: 'Invitee', email: 'invitee@example.com', role: 'BASIC', status: 'invited' })
    expect(done(await owner.client.get(url)).staff).toBe(true)
    expect(removed).toBeDefined()
  })

  test('a PIN-only kitchen member counts as staff; complete once every step is done', async () => {
    const owner = await registerUser(t)
    const orgId = await createOrg(owner)
    await createVenue(owner, orgId, { name: 'Main' })
    await t.db.insert(memberships).values({ orgId, name: 'Kitchen Kim', role: 'BASIC', status: 'active' })
    expect((await owner.client.get(`/v1/orgs/${orgId}/onboarding`)).json.complete).toBe(false)
    await t.db.insert(checklists).values({ orgId, name: 'Opening' })
    await t.db.insert(temperatureLogs).values({ orgId, name: 'Fridges' })
    expect((await owner.client.get(`/v1/orgs/${orgId}/onboarding`)).json.complete).toBe(false)
    const [venue] = await t.db.select({ id: venues.id }).from(venues).where(eq(venues.orgId, orgId))
    await t.db.insert(devices).values({ orgId, venueId: venue!.id, name: 'Kitchen tablet' })
    await addRecipeAndSupplier(orgId)
    const r = await owner.client.get(`/v1/orgs/${orgId}/onboarding`)
    expect(r.json).toMatchObject({ complete: true, hidden: false })
    expect(done(r)).toEqual({ venue: true, checklist: true, temperature: true, staff: true, device: true, recipe: true, supplier: true })
  })

  test('device: done once the organisation has a shared device', async () => {
    const owner = await registerUser(t)
    const orgId = await createOrg(owner)
    const venueId = await createVenue(owner, orgId, { name: 'Main' })
    expect(done(await owner.client.get(`/v1/orgs/${orgId}/onboarding`)).device).toBe(false)
    expect((await owner.client.post(`/v1/orgs/${orgId}/devices`, { name: 'Kitchen tablet', venueId })).status).toBe(201)
    expect(done(await owner.client.get(`/v1/orgs/${orgId}/onboarding`)).device).toBe(true)
  })

  test('recipe: done once a recipe exists; supplier: once a contact is in a supplier category', async () => {
    const owner = await registerUser(t)
    const orgId = await createOrg(owner)
    const url = `/v1/orgs/${orgId}/onboarding`
    expect(done(await owner.client.get(url))).toMatchObject({ recipe: false, supplier: false })
    await t.db.insert(recipes).values({ orgId, name: 'Gazpacho' })
    expect(done(await owner.client.get(url))).toMatchObject({ recipe: true, supplier: false })
    // A contact in a category that is not a supplier one does not count; one without a category neither.
    const [plumbers] = await t.db.insert(contactCategories).values({ orgId, name: 'Plumbers', supplier: false }).returning()
    await t.db.insert(contacts).values([{ orgId, name: 'Pete', categoryId: plumbers!.id }, { orgId, name: 'Nobody' }])
    expect(done(await owner.client.get(url)).supplier).toBe(false)
    const [fish] = await t.db.insert(contactCategories).values({ orgId, name: 'Fish', supplier: true }).returning()
    await t.db.insert(contacts).values({ orgId, name: 'Fish & Co', categoryId: fish!.id })
    expect(done(await owner.client.get(url)).supplier).toBe(true)
  })

  test('every member may read it; steps are judged per organisation', async () => {
    const o = await createOrgWithActors(t)
    await t.db.insert(checklists).values({ orgId: o.orgId, name: 'Opening' })
    await t.db.insert(temperatureLogs).values({ orgId: o.orgId, name: 'Fridges' })
    await t.db.insert(devices).values({ orgId: o.orgId, venueId: o.venueA, name: 'Kitchen tablet' })
    await addRecipeAndSupplier(o.orgId)
    for (const actor of [o.owner, o.admin, o.basic, o.basicLimited]) {
      const r = await actor.client.get(`/v1/orgs/${o.orgId}/onboarding`)
      expect(r.status).toBe(200)
      expect(r.json.complete).toBe(true)
    }
    // The outsider's organisation has a venue but no checklist and no staff.
    expect(done(await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/onboarding`))).toEqual({ venue: true, checklist: false, temperature: false, staff: false, device: false, recipe: false, supplier: false })
  })

  test('401 signed out; 404 for another organisation’s member, unknown and malformed ids', async () => {
    const o = await createOrgWithActors(t)
    expectError(await o.anonymous.get(`/v1/orgs/${o.orgId}/onboarding`), 'UnauthorizedError')
    expectError(await o.outsider.client.get(`/v1/orgs/${o.orgId}/onboarding`), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${randomUUID()}/onboarding`), 'NotFoundError')
    expectError(await o.owner.client.get('/v1/orgs/1/onboarding'), 'NotFoundError')
  })
})

describe('POST /v1/orgs/:orgId/onboarding/hide', () => {
  test('the OWNER hides the panel for everyone; hiding again is fine and keeps the first time', async () => {
    const o = await createOrgWithActors(t)
    const r = await o.owner.client.post(`/v1/orgs/${o.orgId}/onboarding/hide`)
    expect(r.status).toBe(204)
    expect(r.text).toBe('')
    for (const actor of [o.owner, o.basic]) {
      expect((await actor.client.get(`/v1/orgs/${o.orgId}/onboarding`)).json.hidden).toBe(true)
    }
    const [first] = await t.db.select().from(organisations).where(eq(organisations.id, o.orgId))
    expect((await o.owner.client.post(`/v1/orgs/${o.orgId}/onboarding/hide`)).status).toBe(204)
    const [second] = await t.db.select().from(organisations).where(eq(organisations.id, o.orgId))
    expect(second!.onboardingHiddenAt).toEqual(first!.onboardingHiddenAt)
    // Only this organisation.
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/onboarding`)).json.hidden).toBe(false)
  })

  test('ADMIN and BASIC → 403; outsider → 404; signed out → 401; super admin → 403; stays visible', async () => {
    const o = await createOrgWithActors(t)
    const sa = await registerSuperAdmin(t)
    const url = `/v1/orgs/${o.orgId}/onboarding/hide`
    expectError(await o.admin.client.post(url), 'ForbiddenError')
    expectError(await o.basic.client.post(url), 'ForbiddenError')
    expectError(await o.basicLimited.client.post(url), 'ForbiddenError')
    expectError(await o.outsider.client.post(url), 'NotFoundError')
    expectError(await o.anonymous.post(url), 'UnauthorizedError')
    expectError(await sa.client.post(url), 'ForbiddenError')
    expect((await o.owner.client.get(`/v1/orgs/${o.orgId}/onboarding`)).json.hidden).toBe(false)
    // The super admin may read it.
    expect((await sa.client.get(`/v1/orgs/${o.orgId}/onboarding`)).json).toMatchObject({ hidden: false, complete: false })
  })
})
