import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clear } from '../../server/api/middleware/rate-limit.ts'
import { pinDigest, pinLimitKeys } from '../../server/auth/pin.ts'
import { queryRows } from '../../server/db/client.ts'
import { memberships, organisations } from '../../server/db/schema.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { linkFrom } from '../support/mailbox.ts'
import { addMember, newOrg, newUser } from '../support/staff-fixtures.ts'
import { expectError, inSpanish, mailsTo, waitForMailCount } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const INVITE_EN = /^.+ invited you to .+ on Mise$/
const INVITE_ES = /^.+ te ha invitado a .+ en Mise$/
const MEMBER_KEYS = ['email', 'hasAccount', 'hasPin', 'id', 'invitedAt', 'inviteExpiresAt', 'joinedAt', 'name', 'role', 'status', 'venueIds'].sort()
const NIL = '00000000-0000-4000-8000-000000000000'
const DAY = 24 * 60 * 60 * 1000

function expectMember(m: any) {
  expect(Object.keys(m).sort()).toEqual(MEMBER_KEYS)
  return m
}

async function memberRow(id: string) {
  const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id))
  return row
}

async function orgWithAdminAndBasic() {
  const org = await newOrg(t)
  const admin = await addMember(t, org.orgId, 'ADMIN', { name: 'Adam Admin' })
  const basic = await addMember(t, org.orgId, 'BASIC', { name: 'Bea Basic' })
  return { ...org, admin, basic }
}

describe('every staff route: signed out, non-member, other organisation', () => {
  test('401 when signed out', async () => {
    const org = await newOrg(t)
    const anon = t.client()
    const s = `${org.base}/staff`
    const id = org.owner.membershipId
    expectError(await anon.get(s), 'UnauthorizedError')
    expectError(await anon.post(s, { name: 'X', role: 'BASIC' }), 'UnauthorizedError')
    expectError(await anon.get(`${s}/${id}`), 'UnauthorizedError')
    expectError(await anon.put(`${s}/${id}`, { name: 'X' }), 'UnauthorizedError')
    expectError(await anon.del(`${s}/${id}`), 'UnauthorizedError')
    expectError(await anon.post(`${s}/${id}/resend-invite`), 'UnauthorizedError')
    expectError(await anon.post(`${s}/generate-pin`), 'UnauthorizedError')
  })

  test('404 for a signed-in user who is not a member, and for a malformed or unknown organisation id', async () => {
    const org = await newOrg(t)
    const stranger = await newUser(t)
    const s = `${org.base}/staff`
    const id = org.owner.membershipId
    expectError(await stranger.client.get(s), 'NotFoundError')
    expectError(await stranger.client.post(s, { name: 'X', role: 'BASIC' }), 'NotFoundError')
    expectError(await stranger.client.get(`${s}/${id}`), 'NotFoundError')
    expectError(await stranger.client.put(`${s}/${id}`, { name: 'X' }), 'NotFoundError')
    expectError(await stranger.client.del(`${s}/${id}`), 'NotFoundError')
    expectError(await stranger.client.post(`${s}/${id}/resend-invite`), 'NotFoundError')
    expectError(await stranger.client.post(`${s}/generate-pin`), 'NotFoundError')
    expectError(await org.owner.client.get('/v1/orgs/not-a-uuid/staff'), 'NotFoundError')
    expectError(await org.owner.client.get(`/v1/orgs/${NIL}/staff`), 'NotFoundError')
    expect((await memberRow(id))!.name).toBe('Olivia Owner')
  })

  test("404 for another organisation's staff id on every call, and nothing changes there", async () => {
    const a = await newOrg(t)
    const b = await orgWithAdminAndBasic()
    const inv = await b.owner.client.post(`${b.base}/staff`, { name: 'Ivy Invited', email: uniqueEmail('ivy'), role: 'BASIC' })
    expect(inv.status).toBe(201)
    const s = `${a.base}/staff`
    for (const id of [b.owner.membershipId, b.basic.membershipId, inv.json.member.id]) {
      expectError(await a.owner.client.get(`${s}/${id}`), 'NotFoundError')
      expectError(await a.owner.client.put(`${s}/${id}`, { name: 'Hijacked', role: 'BASIC' }), 'NotFoundError')
      expectError(await a.owner.client.del(`${s}/${id}`), 'NotFoundError')
      expectError(await a.owner.client.post(`${s}/${id}/resend-invite`), 'NotFoundError')
    }
    const list = await a.owner.client.get(s)
    expect(list.json.staff.map((m: any) => m.id)).toEqual([a.owner.membershipId])
    const rows = await t.db.select().from(memberships).where(eq(memberships.orgId, b.orgId))
    expect(rows).toHaveLength(4)
    for (const row of rows) {
      expect(row.name).not.toBe('Hijacked')
      expect(row.status).not.toBe('removed')
    }
  })

  test('404 for a malformed, unknown or removed staff id', async () => {
    const org = await orgWithAdminAndBasic()
    const c = org.owner.client
    for (const id of ['nope', NIL, "1' or '1'='1"]) {
      expectError(await c.get(`${org.base}/staff/${encodeURIComponent(id)}`), 'NotFoundError')
      expectError(await c.put(`${org.base}/staff/${encodeURIComponent(id)}`, { name: 'X' }), 'NotFoundError')
      expectError(await c.del(`${org.base}/staff/${encodeURIComponent(id)}`), 'NotFoundError')
      expectError(await c.post(`${org.base}/staff/${encodeURIComponent(id)}/resend-invite`), 'NotFoundError')
    }
    expect((await c.del(`${org.base}/staff/${org.basic.membershipId}`)).status).toBe(204)
    expectError(await c.get(`${org.base}/staff/${org.basic.membershipId}`), 'NotFoundError')
    expectError(await c.put(`${org.base}/staff/${org.basic.membershipId}`, { name: 'Back' }), 'NotFoundError')
    expectError(await c.del(`${org.base}/staff/${org.basic.membershipId}`), 'NotFoundError')
  })

  test('a BASIC member gets 403 on everything but generate-pin', async () => {
    const org = await orgWithAdminAndBasic()
    const c = org.basic.client
    const s = `${org.base}/staff`
    expectError(await c.get(s), 'ForbiddenError')
    expectError(await c.post(s, { name: 'X', role: 'BASIC' }), 'ForbiddenError')
    expectError(await c.post(s, { name: 'X', email: uniqueEmail(), role: 'BASIC' }), 'ForbiddenError')
    expectError(await c.get(`${s}/${org.admin.membershipId}`), 'ForbiddenError')
    expectError(await c.get(`${s}/${org.basic.membershipId}`), 'ForbiddenError')
    expectError(await c.put(`${s}/${org.basic.membershipId}`, { role: 'ADMIN' }), 'ForbiddenError')
    expectError(await c.put(`${s}/${org.admin.membershipId}`, { name: 'X' }), 'ForbiddenError')
    expectError(await c.del(`${s}/${org.admin.membershipId}`), 'ForbiddenError')
    expectError(await c.post(`${s}/${org.admin.membershipId}/resend-invite`), 'ForbiddenError')
    expect((await c.post(`${s}/generate-pin`)).status).toBe(200)
    expect((await memberRow(org.basic.membershipId))!.role).toBe('BASIC')
  })
})

describe('GET /staff', () => {
  test('lists invited and active members sorted by name, leaving out removed ones', async () => {
    const org = await orgWithAdminAndBasic()
    const c = org.owner.client
    const inv = await c.post(`${org.base}/staff`, { name: 'carla Invited', email: uniqueEmail('carla'), role: 'BASIC' })
    const pinOnly = await c.post(`${org.base}/staff`, { name: 'Zed Kitchen', role: 'BASIC' })
    const gone = await c.post(`${org.base}/staff`, { name: 'Gone Member', role: 'BASIC' })
    expect((await c.del(`${org.base}/staff/${gone.json.member.id}`)).status).toBe(204)
    const r = await c.get(`${org.base}/staff`)
    expect(r.status).toBe(200)
    expect(Object.keys(r.json)).toEqual(['staff'])
    expect(r.json.staff.map((m: any) => m.name)).toEqual(['Adam Admin', 'Bea Basic', 'carla Invited', 'Olivia Owner', 'Zed Kitchen'])
    r.json.staff.forEach(expectMember)
    const byId = new Map(r.json.staff.map((m: any) => [m.id, m]))
    expect(byId.get(org.owner.membershipId)).toMatchObject({ role: 'OWNER', status: 'active', hasAccount: true, email: org.owner.email, inviteExpiresAt: null })
    expect(byId.get(inv.json.member.id)).toMatchObject({ status: 'invited', hasAccount: false, hasPin: false, joinedAt: null })
    expect(byId.get(pinOnly.json.member.id)).toMatchObject({ status: 'active', hasAccount: false, hasPin: true, email: null })
  })

  test('an ADMIN may list and read members', async () => {
    const org = await orgWithAdminAndBasic()
    expect((await org.admin.client.get(`${org.base}/staff`)).json.staff).toHaveLength(3)
    const one = await org.admin.client.get(`${org.base}/staff/${org.owner.membershipId}`)
    expect(one.status).toBe(200)
    expect(Object.keys(one.json)).toEqual(['member'])
    expectMember(one.json.member)
    expect(one.json.member).toMatchObject({ id: org.owner.membershipId, name: 'Olivia Owner', role: 'OWNER', venueIds: [] })
  })
})

describe('POST /staff — invitations by e-mail', () => {
  test('201: an invited member, and an e-mail over SMTP with a 7-day /invite link', async () => {
    const org = await newOrg(t)
    const email = uniqueEmail('invitee')
    const before = Date.now()
    const r = await org.owner.client.post(`${org.base}/staff`, { name: '  Ivy Cook ', email, role: 'BASIC', venueIds: [org.venueIds[0]] })
    expect(r.status, r.text).toBe(201)
    expect(Object.keys(r.json)).toEqual(['member'])
    const m = expectMember(r.json.member)
    expect(m).toMatchObject({ name: 'Ivy Cook', email, role: 'BASIC', venueIds: [org.venueIds[0]], status: 'invited', hasPin: false, hasAccount: false, joinedAt: null })
    const expires = new Date(m.inviteExpiresAt).getTime()
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000)
    expect(new Date(m.invitedAt).getTime()).toBeGreaterThanOrEqual(before - 1000)

    const mail = await t.mailbox.waitFor(email, INVITE_EN)
    expect(mail.subject).toBe('Olivia Owner invited you to Bistro Group on Mise')
    expect(mail.text).toContain('Hello Ivy Cook,')
    expect(mail.text).toContain('7 days')
    const link = linkFrom(mail, '/invite')
    expect(link.origin).toBe('http://localhost:3999')
    expect(link.searchParams.get('id')).toBe(m.id)
    const token = link.searchParams.get('token')!
    expect(token.length).toBeGreaterThanOrEqual(40)
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'))

    // Only a hash of the token is stored.
    const row = await memberRow(m.id)
    expect(row!.inviteTokenHash).not.toContain(token)
    expect(row!.inviteTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.invitedBy).toBe(org.owner.membershipId)
    expect(row!.userId).toBeNull()
  })

  test("the e-mail is in the inviter's saved language when the invitee has no account", async () => {
    const org = await newOrg(t, { name: 'Casa Pepe' })
    const email = uniqueEmail('es')
    const r = await inSpanish(org.owner.client, () => org.owner.client.post(`${org.base}/staff`, { name: 'Lucía', email, role: 'ADMIN' }))
    expect(r.status).toBe(201)
    const mail = await t.mailbox.waitFor(email, INVITE_ES)
    expect(mail.subject).toBe('Olivia Owner te ha invitado a Casa Pepe en Mise')
    expect(mail.text).toContain('Hola, Lucía:')
    expect(mail.text).toContain('7 días')
    expect(linkFrom(mail, '/invite').searchParams.get('id')).toBe(r.json.member.id)
  })

  test("the inviter's cookie and browser do not choose the language; an invitee with an account gets their own", async () => {
    const org = await newOrg(t, { name: 'Casa Pepe' })
    // English inviter on a Spanish browser: the invitee without an account gets English.
    const stranger = uniqueEmail('stranger')
    org.owner.client.jar.set('mise_lng', 'es')
    try {
      const r = await org.owner.client.post(`${org.base}/staff`, { name: 'Sam', email: stranger, role: 'BASIC' }, { 'accept-language': 'es' })
      expect(r.status, r.text).toBe(201)
    } finally {
      org.owner.client.jar.delete('mise_lng')
    }
    expect((await t.mailbox.waitFor(stranger, INVITE_EN)).subject).toBe('Olivia Owner invited you to Casa Pepe on Mise')
    // Someone who already has a Spanish account gets Spanish from the same English inviter.
    const lucia = await newUser(t, { name: 'Lucía', locale: 'es' })
    const r = await org.owner.client.post(`${org.base}/staff`, { name: 'Lucía', email: lucia.email, role: 'BASIC' })
    expect(r.status, r.text).toBe(201)
    const mail = await t.mailbox.waitFor(lucia.email, INVITE_ES)
    expect(mail.subject).toBe('Olivia Owner te ha invitado a Casa Pepe en Mise')
    // A re-send follows the same rule.
    expect((await org.owner.client.post(`${org.base}/staff/${r.json.member.id}/resend-invite`)).status).toBeLessThan(300)
    await waitForMailCount(t, lucia.email, INVITE_ES, 2)
  })

  test('an ADMIN invites BASIC and ADMIN members but not an OWNER; an OWNER may invite an OWNER', async () => {
    const org = await orgWithAdminAndBasic()
    const s = `${org.base}/staff`
    expect((await org.admin.client.post(s, { name: 'B', email: uniqueEmail(), role: 'BASIC' })).status).toBe(201)
    expect((await org.admin.client.post(s, { name: 'A', email: uniqueEmail(), role: 'ADMIN' })).status).toBe(201)
    const email = uniqueEmail('owner2')
    expectError(await org.admin.client.post(s, { name: 'O', email, role: 'OWNER' }), 'ForbiddenError', { message: 'Only an owner can manage owners.' })
    expect(mailsTo(t, email, INVITE_EN)).toHaveLength(0)
    const o = await org.owner.client.post(s, { name: 'O', email, role: 'OWNER' })
    expect(o.status).toBe(201)
    expect(o.json.member.role).toBe('OWNER')
  })

  test('403 with a message when the inviter has not verified their address; nothing is created or sent', async () => {
    const org = await newOrg(t, { ownerVerified: false })
    const email = uniqueEmail('unsent')
    const r = await org.owner.client.post(`${org.base}/staff`, { name: 'Ivy', email, role: 'BASIC' })
    expectError(r, 'ForbiddenError', { message: 'Verify your e-mail address before inviting staff.' })
    const es = await inSpanish(org.owner.client, () => org.owner.client.post(`${org.base}/staff`, { name: 'Ivy', email, role: 'BASIC' }))
    expectError(es, 'ForbiddenError', { message: 'Verifica tu dirección de correo antes de invitar a personal.' })
    const rows = await t.db.select().from(memberships).where(eq(memberships.orgId, org.orgId))
    expect(rows).toHaveLength(1)
    await new Promise((r) => setTimeout(r, 200))
    expect(mailsTo(t, email, /./)).toHaveLength(0)
    // A PIN-only member needs no e-mail, so no verified address either.
    expect((await org.owner.client.post(`${org.base}/staff`, { name: 'Kitchen', role: 'BASIC' })).status).toBe(201)
  })

  test('ValidationError data.email for an address already invited or active in the organisation (any case)', async () => {
    const org = await orgWithAdminAndBasic()
    const s = `${org.base}/staff`
    const email = uniqueEmail('dup')
    expect((await org.owner.client.post(s, { name: 'One', email, role: 'BASIC' })).status).toBe(201)
    expectError(await org.owner.client.post(s, { name: 'Two', email: email.toUpperCase(), role: 'BASIC' }), 'ValidationError', { data: ['email'] })
    const active = await org.owner.client.post(s, { name: 'Bea again', email: org.basic.email, role: 'BASIC' })
    const data = expectError(active, 'ValidationError', { data: ['email'] })
    expect(data!.email).toBe('This address is already invited to or a member of this organisation.')
    // Another organisation may invite the same address.
    const other = await newOrg(t)
    expect((await other.owner.client.post(`${other.base}/staff`, { name: 'One', email, role: 'BASIC' })).status).toBe(201)
  })

  test('a removed member can be invited again', async () => {
    const org = await orgWithAdminAndBasic()
    expect((await org.owner.client.del(`${org.base}/staff/${org.basic.membershipId}`)).status).toBe(204)
    const r = await org.owner.client.post(`${org.base}/staff`, { name: 'Bea back', email: org.basic.email, role: 'BASIC' })
    expect(r.status).toBe(201)
    expect(r.json.member.id).not.toBe(org.basic.membershipId)
  })

  test('ValidationError for each bad field', async () => {
    const org = await newOrg(t)
    const c = org.owner.client
    const s = `${org.base}/staff`
    const other = await newOrg(t)
    const ok = { name: 'Ivy', email: uniqueEmail(), role: 'BASIC' }
    expectError(await c.post(s, {}), 'ValidationError', { data: ['name', 'role'] })
    expectError(await c.post(s, { ...ok, name: '   ' }), 'ValidationError', { data: ['name'] })
    expectError(await c.post(s, { ...ok, name: 'x'.repeat(101) }), 'ValidationError', { data: ['name'] })
    expectError(await c.post(s, { ...ok, email: 'not-an-address' }), 'ValidationError', { data: ['email'] })
    expectError(await c.post(s, { ...ok, role: 'CHEF' }), 'ValidationError', { data: ['role'] })
    expectError(await c.post(s, { ...ok, role: 'owner' }), 'ValidationError', { data: ['role'] })
    expectError(await c.post(s, { ...ok, venueIds: [other.venueIds[0]] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await c.post(s, { ...ok, venueIds: [org.venueIds[0], other.venueIds[0]] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await c.post(s, { ...ok, venueIds: ['nope'] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await c.post(s, { ...ok, venueIds: [NIL] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await c.post(s, { ...ok, venueIds: 'all' }), 'ValidationError', { data: ['venueIds'] })
    expectError(await c.post(s, { ...ok, pin: '12' }), 'ValidationError', { data: ['pin'] })
    expectError(await c.post(s, { ...ok, pin: '1234567' }), 'ValidationError', { data: ['pin'] })
    expectError(await c.post(s, { ...ok, pin: 'abcd' }), 'ValidationError', { data: ['pin'] })
    expectError(await c.post(s, { ...ok, pin: 1234 }), 'ValidationError', { data: ['pin'] })
    expectError(await c.post(s, { ...ok, status: 'active' }), 'ValidationError', { data: ['status'] })
    expectError(await c.post(s, 'not json'), 'BadRequestError', { message: 'Malformed JSON body' })
    const rows = await t.db.select().from(memberships).where(eq(memberships.orgId, org.orgId))
    expect(rows).toHaveLength(1)
    expect(mailsTo(t, ok.email, /./)).toHaveLength(0)
  })

  test('venueIds are de-duplicated; duplicates within one organisation do not matter', async () => {
    const org = await newOrg(t)
    const r = await org.owner.client.post(`${org.base}/staff`, {
      name: 'Ivy',
      email: uniqueEmail(),
      role: 'BASIC',
      venueIds: [org.venueIds[1], org.venueIds[1], org.venueIds[0]],
    })
    expect(r.status).toBe(201)
    expect([...r.json.member.venueIds].sort()).toEqual([...org.venueIds].sort())
  })
})

describe('POST /staff — PIN-only members', () => {
  test('without a PIN: one is generated and returned once', async () => {
    const org = await newOrg(t)
    const r = await org.owner.client.post(`${org.base}/staff`, { name: 'Kit Kitchen', role: 'BASIC', venueIds: [org.venueIds[1]] })
    expect(r.status, r.text).toBe(201)
    expect(Object.keys(r.json).sort()).toEqual(['member', 'pin'])
    expect(r.json.pin).toMatch(/^\d{4}$/)
    expectMember(r.json.member)
    expect(r.json.member).toMatchObject({ name: 'Kit Kitchen', email: null, role: 'BASIC', status: 'active', hasPin: true, hasAccount: false, invitedAt: null, inviteExpiresAt: null, venueIds: [org.venueIds[1]] })
    expect(r.json.member.joinedAt).toEqual(expect.any(String))
    const row = await memberRow(r.json.member.id)
    expect(row!.pinDigest).toBe(await pinDigest(t.db, org.orgId, r.json.pin))
    // Never shown again.
    const one = await org.owner.client.get(`${org.base}/staff/${r.json.member.id}`)
    expect(one.text).not.toContain(`"${r.json.pin}"`)
    expect(one.json.member).not.toHaveProperty('pin')
  })

  test('with a PIN: stored as a keyed digest and not echoed; an ADMIN member is allowed', async () => {
    const org = await newOrg(t)
    const r = await org.owner.client.post(`${org.base}/staff`, { name: 'Sous', role: 'ADMIN', pin: '482913' })
    expect(r.status).toBe(201)
    expect(Object.keys(r.json)).toEqual(['member'])
    expect(r.json.member).toMatchObject({ role: 'ADMIN', hasPin: true })
    const row = await memberRow(r.json.member.id)
    expect(row!.pinDigest).toBe(await pinDigest(t.db, org.orgId, '482913'))
    expect(row!.pinDigest).not.toContain('482913')
  })

  test('ValidationError data.pin for a PIN another member of the organisation uses; other organisations do not count', async () => {
    const org = await newOrg(t)
    const s = `${org.base}/staff`
    expect((await org.owner.client.post(s, { name: 'A', role: 'BASIC', pin: '2468' })).status).toBe(201)
    const data = expectError(await org.owner.client.post(s, { name: 'B', role: 'BASIC', pin: '2468' }), 'ValidationError', { data: ['pin'] })
    expect(data!.pin).toBe('This PIN is already in use')
    const es = await inSpanish(org.owner.client, () => org.owner.client.post(s, { name: 'B', role: 'BASIC', pin: '2468' }))
    expect(expectError(es, 'ValidationError', { data: ['pin'] })!.pin).toBe('Este PIN ya está en uso')
    // Also when inviting someone by e-mail with that PIN.
    expectError(await org.owner.client.post(s, { name: 'C', email: uniqueEmail(), role: 'BASIC', pin: '2468' }), 'ValidationError', { data: ['pin'] })
    const other = await newOrg(t)
    expect((await other.owner.client.post(`${other.base}/staff`, { name: 'A', role: 'BASIC', pin: '2468' })).status).toBe(201)
  })

  test('a removed member’s PIN is free again', async () => {
    const org = await newOrg(t)
    const s = `${org.base}/staff`
    const a = await org.owner.client.post(s, { name: 'A', role: 'BASIC', pin: '1357' })
    expect((await org.owner.client.del(`${s}/${a.json.member.id}`)).status).toBe(204)
    expect((await org.owner.client.post(s, { name: 'B', role: 'BASIC', pin: '1357' })).status).toBe(201)
  })

  test('a PIN-only member cannot be an OWNER (data.role); an ADMIN asking for that gets 403', async () => {
    const org = await orgWithAdminAndBasic()
    const s = `${org.base}/staff`
    const data = expectError(await org.owner.client.post(s, { name: 'K', role: 'OWNER' }), 'ValidationError', { data: ['role'] })
    expect(data!.role).toMatch(/Basic or Admin/)
    expectError(await org.admin.client.post(s, { name: 'K', role: 'OWNER' }), 'ForbiddenError', { message: 'Only an owner can manage owners.' })
    expect((await org.admin.client.post(s, { name: 'K', role: 'BASIC', email: null })).status).toBe(201)
  })
})

describe('PUT /staff/:staffId', () => {
  test('changes name, role, venues and PIN', async () => {
    const org = await orgWithAdminAndBasic()
    const url = `${org.base}/staff/${org.basic.membershipId}`
    const r = await org.owner.client.put(url, { name: ' Beatriz ', role: 'ADMIN', venueIds: [org.venueIds[0]], pin: '9012' })
    expect(r.status, r.text).toBe(200)
    expect(Object.keys(r.json)).toEqual(['member'])
    expectMember(r.json.member)
    expect(r.json.member).toMatchObject({ id: org.basic.membershipId, name: 'Beatriz', role: 'ADMIN', venueIds: [org.venueIds[0]], hasPin: true, status: 'active', email: org.basic.email })
    expect((await memberRow(org.basic.membershipId))!.pinDigest).toBe(await pinDigest(t.db, org.orgId, '9012'))
    // Back to every venue; a partial update leaves the rest alone.
    const all = await org.owner.client.put(url, { venueIds: [] })
    expect(all.json.member).toMatchObject({ name: 'Beatriz', role: 'ADMIN', venueIds: [], hasPin: true })
    // The changed role takes effect: now an ADMIN, Bea may list staff.
    expect((await org.basic.client.get(`${org.base}/staff`)).status).toBe(200)
    // Re-setting one's own PIN to the same value is not a clash with oneself.
    expect((await org.owner.client.put(url, { pin: '9012' })).status).toBe(200)
  })

  test('an invited member can be edited before they join', async () => {
    const org = await newOrg(t)
    const inv = await org.owner.client.post(`${org.base}/staff`, { name: 'Ivy', email: uniqueEmail(), role: 'BASIC' })
    const r = await org.owner.client.put(`${org.base}/staff/${inv.json.member.id}`, { role: 'ADMIN', name: 'Ivy Admin' })
    expect(r.status).toBe(200)
    expect(r.json.member).toMatchObject({ role: 'ADMIN', name: 'Ivy Admin', status: 'invited' })
  })

  test('ValidationError for each bad field, and nothing changes', async () => {
    const org = await orgWithAdminAndBasic()
    const other = await newOrg(t)
    const c = org.owner.client
    const url = `${org.base}/staff/${org.basic.membershipId}`
    expect((await c.put(`${org.base}/staff/${org.admin.membershipId}`, { pin: '7777' })).status).toBe(200)
    expectError(await c.put(url, { name: '' }), 'ValidationError', { data: ['name'] })
    expectError(await c.put(url, { role: 'BOSS' }), 'ValidationError', { data: ['role'] })
    expectError(await c.put(url, { venueIds: [other.venueIds[0]] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await c.put(url, { venueIds: ['x'] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await c.put(url, { pin: '12a4' }), 'ValidationError', { data: ['pin'] })
    expectError(await c.put(url, { pin: '7777' }), 'ValidationError', { data: ['pin'] })
    expectError(await c.put(url, { email: 'new@example.com' }), 'ValidationError', { data: ['email'] })
    expectError(await c.put(url, { status: 'removed' }), 'ValidationError', { data: ['status'] })
    const row = await memberRow(org.basic.membershipId)
    expect(row).toMatchObject({ name: 'Bea Basic', role: 'BASIC', venueIds: [], pinDigest: null, status: 'active' })
  })

  test('an ADMIN manages BASIC and ADMIN members', async () => {
    const org = await orgWithAdminAndBasic()
    const admin2 = await addMember(t, org.orgId, 'ADMIN', { name: 'Second Admin' })
    const s = `${org.base}/staff`
    expect((await org.admin.client.put(`${s}/${org.basic.membershipId}`, { role: 'ADMIN', venueIds: [org.venueIds[1]] })).status).toBe(200)
    expect((await org.admin.client.put(`${s}/${admin2.membershipId}`, { role: 'BASIC' })).status).toBe(200)
    expect((await memberRow(admin2.membershipId))!.role).toBe('BASIC')
    // Lowering one's own role is allowed.
    expect((await org.admin.client.put(`${s}/${org.admin.membershipId}`, { role: 'BASIC' })).status).toBe(200)
    expectError(await org.admin.client.get(s), 'ForbiddenError')
  })

  test('an ADMIN gets 403 editing an OWNER or giving the OWNER role', async () => {
    const org = await orgWithAdminAndBasic()
    const s = `${org.base}/staff`
    const msg = { message: 'Only an owner can manage owners.' }
    expectError(await org.admin.client.put(`${s}/${org.owner.membershipId}`, { name: 'Renamed' }), 'ForbiddenError', msg)
    expectError(await org.admin.client.put(`${s}/${org.owner.membershipId}`, { role: 'BASIC' }), 'ForbiddenError', msg)
    expectError(await org.admin.client.put(`${s}/${org.owner.membershipId}`, { pin: '4321' }), 'ForbiddenError', msg)
    expectError(await org.admin.client.put(`${s}/${org.basic.membershipId}`, { role: 'OWNER' }), 'ForbiddenError', msg)
    const es = await inSpanish(org.admin.client, () => org.admin.client.put(`${s}/${org.basic.membershipId}`, { role: 'OWNER' }))
    expectError(es, 'ForbiddenError', { message: 'Solo un propietario puede gestionar a los propietarios.' })
    expect(await memberRow(org.owner.membershipId)).toMatchObject({ name: 'Olivia Owner', role: 'OWNER', pinDigest: null })
    expect((await memberRow(org.basic.membershipId))!.role).toBe('BASIC')
  })

  test('no one raises their own role (403)', async () => {
    const org = await orgWithAdminAndBasic()
    const r = await org.admin.client.put(`${org.base}/staff/${org.admin.membershipId}`, { role: 'OWNER' })
    expectError(r, 'ForbiddenError', { message: 'You cannot raise your own role.' })
    expect((await memberRow(org.admin.membershipId))!.role).toBe('ADMIN')
    // Keeping one's role while changing other fields is fine.
    expect((await org.admin.client.put(`${org.base}/staff/${org.admin.membershipId}`, { role: 'ADMIN', name: 'Adam A.' })).status).toBe(200)
  })

  test('an OWNER promotes and demotes owners; the last active OWNER cannot be demoted', async () => {
    const org = await orgWithAdminAndBasic()
    const s = `${org.base}/staff`
    const self = `${s}/${org.owner.membershipId}`
    const last = await org.owner.client.put(self, { role: 'ADMIN' })
    expectError(last, 'ForbiddenError', { message: 'The organisation needs at least one owner: make someone else an owner first.' })
    expect((await memberRow(org.owner.membershipId))!.role).toBe('OWNER')
    // An invited OWNER does not count as an owner yet.
    expect((await org.owner.client.post(s, { name: 'Future owner', email: uniqueEmail(), role: 'OWNER' })).status).toBe(201)
    expectError(await org.owner.client.put(self, { role: 'BASIC' }), 'ForbiddenError', { message: /at least one owner/ })
    // With a second active owner, either may step down — but not both.
    expect((await org.owner.client.put(`${s}/${org.admin.membershipId}`, { role: 'OWNER' })).status).toBe(200)
    expect((await org.admin.client.put(self, { role: 'ADMIN' })).status).toBe(200)
    expectError(await org.admin.client.put(`${s}/${org.admin.membershipId}`, { role: 'BASIC' }), 'ForbiddenError', { message: /at least one owner/ })
    const owners = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.orgId, org.orgId), eq(memberships.role, 'OWNER'), eq(memberships.status, 'active')))
    expect(owners.map((o) => o.id)).toEqual([org.admin.membershipId])
  })

  test('two owners demoting each other at the same time leave one owner', async () => {
    const org = await newOrg(t)
    const second = await addMember(t, org.orgId, 'OWNER')
    const s = `${org.base}/staff`
    const [a, b] = await Promise.all([
      org.owner.client.put(`${s}/${second.membershipId}`, { role: 'ADMIN' }),
      second.client.put(`${s}/${org.owner.membershipId}`, { role: 'ADMIN' }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 403])
    const owners = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from memberships where org_id = ${org.orgId} and role = 'OWNER' and status = 'active'`,
    )
    expect(owners[0]!.n).toBe(1)
  })
})

describe('DELETE /staff/:staffId', () => {
  test('204: the member is removed, leaves the list and loses access', async () => {
    const org = await orgWithAdminAndBasic()
    const r = await org.admin.client.del(`${org.base}/staff/${org.basic.membershipId}`)
    expect(r.status).toBe(204)
    expect(r.text).toBe('')
    expect(await memberRow(org.basic.membershipId)).toMatchObject({ status: 'removed', pinDigest: null })
    const list = await org.owner.client.get(`${org.base}/staff`)
    expect(list.json.staff.map((m: any) => m.id)).not.toContain(org.basic.membershipId)
    expectError(await org.basic.client.post(`${org.base}/staff/generate-pin`), 'NotFoundError')
  })

  test('an ADMIN removes an ADMIN but gets 403 for an OWNER', async () => {
    const org = await orgWithAdminAndBasic()
    const admin2 = await addMember(t, org.orgId, 'ADMIN')
    expect((await org.admin.client.del(`${org.base}/staff/${admin2.membershipId}`)).status).toBe(204)
    expectError(await org.admin.client.del(`${org.base}/staff/${org.owner.membershipId}`), 'ForbiddenError', { message: 'Only an owner can manage owners.' })
    expect((await memberRow(org.owner.membershipId))!.status).toBe('active')
  })

  test('the last active OWNER cannot be removed; with two, one may go', async () => {
    const org = await orgWithAdminAndBasic()
    const self = `${org.base}/staff/${org.owner.membershipId}`
    expectError(await org.owner.client.del(self), 'ForbiddenError', { message: /at least one owner/ })
    expect((await memberRow(org.owner.membershipId))!.status).toBe('active')
    const second = await addMember(t, org.orgId, 'OWNER')
    expect((await second.client.del(self)).status).toBe(204)
    expectError(await second.client.del(`${org.base}/staff/${second.membershipId}`), 'ForbiddenError', { message: /at least one owner/ })
  })

  test('an OWNER may remove an invited OWNER (not an active one)', async () => {
    const org = await newOrg(t)
    const inv = await org.owner.client.post(`${org.base}/staff`, { name: 'Pending owner', email: uniqueEmail(), role: 'OWNER' })
    expect((await org.owner.client.del(`${org.base}/staff/${inv.json.member.id}`)).status).toBe(204)
  })
})

describe('POST /staff/:staffId/resend-invite', () => {
  test('202: a new e-mail with a new link; the old token no longer matches', async () => {
    const org = await orgWithAdminAndBasic()
    const email = uniqueEmail('resend')
    const inv = await org.admin.client.post(`${org.base}/staff`, { name: 'Ivy', email, role: 'BASIC' })
    const first = linkFrom(await waitForMailCount(t, email, INVITE_EN, 1), '/invite')
    const before = await memberRow(inv.json.member.id)
    const r = await org.admin.client.post(`${org.base}/staff/${inv.json.member.id}/resend-invite`)
    expect(r.status).toBe(202)
    expect(r.json).toEqual({ ok: true })
    const second = linkFrom(await waitForMailCount(t, email, INVITE_EN, 2), '/invite')
    expect(second.searchParams.get('id')).toBe(inv.json.member.id)
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'))
    const after = await memberRow(inv.json.member.id)
    expect(after!.inviteTokenHash).not.toBe(before!.inviteTokenHash)
    expect(after!.inviteExpiresAt!.getTime()).toBeGreaterThanOrEqual(before!.inviteExpiresAt!.getTime())
    expectError(await t.client().get(`/v1/auth/invite${first.search}`), 'NotFoundError')
    expect((await t.client().get(`/v1/auth/invite${second.search}`)).status).toBe(200)
  })

  test('renews an expired invitation', async () => {
    const org = await newOrg(t)
    const email = uniqueEmail('expired')
    const inv = await org.owner.client.post(`${org.base}/staff`, { name: 'Ivy', email, role: 'BASIC' })
    await t.db.update(memberships).set({ inviteExpiresAt: new Date(Date.now() - 60_000) }).where(eq(memberships.id, inv.json.member.id))
    const old = linkFrom(await waitForMailCount(t, email, INVITE_EN, 1), '/invite')
    expectError(await t.client().get(`/v1/auth/invite${old.search}`), 'BadRequestError', { message: null })
    expect((await org.owner.client.post(`${org.base}/staff/${inv.json.member.id}/resend-invite`)).status).toBe(202)
    const fresh = linkFrom(await waitForMailCount(t, email, INVITE_EN, 2), '/invite')
    expect((await t.client().get(`/v1/auth/invite${fresh.search}`)).status).toBe(200)
  })

  test('400 when the member is not invited (active, PIN-only)', async () => {
    const org = await orgWithAdminAndBasic()
    const pinOnly = await org.owner.client.post(`${org.base}/staff`, { name: 'K', role: 'BASIC' })
    for (const id of [org.basic.membershipId, pinOnly.json.member.id]) {
      expectError(await org.owner.client.post(`${org.base}/staff/${id}/resend-invite`), 'BadRequestError', { message: 'This member has no pending invitation.' })
    }
  })

  test('403 for an unverified inviter and for an ADMIN re-sending an OWNER invitation', async () => {
    const org = await orgWithAdminAndBasic()
    const inv = await org.owner.client.post(`${org.base}/staff`, { name: 'Pending owner', email: uniqueEmail(), role: 'OWNER' })
    expectError(await org.admin.client.post(`${org.base}/staff/${inv.json.member.id}/resend-invite`), 'ForbiddenError', { message: /owner/ })
    const unverified = await addMember(t, org.orgId, 'ADMIN', { verified: false })
    const basicInv = await org.owner.client.post(`${org.base}/staff`, { name: 'Ivy', email: uniqueEmail(), role: 'BASIC' })
    expectError(await unverified.client.post(`${org.base}/staff/${basicInv.json.member.id}/resend-invite`), 'ForbiddenError', {
      message: 'Verify your e-mail address before inviting staff.',
    })
  })
})

describe('POST /staff/generate-pin', () => {
  test('any member gets a 4-digit PIN; it is not stored or reserved', async () => {
    const org = await orgWithAdminAndBasic()
    for (const who of [org.owner, org.admin, org.basic]) {
      const r = await who.client.post(`${org.base}/staff/generate-pin`)
      expect(r.status).toBe(200)
      expect(Object.keys(r.json)).toEqual(['pin'])
      expect(r.json.pin).toMatch(/^\d{4}$/)
    }
    const rows = await t.db.select().from(memberships).where(eq(memberships.orgId, org.orgId))
    expect(rows.every((m) => m.pinDigest === null)).toBe(true)
  })

  test('never returns a PIN used in the organisation; 6 digits when every 4-digit PIN is taken', async () => {
    const org = await newOrg(t)
    // Take 8,000 of the 10,000 four-digit PINs (rows inserted directly: it is the digest that counts).
    const taken = new Set<string>()
    for (let i = 0; i < 10_000; i++) if (i % 5 !== 0) taken.add(String(i).padStart(4, '0'))
    await insertPins(org.orgId, [...taken])
    const seen = new Set<string>()
    for (let i = 0; i < 15; i++) {
      // Not about the PIN answer limit (tests/api/pin-secrecy.test.ts): start each call with fresh counters.
      await forgetPinAnswers(org.orgId, org.owner.membershipId)
      const r = await org.owner.client.post(`${org.base}/staff/generate-pin`)
      expect(r.status).toBe(200)
      expect(r.json.pin).toMatch(/^(\d{4}|\d{6})$/)
      expect(taken.has(r.json.pin)).toBe(false)
      seen.add(r.json.pin)
    }
    expect(seen.size).toBeGreaterThan(1)
    // Every PIN of the other organisation stays free here.
    const other = await newOrg(t)
    const o = await other.owner.client.post(`${other.base}/staff/generate-pin`)
    expect(o.json.pin).toMatch(/^\d{4}$/)
    // Now take the rest.
    await insertPins(org.orgId, [...Array(10_000).keys()].map((i) => String(i).padStart(4, '0')).filter((p) => !taken.has(p)))
    const six = await org.owner.client.post(`${org.base}/staff/generate-pin`)
    expect(six.json.pin).toMatch(/^\d{6}$/)
    // A generated PIN is accepted when set.
    expect((await org.owner.client.post(`${org.base}/staff`, { name: 'K', role: 'BASIC', pin: six.json.pin })).status).toBe(201)
  }, 120_000)

  test('a PIN-only member created without a PIN gets one that is free in a crowded organisation', async () => {
    const org = await newOrg(t)
    const all = [...Array(10_000).keys()].map((i) => String(i).padStart(4, '0'))
    await insertPins(org.orgId, all.slice(0, 9_999))
    const r = await org.owner.client.post(`${org.base}/staff`, { name: 'K', role: 'BASIC' })
    expect(r.status).toBe(201)
    expect(r.json.pin === all[9_999] || /^\d{6}$/.test(r.json.pin)).toBe(true)
  }, 120_000)

  test('a super admin (not a member) cannot generate a PIN', async () => {
    const org = await newOrg(t)
    const admin = await newUser(t)
    await t.db.execute(sql`update users set super_admin = true where id = ${admin.user.id}`)
    expect((await admin.client.get(`${org.base}/staff`)).status).toBe(200)
    expectError(await admin.client.post(`${org.base}/staff/generate-pin`), 'ForbiddenError')
    expectError(await admin.client.post(`${org.base}/staff`, { name: 'K', role: 'BASIC' }), 'ForbiddenError')
  })
})

async function forgetPinAnswers(orgId: string, membershipId: string) {
  for (const key of Object.values(pinLimitKeys(orgId, membershipId))) await clear(t.db, key)
}

async function insertPins(orgId: string, pins: string[]) {
  const [org] = await t.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId))
  expect(org).toBeDefined()
  for (let i = 0; i < pins.length; i += 1000) {
    const batch = pins.slice(i, i + 1000)
    const rows = await Promise.all(
      batch.map(async (pin) => ({
        orgId,
        name: `PIN ${pin}`,
        role: 'BASIC' as const,
        status: 'active' as const,
        pinDigest: await pinDigest(t.db, orgId, pin),
      })),
    )
    await t.db.insert(memberships).values(rows)
  }
}
