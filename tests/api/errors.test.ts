import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { PASSWORD, SESSION_COOKIE, expectError, freshIp, login, registerUser, withCookie } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const APP_ORIGIN = 'http://localhost:3999'

async function userExists(email: string): Promise<boolean> {
  const r = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where lower(email) = lower(${email})`)
  return Number(r[0]!.n) > 0
}

/** A raw request with full control over headers and body (no JSON encoding, no default content type). */
async function raw(path: string, init: RequestInit & { ip?: string } = {}) {
  const res = await t.app.request(path, { redirect: 'manual', ...init }, { clientIp: init.ip ?? freshIp() })
  const text = await res.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, headers: res.headers, text, json }
}

describe('request bodies', () => {
  test('malformed JSON → 400 BadRequestError, not 500', async () => {
    for (const body of ['{', '{"name": "Ana",}', "{'name': 'Ana'}", 'undefined', '{"a":1}}']) {
      const r = await t.client().post('/v1/auth/register', body)
      expectError(r, 'BadRequestError', { message: 'Malformed JSON body' })
    }
  })

  test('an empty body with a JSON content type → 400 BadRequestError', async () => {
    const r = await raw('/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' } })
    expectError(r, 'BadRequestError', { message: 'Malformed JSON body' })
  })

  test('a wrong content type (text/plain, form, none) → 400 BadRequestError, even with valid JSON', async () => {
    const email = uniqueEmail()
    const json = JSON.stringify({ name: 'Ana', email, password: PASSWORD })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      const r = await t.client().post('/v1/auth/register', json, { 'content-type': type })
      expectError(r, 'BadRequestError', { message: 'Expected a JSON body (Content-Type: application/json)' })
    }
    const none = await raw('/v1/auth/register', { method: 'POST', body: new TextEncoder().encode(json) })
    expectError(none, 'BadRequestError', { message: 'Expected a JSON body (Content-Type: application/json)' })
    expect(await userExists(email)).toBe(false)
  })

  test('a JSON content type with a charset parameter is accepted', async () => {
    const r = await t
      .client()
      .post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: PASSWORD }, { 'content-type': 'application/json; charset=utf-8' })
    expect(r.status).toBe(201)
  })

  test('a body over 1 MB → 400 BadRequestError, nothing created', async () => {
    const email = uniqueEmail()
    const body = JSON.stringify({ name: 'n'.repeat(1024 * 1024), email, password: PASSWORD })
    expect(body.length).toBeGreaterThan(1024 * 1024)
    const r = await t.client().post('/v1/auth/register', body)
    expectError(r, 'BadRequestError', { message: 'Request body too large (limit 1 MB)' })
    expect(await userExists(email)).toBe(false)
  })

  test('a declared Content-Length over 1 MB is refused before reading', async () => {
    const r = await raw('/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
    })
    expectError(r, 'BadRequestError', { message: 'Request body too large (limit 1 MB)' })
  })

  test('a body of just under 1 MB is parsed (and then validated)', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'p', pad: 'x'.repeat(1024 * 1024 - 100) })
    expect(body.length).toBeLessThanOrEqual(1024 * 1024)
    const r = await t.client().post('/v1/auth/login', body)
    expectError(r, 'ValidationError', { data: ['pad'] })
  })
})

describe('unknown routes', () => {
  test('an unknown /v1 route → 404 NotFoundError with the catalogue message', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nope'],
      ['POST', '/v1/auth/nope'],
      ['GET', '/v1/auth'],
      ['PUT', '/v1/auth/login'],
      ['DELETE', '/v1/profile'],
      ['GET', '/v2/health'],
    ] as const) {
      const r = await t.client().call(method, path)
      expectError(r, 'NotFoundError', { message: 'Not Found' })
    }
  })

  test('404 is the same signed in and signed out', async () => {
    const { client } = await registerUser(t)
    const a = await client.get('/v1/nothing/00000000-0000-0000-0000-000000000000')
    const b = await t.client().get('/v1/nothing/00000000-0000-0000-0000-000000000000')
    expectError(a, 'NotFoundError')
    expect(a.json).toEqual(b.json)
  })
})

describe('error body shape', () => {
  test('every error kind has exactly { error: { name, code, message, data? } }', async () => {
    const { client, email } = await registerUser(t)
    const samples = [
      { res: await t.client().post('/v1/auth/login', '{'), name: 'BadRequestError' as const, message: null },
      { res: await t.client().post('/v1/auth/login', {}), name: 'ValidationError' as const, data: ['email', 'password'] },
      { res: await t.client().get('/v1/auth/me'), name: 'UnauthorizedError' as const },
      {
        res: await t.client().post('/v1/auth/login', { email, password: PASSWORD }, { origin: 'https://evil.example' }),
        name: 'ForbiddenError' as const,
        message: null,
      },
      { res: await client.get('/v1/missing'), name: 'NotFoundError' as const },
    ]
    for (const s of samples) {
      expectError(s.res, s.name, { message: 'message' in s ? s.message : undefined, data: s.data })
      expect(s.res.json.error).not.toHaveProperty('stack')
    }
    expect(samples.map((s) => s.res.status)).toEqual([400, 400, 401, 403, 404])
  })

  test('responses carry X-Request-Id (echoed when well-formed) and Cache-Control: no-store', async () => {
    const echoed = await t.client().get('/v1/auth/me', { 'x-request-id': 'req-123_abc' })
    expect(echoed.headers.get('x-request-id')).toBe('req-123_abc')
    expect(echoed.headers.get('cache-control')).toBe('no-store')
    const replaced = await t.client().get('/v1/health', { 'x-request-id': 'bad id <script>' })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const generated = await t.client().get('/v1/health')
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(generated.headers.get('x-request-id')).not.toBe(replaced.headers.get('x-request-id'))
  })
})

describe('Origin check (CSRF)', () => {
  test('a POST with Origin: https://evil.example → 403 ForbiddenError and no user created', async () => {
    const email = uniqueEmail()
    const r = await t
      .client()
      .post('/v1/auth/register', { name: 'Evil', email, password: PASSWORD }, { origin: 'https://evil.example' })
    expectError(r, 'ForbiddenError', { message: 'Cross-origin request refused' })
    expect(r.headers.getSetCookie()).toEqual([])
    expect(await userExists(email)).toBe(false)
  })

  test('Sec-Fetch-Site: cross-site → 403 even without an Origin header', async () => {
    const email = uniqueEmail()
    const r = await t.client().post('/v1/auth/register', { name: 'Evil', email, password: PASSWORD }, { 'sec-fetch-site': 'cross-site' })
    expectError(r, 'ForbiddenError', { message: 'Cross-site request refused' })
    expect(await userExists(email)).toBe(false)
  })

  test('Sec-Fetch-Site: cross-site wins over an allowed Origin', async () => {
    const email = uniqueEmail()
    const r = await t
      .client()
      .post('/v1/auth/register', { name: 'Evil', email, password: PASSWORD }, { origin: APP_ORIGIN, 'sec-fetch-site': 'cross-site' })
    expectError(r, 'ForbiddenError', { message: 'Cross-site request refused' })
    expect(await userExists(email)).toBe(false)
  })

  test('Origin: null and look-alike origins → 403', async () => {
    for (const origin of ['null', 'http://localhost:3999.evil.example', 'https://localhost:3999', 'http://localhost:4000', 'http://evil.localhost:3999']) {
      const email = uniqueEmail()
      const r = await t.client().post('/v1/auth/register', { name: 'Evil', email, password: PASSWORD }, { origin })
      expectError(r, 'ForbiddenError', { message: null })
      expect(await userExists(email), origin).toBe(false)
    }
  })

  test('the APP_URL origin is allowed (with same-origin fetch metadata)', async () => {
    const email = uniqueEmail()
    const r = await t
      .client()
      .post('/v1/auth/register', { name: 'Ana', email, password: PASSWORD }, { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' })
    expect(r.status).toBe(201)
    expect(await userExists(email)).toBe(true)
  })

  test("the request's own origin is allowed", async () => {
    const r = await t
      .client()
      .post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: PASSWORD }, { origin: 'http://localhost' })
    expect(r.status).toBe(201)
  })

  test('no Origin (server-to-server) is allowed', async () => {
    const email = uniqueEmail()
    const r = await t.client().post('/v1/auth/register', { name: 'Ana', email, password: PASSWORD })
    expect(r.status).toBe(201)
    expect(await userExists(email)).toBe(true)
  })

  test('a cross-site logout does not end the session', async () => {
    const { client } = await registerUser(t)
    const r = await client.post('/v1/auth/logout', undefined, { origin: 'https://evil.example' })
    expectError(r, 'ForbiddenError', { message: 'Cross-origin request refused' })
    expect(client.jar.has(SESSION_COOKIE)).toBe(true)
    expect((await client.get('/v1/auth/me')).status).toBe(200)
  })

  test('a cross-site password change or profile edit with a valid cookie changes nothing', async () => {
    const { client, email } = await registerUser(t, { name: 'Victim' })
    const pw = await client.post(
      '/v1/auth/update-password',
      { currentPassword: PASSWORD, newPassword: 'attacker chose this' },
      { origin: 'https://evil.example' },
    )
    expectError(pw, 'ForbiddenError', { message: 'Cross-origin request refused' })
    const profile = await client.put('/v1/profile', { name: 'Pwned' }, { 'sec-fetch-site': 'cross-site' })
    expectError(profile, 'ForbiddenError', { message: 'Cross-site request refused' })
    expect((await client.get('/v1/profile')).json.profile.name).toBe('Victim')
    expect((await login(t, email, PASSWORD)).res.status).toBe(200)
  })

  test('safe methods are not checked: a cross-site GET is answered normally', async () => {
    const { client } = await registerUser(t)
    const r = await client.get('/v1/auth/me', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(r.status).toBe(200)
  })
})

describe('languages', () => {
  test('validation messages in Spanish with Accept-Language: es', async () => {
    const r = await t
      .client()
      .post('/v1/auth/register', { name: '', email: 'nope', password: 'short', extra: 1 }, { 'accept-language': 'es' })
    expect(expectError(r, 'ValidationError', { data: ['name', 'email', 'password', 'extra'] })).toEqual({
      name: 'Este campo es obligatorio',
      email: 'Introduce una dirección de correo válida',
      password: 'Usa al menos 8 caracteres',
      extra: 'Campo desconocido',
    })
  })

  test('the same in English by default', async () => {
    const r = await t.client().post('/v1/auth/register', { name: '', email: 'nope', password: 'short', extra: 1 })
    expect(expectError(r, 'ValidationError', { data: ['name', 'email', 'password', 'extra'] })).toEqual({
      name: 'This field is required',
      email: 'Enter a valid e-mail address',
      password: 'Use at least 8 characters',
      extra: 'Unknown field',
    })
  })

  test('Accept-Language quality values are honoured', async () => {
    const r = await t.client().post('/v1/auth/forgot-password', { email: 'nope' }, { 'accept-language': 'en;q=0.3, es-MX;q=0.9' })
    expect(expectError(r, 'ValidationError', { data: ['email'] })!.email).toBe('Introduce una dirección de correo válida')
  })

  test('the mise_lng cookie wins over Accept-Language; an invalid cookie value is ignored', async () => {
    const es = await t.client().post('/v1/auth/forgot-password', { email: 'nope' }, { 'accept-language': 'en', cookie: 'mise_lng=es' })
    expect(es.json.error.data.email).toBe('Introduce una dirección de correo válida')
    const bad = await t.client().post('/v1/auth/forgot-password', { email: 'nope' }, { 'accept-language': 'es', cookie: 'mise_lng=xx' })
    expect(bad.json.error.data.email).toBe('Introduce una dirección de correo válida')
    const en = await t.client().post('/v1/auth/forgot-password', { email: 'nope' }, { 'accept-language': 'es', cookie: 'mise_lng=en' })
    expect(en.json.error.data.email).toBe('Enter a valid e-mail address')
  })

  test('the catalogue name and code never change with the language', async () => {
    const r = await t.client().get('/v1/auth/me', { 'accept-language': 'es' })
    expectError(r, 'UnauthorizedError')
  })
})

describe('unexpected failures', () => {
  let broken: TestApp
  let cookie: string
  beforeAll(async () => {
    broken = await createTestApp()
    const c = broken.client()
    const r = await c.post('/v1/auth/register', { name: 'Ana', email: uniqueEmail(), password: PASSWORD })
    expect(r.status).toBe(201)
    cookie = c.jar.get(SESSION_COOKIE)!
    // Take the database away under the running app.
    await broken.close()
  })

  const SERVER_ERROR = { error: { name: 'ServerError', code: 500, message: 'Unknown Server Error' } }

  test('an unexpected exception → 500 ServerError with the catalogue body and nothing internal', async () => {
    const r = await broken.client().post('/v1/auth/login', { email: uniqueEmail(), password: PASSWORD })
    expect(r.status).toBe(500)
    expect(r.json).toEqual(SERVER_ERROR)
    expect(r.text).toBe(JSON.stringify(SERVER_ERROR))
    expect(r.text).not.toMatch(/stack|pglite|pool|closed|at .*\.ts|sql|select|insert/i)
    expect(r.headers.get('x-request-id')).toBeTruthy()
  })

  test('the same for a signed-in request and for other calls', async () => {
    const me = await withCookie(broken, cookie).get('/v1/auth/me')
    expect(me.status).toBe(500)
    expect(me.json).toEqual(SERVER_ERROR)
    const forgot = await broken.client().post('/v1/auth/forgot-password', { email: uniqueEmail() })
    expect(forgot.json).toEqual(SERVER_ERROR)
  })

  test('validation still answers 400 before touching the database', async () => {
    expectError(await broken.client().post('/v1/auth/register', {}), 'ValidationError', { data: ['name', 'email', 'password'] })
  })

  test('/v1/ready says 503 unavailable while /v1/health stays 200', async () => {
    const ready = await broken.client().get('/v1/ready')
    expect(ready.status).toBe(503)
    expect(ready.json).toEqual({ status: 'unavailable' })
    const health = await broken.client().get('/v1/health')
    expect(health.status).toBe(200)
    expect(health.json).toEqual({ status: 'ok' })
  })
})
