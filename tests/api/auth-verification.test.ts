import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { linkFrom } from '../support/mailbox.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { VERIFY_SUBJECT_EN, VERIFY_SUBJECT_ES, expectError, mailsTo, registerUser, waitForMailCount } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const APP = 'http://localhost:3999'

/** Verify with a link's search part, as the page's form does (POST, ADR 082): the status answered. */
async function verify(client: ReturnType<TestApp['client']>, search: string): Promise<string> {
  const res = await client.post('/v1/auth/verification/verify', Object.fromEntries(new URLSearchParams(search)))
  expect(res.status, res.text).toBe(200)
  return res.json.status
}

/** Register and return the signed-in client plus the search part of the e-mailed link. */
async function registered(opts: { locale?: 'en' | 'es' } = {}) {
  const r = await registerUser(t, opts)
  const mail = await t.mailbox.waitFor(r.email, opts.locale === 'es' ? VERIFY_SUBJECT_ES : VERIFY_SUBJECT_EN)
  const link = linkFrom(mail, '/verify-email')
  return { ...r, link, search: link.search }
}

async function emailVerified(client: ReturnType<TestApp['client']>): Promise<boolean> {
  const me = await client.get('/v1/auth/me')
  expect(me.status).toBe(200)
  return me.json.user.emailVerified
}

describe('GET /v1/auth/verification/verify changes nothing', () => {
  test('opening the link, even from another site → 302 to the page that asks; the address stays unverified', async () => {
    const { client, search, link } = await registered()
    const v = await client.get(`/v1/auth/verification/verify${search}`, { 'sec-fetch-site': 'cross-site' })
    expect(v.status).toBe(302)
    expect(v.headers.get('location')).toBe(`${APP}/verify-email?${new URLSearchParams({ id: link.searchParams.get('id')!, token: link.searchParams.get('token')! })}`)
    expect(await emailVerified(client)).toBe(false)
    expect((await t.client().get('/v1/auth/verification/verify?id=x')).headers.get('location')).toBe(`${APP}/verify-email?status=invalid`)
    // The link still verifies when posted; from another site the post is refused.
    expectError(await client.post('/v1/auth/verification/verify', Object.fromEntries(link.searchParams), { origin: 'https://evil.example' }), 'ForbiddenError', { message: null })
    expect(await emailVerified(client)).toBe(false)
    expect(await verify(client, search)).toBe('success')
  })
})

describe('POST /v1/auth/verification/verify', () => {
  test('the link\'s id and token → status success, and me.emailVerified is true', async () => {
    const { client, search, user } = await registered()
    expect(await emailVerified(client)).toBe(false)
    expect(await verify(client, search)).toBe('success')
    expect(await emailVerified(client)).toBe(true)
    const r = await queryRows<{ email_verified_at: unknown }>(t.db, sql`select email_verified_at from users where id = ${user.id}`)
    expect(r[0]!.email_verified_at).not.toBeNull()
  })

  test('the link works without being signed in (another browser)', async () => {
    const { client, search } = await registered()
    expect(await verify(t.client(), search)).toBe('success')
    expect(await emailVerified(client)).toBe(true)
  })

  test('reusing the link after success → status=success (already verified)', async () => {
    const { client, search } = await registered()
    expect(await verify(client, search)).toBe('success')
    expect(await verify(client, search)).toBe('success')
    expect(await emailVerified(client)).toBe(true)
  })

  test('a tampered token → status=invalid, and the address stays unverified', async () => {
    const { client, link } = await registered()
    const token = link.searchParams.get('token')!
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    const q = new URLSearchParams({ id: link.searchParams.get('id')!, token: tampered })
    expect(await verify(client, `?${q}`)).toBe('invalid')
    expect(await emailVerified(client)).toBe(false)
    // The real link still works afterwards.
    expect(await verify(client, link.search)).toBe('success')
  })

  test("another user's token id with this token → invalid", async () => {
    const a = await registered()
    const b = await registered()
    const q = new URLSearchParams({ id: b.link.searchParams.get('id')!, token: a.link.searchParams.get('token')! })
    expect(await verify(t.client(), `?${q}`)).toBe('invalid')
    expect(await emailVerified(a.client)).toBe(false)
    expect(await emailVerified(b.client)).toBe(false)
  })

  test('missing or empty params → status=invalid', async () => {
    const { link } = await registered()
    const id = link.searchParams.get('id')!
    const token = link.searchParams.get('token')!
    for (const q of ['', `?id=${id}`, `?token=${token}`, '?id=&token=', `?id=${id}&token=`]) {
      expect(await verify(t.client(), q), q).toBe('invalid')
    }
  })

  test('malformed ids never reach the database as errors → status=invalid', async () => {
    const { link } = await registered()
    const token = link.searchParams.get('token')!
    const ids = [
      'not-a-uuid',
      'a'.repeat(36),
      '-'.repeat(36),
      '00000000-0000-0000-0000-00000000000g',
      "'; drop table users; --",
      '00000000-0000-0000-0000-000000000000',
    ]
    for (const id of ids) {
      expect(await verify(t.client(), `?${new URLSearchParams({ id, token })}`), id).toBe('invalid')
    }
  })

  test('over-long params → 400 ValidationError', async () => {
    const v = await t.client().post('/v1/auth/verification/verify', { id: 'a'.repeat(101), token: 'x' })
    expectError(v, 'ValidationError', { data: ['id'] })
  })

  test('an expired token → status=expired, and the address stays unverified', async () => {
    const { client, link, user } = await registered()
    await t.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id} and kind = 'verify_email'`,
    )
    expect(await verify(client, link.search)).toBe('expired')
    expect(await emailVerified(client)).toBe(false)
  })

  test('the token expires 48 hours after it is sent', async () => {
    const { user } = await registered()
    const r = await queryRows<{ hours: number }>(
      t.db,
      sql`select extract(epoch from (expires_at - created_at)) / 3600 as hours from user_tokens where user_id = ${user.id} and kind = 'verify_email'`,
    )
    expect(Number(r[0]!.hours)).toBeCloseTo(48, 1)
  })

  test('a reset-password link cannot verify an address', async () => {
    const { client, email } = await registered()
    await t.client().post('/v1/auth/forgot-password', { email })
    const reset = linkFrom(await t.mailbox.waitFor(email, /Reset/), '/reset-password')
    expect(await verify(t.client(), reset.search)).toBe('invalid')
    expect(await emailVerified(client)).toBe(false)
  })

  test('only a hash of the e-mailed token is stored', async () => {
    const { link, user } = await registered()
    const token = link.searchParams.get('token')!
    const r = await queryRows(t.db, sql`select * from user_tokens where user_id = ${user.id}`)
    expect(r).toHaveLength(1)
    expect(JSON.stringify(r)).not.toContain(token)
  })
})

describe('POST /v1/auth/verification/resend', () => {
  test('401 when signed out', async () => {
    expectError(await t.client().post('/v1/auth/verification/resend'), 'UnauthorizedError')
  })

  test('202 when unverified: a new mail arrives and the OLD link is now invalid; the new one works', async () => {
    const { client, email, link: oldLink } = await registered()
    const r = await client.post('/v1/auth/verification/resend')
    expect(r.status).toBe(202)
    expect(r.json).toEqual({ ok: true })
    const mail = await waitForMailCount(t, email, VERIFY_SUBJECT_EN, 2)
    const newLink = linkFrom(mail, '/verify-email')
    expect(newLink.searchParams.get('token')).not.toBe(oldLink.searchParams.get('token'))
    expect(newLink.searchParams.get('id')).not.toBe(oldLink.searchParams.get('id'))
    expect(mail.html.length).toBeGreaterThan(0)

    expect(await verify(client, oldLink.search)).toBe('invalid')
    expect(await emailVerified(client)).toBe(false)

    expect(await verify(client, newLink.search)).toBe('success')
    expect(await emailVerified(client)).toBe(true)
  })

  test('the resent mail is in the account language', async () => {
    const { client, email } = await registered({ locale: 'es' })
    expect((await client.post('/v1/auth/verification/resend')).status).toBe(202)
    await waitForMailCount(t, email, VERIFY_SUBJECT_ES, 2)
    expect(mailsTo(t, email, VERIFY_SUBJECT_EN)).toHaveLength(0)
  })

  test('400 BadRequestError when already verified, and no mail is sent', async () => {
    const { client, email, search } = await registered()
    expect(await verify(client, search)).toBe('success')
    const r = await client.post('/v1/auth/verification/resend')
    expectError(r, 'BadRequestError', { message: 'Your e-mail address is already verified' })
    await new Promise((res) => setTimeout(res, 200))
    expect(mailsTo(t, email, VERIFY_SUBJECT_EN)).toHaveLength(1)
  })

  test('429 after 5 resends in an hour, with a numeric Retry-After', async () => {
    const { client, email } = await registered()
    for (let i = 1; i <= 5; i++) {
      const r = await client.post('/v1/auth/verification/resend')
      expect(r.status, `resend ${i}`).toBe(202)
    }
    await waitForMailCount(t, email, VERIFY_SUBJECT_EN, 6)
    const r = await client.post('/v1/auth/verification/resend')
    expectError(r, 'TooManyRequestsError')
    const retry = Number(r.headers.get('retry-after'))
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(3600)
    await new Promise((res) => setTimeout(res, 200))
    expect(mailsTo(t, email, VERIFY_SUBJECT_EN)).toHaveLength(6)
  })
})
