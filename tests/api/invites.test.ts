import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memberships, users } from '../../server/db/schema.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { linkFrom } from '../support/mailbox.ts'
import { newOrg, newUser } from '../support/staff-fixtures.ts'
import { PASSWORD, SESSION_COOKIE, expectError, freshIp, login, setCookie, waitForMailCount } from './_helpers.ts'

/**
 * The invitee's side: GET /v1/auth/invite, POST /v1/auth/invite/register and /accept.
 * Any id or token that does not name a live invitation — unknown, malformed, wrong token, used,
 * voided by a re-send or by removal — is 404 on all three; an expired one is 400 BadRequestError.
 * A missing id/token in a POST body is a ValidationError (the body's shape), on GET a 404.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const INVITE_EN = /^.+ invited you to .+ on Mise$/
const NIL = '00000000-0000-4000-8000-000000000000'

/** An organisation whose owner invited `email` (fresh by default); returns the e-mailed link. */
async function invited(opts: { email?: string; role?: 'BASIC' | 'ADMIN' | 'OWNER'; venue?: boolean; name?: string } = {}) {
  const org = await newOrg(t, { name: 'Harbour Group' })
  const email = opts.email ?? uniqueEmail('invitee')
  const r = await org.owner.client.post(`${org.base}/staff`, {
    name: opts.name ?? 'Ivy Cook',
    email,
    role: opts.role ?? 'BASIC',
    ...(opts.venue ? { venueIds: [org.venueIds[1]] } : {}),
  })
  expect(r.status, r.text).toBe(201)
  // Sent to the address as typed (the mailbox helpers match lower-case envelopes only).
  const mail = await waitForInvite(email, r.json.member.id)
  const link = linkFrom(mail, '/invite')
  const id = link.searchParams.get('id')!
  const token = link.searchParams.get('token')!
  expect(id).toBe(r.json.member.id)
  return { org, email, memberId: id, id, token, search: link.search, link }
}

async function waitForInvite(email: string, memberId: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = t.mailbox.messages.find(
      (m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()) && INVITE_EN.test(m.subject) && m.text.includes(`id=${memberId}`),
    )
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No invitation mail to ${email}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function expire(memberId: string) {
  await t.db.update(memberships).set({ inviteExpiresAt: new Date(Date.now() - 60_000) }).where(eq(memberships.id, memberId))
}

const registerBody = (i: { id: string; token: string }, extra: Record<string, unknown> = {}) => ({
  id: i.id,
  token: i.token,
  name: 'Ivy Newcomer',
  password: PASSWORD,
  ...extra,
})

describe('GET /v1/auth/invite', () => {
  test('describes the invitation to anyone holding the link (no account yet → hasAccount false)', async () => {
    const i = await invited({ role: 'ADMIN' })
    const r = await t.client().get(`/v1/auth/invite${i.search}`)
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({
      invite: {
        organisation: { id: i.org.orgId, name: 'Harbour Group' },
        email: i.email,
        name: 'Ivy Cook',
        role: 'ADMIN',
        hasAccount: false,
        expiresAt: expect.any(String),
      },
    })
    const expires = new Date(r.json.invite.expiresAt).getTime()
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600_000))).toBeLessThan(60_000)
  })

  test('hasAccount true when the address already has an account (any case)', async () => {
    const existing = await newUser(t)
    const i = await invited({ email: existing.email.toUpperCase() })
    const r = await t.client().get(`/v1/auth/invite${i.search}`)
    expect(r.status).toBe(200)
    expect(r.json.invite.hasAccount).toBe(true)
  })

  test('404 for a missing, malformed or unknown id, or a wrong token', async () => {
    const i = await invited()
    const c = t.client()
    const q = (p: Record<string, string>) => `/v1/auth/invite?${new URLSearchParams(p)}`
    expectError(await c.get('/v1/auth/invite'), 'NotFoundError')
    expectError(await c.get(q({ id: i.id })), 'NotFoundError')
    expectError(await c.get(q({ token: i.token })), 'NotFoundError')
    expectError(await c.get(q({ id: 'not-a-uuid', token: i.token })), 'NotFoundError')
    expectError(await c.get(q({ id: NIL, token: i.token })), 'NotFoundError')
    expectError(await c.get(q({ id: i.id, token: i.token.slice(0, -1) + (i.token.endsWith('A') ? 'B' : 'A') })), 'NotFoundError')
    expectError(await c.get(q({ id: i.id, token: 'x'.repeat(500) })), 'NotFoundError')
    // Another invitation's token does not open this one.
    const j = await invited()
    expectError(await c.get(q({ id: i.id, token: j.token })), 'NotFoundError')
    expect((await c.get(`/v1/auth/invite${i.search}`)).status).toBe(200)
  })

  test('400 BadRequestError when expired', async () => {
    const i = await invited()
    await expire(i.memberId)
    expectError(await t.client().get(`/v1/auth/invite${i.search}`), 'BadRequestError', { message: 'This invitation has expired. Ask for a new one.' })
    expectError(await t.client({ headers: { 'accept-language': 'es' } }).get(`/v1/auth/invite${i.search}`), 'BadRequestError', {
      message: 'Esta invitación ha caducado. Pide una nueva.',
    })
  })

  test('404 once the member was removed', async () => {
    const i = await invited()
    expect((await i.org.owner.client.del(`${i.org.base}/staff/${i.memberId}`)).status).toBe(204)
    expectError(await t.client().get(`/v1/auth/invite${i.search}`), 'NotFoundError')
    expectError(await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', registerBody(i)), 'NotFoundError')
  })
})

describe('POST /v1/auth/invite/register', () => {
  test('201: creates a verified account, signs in, and joins the organisation with the role and venues', async () => {
    const i = await invited({ role: 'ADMIN', venue: true })
    const c = t.client({ ip: freshIp() })
    const r = await c.post('/v1/auth/invite/register', registerBody(i, { locale: 'es' }))
    expect(r.status, r.text).toBe(201)
    expect(Object.keys(r.json)).toEqual(['user'])
    expect(r.json.user).toEqual({ id: expect.any(String), type: 'user', name: 'Ivy Newcomer', email: i.email, locale: 'es', superAdmin: false, emailVerified: true })
    expect(setCookie(r, SESSION_COOKIE)?.attrs.has('httponly')).toBe(true)

    const me = await c.get('/v1/auth/me')
    expect(me.status).toBe(200)
    expect(me.json.user.emailVerified).toBe(true)
    expect(me.json.orgs).toEqual([{ id: i.org.orgId, name: 'Harbour Group', role: 'ADMIN', venues: [{ id: i.org.venueIds[1], name: 'Market' }] }])

    const row = (await t.db.select().from(memberships).where(eq(memberships.id, i.memberId)))[0]!
    expect(row).toMatchObject({ status: 'active', userId: r.json.user.id, inviteTokenHash: null, inviteExpiresAt: null })
    expect(row.joinedAt).toBeInstanceOf(Date)
    // As an ADMIN the newcomer can now use the staff pages; the owner sees them as active with an account.
    expect((await c.get(`${i.org.base}/staff`)).status).toBe(200)
    const seen = await i.org.owner.client.get(`${i.org.base}/staff/${i.memberId}`)
    expect(seen.json.member).toMatchObject({ status: 'active', hasAccount: true, email: i.email, role: 'ADMIN', inviteExpiresAt: null })
    // The password works for a normal sign-in.
    expect((await login(t, i.email, PASSWORD)).res.status).toBe(200)
  })

  test('the account locale defaults to the request language', async () => {
    const i = await invited()
    const c = t.client({ ip: freshIp(), headers: { 'accept-language': 'es' } })
    const r = await c.post('/v1/auth/invite/register', registerBody(i))
    expect(r.status).toBe(201)
    expect(r.json.user.locale).toBe('es')
  })

  test('the link works once: reusing it is 404 (GET, register, accept)', async () => {
    const i = await invited()
    const first = await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', registerBody(i))
    expect(first.status).toBe(201)
    expectError(await t.client().get(`/v1/auth/invite${i.search}`), 'NotFoundError')
    expectError(await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', registerBody(i, { password: 'another password 1' })), 'NotFoundError')
    const u = await login(t, i.email, PASSWORD)
    expectError(await u.client.post('/v1/auth/invite/accept', { id: i.id, token: i.token }), 'NotFoundError')
    const accounts = await t.db.select().from(users).where(eq(users.email, i.email))
    expect(accounts).toHaveLength(1)
  })

  test('ValidationError data.email when the address already has an account; nothing changes', async () => {
    const existing = await newUser(t)
    const i = await invited({ email: existing.email })
    const r = await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', registerBody(i))
    const data = expectError(r, 'ValidationError', { data: ['email'] })
    expect(data!.email).toBe('An account with this e-mail address already exists')
    expect(setCookie(r, SESSION_COOKIE)).toBeUndefined()
    const row = (await t.db.select().from(memberships).where(eq(memberships.id, i.memberId)))[0]!
    expect(row).toMatchObject({ status: 'invited', userId: null })
    expect((await t.client().get(`/v1/auth/invite${i.search}`)).status).toBe(200)
  })

  test('ValidationError for each bad field; the invitation stays open', async () => {
    const i = await invited()
    const c = t.client({ ip: freshIp() })
    const url = '/v1/auth/invite/register'
    expectError(await c.post(url, {}), 'ValidationError', { data: ['id', 'token', 'name', 'password'] })
    expectError(await c.post(url, registerBody(i, { name: ' ' })), 'ValidationError', { data: ['name'] })
    expectError(await c.post(url, registerBody(i, { password: 'short' })), 'ValidationError', { data: ['password'] })
    expectError(await c.post(url, registerBody(i, { locale: 'fr' })), 'ValidationError', { data: ['locale'] })
    expectError(await c.post(url, registerBody(i, { email: 'me@example.com' })), 'ValidationError', { data: ['email'] })
    expectError(await c.post(url, registerBody(i, { role: 'OWNER' })), 'ValidationError', { data: ['role'] })
    expectError(await c.post(url, 'nope'), 'BadRequestError', { message: 'Malformed JSON body' })
    expect((await t.client().get(`/v1/auth/invite${i.search}`)).status).toBe(200)
  })

  test('404 for a malformed or unknown id or a wrong token; 400 when expired', async () => {
    const i = await invited()
    const c = t.client({ ip: freshIp() })
    const url = '/v1/auth/invite/register'
    expectError(await c.post(url, registerBody({ id: 'nope', token: i.token })), 'NotFoundError')
    expectError(await c.post(url, registerBody({ id: NIL, token: i.token })), 'NotFoundError')
    expectError(await c.post(url, registerBody({ id: i.id, token: 'wrong' })), 'NotFoundError')
    await expire(i.memberId)
    expectError(await c.post(url, registerBody(i)), 'BadRequestError', { message: 'This invitation has expired. Ask for a new one.' })
    expect(await t.db.select().from(users).where(eq(users.email, i.email))).toHaveLength(0)
  })

  test('two registrations racing on one link: one account, one 201', async () => {
    const i = await invited()
    const results = await Promise.all([
      t.client({ ip: freshIp() }).post('/v1/auth/invite/register', registerBody(i)),
      t.client({ ip: freshIp() }).post('/v1/auth/invite/register', registerBody(i)),
    ])
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    const other = results.find((r) => r.status !== 201)!
    expect([400, 404]).toContain(other.status)
    expect(await t.db.select().from(users).where(eq(users.email, i.email))).toHaveLength(1)
  })
})

describe('POST /v1/auth/invite/accept', () => {
  test('200: an existing signed-in user with the invited address joins', async () => {
    const u = await newUser(t, { verified: false })
    const i = await invited({ email: u.email.toUpperCase(), role: 'BASIC' })
    const r = await u.client.post('/v1/auth/invite/accept', { id: i.id, token: i.token })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ organisation: { id: i.org.orgId, name: 'Harbour Group' } })
    const me = await u.client.get('/v1/auth/me')
    expect(me.json.orgs).toEqual([
      {
        id: i.org.orgId,
        name: 'Harbour Group',
        role: 'BASIC',
        venues: [
          { id: i.org.venueIds[0], name: 'Harbour' },
          { id: i.org.venueIds[1], name: 'Market' },
        ],
      },
    ])
    // Following the e-mailed link proved the address.
    expect(me.json.user.emailVerified).toBe(true)
    const row = (await t.db.select().from(memberships).where(eq(memberships.id, i.memberId)))[0]!
    expect(row).toMatchObject({ status: 'active', userId: u.user.id, inviteTokenHash: null })
    // Used up.
    expectError(await u.client.post('/v1/auth/invite/accept', { id: i.id, token: i.token }), 'NotFoundError')
    expectError(await t.client().get(`/v1/auth/invite${i.search}`), 'NotFoundError')
  })

  test('401 when signed out', async () => {
    const i = await invited()
    expectError(await t.client().post('/v1/auth/invite/accept', { id: i.id, token: i.token }), 'UnauthorizedError')
  })

  test('403 for a signed-in user with another address; the invitation stays open', async () => {
    const i = await invited()
    const other = await newUser(t)
    const r = await other.client.post('/v1/auth/invite/accept', { id: i.id, token: i.token })
    expectError(r, 'ForbiddenError', { message: /another e-mail address/ })
    const row = (await t.db.select().from(memberships).where(eq(memberships.id, i.memberId)))[0]!
    expect(row).toMatchObject({ status: 'invited', userId: null })
    expect((await other.client.get('/v1/auth/me')).json.orgs).toEqual([])
    expect((await t.client().get(`/v1/auth/invite${i.search}`)).status).toBe(200)
  })

  test('400 when the user is already an active member of the organisation', async () => {
    const org = await newOrg(t)
    // The owner's address changed after joining, and an invitation went to the new one.
    const newAddress = uniqueEmail('renamed')
    await t.db.update(users).set({ email: newAddress }).where(eq(users.id, org.owner.user.id))
    const r = await org.owner.client.post(`${org.base}/staff`, { name: 'Me again', email: newAddress, role: 'BASIC' })
    expect(r.status, r.text).toBe(201)
    const link = linkFrom(await t.mailbox.waitFor(newAddress, INVITE_EN), '/invite')
    const res = await org.owner.client.post('/v1/auth/invite/accept', { id: link.searchParams.get('id'), token: link.searchParams.get('token') })
    expectError(res, 'BadRequestError', { message: 'You are already a member of this organisation.' })
    const me = await org.owner.client.get('/v1/auth/me')
    expect(me.json.orgs.map((o: any) => o.role)).toEqual(['OWNER'])
  })

  test('400 when expired; 404 for bad ids and tokens; ValidationError for a bad body', async () => {
    const u = await newUser(t)
    const i = await invited({ email: u.email })
    const url = '/v1/auth/invite/accept'
    expectError(await u.client.post(url, {}), 'ValidationError', { data: ['id', 'token'] })
    expectError(await u.client.post(url, { id: i.id, token: i.token, extra: 1 }), 'ValidationError', { data: ['extra'] })
    expectError(await u.client.post(url, { id: 'nope', token: i.token }), 'NotFoundError')
    expectError(await u.client.post(url, { id: NIL, token: i.token }), 'NotFoundError')
    expectError(await u.client.post(url, { id: i.id, token: 'wrong' }), 'NotFoundError')
    await expire(i.memberId)
    expectError(await u.client.post(url, { id: i.id, token: i.token }), 'BadRequestError', { message: 'This invitation has expired. Ask for a new one.' })
    expect((await u.client.get('/v1/auth/me')).json.orgs).toEqual([])
  })
})

describe('re-sent invitations', () => {
  test('the old link stops working everywhere; the new one works', async () => {
    const u = await newUser(t)
    const i = await invited({ email: u.email })
    expect((await i.org.owner.client.post(`${i.org.base}/staff/${i.memberId}/resend-invite`)).status).toBe(202)
    const fresh = linkFrom(await waitForMailCount(t, u.email, INVITE_EN, 2), '/invite')
    expect(fresh.searchParams.get('token')).not.toBe(i.token)
    expectError(await t.client().get(`/v1/auth/invite${i.search}`), 'NotFoundError')
    expectError(await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', registerBody(i)), 'NotFoundError')
    expectError(await u.client.post('/v1/auth/invite/accept', { id: i.id, token: i.token }), 'NotFoundError')
    const ok = await u.client.post('/v1/auth/invite/accept', { id: fresh.searchParams.get('id'), token: fresh.searchParams.get('token') })
    expect(ok.status).toBe(200)
  })
})
