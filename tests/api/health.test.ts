import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { expectError } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('operations', () => {
  test('GET /v1/health → 200 { status: "ok" }, not cached', async () => {
    const r = await t.client().get('/v1/health')
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ status: 'ok' })
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  test('GET /v1/ready → 200 { status: "ready" } with every migration applied', async () => {
    const r = await t.client().get('/v1/ready')
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ status: 'ready' })
  })

  test('GET /v1/ready → 503 when a committed migration is not applied', async () => {
    const last = sql`(select max(id) from drizzle.__drizzle_migrations)`
    await t.db.execute(sql`create table public.migration_backup as select * from drizzle.__drizzle_migrations where id = ${last}`)
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select id from public.migration_backup)`)
    try {
      const r = await t.client().get('/v1/ready')
      expect(r.status).toBe(503)
      expect(r.json).toEqual({ status: 'unavailable' })
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations select * from public.migration_backup`)
      await t.db.execute(sql`drop table public.migration_backup`)
    }
    expect((await t.client().get('/v1/ready')).status).toBe(200)
  })

  test('health and ready answer without a session and ignore a bad one', async () => {
    const c = t.client()
    c.jar.set('mise_session', 'garbage')
    expect((await c.get('/v1/health')).status).toBe(200)
    expect((await c.get('/v1/ready')).status).toBe(200)
  })

  test('POST /v1/health is not a route → 404', async () => {
    expectError(await t.client().post('/v1/health'), 'NotFoundError')
  })
})

describe('GET /v1/openapi.json', () => {
  const authPaths = [
    '/v1/auth/me',
    '/v1/auth/register',
    '/v1/auth/login',
    '/v1/auth/logout',
    '/v1/auth/verification/verify',
    '/v1/auth/verification/resend',
    '/v1/auth/forgot-password',
    '/v1/auth/reset-password',
    '/v1/auth/update-password',
  ]

  test('200, OpenAPI 3.1.0, with every auth path and the right methods', async () => {
    const r = await t.client().get('/v1/openapi.json')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
    const doc = r.json
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.title).toBe('Mise API')
    expect(typeof doc.info.version).toBe('string')
    expect(doc.servers).toEqual([{ url: 'http://localhost:3999' }])
    for (const path of authPaths) expect(doc.paths, path).toHaveProperty([path])
    const methods = (path: string) => Object.keys(doc.paths[path]).sort()
    expect(methods('/v1/auth/me')).toEqual(['get'])
    expect(methods('/v1/auth/verification/verify')).toEqual(['get', 'post'])
    for (const path of authPaths.filter((p) => !['/v1/auth/me', '/v1/auth/verification/verify'].includes(p))) {
      expect(methods(path), path).toEqual(['post'])
    }
    expect(methods('/v1/profile')).toEqual(['get', 'put'])
    expect(doc.paths).toHaveProperty(['/v1/health'])
    expect(doc.paths).toHaveProperty(['/v1/ready'])
  })

  test('request bodies are described from the validation schemas', async () => {
    const doc = (await t.client().get('/v1/openapi.json')).json
    const schemaOf = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema
    const register = schemaOf('/v1/auth/register')
    expect(register.type).toBe('object')
    expect(register.required).toEqual(expect.arrayContaining(['name', 'email', 'password']))
    expect(register.additionalProperties).toBe(false)
    expect(register.properties.password.minLength).toBe(8)
    expect(register.properties.locale.enum).toEqual(['en', 'es'])
    expect(schemaOf('/v1/auth/update-password').required).toEqual(expect.arrayContaining(['currentPassword', 'newPassword']))
    expect(schemaOf('/v1/auth/reset-password').required).toEqual(expect.arrayContaining(['id', 'token', 'password']))
    expect(doc.paths['/v1/auth/register'].post.responses).toHaveProperty(['201'])
    expect(doc.paths['/v1/auth/logout'].post.responses).toHaveProperty(['204'])
  })

  test('the error schema lists every catalogue name', async () => {
    const doc = (await t.client().get('/v1/openapi.json')).json
    expect(doc.components.schemas.Error.properties.error.properties.name.enum.sort()).toEqual(
      [
        'BadRequestError',
        'ValidationError',
        'UnauthorizedError',
        'ForbiddenError',
        'NotFoundError',
        'TooManyRequestsError',
        'ServerError',
      ].sort(),
    )
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['name', 'code', 'message'])
  })
})
