import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { linkFrom } from '../support/mailbox.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import {
  PASSWORD,
  RESET_SUBJECT_EN,
  RESET_SUBJECT_ES,
  SESSION_COOKIE,
  expectError,
  freshIp,
  login,
  mailsTo,
  registerUser,
  waitForMailCount,
  withCookie,
  inSpanish,
} from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const NEW_PASSWORD = 'a brand new password'
const INVALID_RESET = 'This reset link is not valid or has already been used. Ask for a new one.'
const INVALID_LOGIN = 'The e-mail address or password is not correct'
const EXPIRED_RESET = 'This reset link has expired. Ask for a new one.'

async function forgot(email: string, headers?: Record<string, string>) {
  return t.client({ ip: freshIp() }).post('/v1/auth/forgot-password', { email }, headers)
}

/** Ask for a reset link and return its id and token. */
async function resetLink(email: string, nth = 1) {
  const r = await forgot(email)
  expect(r.status).toBe(202)
  const mail = await waitForMailCount(t, email, RESET_SUBJECT_EN, nth)
  const link = linkFrom(mail, '/reset-password')
  return { id: link.searchParams.get('id')!, token: link.searchParams.get('token')!, link, mail }
}

async function reset(body: Record<string, unknown>, headers?: Record<string, string>) {
  return t.client({ ip: freshIp() }).post('/v1/auth/reset-password', body, headers)
}

describe('POST /v1/auth/forgot-password', () => {
  test('identical status and body for an existing and an unknown address', async () => {
    const { email } = await registerUser(t)
    const known = await forgot(email)
    const unknown = await forgot(uniqueEmail('ghost'))
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(known.status)
    expect(unknown.text).toBe(known.text)
    expect(known.json).toEqual({ ok: true })
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'))
    expect(known.headers.getSetCookie()).toEqual([])
    expect(unknown.headers.getSetCookie()).toEqual([])
  })

  test('a reset link arrives (text and HTML) for an existing address, none for an unknown one', async () => {
    const { email } = await registerUser(t, { name: 'Ana' })
    const { link, mail } = await resetLink(email)
    expect(link.origin).toBe('http://localhost:3999')
    expect(link.pathname).toBe('/reset-password')
    expect(mail.text).toContain('Hello Ana,')
    expect(mail.text).toContain('60 minutes')
    expect(mail.html).toMatch(/<html/i)
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'))
    const ghost = uniqueEmail('ghost')
    await forgot(ghost)
    await new Promise((r) => setTimeout(r, 200))
    expect(mailsTo(t, ghost, /./)).toHaveLength(0)
  })

  test('matches the address case-insensitively', async () => {
    const { email } = await registerUser(t)
    expect((await forgot(email.toUpperCase())).status).toBe(202)
    await t.mailbox.waitFor(email, RESET_SUBJECT_EN)
  })

  test('the reset mail is in the account language', async () => {
    const { email } = await registerUser(t, { locale: 'es' })
    await forgot(email)
    const mail = await t.mailbox.waitFor(email, RESET_SUBJECT_ES)
    expect(mail.subject).toBe('Restablece tu contraseña de Mise')
  })

  test('429 after 5 per address per hour — the same for unknown addresses', async () => {
    const { email } = await registerUser(t)
    const ghost = uniqueEmail('ghost')
    for (const address of [email, ghost]) {
      for (let i = 1; i <= 5; i++) expect((await forgot(i % 2 ? address : address.toUpperCase())).status, `${address} #${i}`).toBe(202)
      const r = await forgot(address)
      expectError(r, 'TooManyRequestsError')
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    }
    await waitForMailCount(t, email, RESET_SUBJECT_EN, 5)
    await new Promise((r) => setTimeout(r, 200))
    expect(mailsTo(t, email, RESET_SUBJECT_EN)).toHaveLength(5)
    // Another address is unaffected.
    expect((await forgot(uniqueEmail())).status).toBe(202)
  })

  test('validation: invalid, missing e-mail, unknown field', async () => {
    expect(expectError(await forgot('nope'), 'ValidationError', { data: ['email'] })!.email).toBe('Enter a valid e-mail address')
    expectError(await t.client().post('/v1/auth/forgot-password', {}), 'ValidationError', { data: ['email'] })
    expectError(await t.client().post('/v1/auth/forgot-password', { email: uniqueEmail(), name: 'x' }), 'ValidationError', {
      data: ['name'],
    })
  })

  test('validation messages in Spanish with Accept-Language: es', async () => {
    const r = await forgot('nope', { 'accept-language': 'es' })
    expect(expectError(r, 'ValidationError', { data: ['email'] })!.email).toBe('Introduce una dirección de correo válida')
  })
})

describe('POST /v1/auth/reset-password', () => {
  test('200; the new password signs in, the old one fails, and every earlier session is ended', async () => {
    const { email, client: registeredClient } = await registerUser(t)
    const { client: otherDevice } = await login(t, email, PASSWORD)
    expect((await registeredClient.get('/v1/auth/me')).status).toBe(200)
    expect((await otherDevice.get('/v1/auth/me')).status).toBe(200)

    const { id, token } = await resetLink(email)
    const r = await reset({ id, token, password: NEW_PASSWORD })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ ok: true })

    expectError(await registeredClient.get('/v1/auth/me'), 'UnauthorizedError')
    expectError(await otherDevice.get('/v1/auth/me'), 'UnauthorizedError')

    expectError((await login(t, email, PASSWORD)).res, 'UnauthorizedError', { message: INVALID_LOGIN })
    const fresh = await login(t, email, NEW_PASSWORD)
    expect(fresh.res.status).toBe(200)
    expect((await fresh.client.get('/v1/auth/me')).status).toBe(200)
  })

  test('a signed-in browser that resets is signed out too (resetting ends every session)', async () => {
    const { email, client } = await registerUser(t)
    const { id, token } = await resetLink(email)
    const r = await client.post('/v1/auth/reset-password', { id, token, password: NEW_PASSWORD })
    expect(r.status).toBe(200)
    expectError(await client.get('/v1/auth/me'), 'UnauthorizedError')
  })

  test('following the reset link proves the address: emailVerified becomes true', async () => {
    const { email } = await registerUser(t)
    const { id, token } = await resetLink(email)
    await reset({ id, token, password: NEW_PASSWORD })
    const { client } = await login(t, email, NEW_PASSWORD)
    expect((await client.get('/v1/auth/me')).json.user.emailVerified).toBe(true)
  })

  test('reusing the reset link → 400 BadRequestError, and the password is not changed again', async () => {
    const { email } = await registerUser(t)
    const { id, token } = await resetLink(email)
    expect((await reset({ id, token, password: NEW_PASSWORD })).status).toBe(200)
    const again = await reset({ id, token, password: 'yet another password' })
    expectError(again, 'BadRequestError', { message: INVALID_RESET })
    expect((await login(t, email, NEW_PASSWORD)).res.status).toBe(200)
    expect((await login(t, email, 'yet another password')).res.status).toBe(401)
  })

  test('asking again voids the earlier link', async () => {
    const { email } = await registerUser(t)
    const first = await resetLink(email, 1)
    const second = await resetLink(email, 2)
    expect(second.token).not.toBe(first.token)
    expectError(await reset({ id: first.id, token: first.token, password: NEW_PASSWORD }), 'BadRequestError', {
      message: INVALID_RESET,
    })
    expect((await reset({ id: second.id, token: second.token, password: NEW_PASSWORD })).status).toBe(200)
  })

  test('an expired reset token → 400 BadRequestError with the expiry message; password unchanged', async () => {
    const { email } = await registerUser(t)
    const { id, token } = await resetLink(email)
    await t.db.execute(sql`update user_tokens set expires_at = now() - interval '1 second' where id = ${id}`)
    const r = await reset({ id, token, password: NEW_PASSWORD })
    expectError(r, 'BadRequestError', { message: EXPIRED_RESET })
    expect((await login(t, email, PASSWORD)).res.status).toBe(200)
    const rows = await queryRows<{ used_at: unknown }>(t.db, sql`select used_at from user_tokens where id = ${id}`)
    expect(rows[0]!.used_at).toBeNull()
  })

  test('the reset link is valid for one hour', async () => {
    const { email } = await registerUser(t)
    const { id } = await resetLink(email)
    const r = await queryRows<{ minutes: number }>(
      t.db,
      sql`select extract(epoch from (expires_at - created_at)) / 60 as minutes from user_tokens where id = ${id}`,
    )
    expect(Number(r[0]!.minutes)).toBeCloseTo(60, 1)
  })

  test('a tampered token → 400 BadRequestError', async () => {
    const { email } = await registerUser(t)
    const { id, token } = await resetLink(email)
    const r = await reset({ id, token: token.slice(0, -2) + 'zz', password: NEW_PASSWORD })
    expectError(r, 'BadRequestError', { message: INVALID_RESET })
    expect((await login(t, email, PASSWORD)).res.status).toBe(200)
  })

  test('bad id formats → 400 BadRequestError (never a 500)', async () => {
    const { email } = await registerUser(t)
    const { token } = await resetLink(email)
    for (const id of ['not-a-uuid', 'a'.repeat(36), '-'.repeat(36), '00000000-0000-0000-0000-000000000000', '1 or 1=1']) {
      expectError(await reset({ id, token, password: NEW_PASSWORD }), 'BadRequestError', { message: INVALID_RESET })
    }
  })

  test('a verification link cannot reset a password', async () => {
    const { email } = await registerUser(t)
    const verify = linkFrom(await t.mailbox.waitFor(email, /Verify/), '/verify-email')
    const r = await reset({ id: verify.searchParams.get('id'), token: verify.searchParams.get('token'), password: NEW_PASSWORD })
    expectError(r, 'BadRequestError', { message: INVALID_RESET })
  })

  test('new password too short → ValidationError data.password, and the link stays usable', async () => {
    const { email } = await registerUser(t)
    const { id, token } = await resetLink(email)
    const r = await reset({ id, token, password: 'short' })
    expect(expectError(r, 'ValidationError', { data: ['password'] })!.password).toBe('Use at least 8 characters')
    expect((await reset({ id, token, password: NEW_PASSWORD })).status).toBe(200)
  })

  test('validation: missing fields, unknown field', async () => {
    expectError(await reset({}), 'ValidationError', { data: ['id', 'token', 'password'] })
    expectError(await reset({ id: 'x', token: 'y', password: NEW_PASSWORD, email: 'a@b.c' }), 'ValidationError', {
      data: ['email'],
    })
    expectError(await reset({ id: 'x'.repeat(101), token: 'y', password: NEW_PASSWORD }), 'ValidationError', { data: ['id'] })
  })

  test('messages in Spanish with Accept-Language: es', async () => {
    const r = await reset({ id: 'x', token: 'y', password: NEW_PASSWORD }, { 'accept-language': 'es' })
    expectError(r, 'BadRequestError', { message: 'Este enlace no es válido o ya se ha usado. Pide uno nuevo.' })
    const short = await reset({ id: 'x', token: 'y', password: 'short' }, { 'accept-language': 'es' })
    expect(expectError(short, 'ValidationError', { data: ['password'] })!.password).toBe('Usa al menos 8 caracteres')
  })
})

describe('POST /v1/auth/update-password', () => {
  test('401 when signed out (even with a valid body)', async () => {
    const r = await t.client().post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expectError(r, 'UnauthorizedError')
  })

  test('wrong current password → ValidationError data.currentPassword; nothing changes', async () => {
    const { client, email } = await registerUser(t)
    const { client: other } = await login(t, email, PASSWORD)
    const r = await client.post('/v1/auth/update-password', { currentPassword: 'not my password', newPassword: NEW_PASSWORD })
    expect(expectError(r, 'ValidationError', { data: ['currentPassword'] })!.currentPassword).toBe(
      'The current password is not correct',
    )
    expect((await other.get('/v1/auth/me')).status).toBe(200)
    expect((await login(t, email, PASSWORD)).res.status).toBe(200)
    expect((await login(t, email, NEW_PASSWORD)).res.status).toBe(401)
  })

  test('success: other sessions end, the current one still works, the new password signs in', async () => {
    const { client, email } = await registerUser(t)
    const { client: other } = await login(t, email, PASSWORD)
    const stranger = await registerUser(t)
    const cookieBefore = client.jar.get(SESSION_COOKIE)

    const r = await client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ ok: true })

    expect((await client.get('/v1/auth/me')).status).toBe(200)
    expect(client.jar.get(SESSION_COOKIE)).toBe(cookieBefore)
    expectError(await other.get('/v1/auth/me'), 'UnauthorizedError')
    // Another user's session is untouched.
    expect((await stranger.client.get('/v1/auth/me')).status).toBe(200)

    expectError((await login(t, email, PASSWORD)).res, 'UnauthorizedError', { message: INVALID_LOGIN })
    expect((await login(t, email, NEW_PASSWORD)).res.status).toBe(200)
  })

  test('a replayed cookie of an ended session stays dead', async () => {
    const { client, email } = await registerUser(t)
    const { client: other } = await login(t, email, PASSWORD)
    const otherCookie = other.jar.get(SESSION_COOKIE)!
    await client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expectError(await withCookie(t, otherCookie).get('/v1/auth/me'), 'UnauthorizedError')
  })

  test('new password too short → data.newPassword; missing fields; unknown field', async () => {
    const { client } = await registerUser(t)
    const short = await client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: '1234567' })
    expect(expectError(short, 'ValidationError', { data: ['newPassword'] })!.newPassword).toBe('Use at least 8 characters')
    expectError(await client.post('/v1/auth/update-password', {}), 'ValidationError', { data: ['currentPassword', 'newPassword'] })
    expectError(
      await client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD }),
      'ValidationError',
      { data: ['confirm'] },
    )
    // None of those changed the password.
    expect((await client.get('/v1/auth/me')).status).toBe(200)
  })

  test('messages in Spanish for a Spanish profile (its saved language wins over the browser)', async () => {
    const { client } = await registerUser(t)
    const r = await inSpanish(client, () =>
      client.post('/v1/auth/update-password', { currentPassword: 'wrong wrong', newPassword: NEW_PASSWORD }, { 'accept-language': 'en' }),
    )
    expect(expectError(r, 'ValidationError', { data: ['currentPassword'] })!.currentPassword).toBe(
      'La contraseña actual no es correcta',
    )
  })

  test('429 after 10 attempts in the window', async () => {
    const { client } = await registerUser(t)
    for (let i = 1; i <= 10; i++) {
      const r = await client.post('/v1/auth/update-password', { currentPassword: `wrong ${i} pass`, newPassword: NEW_PASSWORD })
      expect(r.status, `attempt ${i}`).toBe(400)
    }
    const r = await client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expectError(r, 'TooManyRequestsError')
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
