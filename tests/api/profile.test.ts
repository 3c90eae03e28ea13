import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { expectError, registerUser } from './_helpers.ts'

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

  test('fields that are not the profile’s are refused: email, superAdmin, emailVerified', async () => {
    const { client, email, user } = await registerUser(t)
    const r = await client.put('/v1/profile', { email: 'other@example.com', superAdmin: true, emailVerified: true })
    const data = expectError(r, 'ValidationError', { data: ['email', 'superAdmin', 'emailVerified'] })
    expect(data!.superAdmin).toBe('Unknown field')
    const row = await queryRows<{ email: string; super_admin: boolean }>(t.db, sql`select email, super_admin from users where id = ${user.id}`)
    expect(row[0]).toEqual({ email, super_admin: false })
  })

  test('only the signed-in user is changed', async () => {
    const a = await registerUser(t, { name: 'Alpha' })
    const b = await registerUser(t, { name: 'Bravo' })
    await a.client.put('/v1/profile', { name: 'Alpha 2' })
    expect((await b.client.get('/v1/profile')).json.profile.name).toBe('Bravo')
  })

  test('messages in Spanish with Accept-Language: es', async () => {
    const { client } = await registerUser(t)
    const r = await client.put('/v1/profile', { name: '', locale: 'fr' }, { 'accept-language': 'es' })
    expect(expectError(r, 'ValidationError', { data: ['name', 'locale'] })).toEqual({
      name: 'Este campo es obligatorio',
      locale: 'Elige una de las opciones',
    })
  })
})
