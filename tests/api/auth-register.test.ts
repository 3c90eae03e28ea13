import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { linkFrom } from '../support/mailbox.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import {
  PASSWORD,
  VERIFY_SUBJECT_EN,
  VERIFY_SUBJECT_ES,
  expectError,
  freshIp,
  mailsTo,
  registerUser,
  setCookie,
} from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function userCount(email: string): Promise<number> {
  const r = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where lower(email) = lower(${email})`)
  return Number(r[0]!.n)
}

describe('POST /v1/auth/register', () => {
  test('201 with the user and an HttpOnly, SameSite=Lax session cookie for 30 days (no Secure on http)', async () => {
    const c = t.client({ ip: freshIp() })
    const email = uniqueEmail()
    const r = await c.post('/v1/auth/register', { name: '  Ana Cook  ', email, password: PASSWORD })
    expect(r.status).toBe(201)
    expect(r.json).toEqual({
      user: {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        type: 'user',
        name: 'Ana Cook',
        email,
        locale: 'en',
        superAdmin: false,
        emailVerified: false,
      },
    })
    const cookie = setCookie(r)
    expect(cookie, 'session cookie').toBeDefined()
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32)
    expect(cookie!.attrs.has('httponly')).toBe(true)
    expect(cookie!.attrs.get('samesite')).toBe('Lax')
    expect(cookie!.attrs.get('path')).toBe('/')
    expect(cookie!.attrs.get('max-age')).toBe(String(30 * 24 * 60 * 60))
    expect(cookie!.attrs.has('secure')).toBe(false)
    expect(cookie!.attrs.has('domain')).toBe(false)

    // The cookie signs the browser in.
    const me = await c.get('/v1/auth/me')
    expect(me.status).toBe(200)
    expect(me.json.user.email).toBe(email)
    expect(me.json.user.id).toBe(r.json.user.id)
  })

  test('the password is stored only as an argon2id hash', async () => {
    const { user } = await registerUser(t)
    const r = await queryRows<{ password_hash: string }>(t.db, sql`select password_hash from users where id = ${user.id}`)
    const hash = r[0]!.password_hash
    expect(hash).toMatch(/^\$argon2id\$/)
    expect(hash).not.toContain(PASSWORD)
  })

  test('two registrations get different session cookies', async () => {
    const a = await registerUser(t)
    const b = await registerUser(t)
    expect(setCookie(a.res)!.value).not.toBe(setCookie(b.res)!.value)
    expect(a.user.id).not.toBe(b.user.id)
  })

  test('duplicate e-mail, in any letter case → ValidationError on data.email, no second user', async () => {
    const email = uniqueEmail('dup')
    await registerUser(t, { email })
    const c = t.client({ ip: freshIp() })
    for (const variant of [email, email.toUpperCase(), email.replace(/^./, (ch) => ch.toUpperCase())]) {
      const r = await c.post('/v1/auth/register', { name: 'Other', email: variant, password: PASSWORD })
      const data = expectError(r, 'ValidationError', { data: ['email'] })
      expect(data!.email).toBe('An account with this e-mail address already exists')
      expect(setCookie(r)).toBeUndefined()
    }
    expect(await userCount(email)).toBe(1)
  })

  test('password shorter than 8 characters → data.password', async () => {
    const c = t.client({ ip: freshIp() })
    const email = uniqueEmail()
    const r = await c.post('/v1/auth/register', { name: 'Ana', email, password: '1234567' })
    const data = expectError(r, 'ValidationError', { data: ['password'] })
    expect(data!.password).toBe('Use at least 8 characters')
    expect(await userCount(email)).toBe(0)
  })

  test('exactly 8 characters is accepted', async () => {
    // Not one of the common passwords ("12345678" is refused for that: common-passwords.test.ts).
    await registerUser(t, { password: 'tz8#kq4v' })
  })

  test('password longer than 200 characters → data.password', async () => {
    const r = await t.client().post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: 'x'.repeat(201) })
    const data = expectError(r, 'ValidationError', { data: ['password'] })
    expect(data!.password).toBe('Use at most 200 characters')
  })

  test('invalid e-mail → data.email', async () => {
    for (const email of ['not-an-email', 'a@', '@example.com', ' spaced@example.com ', '']) {
      const r = await t.client().post('/v1/auth/register', { name: 'Ana', email, password: PASSWORD })
      const data = expectError(r, 'ValidationError', { data: ['email'] })
      expect(data!.email).toBe('Enter a valid e-mail address')
    }
  })

  test('e-mail longer than 254 characters → data.email', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`
    expect(email.length).toBeGreaterThan(254)
    const r = await t.client().post('/v1/auth/register', { name: 'Ana', email, password: PASSWORD })
    expectError(r, 'ValidationError', { data: ['email'] })
  })

  test('empty or blank name → data.name; over 100 characters → data.name', async () => {
    for (const name of ['', '   ']) {
      const r = await t.client().post('/v1/auth/register', { name, email: uniqueEmail(), password: PASSWORD })
      const data = expectError(r, 'ValidationError', { data: ['name'] })
      expect(data!.name).toBe('This field is required')
    }
    const long = await t.client().post('/v1/auth/register', { name: 'n'.repeat(101), email: uniqueEmail(), password: PASSWORD })
    expect(expectError(long, 'ValidationError', { data: ['name'] })!.name).toBe('Use at most 100 characters')
  })

  test('missing fields → one entry per field', async () => {
    const r = await t.client().post('/v1/auth/register', {})
    const data = expectError(r, 'ValidationError', { data: ['name', 'email', 'password'] })
    expect(data).toEqual({
      name: 'This field is required',
      email: 'This field is required',
      password: 'This field is required',
    })
  })

  test('wrong types → ValidationError', async () => {
    const r = await t.client().post('/v1/auth/register', { name: 42, email: ['x'], password: true })
    expectError(r, 'ValidationError', { data: ['name', 'email', 'password'] })
  })

  test('a JSON array or null body → ValidationError on the form', async () => {
    for (const body of ['[]', 'null', '"text"']) {
      const r = await t.client().post('/v1/auth/register', body)
      const data = expectError(r, 'ValidationError')
      expect(data).toBeDefined()
    }
  })

  test('unknown field → 400 naming the field, no user created', async () => {
    const email = uniqueEmail()
    const r = await t.client().post('/v1/auth/register', { name: 'Ana', email, password: PASSWORD, superAdmin: true })
    const data = expectError(r, 'ValidationError', { data: ['superAdmin'] })
    expect(data!.superAdmin).toBe('Unknown field')
    expect(await userCount(email)).toBe(0)
  })

  test('invalid locale → data.locale', async () => {
    const r = await t.client().post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: PASSWORD, locale: 'fr' })
    const data = expectError(r, 'ValidationError', { data: ['locale'] })
    expect(data!.locale).toBe('Choose one of the options')
  })

  test('the verification e-mail arrives over SMTP with a text and an HTML part and a working link', async () => {
    const { email, client } = await registerUser(t, { name: 'Ana <b>Cook</b>' })
    const mail = await t.mailbox.waitFor(email, VERIFY_SUBJECT_EN)
    expect(mail.to).toEqual([email])
    expect(mail.from).toBe('no-reply@mise.localhost')
    expect(mail.text).toContain('Hello Ana <b>Cook</b>,')
    expect(mail.text).toContain('48 hours')
    expect(mail.html).toMatch(/<html/i)
    // The user's name is escaped in HTML.
    expect(mail.html).toContain('Ana &lt;b&gt;Cook&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>Cook</b>')
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i)
    expect(mail.raw).toMatch(/Content-Type: text\/html/i)
    const link = linkFrom(mail, '/verify-email')
    expect(link.origin).toBe('http://localhost:3999')
    expect(link.searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(32)
    // The HTML part carries the same link (as an escaped href).
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'))
    const v = await client.post('/v1/auth/verification/verify', Object.fromEntries(link.searchParams))
    expect(v.json).toEqual({ status: 'success' })
  })

  test('only one verification mail per registration, and none for a refused registration', async () => {
    const { email } = await registerUser(t)
    await t.mailbox.waitFor(email, VERIFY_SUBJECT_EN)
    await t.client().post('/v1/auth/register', { name: 'Ana', email, password: PASSWORD })
    const other = uniqueEmail()
    await t.client().post('/v1/auth/register', { name: 'Ana', email: other, password: 'short' })
    await new Promise((r) => setTimeout(r, 200))
    expect(mailsTo(t, email, /./)).toHaveLength(1)
    expect(mailsTo(t, other, /./)).toHaveLength(0)
  })

  test("locale 'es' → the account is Spanish and the e-mail is in Spanish", async () => {
    const { email, user } = await registerUser(t, { locale: 'es', name: 'Lucía' })
    expect((user as { locale?: string }).locale).toBe('es')
    const mail = await t.mailbox.waitFor(email, VERIFY_SUBJECT_ES)
    expect(mail.subject).toBe('Verifica tu dirección de correo en Mise')
    expect(mail.text).toContain('Hola, Lucía:')
    expect(mail.text).toContain('Verificar dirección de correo')
    expect(mail.html).toContain('lang="es"')
    expect(mailsTo(t, email, VERIFY_SUBJECT_EN)).toHaveLength(0)
  })

  test('Accept-Language: es without a locale field → Spanish account and e-mail', async () => {
    const { email, res } = await registerUser(t, { headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' } })
    expect(res.json.user.locale).toBe('es')
    const mail = await t.mailbox.waitFor(email, VERIFY_SUBJECT_ES)
    expect(mail.subject).toBe('Verifica tu dirección de correo en Mise')
  })

  test('an explicit locale wins over Accept-Language', async () => {
    const { email, res } = await registerUser(t, { locale: 'en', headers: { 'accept-language': 'es' } })
    expect(res.json.user.locale).toBe('en')
    await t.mailbox.waitFor(email, VERIFY_SUBJECT_EN)
  })

  test('an unsupported Accept-Language falls back to English', async () => {
    const { email, res } = await registerUser(t, { headers: { 'accept-language': 'de-DE,fr;q=0.8' } })
    expect(res.json.user.locale).toBe('en')
    await t.mailbox.waitFor(email, VERIFY_SUBJECT_EN)
  })

  test('the e-mail keeps the letter case it was registered with, and login works in any case', async () => {
    const email = uniqueEmail('MixedCase')
    const { user } = await registerUser(t, { email })
    expect(user.email).toBe(email)
    const r = await t.client({ ip: freshIp() }).post('/v1/auth/login', { email: email.toLowerCase(), password: PASSWORD })
    expect(r.status).toBe(200)
    expect(r.json.user.id).toBe(user.id)
  })
})

describe('secure cookies behind https', () => {
  let https: TestApp
  beforeAll(async () => {
    https = await createTestApp({ APP_URL: 'https://mise.example' })
  })
  afterAll(() => https.close())

  test('with an https APP_URL the session cookie is Secure', async () => {
    const c = https.client()
    const r = await c.post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: PASSWORD })
    expect(r.status).toBe(201)
    const cookie = setCookie(r)!
    expect(cookie.attrs.has('secure')).toBe(true)
    expect(cookie.attrs.has('httponly')).toBe(true)
    expect(cookie.attrs.get('samesite')).toBe('Lax')
    expect(cookie.attrs.get('path')).toBe('/')
    expect(cookie.attrs.get('max-age')).toBe('2592000')
  })

  test('the verification link points at the https APP_URL and the logout cookie is Secure too', async () => {
    const c = https.client()
    const email = uniqueEmail()
    await c.post('/v1/auth/register', { name: 'Ana', email, password: PASSWORD })
    const mail = await https.mailbox.waitFor(email, VERIFY_SUBJECT_EN)
    const link = linkFrom(mail, '/verify-email')
    expect(link.origin).toBe('https://mise.example')
    expect((await c.get(`/v1/auth/verification/verify${link.search}`)).headers.get('location')).toBe(`https://mise.example/verify-email${link.search}`)
    const v = await c.post('/v1/auth/verification/verify', Object.fromEntries(link.searchParams), { origin: 'https://mise.example' })
    expect(v.json).toEqual({ status: 'success' })
    const out = await c.post('/v1/auth/logout')
    expect(out.status).toBe(204)
    const cleared = setCookie(out)!
    expect(cleared.attrs.get('max-age')).toBe('0')
    expect(cleared.attrs.has('secure')).toBe(true)
  })

  test('a POST from the https APP_URL origin is allowed', async () => {
    const r = await https
      .client()
      .post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: PASSWORD }, { origin: 'https://mise.example' })
    expect(r.status).toBe(201)
  })
})
