import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memberships, venues } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { addMember, createOrgWithActors, createVenue, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const ids = (r: { json: any }) => (r.json.venues as { id: string }[]).map((v) => v.id)
const names = (r: { json: any }) => (r.json.venues as { name: string }[]).map((v) => v.name)

describe('GET /v1/orgs/:orgId/venues', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('every member with access to all venues sees them all, sorted by name, in the documented shape', async () => {
    for (const actor of [o.owner, o.admin, o.basic]) {
      const r = await actor.client.get(`/v1/orgs/${o.orgId}/venues`)
      expect(r.status, r.text).toBe(200)
      expect(r.json).toEqual({
        venues: [
          { id: o.venueA, name: 'Venue A', address: '1 A Street', phone: '', timeZone: 'Europe/Madrid', archivedAt: null },
          { id: o.venueB, name: 'Venue B', address: '2 B Street', phone: '', timeZone: 'Europe/Madrid', archivedAt: null },
        ],
      })
    }
  })

  test('a member limited to some venues sees only those', async () => {
    expect(ids(await o.basicLimited.client.get(`/v1/orgs/${o.orgId}/venues`))).toEqual([o.venueB])
  })

  test('sorting ignores case; archived venues are left out', async () => {
    const org = await createOrgWithActors(t)
    await createVenue(org.owner, org.orgId, { name: 'alpha bar' })
    const archived = await createVenue(org.owner, org.orgId, { name: 'Archived place' })
    await createVenue(org.owner, org.orgId, { name: 'Zeta' })
    await t.db.update(venues).set({ archivedAt: new Date() }).where(eq(venues.id, archived))
    expect(names(await org.admin.client.get(`/v1/orgs/${org.orgId}/venues`))).toEqual(['alpha bar', 'Venue A', 'Venue B', 'Zeta'])
  })

  test('401 signed out; 404 for another organisation’s member, an unknown and a malformed id', async () => {
    expectError(await o.anonymous.get(`/v1/orgs/${o.orgId}/venues`), 'UnauthorizedError')
    expectError(await o.outsider.client.get(`/v1/orgs/${o.orgId}/venues`), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${randomUUID()}/venues`), 'NotFoundError')
    expectError(await o.owner.client.get('/v1/orgs/123/venues'), 'NotFoundError')
  })

  test('each organisation sees only its own venues', async () => {
    expect(ids(await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/venues`))).toEqual([o.outsider.venueId])
  })
})

describe('POST /v1/orgs/:orgId/venues', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })
  const url = () => `/v1/orgs/${o.orgId}/venues`

  test('ADMIN and OWNER create venues; the time zone defaults to the organisation’s; address to ""', async () => {
    const r = await o.admin.client.post(url(), { name: '  Harbour Kitchen  ' })
    expect(r.status, r.text).toBe(201)
    expect(r.json).toEqual({
      venue: { id: expect.any(String), name: 'Harbour Kitchen', address: '', phone: '', timeZone: 'Europe/Madrid', archivedAt: null },
    })
    const row = await t.db.select().from(venues).where(eq(venues.id, r.json.venue.id))
    expect(row[0]!.orgId).toBe(o.orgId)
    const owned = await o.owner.client.post(url(), { name: 'Airport', address: ' Terminal 2 ', timeZone: 'america/chicago' })
    expect(owned.status).toBe(201)
    expect(owned.json.venue).toMatchObject({ name: 'Airport', address: 'Terminal 2', timeZone: 'America/Chicago' })
    expect((await o.basic.client.get(`${url()}/${owned.json.venue.id}`)).json.venue).toEqual(owned.json.venue)
  })

  test('follows a changed organisation time zone', async () => {
    const org = await createOrgWithActors(t)
    await org.owner.client.put(`/v1/orgs/${org.orgId}`, { timeZone: 'Australia/Sydney' })
    const r = await org.admin.client.post(`/v1/orgs/${org.orgId}/venues`, { name: 'Sydney' })
    expect(r.json.venue.timeZone).toBe('Australia/Sydney')
  })

  test('BASIC → 403; signed out → 401; another organisation’s owner → 404; nothing created', async () => {
    const before = await t.db.$count(venues, eq(venues.orgId, o.orgId))
    expectError(await o.basic.client.post(url(), { name: 'Nope' }), 'ForbiddenError')
    expectError(await o.basicLimited.client.post(url(), { name: 'Nope' }), 'ForbiddenError')
    expectError(await o.anonymous.post(url(), { name: 'Nope' }), 'UnauthorizedError')
    expectError(await o.outsider.client.post(url(), { name: 'Nope' }), 'NotFoundError')
    expect(await t.db.$count(venues, eq(venues.orgId, o.orgId))).toBe(before)
  })

  test('validation: name, address, timeZone, unknown fields', async () => {
    const before = await t.db.$count(venues, eq(venues.orgId, o.orgId))
    for (const body of [{}, { name: '' }, { name: '  ' }, { name: null }]) {
      expect(expectError(await o.admin.client.post(url(), body), 'ValidationError', { data: ['name'] })!.name).toBe('This field is required')
    }
    expect(expectError(await o.admin.client.post(url(), { name: 'n'.repeat(101) }), 'ValidationError', { data: ['name'] })!.name).toBe(
      'Use at most 100 characters',
    )
    expect(
      expectError(await o.admin.client.post(url(), { name: 'V', address: 'a'.repeat(501) }), 'ValidationError', { data: ['address'] })!.address,
    ).toBe('Use at most 500 characters')
    expectError(await o.admin.client.post(url(), { name: 'V', address: 5 }), 'ValidationError', { data: ['address'] })
    expect(
      expectError(await o.admin.client.post(url(), { name: 'V', timeZone: 'Moon/Base' }), 'ValidationError', { data: ['timeZone'] })!.timeZone,
    ).toBe('Choose a valid time zone')
    expectError(await o.admin.client.post(url(), { name: 'V', timeZone: '+02:00' }), 'ValidationError', { data: ['timeZone'] })
    expect(
      expectError(await o.admin.client.post(url(), { name: 'V', orgId: o.outsider.orgId, archivedAt: null }), 'ValidationError', {
        data: ['orgId', 'archivedAt'],
      }),
    ).toEqual({ orgId: 'Unknown field', archivedAt: 'Unknown field' })
    const es = await inSpanish(o.admin.client, () => o.admin.client.post(url(), { name: '', timeZone: 'Moon/Base' }))
    expect(expectError(es, 'ValidationError', { data: ['name', 'timeZone'] })).toEqual({
      name: 'Este campo es obligatorio',
      timeZone: 'Elige una zona horaria válida',
    })
    expectError(await o.admin.client.post(url(), 'name=x', { 'content-type': 'text/plain' }), 'BadRequestError', { message: null })
    expect(await t.db.$count(venues, eq(venues.orgId, o.orgId))).toBe(before)
  })
})

describe('GET /v1/orgs/:orgId/venues/:venueId', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('members with access read it', async () => {
    for (const actor of [o.owner, o.admin, o.basic]) {
      const r = await actor.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`)
      expect(r.status).toBe(200)
      expect(r.json).toEqual({ venue: { id: o.venueA, name: 'Venue A', address: '1 A Street', phone: '', timeZone: 'Europe/Madrid', archivedAt: null } })
    }
    expect((await o.basicLimited.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueB}`)).json.venue.id).toBe(o.venueB)
  })

  test('a member limited to other venues → 403', async () => {
    expectError(await o.basicLimited.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'ForbiddenError')
  })

  test('an archived venue can still be read by id, with archivedAt', async () => {
    const org = await createOrgWithActors(t)
    const at = new Date('2026-01-02T03:04:05.000Z')
    await t.db.update(venues).set({ archivedAt: at }).where(eq(venues.id, org.venueA))
    expect((await org.owner.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueA}`)).json.venue.archivedAt).toBe(at.toISOString())
  })

  test('404: unknown, malformed, another organisation’s venue under this path; 401 signed out; 404 outsider', async () => {
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/venues/${randomUUID()}`), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/venues/nope`), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/venues/${o.outsider.venueId}`), 'NotFoundError')
    // ... also for a limited member (404 wins over 403: the venue is not in this organisation).
    expectError(await o.basicLimited.client.get(`/v1/orgs/${o.orgId}/venues/${o.outsider.venueId}`), 'NotFoundError')
    expectError(await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/venues/${o.venueA}`), 'NotFoundError')
    expectError(await o.outsider.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'NotFoundError')
    expectError(await o.anonymous.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'UnauthorizedError')
  })
})

describe('PUT /v1/orgs/:orgId/venues/:venueId', () => {
  test('ADMIN and OWNER change name, address, time zone; one field at a time', async () => {
    const o = await createOrgWithActors(t)
    const url = `/v1/orgs/${o.orgId}/venues/${o.venueA}`
    const r = await o.admin.client.put(url, { name: ' Renamed ', address: 'New street 9', timeZone: 'Europe/Lisbon' })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ venue: { id: o.venueA, name: 'Renamed', address: 'New street 9', phone: '', timeZone: 'Europe/Lisbon', archivedAt: null } })
    const one = await o.owner.client.put(url, { address: '' })
    expect(one.json.venue).toMatchObject({ name: 'Renamed', address: '', timeZone: 'Europe/Lisbon' })
    expect((await o.owner.client.put(url, {})).json.venue).toEqual(one.json.venue)
    expect((await o.basic.client.get(url)).json.venue).toEqual(one.json.venue)
  })

  test('BASIC → 403, 401 signed out, 404 for outsiders and other organisations’ venues; nothing changes', async () => {
    const o = await createOrgWithActors(t)
    const url = `/v1/orgs/${o.orgId}/venues/${o.venueB}`
    expectError(await o.basic.client.put(url, { name: 'X' }), 'ForbiddenError')
    expectError(await o.basicLimited.client.put(url, { name: 'X' }), 'ForbiddenError')
    expectError(await o.anonymous.put(url, { name: 'X' }), 'UnauthorizedError')
    expectError(await o.outsider.client.put(url, { name: 'X' }), 'NotFoundError')
    expectError(await o.owner.client.put(`/v1/orgs/${o.orgId}/venues/${o.outsider.venueId}`, { name: 'X' }), 'NotFoundError')
    expectError(await o.outsider.client.put(`/v1/orgs/${o.outsider.orgId}/venues/${o.venueB}`, { name: 'X' }), 'NotFoundError')
    expectError(await o.owner.client.put(`/v1/orgs/${o.orgId}/venues/${randomUUID()}`, { name: 'X' }), 'NotFoundError')
    expect((await o.owner.client.get(url)).json.venue.name).toBe('Venue B')
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/venues/${o.outsider.venueId}`)).json.venue.name).toBe('Other Venue')
  })

  test('an ADMIN limited to some venues cannot change the others (403)', async () => {
    const o = await createOrgWithActors(t)
    const limitedAdmin = await addMember(t, o.orgId, 'ADMIN', { venueIds: [o.venueB] })
    expectError(await limitedAdmin.client.put(`/v1/orgs/${o.orgId}/venues/${o.venueA}`, { name: 'X' }), 'ForbiddenError')
    expectError(await limitedAdmin.client.del(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'ForbiddenError')
    expect((await limitedAdmin.client.put(`/v1/orgs/${o.orgId}/venues/${o.venueB}`, { name: 'B2' })).status).toBe(200)
  })

  test('validation', async () => {
    const o = await createOrgWithActors(t)
    const url = `/v1/orgs/${o.orgId}/venues/${o.venueA}`
    expectError(await o.admin.client.put(url, { name: '' }), 'ValidationError', { data: ['name'] })
    expectError(await o.admin.client.put(url, { name: 'n'.repeat(101) }), 'ValidationError', { data: ['name'] })
    expectError(await o.admin.client.put(url, { address: 'a'.repeat(501) }), 'ValidationError', { data: ['address'] })
    expectError(await o.admin.client.put(url, { timeZone: 'Nowhere/Land' }), 'ValidationError', { data: ['timeZone'] })
    expectError(await o.admin.client.put(url, { archivedAt: null, id: randomUUID() }), 'ValidationError', { data: ['archivedAt', 'id'] })
    expect((await o.admin.client.get(url)).json.venue).toMatchObject({ name: 'Venue A', address: '1 A Street', phone: '', timeZone: 'Europe/Madrid' })
  })
})

describe('DELETE /v1/orgs/:orgId/venues/:venueId', () => {
  test('ADMIN deletes; the id leaves every venueIds of the organisation, and only that id', async () => {
    const o = await createOrgWithActors(t)
    const both = await addMember(t, o.orgId, 'BASIC', { venueIds: [o.venueA, o.venueB] })
    const onlyA = await addMember(t, o.orgId, 'ADMIN', { name: 'Ann Only', venueIds: [o.venueA] })
    // A (nonsensical) row of another organisation naming this venue is not touched: the update is scoped.
    await t.db.update(memberships).set({ venueIds: [o.venueA, o.outsider.venueId] }).where(eq(memberships.id, o.outsider.membershipId))

    // A member whose only venue this is would silently get every venue: refused, naming them.
    const refused = await o.admin.client.del(`/v1/orgs/${o.orgId}/venues/${o.venueA}`)
    expectError(refused, 'BadRequestError', { message: /Ann Only can only use this venue/ })
    expect((await o.owner.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`)).status).toBe(200)
    await t.db.update(memberships).set({ venueIds: [o.venueA, o.venueB] }).where(eq(memberships.id, onlyA.membershipId))

    const r = await o.admin.client.del(`/v1/orgs/${o.orgId}/venues/${o.venueA}`)
    expect(r.status).toBe(204)
    expect(r.text).toBe('')
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'NotFoundError')
    expect(ids(await o.owner.client.get(`/v1/orgs/${o.orgId}/venues`))).toEqual([o.venueB])

    const venueIdsOf = async (id: string) => (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]!.venueIds
    expect(await venueIdsOf(both.membershipId)).toEqual([o.venueB])
    expect(await venueIdsOf(onlyA.membershipId)).toEqual([o.venueB])
    expect(await venueIdsOf(o.basicLimited.membershipId)).toEqual([o.venueB])
    expect(await venueIdsOf(o.basic.membershipId)).toEqual([])
    expect(await venueIdsOf(o.outsider.membershipId)).toEqual([o.venueA, o.outsider.venueId])

    // A second delete is 404.
    expectError(await o.admin.client.del(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'NotFoundError')
  })

  test('BASIC → 403, 401 signed out, 404 for outsiders and other organisations’ venues; nothing deleted', async () => {
    const o = await createOrgWithActors(t)
    const url = `/v1/orgs/${o.orgId}/venues/${o.venueB}`
    expectError(await o.basic.client.del(url), 'ForbiddenError')
    expectError(await o.basicLimited.client.del(url), 'ForbiddenError')
    expectError(await o.anonymous.del(url), 'UnauthorizedError')
    expectError(await o.outsider.client.del(url), 'NotFoundError')
    expectError(await o.owner.client.del(`/v1/orgs/${o.orgId}/venues/${o.outsider.venueId}`), 'NotFoundError')
    expectError(await o.outsider.client.del(`/v1/orgs/${o.outsider.orgId}/venues/${o.venueB}`), 'NotFoundError')
    expectError(await o.owner.client.del(`/v1/orgs/${o.orgId}/venues/not-a-uuid`), 'NotFoundError')
    expect(await t.db.$count(venues, eq(venues.orgId, o.orgId))).toBe(2)
    expect(await t.db.$count(venues, eq(venues.id, o.outsider.venueId))).toBe(1)
  })
})

describe('deleting a venue and the checklists that name it', () => {
  test('a checklist used only there is archived; others stop naming it', async () => {
    const o = await createOrgWithActors(t)
    await t.db.update(memberships).set({ venueIds: [] }).where(eq(memberships.id, o.basicLimited.membershipId))
    const only = await o.admin.client.post(`/v1/orgs/${o.orgId}/checklists`, { name: 'Only A', venueIds: [o.venueA] })
    const both = await o.admin.client.post(`/v1/orgs/${o.orgId}/checklists`, { name: 'A and B', venueIds: [o.venueA, o.venueB] })
    const all = await o.admin.client.post(`/v1/orgs/${o.orgId}/checklists`, { name: 'Everywhere' })
    expect([only.status, both.status, all.status]).toEqual([201, 201, 201])
    expect((await o.admin.client.del(`/v1/orgs/${o.orgId}/venues/${o.venueA}`)).status).toBe(204)
    const get = async (id: string) => (await o.admin.client.get(`/v1/orgs/${o.orgId}/checklists/${id}`)).json.checklist
    expect(await get(only.json.checklist.id)).toMatchObject({ archivedAt: expect.any(String) })
    expect(await get(both.json.checklist.id)).toMatchObject({ archivedAt: null, venueIds: [o.venueB] })
    expect(await get(all.json.checklist.id)).toMatchObject({ archivedAt: null, venueIds: [] })
  })
})
