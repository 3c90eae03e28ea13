import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { linkFrom } from '../support/mailbox.ts'
import { expectError, inSpanish, login, mailsTo, registerUser, VERIFY_SUBJECT_EN, VERIFY_SUBJECT_ES, waitForMailCount } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /v1/profile', () => {
  test('401 when signed out', async () => {
    expectError(await t.client().get('/v1/profile'), 'UnauthorizedError')
  })

  test('the signed-in user’s profile', async () => {
    const { client, email, user } = await registerUser(t, { name: 'Ana Cook', locale: 'es' })
    const r = await client.get('/v1/profile')
    expect(r.status).toBe(200)
    expect(r.json).toEqual({
      profile: { id: user.id, type: 'user', name: 'Ana Cook', email, locale: 'es', superAdmin: false, emailVerified: false },
    })
  })
})

describe('PUT /v1/profile', () => {
  test('401 when signed out, and nothing changes', async () => {
    const { client } = await registerUser(t, { name: 'Before' })
    expectError(await t.client().put('/v1/profile', { name: 'Hacker' }), 'UnauthorizedError')
    expect((await client.get('/v1/profile')).json.profile.name).toBe('Before')
  })

  test('updates the name (trimmed); GET and /me reflect it', async () => {
    const { client, user } = await registerUser(t, { name: 'Before' })
    const r = await client.put('/v1/profile', { name: '  After Name  ' })
    expect(r.status).toBe(200)
    expect(r.json.profile).toMatchObject({ id: user.id, name: 'After Name', locale: 'en' })
    expect((await client.get('/v1/profile')).json.profile.name).toBe('After Name')
    expect((await client.get('/v1/auth/me')).json.user.name).toBe('After Name')
  })

  test("updates the locale to 'es' and back to 'en'; the name is kept", async () => {
    const { client } = await registerUser(t, { name: 'Keep Me' })
    const es = await client.put('/v1/profile', { locale: 'es' })
    expect(es.status).toBe(200)
    expect(es.json.profile).toMatchObject({ name: 'Keep Me', locale: 'es' })
    expect((await client.get('/v1/profile')).json.profile.locale).toBe('es')
    const en = await client.put('/v1/profile', { locale: 'en' })
    expect(en.json.profile).toMatchObject({ name: 'Keep Me', locale: 'en' })
  })

  test('the account language chosen here is the language of later e-mails', async () => {
    const { client, email } = await registerUser(t)
    expect((await client.put('/v1/profile', { locale: 'es' })).status).toBe(200)
    await t.client().post('/v1/auth/forgot-password', { email })
    const mail = await t.mailbox.waitFor(email, /Restablece/)
    expect(mail.subject).toBe('Restablece tu contraseña de Mise')
  })

  test('both at once', async () => {
    const { client } = await registerUser(t)
    const r = await client.put('/v1/profile', { name: 'Lucía', locale: 'es' })
    expect(r.status).toBe(200)
    expect(r.json.profile).toMatchObject({ name: 'Lucía', locale: 'es' })
  })

  test('an empty body changes nothing', async () => {
    const { client } = await registerUser(t, { name: 'Same' })
    const r = await client.put('/v1/profile', {})
    expect(r.status).toBe(200)
    expect(r.json.profile).toMatchObject({ name: 'Same', locale: 'en' })
  })

  test("invalid locale → ValidationError data.locale; nothing saved", async () => {
    const { client } = await registerUser(t)
    for (const locale of ['fr', 'ES', '', 1, null]) {
      const r = await client.put('/v1/profile', { name: 'Changed', locale })
      const data = expectError(r, 'ValidationError', { data: ['locale'] })
      expect(typeof data!.locale).toBe('string')
    }
    expect((await client.get('/v1/profile')).json.profile).toMatchObject({ name: 'Ana Cook', locale: 'en' })
  })

  test('empty or blank name → data.name; too long → data.name', async () => {
    const { client } = await registerUser(t)
    for (const name of ['', '   ']) {
      const r = await client.put('/v1/profile', { name })
      expect(expectError(r, 'ValidationError', { data: ['name'] })!.name).toBe('This field is required')
    }
    const long = await client.put('/v1/profile', { name: 'x'.repeat(101) })
    expect(expectError(long, 'ValidationError', { data: ['name'] })!.name).toBe('Use at most 100 characters')
    expect((await client.get('/v1/profile')).json.profile.name).toBe('Ana Cook')
  })

  test('fields that are not the profile’s are refused: superAdmin, emailVerified', async () => {
    const { client, email, user } = await registerUser(t)
    const r = await client.put('/v1/profile', { superAdmin: true, emailVerified: true })
    const data = expectError(r, 'ValidationError', { data: ['superAdmin', 'emailVerified'] })
    expect(data).toEqual({ superAdmin: 'Unknown field', emailVerified: 'Unknown field' })
    const row = await queryRows<{ email: string; super_admin: boolean }>(t.db, sql`select email, super_admin from users where id = ${user.id}`)
    expect(row[0]).toEqual({ email, super_admin: false })
  })

  test('only the signed-in user is changed', async () => {
    const a = await registerUser(t, { name: 'Alpha' })
    const b = await registerUser(t, { name: 'Bravo' })
    await a.client.put('/v1/profile', { name: 'Alpha 2' })
    expect((await b.client.get('/v1/profile')).json.profile.name).toBe('Bravo')
  })

  test('messages in the saved profile language, over the mise_lng cookie and Accept-Language', async () => {
    const { client } = await registerUser(t, { locale: 'es' })
    client.jar.set('mise_lng', 'en')
    const r = await client.put('/v1/profile', { name: '', locale: 'fr' }, { 'accept-language': 'en-GB,en;q=0.9' })
    expect(expectError(r, 'ValidationError', { data: ['name', 'locale'] })).toEqual({
      name: 'Este campo es obligatorio',
      locale: 'Elige una de las opciones',
    })
    // And the other way round: an English profile on a Spanish browser gets English.
    const en = await registerUser(t, { locale: 'en' })
    const r2 = await en.client.put('/v1/profile', { name: '' }, { 'accept-language': 'es' })
    expect(expectError(r2, 'ValidationError', { data: ['name'] })).toEqual({ name: 'This field is required' })
  })
})

describe('PUT /v1/profile: changing the e-mail address', () => {
  const verified = async (id: string) =>
    (await queryRows<{ v: Date | null }>(t.db, sql`select email_verified_at as v from users where id = ${id}`))[0]!.v !== null
  async function markVerified(id: string) {
    await t.db.execute(sql`update users set email_verified_at = now() where id = ${id}`)
  }

  test('with the current password: the address changes, verification is cleared and a link goes to the new address', async () => {
    const { client, user, email, password } = await registerUser(t)
    await waitForMailCount(t, email, VERIFY_SUBJECT_EN, 1)
    await markVerified(user.id)
    const next = uniqueEmail('moved')
    const r = await client.put('/v1/profile', { email: `  ${next}  `, currentPassword: password, name: 'New Name' })
    expect(r.status, r.text).toBe(200)
    expect(r.json.profile).toMatchObject({ id: user.id, email: next, name: 'New Name', emailVerified: false })
    expect((await client.get('/v1/auth/me')).json.user).toMatchObject({ email: next, emailVerified: false })

    const mail = await waitForMailCount(t, next, VERIFY_SUBJECT_EN, 1)
    expect(mailsTo(t, email, VERIFY_SUBJECT_EN)).toHaveLength(1) // nothing more to the old address
    const link = linkFrom(mail, '/verify-email')
    const v = await t.client().post('/v1/auth/verification/verify', Object.fromEntries(link.searchParams))
    expect(v.status).toBe(200)
    expect(v.json).toEqual({ status: 'success' })
    expect(await verified(user.id)).toBe(true)

    // Sign-in now uses the new address.
    expect((await login(t, next, password)).res.status).toBe(200)
    expectError((await login(t, email, password)).res, 'UnauthorizedError', { message: null })
  })

  test('the verification e-mail is in the account’s language', async () => {
    const { client, password } = await registerUser(t, { locale: 'es' })
    const next = uniqueEmail('es')
    expect((await client.put('/v1/profile', { email: next, currentPassword: password })).status).toBe(200)
    await waitForMailCount(t, next, VERIFY_SUBJECT_ES, 1)
  })

  test('without the current password → data.currentPassword; nothing changes, no mail', async () => {
    const { client, user, email } = await registerUser(t)
    const next = uniqueEmail('nopass')
    for (const body of [{ email: next }, { email: next, currentPassword: '' }]) {
      const data = expectError(await client.put('/v1/profile', { ...body, name: 'Changed' }), 'ValidationError', { data: ['currentPassword'] })
      expect(data!.currentPassword).toBe('This field is required')
    }
    const es = await inSpanish(client, () => client.put('/v1/profile', { email: next }))
    expect(expectError(es, 'ValidationError', { data: ['currentPassword'] })!.currentPassword).toBe('Este campo es obligatorio')
    expect((await client.get('/v1/profile')).json.profile).toMatchObject({ id: user.id, email, name: 'Ana Cook' })
    expect(mailsTo(t, next, /./)).toHaveLength(0)
  })

  test('with a wrong password → data.currentPassword; nothing changes', async () => {
    const { client, email } = await registerUser(t)
    const next = uniqueEmail('wrong')
    const data = expectError(await client.put('/v1/profile', { email: next, currentPassword: 'not my password' }), 'ValidationError', {
      data: ['currentPassword'],
    })
    expect(data!.currentPassword).toBe('The current password is not correct')
    expect((await client.get('/v1/profile')).json.profile.email).toBe(email)
    expect(mailsTo(t, next, /./)).toHaveLength(0)
  })

  test('an address used by another account (any case) → data.email; nothing changes', async () => {
    const other = await registerUser(t)
    const { client, email, password } = await registerUser(t)
    const r = await client.put('/v1/profile', { email: other.email.toUpperCase(), currentPassword: password })
    expect(expectError(r, 'ValidationError', { data: ['email'] })!.email).toBe('An account with this e-mail address already exists')
    expect((await client.get('/v1/profile')).json.profile.email).toBe(email)
  })

  test('an invalid address → data.email', async () => {
    const { client, password } = await registerUser(t)
    for (const email of ['not-an-email', '', 'a@b', 3, null, `${'x'.repeat(250)}@example.com`]) {
      const data = expectError(await client.put('/v1/profile', { email, currentPassword: password }), 'ValidationError', { data: ['email'] })
      expect(data!.email.length).toBeGreaterThan(0)
    }
  })

  test('the same address needs no password and keeps verification; a change of case keeps verification but needs the password', async () => {
    const { client, user, email, password } = await registerUser(t)
    await markVerified(user.id)
    const same = await client.put('/v1/profile', { email })
    expect(same.status).toBe(200)
    expect(same.json.profile).toMatchObject({ email, emailVerified: true })
    expectError(await client.put('/v1/profile', { email: email.toUpperCase() }), 'ValidationError', { data: ['currentPassword'] })
    const upper = await client.put('/v1/profile', { email: email.toUpperCase(), currentPassword: password })
    expect(upper.status).toBe(200)
    expect(upper.json.profile).toMatchObject({ email: email.toUpperCase(), emailVerified: true })
    expect(mailsTo(t, email, VERIFY_SUBJECT_EN)).toHaveLength(1) // only the one sent at registration
  })

  test('currentPassword alone changes nothing', async () => {
    const { client, email, password } = await registerUser(t)
    const r = await client.put('/v1/profile', { currentPassword: password })
    expect(r.status).toBe(200)
    expect(r.json.profile.email).toBe(email)
  })
})
