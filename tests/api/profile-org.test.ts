import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { generateUnusedPin, isValidPin, pinDigest, pinDigestInUse } from '../../server/auth/pin.ts'
import { isUniqueViolation } from '../../server/db/errors.ts'
import { appSettings, memberships } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { addMember, createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const membership = async (id: string) => (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]!

describe('GET /v1/orgs/:orgId/profile', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('each member reads their own membership', async () => {
    for (const [actor, role, name, venueIds] of [
      [o.owner, 'OWNER', 'Olivia Owner', []],
      [o.admin, 'ADMIN', 'Adam Admin', []],
      [o.basic, 'BASIC', 'Bea Basic', []],
      [o.basicLimited, 'BASIC', 'Lia Limited', [o.venueB]],
    ] as const) {
      const r = await actor.client.get(`/v1/orgs/${o.orgId}/profile`)
      expect(r.status, r.text).toBe(200)
      expect(r.json).toEqual({ profile: { membershipId: actor.membershipId, name, role, venueIds, hasPin: false } })
    }
  })

  test('401 signed out; 404 for another organisation’s member, unknown and malformed ids', async () => {
    expectError(await o.anonymous.get(`/v1/orgs/${o.orgId}/profile`), 'UnauthorizedError')
    expectError(await o.outsider.client.get(`/v1/orgs/${o.orgId}/profile`), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${randomUUID()}/profile`), 'NotFoundError')
    expectError(await o.owner.client.get('/v1/orgs/zzz/profile'), 'NotFoundError')
  })

  test('the same user has a separate profile in each organisation', async () => {
    await t.db.insert(memberships).values({ orgId: o.outsider.orgId, userId: o.basic.user.id, name: 'Bea Elsewhere', role: 'ADMIN', status: 'active' })
    expect((await o.basic.client.get(`/v1/orgs/${o.outsider.orgId}/profile`)).json.profile).toMatchObject({ name: 'Bea Elsewhere', role: 'ADMIN' })
    expect((await o.basic.client.get(`/v1/orgs/${o.orgId}/profile`)).json.profile).toMatchObject({ name: 'Bea Basic', role: 'BASIC' })
  })
})

describe('PUT /v1/orgs/:orgId/profile', () => {
  test('a member changes their name (trimmed); only their own membership changes', async () => {
    const o = await createOrgWithActors(t)
    const r = await o.basic.client.put(`/v1/orgs/${o.orgId}/profile`, { name: '  Bea B.  ' })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ profile: { membershipId: o.basic.membershipId, name: 'Bea B.', role: 'BASIC', venueIds: [], hasPin: false } })
    expect((await membership(o.basic.membershipId)).name).toBe('Bea B.')
    expect((await membership(o.admin.membershipId)).name).toBe('Adam Admin')
    // The account name is not the membership name.
    expect((await o.basic.client.get('/v1/profile')).json.profile.name).toBe('Bea Basic')
  })

  test('sets a PIN: stored only as the keyed digest; hasPin becomes true; the PIN can be changed', async () => {
    const o = await createOrgWithActors(t)
    const r = await o.owner.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '4821' })
    expect(r.status, r.text).toBe(200)
    expect(r.json.profile).toMatchObject({ membershipId: o.owner.membershipId, hasPin: true })
    expect(r.text).not.toContain('4821')
    const row = await membership(o.owner.membershipId)
    expect(row.pinDigest).toMatch(/^[0-9a-f]{64}$/)
    expect(row.pinDigest).toBe(await pinDigest(t.db, o.orgId, '4821'))
    expect((await o.owner.client.get(`/v1/orgs/${o.orgId}/profile`)).json.profile.hasPin).toBe(true)
    // Setting the same PIN again is not a clash with oneself; a 6-digit PIN works.
    expect((await o.owner.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '4821' })).status).toBe(200)
    expect((await o.owner.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '009911', name: 'Liv' })).json.profile).toMatchObject({
      name: 'Liv',
      hasPin: true,
    })
    expect((await membership(o.owner.membershipId)).pinDigest).toBe(await pinDigest(t.db, o.orgId, '009911'))
  })

  test('PIN format: 4 to 6 digits, as a string → data.pin', async () => {
    const o = await createOrgWithActors(t)
    for (const pin of ['123', '1234567', 'abcd', '12a4', ' 1234', '12 34', '', '١٢٣٤']) {
      const data = expectError(await o.basic.client.put(`/v1/orgs/${o.orgId}/profile`, { pin }), 'ValidationError', { data: ['pin'] })
      expect(data!.pin).toBe('Use 4 to 6 digits')
    }
    for (const pin of [1234, null, true]) {
      expectError(await o.basic.client.put(`/v1/orgs/${o.orgId}/profile`, { pin }), 'ValidationError', { data: ['pin'] })
    }
    const es = await inSpanish(o.basic.client, () => o.basic.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '12' }))
    expect(expectError(es, 'ValidationError', { data: ['pin'] })!.pin).toBe('Usa de 4 a 6 dígitos')
    expect((await membership(o.basic.membershipId)).pinDigest).toBeNull()
  })

  test('a PIN used by another member of the organisation → data.pin; nothing changes', async () => {
    const o = await createOrgWithActors(t)
    expect((await o.admin.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '5555' })).status).toBe(200)
    const r = await o.basic.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '5555', name: 'Changed' })
    expect(expectError(r, 'ValidationError', { data: ['pin'] })!.pin).toBe('This PIN is already in use')
    const es = await inSpanish(o.basic.client, () => o.basic.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '5555' }))
    expect(expectError(es, 'ValidationError', { data: ['pin'] })!.pin).toBe('Este PIN ya está en uso')
    const row = await membership(o.basic.membershipId)
    expect(row).toMatchObject({ name: 'Bea Basic', pinDigest: null })
  })

  test('the same PIN is free in another organisation, and once its holder is removed', async () => {
    const o = await createOrgWithActors(t)
    expect((await o.admin.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '7777' })).status).toBe(200)
    expect((await o.outsider.client.put(`/v1/orgs/${o.outsider.orgId}/profile`, { pin: '7777' })).status).toBe(200)
    expect((await membership(o.outsider.membershipId)).pinDigest).not.toBe((await membership(o.admin.membershipId)).pinDigest)
    await t.db.update(memberships).set({ status: 'removed' }).where(eq(memberships.id, o.admin.membershipId))
    expect((await o.basic.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '7777' })).status).toBe(200)
  })

  test('two members choosing the same PIN at once: one wins, the other gets data.pin (never a 500)', async () => {
    const o = await createOrgWithActors(t)
    const results = await Promise.all(
      [o.basic, o.basicLimited, o.admin].map((a) => a.client.put(`/v1/orgs/${o.orgId}/profile`, { pin: '246810' })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400])
    for (const r of results.filter((x) => x.status === 400)) {
      expect(expectError(r, 'ValidationError', { data: ['pin'] })!.pin).toBe('This PIN is already in use')
    }
  })

  test('validation of name and unknown fields (role, venueIds cannot be changed here)', async () => {
    const o = await createOrgWithActors(t)
    const url = `/v1/orgs/${o.orgId}/profile`
    expect(expectError(await o.basic.client.put(url, { name: ' ' }), 'ValidationError', { data: ['name'] })!.name).toBe('This field is required')
    expectError(await o.basic.client.put(url, { name: 'x'.repeat(101) }), 'ValidationError', { data: ['name'] })
    expect(expectError(await o.basic.client.put(url, { role: 'OWNER', venueIds: [] }), 'ValidationError', { data: ['role', 'venueIds'] })).toEqual({
      role: 'Unknown field',
      venueIds: 'Unknown field',
    })
    expectError(await o.basic.client.put(url, 'pin=1234', { 'content-type': 'application/x-www-form-urlencoded' }), 'BadRequestError', {
      message: null,
    })
    expect(await membership(o.basic.membershipId)).toMatchObject({ name: 'Bea Basic', role: 'BASIC', venueIds: [] })
  })

  test('401 signed out; 404 for another organisation’s member', async () => {
    const o = await createOrgWithActors(t)
    expectError(await o.anonymous.put(`/v1/orgs/${o.orgId}/profile`, { name: 'X' }), 'UnauthorizedError')
    expectError(await o.outsider.client.put(`/v1/orgs/${o.orgId}/profile`, { name: 'X' }), 'NotFoundError')
    expect((await membership(o.outsider.membershipId)).name).toBe('Oscar Outsider')
  })
})

describe('server/auth/pin.ts', () => {
  test('isValidPin', () => {
    for (const ok of ['0000', '1234', '12345', '999999']) expect(isValidPin(ok)).toBe(true)
    for (const bad of ['', '123', '1234567', 'abcd', '12.4', '1234\n', ' 1234']) expect(isValidPin(bad)).toBe(false)
  })

  test('the digest is stable, depends on the organisation, and its key is generated once', async () => {
    const org1 = randomUUID()
    const org2 = randomUUID()
    const a = await pinDigest(t.db, org1, '1234')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(await pinDigest(t.db, org1, '1234')).toBe(a)
    expect(await pinDigest(t.db, org2, '1234')).not.toBe(a)
    expect(await pinDigest(t.db, org1, '1235')).not.toBe(a)
    const keys = await t.db.select().from(appSettings).where(eq(appSettings.key, 'pin_key'))
    expect(keys).toHaveLength(1)
    expect(Buffer.from(keys[0]!.value, 'base64')).toHaveLength(32)
  })

  test('generateUnusedPin gives a 4-digit PIN no active member of the organisation uses', async () => {
    const o = await createOrgWithActors(t)
    for (let i = 0; i < 5; i++) {
      const pin = await generateUnusedPin(t.db, o.orgId)
      expect(pin).toMatch(/^\d{4}$/)
      expect(await pinDigestInUse(t.db, o.orgId, await pinDigest(t.db, o.orgId, pin))).toBe(false)
      const m = await addMember(t, o.orgId, 'BASIC')
      await t.db.update(memberships).set({ pinDigest: await pinDigest(t.db, o.orgId, pin) }).where(eq(memberships.id, m.membershipId))
      expect(await pinDigestInUse(t.db, o.orgId, await pinDigest(t.db, o.orgId, pin))).toBe(true)
      expect(await pinDigestInUse(t.db, o.orgId, await pinDigest(t.db, o.orgId, pin), m.membershipId)).toBe(false)
    }
  })

  test('the unique index guards PINs, and its violation is recognised (what the route maps to data.pin)', async () => {
    const o = await createOrgWithActors(t)
    const digest = await pinDigest(t.db, o.orgId, '1357')
    await t.db.update(memberships).set({ pinDigest: digest }).where(eq(memberships.id, o.admin.membershipId))
    const error = await t.db
      .update(memberships)
      .set({ pinDigest: digest })
      .where(eq(memberships.id, o.basic.membershipId))
      .then(() => null, (e: unknown) => e)
    expect(error).not.toBeNull()
    expect(isUniqueViolation(error, 'memberships_org_pin_idx')).toBe(true)
    expect(isUniqueViolation(error, 'users_email_lower_idx')).toBe(false)
    expect(isUniqueViolation(new Error('other'))).toBe(false)
  })
})
