import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { PASSWORD, SESSION_COOKIE, expectError, freshIp, login, registerUser, setCookie, sha256, withCookie } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const INVALID = 'The e-mail address or password is not correct'

async function sessionRows(userId?: string) {
  const r = userId
    ? await queryRows<Record<string, unknown>>(t.db, sql`select * from sessions where user_id = ${userId}`)
    : await queryRows<Record<string, unknown>>(t.db, sql`select * from sessions`)
  return r
}

describe('GET /v1/auth/me', () => {
  test('401 UnauthorizedError when signed out', async () => {
    const r = await t.client().get('/v1/auth/me')
    expectError(r, 'UnauthorizedError')
  })

  test('401 with an unknown, empty or absurdly long cookie', async () => {
    for (const value of ['not-a-session', 'x'.repeat(300)]) {
      expectError(await withCookie(t, value).get('/v1/auth/me'), 'UnauthorizedError')
    }
    expectError(await t.client().get('/v1/auth/me', { cookie: `${SESSION_COOKIE}=` }), 'UnauthorizedError')
  })

  test('the signed-in shape: user, orgs, webVersion, flags', async () => {
    const { client, email, user } = await registerUser(t, { name: 'Ana Cook' })
    const r = await client.get('/v1/auth/me')
    expect(r.status).toBe(200)
    expect(r.json).toEqual({
      user: {
        id: user.id,
        type: 'user',
        name: 'Ana Cook',
        email,
        locale: 'en',
        superAdmin: false,
        emailVerified: false,
      },
      orgs: [],
      webVersion: t.config.webVersion,
      flags: {},
    })
    expect(typeof r.json.webVersion).toBe('string')
    expect(r.json.webVersion.length).toBeGreaterThan(0)
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  test('an expired session is refused', async () => {
    const { client, user } = await registerUser(t)
    expect((await client.get('/v1/auth/me')).status).toBe(200)
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`)
    expectError(await client.get('/v1/auth/me'), 'UnauthorizedError')
  })

  test('a session idle for over an hour is rolled forward: new expiry and the cookie re-sent', async () => {
    const { client, user } = await registerUser(t)
    const cookie = client.jar.get(SESSION_COOKIE)!
    await t.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 day' where user_id = ${user.id}`,
    )
    const r = await client.get('/v1/auth/me')
    expect(r.status).toBe(200)
    const again = setCookie(r)
    expect(again?.value).toBe(cookie)
    expect(again?.attrs.get('max-age')).toBe('2592000')
    const [row] = await sessionRows(user.id)
    const expires = new Date(row!.expires_at as string).getTime()
    expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000)
    // A recent session is not rewritten on every request.
    const quiet = await client.get('/v1/auth/me')
    expect(setCookie(quiet)).toBeUndefined()
  })

  test('a deleted user is signed out', async () => {
    const { client, user } = await registerUser(t)
    await t.db.execute(sql`delete from users where id = ${user.id}`)
    expectError(await client.get('/v1/auth/me'), 'UnauthorizedError')
  })
})

describe('POST /v1/auth/login', () => {
  let email: string
  let userId: string
  beforeAll(async () => {
    const r = await registerUser(t, { name: 'Login User' })
    email = r.email
    userId = r.user.id
  })

  test('success: 200 with the user and a new session cookie that signs in', async () => {
    const { client, res } = await login(t, email, PASSWORD)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      user: { id: userId, type: 'user', name: 'Login User', email, locale: 'en', superAdmin: false, emailVerified: false },
    })
    const cookie = setCookie(res)!
    expect(cookie.attrs.has('httponly')).toBe(true)
    expect(cookie.attrs.get('samesite')).toBe('Lax')
    expect(cookie.attrs.get('path')).toBe('/')
    expect(cookie.attrs.get('max-age')).toBe('2592000')
    expect(cookie.attrs.has('secure')).toBe(false)
    const me = await client.get('/v1/auth/me')
    expect(me.status).toBe(200)
    expect(me.json.user.id).toBe(userId)
  })

  test('the e-mail is matched case-insensitively and trimmed', async () => {
    const { res } = await login(t, `  ${email.toUpperCase()}  `, PASSWORD)
    expect(res.status).toBe(200)
    expect(res.json.user.id).toBe(userId)
  })

  test('each login is its own session', async () => {
    const a = await login(t, email, PASSWORD)
    const b = await login(t, email, PASSWORD)
    expect(setCookie(a.res)!.value).not.toBe(setCookie(b.res)!.value)
    expect((await a.client.get('/v1/auth/me')).status).toBe(200)
    expect((await b.client.get('/v1/auth/me')).status).toBe(200)
  })

  test('wrong password → 401 UnauthorizedError with the invalid-credentials message, no cookie', async () => {
    const { res, client } = await login(t, email, 'wrong password!')
    expectError(res, 'UnauthorizedError', { message: INVALID })
    expect(setCookie(res)).toBeUndefined()
    expectError(await client.get('/v1/auth/me'), 'UnauthorizedError')
  })

  test('unknown e-mail → the very same 401', async () => {
    const wrong = await login(t, email, 'wrong password!')
    const unknown = await login(t, uniqueEmail('nobody'), PASSWORD)
    expectError(unknown.res, 'UnauthorizedError', { message: INVALID })
    expect(unknown.res.json).toEqual(wrong.res.json)
    expect(unknown.res.status).toBe(wrong.res.status)
  })

  test('the message is translated with Accept-Language: es', async () => {
    const r = await t.client({ ip: freshIp() }).post('/v1/auth/login', { email, password: 'nope nope' }, { 'accept-language': 'es' })
    expectError(r, 'UnauthorizedError', { message: 'El correo o la contraseña no son correctos' })
  })

  test('validation: missing fields → data.email and data.password', async () => {
    const r = await t.client().post('/v1/auth/login', {})
    expect(expectError(r, 'ValidationError', { data: ['email', 'password'] })).toEqual({
      email: 'This field is required',
      password: 'This field is required',
    })
  })

  test('validation: blank e-mail → data.email; empty password → data.password', async () => {
    expectError(await t.client().post('/v1/auth/login', { email: '   ', password: PASSWORD }), 'ValidationError', { data: ['email'] })
    expectError(await t.client().post('/v1/auth/login', { email, password: '' }), 'ValidationError', { data: ['password'] })
  })

  test('validation: over-long values → ValidationError', async () => {
    expectError(await t.client().post('/v1/auth/login', { email: 'a'.repeat(255), password: PASSWORD }), 'ValidationError', {
      data: ['email'],
    })
    expectError(await t.client().post('/v1/auth/login', { email, password: 'p'.repeat(201) }), 'ValidationError', {
      data: ['password'],
    })
  })

  test('validation: unknown field → 400', async () => {
    const r = await t.client().post('/v1/auth/login', { email, password: PASSWORD, remember: true })
    expect(expectError(r, 'ValidationError', { data: ['remember'] })!.remember).toBe('Unknown field')
  })

  test('the cookie value is never stored: only its SHA-256 is', async () => {
    const { res } = await login(t, email, PASSWORD)
    const cookie = setCookie(res)!.value
    const rows = await sessionRows()
    expect(rows.length).toBeGreaterThan(0)
    // Nothing anywhere in the sessions table holds the cookie value.
    expect(JSON.stringify(rows)).not.toContain(cookie)
    for (const row of rows) expect(row.token_hash).not.toBe(cookie)
    const mine = rows.filter((row) => row.token_hash === sha256(cookie))
    expect(mine).toHaveLength(1)
    expect(mine[0]!.user_id).toBe(userId)
    // …nor in any other table.
    for (const table of ['users', 'user_tokens', 'rate_limits', 'app_settings']) {
      const all = await queryRows(t.db, sql.raw(`select * from ${table}`))
      expect(JSON.stringify(all), table).not.toContain(cookie)
    }
  })

  test('the 11th attempt for one address within the window → 429 with a numeric Retry-After', async () => {
    const target = (await registerUser(t)).email
    const ip = freshIp()
    const c = t.client({ ip })
    for (let i = 1; i <= 10; i++) {
      // Letter case does not give an attacker a fresh counter.
      const address = i % 2 ? target : target.toUpperCase()
      const r = await c.post('/v1/auth/login', { email: address, password: `wrong-${i}-password` })
      expectError(r, 'UnauthorizedError', { message: INVALID })
    }
    const r = await c.post('/v1/auth/login', { email: target, password: 'wrong-11-password' })
    expectError(r, 'TooManyRequestsError', { message: 'Too Many Requests' })
    const retry = r.headers.get('retry-after')
    expect(retry).toMatch(/^\d+$/)
    expect(Number(retry)).toBeGreaterThan(0)
    expect(Number(retry)).toBeLessThanOrEqual(15 * 60)
    // Even the right password is refused now, from any IP…
    expectError((await login(t, target, PASSWORD)).res, 'TooManyRequestsError')
    // …while other addresses are unaffected.
    expect((await login(t, email, PASSWORD)).res.status).toBe(200)
  })

  test('the address counter restarts once the window has passed', async () => {
    const target = (await registerUser(t)).email
    for (let i = 0; i < 10; i++) await login(t, target, 'wrong password')
    expectError((await login(t, target, PASSWORD)).res, 'TooManyRequestsError')
    await t.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`login:email:${target}`}`)
    expect((await login(t, target, PASSWORD)).res.status).toBe(200)
  })

  test('a successful login clears the address counter', async () => {
    const target = (await registerUser(t)).email
    for (let i = 0; i < 9; i++) expect((await login(t, target, 'wrong password')).res.status).toBe(401)
    expect((await login(t, target, PASSWORD)).res.status).toBe(200)
    // Ten more mistakes are allowed again before the limit.
    for (let i = 0; i < 10; i++) expect((await login(t, target, 'wrong password')).res.status).toBe(401)
    expectError((await login(t, target, PASSWORD)).res, 'TooManyRequestsError')
  })

  test('the 31st attempt from one IP (different addresses) → 429; other IPs still get in', async () => {
    const ip = '203.0.113.9'
    const c = t.client({ ip })
    for (let i = 1; i <= 30; i++) {
      const r = await c.post('/v1/auth/login', { email: uniqueEmail('spray'), password: PASSWORD })
      expect(r.status, `attempt ${i}`).toBe(401)
    }
    const r = await c.post('/v1/auth/login', { email, password: PASSWORD })
    expectError(r, 'TooManyRequestsError')
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(setCookie(r)).toBeUndefined()
    // X-Forwarded-For is not trusted (TRUST_PROXY is off): it cannot buy a fresh counter.
    const spoofed = await t
      .client({ ip, headers: { 'x-forwarded-for': '192.0.2.77' } })
      .post('/v1/auth/login', { email, password: PASSWORD })
    expectError(spoofed, 'TooManyRequestsError')
    // The same user from another IP is fine.
    expect((await login(t, email, PASSWORD, '203.0.113.10')).res.status).toBe(200)
  })
})

describe('POST /v1/auth/logout', () => {
  test('204, the cookie is cleared, and the old cookie no longer works', async () => {
    const { client, user } = await registerUser(t)
    const old = client.jar.get(SESSION_COOKIE)!
    expect((await client.get('/v1/auth/me')).status).toBe(200)
    const r = await client.post('/v1/auth/logout')
    expect(r.status).toBe(204)
    expect(r.text).toBe('')
    const cleared = setCookie(r)!
    expect(cleared.value).toBe('')
    expect(cleared.attrs.get('max-age')).toBe('0')
    expect(cleared.attrs.get('path')).toBe('/')
    expect(client.jar.has(SESSION_COOKIE)).toBe(false)
    expectError(await client.get('/v1/auth/me'), 'UnauthorizedError')
    // Replaying the old cookie by hand is refused: the session is gone server-side.
    expectError(await withCookie(t, old).get('/v1/auth/me'), 'UnauthorizedError')
    expect(await sessionRows(user.id)).toHaveLength(0)
  })

  test('logging out ends only that session', async () => {
    const { client, email } = await registerUser(t)
    const other = await login(t, email, PASSWORD)
    expect((await client.post('/v1/auth/logout')).status).toBe(204)
    expect((await other.client.get('/v1/auth/me')).status).toBe(200)
  })

  test('logging out while signed out is harmless: 204', async () => {
    const r = await t.client().post('/v1/auth/logout')
    expect(r.status).toBe(204)
  })

  test('logout is a POST: GET /v1/auth/logout is 404', async () => {
    const { client } = await registerUser(t)
    expectError(await client.get('/v1/auth/logout'), 'NotFoundError')
    expect((await client.get('/v1/auth/me')).status).toBe(200)
  })
})
