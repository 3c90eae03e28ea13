/**
 * Weak passwords (issue #8, defect 8): a password being chosen — registration, reset, change, an
 * invitation's new account — is refused when it is one of the common ones (server/api/contract.ts,
 * docs/decisions/015), in the caller's language; a password already held is never judged.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isCommonPassword } from '../../server/api/contract.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { users } from '../../server/db/schema.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { linkFrom } from '../support/mailbox.ts'
import { newOrg } from '../support/staff-fixtures.ts'
import { expectError, freshIp, login, PASSWORD, registerUser, RESET_SUBJECT_EN, waitForMailCount, inSpanish } from './_helpers.ts'

const COMMON_EN = 'This password is one of the most common ones: choose one that is harder to guess'
const COMMON_ES = 'Esta contraseña es de las más comunes: elige una más difícil de adivinar'
/** Each at least 8 characters (so only the list refuses them), in several spellings. */
const COMMON = ['password', 'Password', 'PASSWORD1', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine', 'football', 'Password123', 'contrasena']

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the list', () => {
  test('knows the common passwords whatever their case, and not a passphrase', () => {
    for (const p of COMMON) expect(isCommonPassword(p), p).toBe(true)
    for (const p of [PASSWORD, 'tz8#kq4v', 'Cierre de cocina 2026']) expect(isCommonPassword(p), p).toBe(false)
  })

  test('is answered from memory once loaded (well under a millisecond a look-up)', () => {
    isCommonPassword('warm-up')
    const start = performance.now()
    for (let i = 0; i < 10_000; i++) isCommonPassword(`candidate-${i}`)
    expect((performance.now() - start) / 10_000).toBeLessThan(0.1)
  })
})

describe('POST /v1/auth/register', () => {
  test('refuses every common password with data.password, creating nothing', async () => {
    for (const password of COMMON) {
      const email = uniqueEmail('weak')
      const r = await t.client({ ip: freshIp() }).post('/v1/auth/register', { name: 'Ana', email, password })
      const data = expectError(r, 'ValidationError', { data: ['password'] })
      expect(data!.password, password).toBe(COMMON_EN)
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([])
    }
  })

  test('says so in Spanish', async () => {
    const r = await t.client({ ip: freshIp() }).post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: 'password', locale: 'es' }, { 'accept-language': 'es' })
    expect(expectError(r, 'ValidationError', { data: ['password'] })!.password).toBe(COMMON_ES)
  })
})

describe('POST /v1/auth/reset-password', () => {
  test('refuses a common password without using up the link, then takes a good one', async () => {
    const { email } = await registerUser(t)
    expect((await t.client({ ip: freshIp() }).post('/v1/auth/forgot-password', { email })).status).toBe(202)
    const link = linkFrom(await waitForMailCount(t, email, RESET_SUBJECT_EN, 1), '/reset-password')
    const body = { id: link.searchParams.get('id'), token: link.searchParams.get('token') }
    const weak = await t.client({ ip: freshIp() }).post('/v1/auth/reset-password', { ...body, password: 'letmein1' })
    expect(expectError(weak, 'ValidationError', { data: ['password'] })!.password).toBe(COMMON_EN)
    const es = await t.client({ ip: freshIp() }).post('/v1/auth/reset-password', { ...body, password: 'qwerty123' }, { 'accept-language': 'es' })
    expect(expectError(es, 'ValidationError', { data: ['password'] })!.password).toBe(COMMON_ES)
    expect((await login(t, email, PASSWORD)).res.status).toBe(200)
    const good = await t.client({ ip: freshIp() }).post('/v1/auth/reset-password', { ...body, password: 'a kitchen that never sleeps' })
    expect(good.status, good.text).toBe(200)
  })
})

describe('POST /v1/auth/update-password', () => {
  test('refuses a common new password with data.newPassword; the old one still works', async () => {
    const { client, email } = await registerUser(t)
    const r = await client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: 'superman1' })
    expect(expectError(r, 'ValidationError', { data: ['newPassword'] })!.newPassword).toBe(COMMON_EN)
    // A signed-in caller gets messages in their saved language (ADR 017).
    const es = await inSpanish(client, () => client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: 'PASSWORD' }))
    expect(expectError(es, 'ValidationError', { data: ['newPassword'] })!.newPassword).toBe(COMMON_ES)
    expect((await login(t, email, PASSWORD)).res.status).toBe(200)
    expect((await client.post('/v1/auth/update-password', { currentPassword: PASSWORD, newPassword: 'salt before the pan' })).status).toBe(200)
  })

  test('an account that already has a common password can still sign in and change it', async () => {
    const { client, email, user } = await registerUser(t)
    await t.db.update(users).set({ passwordHash: await hashPassword('password') }).where(eq(users.id, user.id))
    expect((await login(t, email, 'password')).res.status).toBe(200)
    const r = await client.post('/v1/auth/update-password', { currentPassword: 'password', newPassword: 'salt before the pan' })
    expect(r.status, r.text).toBe(200)
  })
})

describe('POST /v1/auth/invite/register', () => {
  test('refuses a common password; the invitation stays open for a good one', async () => {
    const org = await newOrg(t)
    const email = uniqueEmail('invitee')
    const invite = await org.owner.client.post(`${org.base}/staff`, { name: 'Ivy Cook', email, role: 'BASIC' })
    expect(invite.status, invite.text).toBe(201)
    const mail = await t.mailbox.waitFor(email, /invited you/)
    const link = linkFrom(mail, '/invite')
    const body = { id: link.searchParams.get('id'), token: link.searchParams.get('token'), name: 'Ivy Cook' }
    const weak = await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', { ...body, password: 'baseball' })
    expect(expectError(weak, 'ValidationError', { data: ['password'] })!.password).toBe(COMMON_EN)
    const es = await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', { ...body, password: 'trustno1' }, { 'accept-language': 'es' })
    expect(expectError(es, 'ValidationError', { data: ['password'] })!.password).toBe(COMMON_ES)
    const good = await t.client({ ip: freshIp() }).post('/v1/auth/invite/register', { ...body, password: 'mise en place daily' })
    expect(good.status, good.text).toBe(201)
  })
})
