import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditEvents, memberships, organisations, users, venues } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrg, createOrgWithActors, createVenue, registerSuperAdmin, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish, registerUser } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const ORG_KEYS = ['id', 'name', 'timeZone', 'temperatureUnit', 'requirePinOnDevices', 'plan', 'role'].sort()

describe('POST /v1/orgs', () => {
  test('401 when signed out; nothing created', async () => {
    const before = await t.db.$count(organisations)
    expectError(await t.client().post('/v1/orgs', { name: 'Nope' }), 'UnauthorizedError')
    expect(await t.db.$count(organisations)).toBe(before)
  })

  test('201 with defaults; the creator becomes an active OWNER with their name and e-mail', async () => {
    const { client, user, email } = await registerUser(t, { name: 'Marta Chef' })
    const before = Date.now()
    const r = await client.post('/v1/orgs', { name: '  La Cocina  ' })
    expect(r.status, r.text).toBe(201)
    expect(Object.keys(r.json)).toEqual(['organisation'])
    const org = r.json.organisation
    expect(Object.keys(org).sort()).toEqual(ORG_KEYS)
    expect(org).toEqual({
      id: expect.any(String),
      name: 'La Cocina',
      timeZone: 'Europe/London',
      temperatureUnit: 'C',
      requirePinOnDevices: true,
      plan: 'free',
      role: 'OWNER',
    })
    const rows = await t.db.select().from(memberships).where(eq(memberships.orgId, org.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ userId: user.id, name: 'Marta Chef', email, role: 'OWNER', status: 'active', venueIds: [], pinDigest: null })
    expect(rows[0]!.joinedAt!.getTime()).toBeGreaterThanOrEqual(before - 5000)
    expect((await client.get(`/v1/orgs/${org.id}`)).json.organisation).toEqual(org)
  })

  test('time zone and temperature unit can be chosen; zone names are canonicalised', async () => {
    const { client } = await registerUser(t)
    const a = await client.post('/v1/orgs', { name: 'A', timeZone: 'America/New_York', temperatureUnit: 'F' })
    expect(a.status).toBe(201)
    expect(a.json.organisation).toMatchObject({ timeZone: 'America/New_York', temperatureUnit: 'F' })
    const b = await client.post('/v1/orgs', { name: 'B', timeZone: 'europe/madrid' })
    expect(b.json.organisation.timeZone).toBe('Europe/Madrid')
    const c = await client.post('/v1/orgs', { name: 'C', timeZone: 'UTC' })
    expect(c.json.organisation.timeZone).toBe('UTC')
  })

  test('a user may create several organisations', async () => {
    const { client } = await registerUser(t)
    await createOrg({ client }, { name: 'One' })
    await createOrg({ client }, { name: 'Two' })
    expect((await client.get('/v1/auth/me')).json.orgs.map((o: { name: string }) => o.name)).toEqual(['One', 'Two'])
  })

  test('name is required, not blank, at most 100 characters', async () => {
    const { client } = await registerUser(t)
    const before = await t.db.$count(organisations)
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }, { name: 12 }]) {
      const data = expectError(await client.post('/v1/orgs', body), 'ValidationError', { data: ['name'] })
      expect(data!.name).toBe('This field is required')
    }
    const long = await client.post('/v1/orgs', { name: 'x'.repeat(101) })
    expect(expectError(long, 'ValidationError', { data: ['name'] })!.name).toBe('Use at most 100 characters')
    expect(await t.db.$count(organisations)).toBe(before)
  })

  test('an invalid time zone → data.timeZone (English and Spanish)', async () => {
    const { client } = await registerUser(t)
    for (const timeZone of ['Mars/Olympus', '+01:00', '-05:00', 'Not a zone', 'x'.repeat(65)]) {
      const data = expectError(await client.post('/v1/orgs', { name: 'Zone', timeZone }), 'ValidationError', { data: ['timeZone'] })
      if (timeZone.length <= 64) expect(data!.timeZone).toBe('Choose a valid time zone')
    }
    expectError(await client.post('/v1/orgs', { name: 'Zone', timeZone: '' }), 'ValidationError', { data: ['timeZone'] })
    expectError(await client.post('/v1/orgs', { name: 'Zone', timeZone: 3 }), 'ValidationError', { data: ['timeZone'] })
    const es = await inSpanish(client, () => client.post('/v1/orgs', { name: 'Zone', timeZone: 'Mars/Olympus' }))
    expect(expectError(es, 'ValidationError', { data: ['timeZone'] })!.timeZone).toBe('Elige una zona horaria válida')
  })

  test('temperatureUnit must be C or F; unknown fields (plan, role) are refused', async () => {
    const { client } = await registerUser(t)
    for (const temperatureUnit of ['K', 'c', '', null]) {
      const data = expectError(await client.post('/v1/orgs', { name: 'U', temperatureUnit }), 'ValidationError', { data: ['temperatureUnit'] })
      expect(data!.temperatureUnit).toBe('Choose one of the options')
    }
    const data = expectError(await client.post('/v1/orgs', { name: 'U', plan: 'pro', role: 'ADMIN' }), 'ValidationError', {
      data: ['plan', 'role'],
    })
    expect(data).toEqual({ plan: 'Unknown field', role: 'Unknown field' })
  })

  test('not JSON → 400 BadRequestError', async () => {
    const { client } = await registerUser(t)
    expectError(await client.post('/v1/orgs', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }), 'BadRequestError', {
      message: null,
    })
    expectError(await client.post('/v1/orgs', '{bad', { 'content-type': 'application/json' }), 'BadRequestError', { message: null })
  })
})

describe('GET /v1/orgs/:orgId', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('every member reads it, with their own role', async () => {
    for (const [actor, role] of [
      [o.owner, 'OWNER'],
      [o.admin, 'ADMIN'],
      [o.basic, 'BASIC'],
      [o.basicLimited, 'BASIC'],
    ] as const) {
      const r = await actor.client.get(`/v1/orgs/${o.orgId}`)
      expect(r.status, r.text).toBe(200)
      expect(r.json).toEqual({
        organisation: {
          id: o.orgId,
          name: 'Test Kitchen',
          timeZone: 'Europe/Madrid',
          temperatureUnit: 'C',
          requirePinOnDevices: true,
          plan: 'pro',
          role,
        },
      })
    }
  })

  test('401 signed out', async () => {
    expectError(await o.anonymous.get(`/v1/orgs/${o.orgId}`), 'UnauthorizedError')
  })

  test('404 for a member of another organisation, an unknown id and a malformed id', async () => {
    expectError(await o.outsider.client.get(`/v1/orgs/${o.orgId}`), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${o.outsider.orgId}`), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${randomUUID()}`), 'NotFoundError')
    expectError(await o.owner.client.get('/v1/orgs/not-a-uuid'), 'NotFoundError')
  })

  test('404 for a removed or invited membership', async () => {
    const removed = await registerUser(t)
    const invited = await registerUser(t)
    await t.db.insert(memberships).values([
      { orgId: o.orgId, userId: removed.user.id, name: 'R', role: 'ADMIN', status: 'removed' },
      { orgId: o.orgId, userId: invited.user.id, name: 'I', role: 'ADMIN', status: 'invited' },
    ])
    expectError(await removed.client.get(`/v1/orgs/${o.orgId}`), 'NotFoundError')
    expectError(await invited.client.get(`/v1/orgs/${o.orgId}`), 'NotFoundError')
  })
})

describe('PUT /v1/orgs/:orgId', () => {
  test('the OWNER changes each field; GET reflects it', async () => {
    const o = await createOrgWithActors(t)
    const r = await o.owner.client.put(`/v1/orgs/${o.orgId}`, {
      name: ' New Name ',
      timeZone: 'Asia/Tokyo',
      temperatureUnit: 'F',
      requirePinOnDevices: false,
    })
    expect(r.status, r.text).toBe(200)
    expect(r.json.organisation).toEqual({
      id: o.orgId,
      name: 'New Name',
      timeZone: 'Asia/Tokyo',
      temperatureUnit: 'F',
      requirePinOnDevices: false,
      plan: 'pro',
      role: 'OWNER',
    })
    expect((await o.basic.client.get(`/v1/orgs/${o.orgId}`)).json.organisation).toMatchObject({ name: 'New Name', role: 'BASIC' })
    // One field at a time leaves the others alone.
    const one = await o.owner.client.put(`/v1/orgs/${o.orgId}`, { requirePinOnDevices: true })
    expect(one.json.organisation).toMatchObject({ name: 'New Name', timeZone: 'Asia/Tokyo', temperatureUnit: 'F', requirePinOnDevices: true })
    const empty = await o.owner.client.put(`/v1/orgs/${o.orgId}`, {})
    expect(empty.status).toBe(200)
    expect(empty.json.organisation).toEqual(one.json.organisation)
  })

  test('ADMIN and BASIC → 403; nothing changes', async () => {
    const o = await createOrgWithActors(t)
    for (const actor of [o.admin, o.basic, o.basicLimited]) {
      expectError(await actor.client.put(`/v1/orgs/${o.orgId}`, { name: 'Hijacked' }), 'ForbiddenError')
    }
    // Permission is checked before the body: an invalid body from an ADMIN is still 403.
    expectError(await o.admin.client.put(`/v1/orgs/${o.orgId}`, { name: '' }), 'ForbiddenError')
    expect((await o.owner.client.get(`/v1/orgs/${o.orgId}`)).json.organisation.name).toBe('Test Kitchen')
  })

  test('401 signed out, 404 for another organisation’s owner; nothing changes', async () => {
    const o = await createOrgWithActors(t)
    expectError(await o.anonymous.put(`/v1/orgs/${o.orgId}`, { name: 'X' }), 'UnauthorizedError')
    expectError(await o.outsider.client.put(`/v1/orgs/${o.orgId}`, { name: 'X' }), 'NotFoundError')
    expectError(await o.owner.client.put(`/v1/orgs/${randomUUID()}`, { name: 'X' }), 'NotFoundError')
    expect((await o.owner.client.get(`/v1/orgs/${o.orgId}`)).json.organisation.name).toBe('Test Kitchen')
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}`)).json.organisation.name).toBe('Other Bistro')
  })

  test('validation: name, timeZone, temperatureUnit, requirePinOnDevices, unknown fields', async () => {
    const o = await createOrgWithActors(t)
    const url = `/v1/orgs/${o.orgId}`
    expect(expectError(await o.owner.client.put(url, { name: '  ' }), 'ValidationError', { data: ['name'] })!.name).toBe(
      'This field is required',
    )
    expectError(await o.owner.client.put(url, { name: 'y'.repeat(101) }), 'ValidationError', { data: ['name'] })
    expect(expectError(await o.owner.client.put(url, { timeZone: 'Europe/Atlantis' }), 'ValidationError', { data: ['timeZone'] })!.timeZone).toBe(
      'Choose a valid time zone',
    )
    expectError(await o.owner.client.put(url, { temperatureUnit: 'K' }), 'ValidationError', { data: ['temperatureUnit'] })
    expectError(await o.owner.client.put(url, { requirePinOnDevices: 'yes' }), 'ValidationError', { data: ['requirePinOnDevices'] })
    expect(expectError(await o.owner.client.put(url, { plan: 'pro', id: randomUUID() }), 'ValidationError', { data: ['plan', 'id'] })).toEqual({
      plan: 'Unknown field',
      id: 'Unknown field',
    })
    const all = await o.owner.client.put(url, { name: '', timeZone: 'x', temperatureUnit: 1, requirePinOnDevices: null })
    expectError(all, 'ValidationError', { data: ['name', 'timeZone', 'temperatureUnit', 'requirePinOnDevices'] })
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, o.orgId))
    expect(row).toMatchObject({ name: 'Test Kitchen', timeZone: 'Europe/Madrid', temperatureUnit: 'C', requirePinOnDevices: true, plan: 'pro' })
  })
})

describe('DELETE /v1/orgs/:orgId', () => {
  test('ADMIN and BASIC → 403, another organisation’s owner → 404, signed out → 401; the organisation stays', async () => {
    const o = await createOrgWithActors(t)
    for (const actor of [o.admin, o.basic, o.basicLimited]) {
      expectError(await actor.client.del(`/v1/orgs/${o.orgId}`), 'ForbiddenError')
    }
    expectError(await o.outsider.client.del(`/v1/orgs/${o.orgId}`), 'NotFoundError')
    expectError(await o.anonymous.del(`/v1/orgs/${o.orgId}`), 'UnauthorizedError')
    expect((await o.owner.client.get(`/v1/orgs/${o.orgId}`)).status).toBe(200)
    expect(await t.db.$count(venues, eq(venues.orgId, o.orgId))).toBe(2)
  })

  test('the OWNER deletes it: its venues, memberships and audit events go; another organisation’s data and every account stay', async () => {
    const o = await createOrgWithActors(t)
    const admin = await registerSuperAdmin(t)
    // Audit events for both organisations (super-admin reads).
    expect((await admin.client.get(`/v1/orgs/${o.orgId}`)).status).toBe(200)
    expect((await admin.client.get(`/v1/orgs/${o.outsider.orgId}`)).status).toBe(200)
    // The outsider is also a member here, so their other organisation must survive untouched.
    await t.db.insert(memberships).values({ orgId: o.orgId, userId: o.outsider.user.id, name: 'Oscar', role: 'BASIC', status: 'active' })
    const outsiderMembers = await t.db.$count(memberships, eq(memberships.orgId, o.outsider.orgId))

    const r = await o.owner.client.del(`/v1/orgs/${o.orgId}`)
    expect(r.status).toBe(204)
    expect(r.text).toBe('')

    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}`), 'NotFoundError')
    expectError(await o.basic.client.get(`/v1/orgs/${o.orgId}/venues`), 'NotFoundError')
    expectError(await o.owner.client.del(`/v1/orgs/${o.orgId}`), 'NotFoundError')
    expect(await t.db.$count(organisations, eq(organisations.id, o.orgId))).toBe(0)
    expect(await t.db.$count(venues, eq(venues.orgId, o.orgId))).toBe(0)
    expect(await t.db.$count(memberships, eq(memberships.orgId, o.orgId))).toBe(0)
    expect(await t.db.$count(auditEvents, eq(auditEvents.orgId, o.orgId))).toBe(0)

    // The other organisation is intact.
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}`)).json.organisation.name).toBe('Other Bistro')
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/venues`)).json.venues.map((v: { id: string }) => v.id)).toEqual([
      o.outsider.venueId,
    ])
    expect(await t.db.$count(memberships, eq(memberships.orgId, o.outsider.orgId))).toBe(outsiderMembers)
    expect(await t.db.$count(auditEvents, eq(auditEvents.orgId, o.outsider.orgId))).toBe(1)

    // Accounts survive; /me no longer lists the organisation.
    for (const actor of [o.owner, o.admin, o.basic, o.basicLimited, o.outsider]) {
      expect(await t.db.$count(users, eq(users.id, actor.user.id))).toBe(1)
    }
    expect((await o.owner.client.get('/v1/auth/me')).json.orgs).toEqual([])
    expect((await o.outsider.client.get('/v1/auth/me')).json.orgs.map((x: { id: string }) => x.id)).toEqual([o.outsider.orgId])
  })
})

describe('super admin (not a member)', () => {
  test('reads the organisation and its venues and onboarding, each read audited; writes → 403', async () => {
    const o = await createOrgWithActors(t)
    const sa = await registerSuperAdmin(t)
    const auditCount = () =>
      t.db.$count(auditEvents, and(eq(auditEvents.orgId, o.orgId), eq(auditEvents.userId, sa.user.id), eq(auditEvents.action, 'superadmin.read')))

    const org = await sa.client.get(`/v1/orgs/${o.orgId}`)
    expect(org.status, org.text).toBe(200)
    expect(org.json.organisation).toMatchObject({ id: o.orgId, name: 'Test Kitchen' })
    const list = await sa.client.get(`/v1/orgs/${o.orgId}/venues`)
    expect(list.json.venues.map((v: { id: string }) => v.id)).toEqual([o.venueA, o.venueB])
    expect((await sa.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`)).json.venue.id).toBe(o.venueA)
    expect((await sa.client.get(`/v1/orgs/${o.orgId}/onboarding`)).status).toBe(200)
    expect(await auditCount()).toBe(4)
    const [last] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, sa.user.id))
      .orderBy(sql`${auditEvents.createdAt} desc`)
      .limit(1)
    expect(last!.target).toBe(`GET /v1/orgs/${o.orgId}/onboarding`)

    expectError(await sa.client.put(`/v1/orgs/${o.orgId}`, { name: 'Support was here' }), 'ForbiddenError')
    expectError(await sa.client.del(`/v1/orgs/${o.orgId}`), 'ForbiddenError')
    expectError(await sa.client.post(`/v1/orgs/${o.orgId}/venues`, { name: 'New' }), 'ForbiddenError')
    expectError(await sa.client.put(`/v1/orgs/${o.orgId}/venues/${o.venueA}`, { name: 'New' }), 'ForbiddenError')
    expectError(await sa.client.del(`/v1/orgs/${o.orgId}/venues/${o.venueA}`), 'ForbiddenError')
    expectError(await sa.client.post(`/v1/orgs/${o.orgId}/onboarding/hide`), 'ForbiddenError')
    expectError(await sa.client.put(`/v1/orgs/${o.orgId}/profile`, { name: 'X' }), 'ForbiddenError')
    // Not a member: no profile of its own in the organisation.
    expectError(await sa.client.get(`/v1/orgs/${o.orgId}/profile`), 'NotFoundError')

    expect((await o.owner.client.get(`/v1/orgs/${o.orgId}`)).json.organisation.name).toBe('Test Kitchen')
    expect(await t.db.$count(venues, eq(venues.orgId, o.orgId))).toBe(2)
    // Unknown organisations stay 404 for a super admin too, and are not audited.
    expectError(await sa.client.get(`/v1/orgs/${randomUUID()}`), 'NotFoundError')
    // The super admin's own /me lists no organisation.
    expect((await sa.client.get('/v1/auth/me')).json.orgs).toEqual([])
  })

  test('a super admin who is also a member acts with their membership', async () => {
    const sa = await registerSuperAdmin(t)
    const orgId = await createOrg(sa, { name: 'Operator Cafe' })
    expect((await sa.client.put(`/v1/orgs/${orgId}`, { name: 'Renamed' })).status).toBe(200)
    expect(await createVenue(sa, orgId, { name: 'Shop' })).toBeTypeOf('string')
    expect(await t.db.$count(auditEvents, eq(auditEvents.orgId, orgId))).toBe(0)
  })
})
