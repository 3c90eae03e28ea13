import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { memberships, venues } from '../../server/db/schema.ts'
import { listOrgsForUser } from '../../server/orgs/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { addMembership, createOrg, createOrgWithActors, createVenue } from '../support/orgs.ts'
import { expectError, registerUser } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /v1/auth/me → orgs', () => {
  test('401 signed out', async () => {
    expectError(await t.client().get('/v1/auth/me'), 'UnauthorizedError')
  })

  test('an account without organisations has none', async () => {
    const { client } = await registerUser(t)
    const r = await client.get('/v1/auth/me')
    expect(r.status).toBe(200)
    expect(r.json.orgs).toEqual([])
  })

  test('each active membership with its role and the venues the member may use, sorted by name', async () => {
    const o = await createOrgWithActors(t, { orgName: 'Mid Org' })
    const allVenues = [
      { id: o.venueA, name: 'Venue A' },
      { id: o.venueB, name: 'Venue B' },
    ]
    expect((await o.owner.client.get('/v1/auth/me')).json.orgs).toEqual([{ id: o.orgId, name: 'Mid Org', role: 'OWNER', venues: allVenues }])
    expect((await o.admin.client.get('/v1/auth/me')).json.orgs).toEqual([{ id: o.orgId, name: 'Mid Org', role: 'ADMIN', venues: allVenues }])
    expect((await o.basicLimited.client.get('/v1/auth/me')).json.orgs).toEqual([
      { id: o.orgId, name: 'Mid Org', role: 'BASIC', venues: [{ id: o.venueB, name: 'Venue B' }] },
    ])
    expect((await o.outsider.client.get('/v1/auth/me')).json.orgs).toEqual([
      { id: o.outsider.orgId, name: 'Other Bistro', role: 'OWNER', venues: [{ id: o.outsider.venueId, name: 'Other Venue' }] },
    ])

    // Joining a second organisation ("Other Bistro" sorts after "Mid Org"); archived venues are left out.
    const archived = await createVenue(o.outsider, o.outsider.orgId, { name: 'Closed' })
    await t.db.update(venues).set({ archivedAt: new Date() }).where(eq(venues.id, archived))
    await addMembership(t, o.outsider.orgId, o.basicLimited.user, 'ADMIN')
    const me = await o.basicLimited.client.get('/v1/auth/me')
    expect(me.json.orgs).toEqual([
      { id: o.orgId, name: 'Mid Org', role: 'BASIC', venues: [{ id: o.venueB, name: 'Venue B' }] },
      { id: o.outsider.orgId, name: 'Other Bistro', role: 'ADMIN', venues: [{ id: o.outsider.venueId, name: 'Other Venue' }] },
    ])
    // The rest of /me is unchanged.
    expect(me.json.user).toMatchObject({ id: o.basicLimited.user.id, type: 'user' })
    expect(Object.keys(me.json).sort()).toEqual(['flags', 'orgs', 'user', 'webVersion'])
  })

  test('invited and removed memberships are not listed', async () => {
    const person = await registerUser(t)
    const owner = await registerUser(t)
    const invitedOrg = await createOrg(owner, { name: 'Invited Org' })
    const removedOrg = await createOrg(owner, { name: 'Removed Org' })
    await t.db.insert(memberships).values([
      { orgId: invitedOrg, userId: person.user.id, name: 'P', role: 'BASIC', status: 'invited' },
      { orgId: removedOrg, userId: person.user.id, name: 'P', role: 'BASIC', status: 'removed' },
    ])
    expect((await person.client.get('/v1/auth/me')).json.orgs).toEqual([])
  })

  test('is one query (session, person, organisations and venues), however many organisations', async () => {
    const one = await registerUser(t)
    await createVenue(one, await createOrg(one), { name: 'V' })
    const many = await registerUser(t)
    for (let i = 0; i < 4; i++) {
      const orgId = await createOrg(many, { name: `Org ${i}` })
      await createVenue(many, orgId, { name: `V${i}a` })
      await createVenue(many, orgId, { name: `V${i}b` })
    }
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
    const spy = vi.spyOn(client, 'query')
    try {
      const count = async (who: typeof one) => {
        spy.mockClear()
        const res = await who.client.get('/v1/auth/me')
        expect(res.status).toBe(200)
        return { n: spy.mock.calls.length, orgs: res.json.orgs as { venues: unknown[] }[] }
      }
      const a = await count(one)
      const b = await count(many)
      expect(a.orgs).toHaveLength(1)
      expect(b.orgs).toHaveLength(4)
      expect(b.orgs.every((o) => o.venues.length === 2)).toBe(true)
      expect(a.n).toBe(1)
      expect(b.n).toBe(1)
    } finally {
      spy.mockRestore()
    }
  })

  test('organisation names sort case-insensitively', async () => {
    const { client } = await registerUser(t)
    for (const name of ['bravo', 'Alpha', 'charlie']) await createOrg({ client }, { name })
    expect((await client.get('/v1/auth/me')).json.orgs.map((o: { name: string }) => o.name)).toEqual(['Alpha', 'bravo', 'charlie'])
  })
})

describe('listOrgsForUser', () => {
  /** Count the SELECT statements a function issues. */
  async function countSelects<T>(fn: (db: Db) => Promise<T>): Promise<{ selects: number; result: T }> {
    let selects = 0
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'select') selects++
        return Reflect.get(target, prop, receiver)
      },
    })
    const result = await fn(db)
    return { selects, result }
  }

  test('a constant number of queries, however many organisations', async () => {
    const one = await registerUser(t)
    const oneOrg = await createOrg(one)
    await createVenue(one, oneOrg, { name: 'V' })
    const many = await registerUser(t)
    for (let i = 0; i < 6; i++) {
      const orgId = await createOrg(many, { name: `Org ${i}` })
      await createVenue(many, orgId, { name: `V${i}a` })
      await createVenue(many, orgId, { name: `V${i}b` })
    }
    const a = await countSelects((db) => listOrgsForUser(db, one.user.id))
    const b = await countSelects((db) => listOrgsForUser(db, many.user.id))
    expect(a.result).toHaveLength(1)
    expect(b.result).toHaveLength(6)
    expect(b.result.every((o) => o.venues.length === 2)).toBe(true)
    expect(a.selects).toBe(1)
    expect(b.selects).toBe(a.selects)
    const none = await registerUser(t)
    expect((await countSelects((db) => listOrgsForUser(db, none.user.id))).result).toEqual([])
  })
})
