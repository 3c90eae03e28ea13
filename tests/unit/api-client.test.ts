import net from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { api, httpTransport, inProcessTransport, retryDelay, toErrorInfo } from '../../app/lib/api.server.ts'
import { jsonTextOf } from '../../server/api/in-process.ts'
import type { Runtime } from '../../server/runtime.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'

let t: TestApp
let server: ReturnType<typeof serve>
let baseUrl: string

beforeAll(async () => {
  t = await createTestApp()
  // The in-process transport finds the process runtime; here it is the test app.
  globalThis.__miseRuntime = Promise.resolve({ api: t.app } as unknown as Runtime)
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (req, env) => t.app.fetch(req, { clientIp: (env as any)?.incoming?.socket?.remoteAddress }), port: 0, hostname: '127.0.0.1' }, (info) => {
      baseUrl = `http://127.0.0.1:${info.port}`
      resolve()
    })
  })
})

afterAll(async () => {
  globalThis.__miseRuntime = undefined
  await new Promise((r) => server.close(r))
  await t.close()
})

/** A browser request as a loader would receive it. */
function browserRequest(cookie = '', lang = 'en') {
  return new Request('http://localhost:3999/profile', { headers: { cookie, 'accept-language': lang } })
}

async function journey(transport: typeof inProcessTransport) {
  const email = uniqueEmail('mode')
  const client = api({ request: browserRequest() }, { transport })
  const registered = await client.post<{ user: { email: string; name: string; emailVerified: boolean } }>('/v1/auth/register', {
    name: 'Mode Test',
    email,
    password: 'long-enough-1',
  })
  // The Set-Cookie relayed to the browser carries the session; the next page's request sends it back.
  const cookie = client.setCookies.map((c) => c.split(';')[0]).join('; ')
  const next = api({ request: browserRequest(cookie) }, { transport })
  const me = await next.get<{ user: { email: string; name: string; type: string; emailVerified: boolean }; orgs: unknown[] }>('/v1/auth/me')
  const bad = await api({ request: browserRequest('', 'es') }, { transport }).post('/v1/auth/login', { email: 'x' })
  return {
    registered: registered.ok && { status: registered.status, name: registered.data.user.name, verified: registered.data.user.emailVerified },
    relayedCookies: client.setCookies.map((c) => c.split('=')[0]).sort(),
    me: me.ok && { status: me.status, type: me.data.user.type, name: me.data.user.name, orgs: me.data.orgs, sameEmail: me.data.user.email === email },
    bad: !bad.ok && bad.error,
  }
}

describe('the web reaches the API the same way in-process and over HTTP', () => {
  test('same results, cookies and errors in both modes', async () => {
    const inProcess = await journey(inProcessTransport)
    const overHttp = await journey(httpTransport(baseUrl))
    expect(inProcess.registered).toEqual({ status: 201, name: 'Mode Test', verified: false })
    expect(inProcess.relayedCookies).toEqual(['mise_auth', 'mise_session'])
    expect(inProcess.me).toEqual({ status: 200, type: 'user', name: 'Mode Test', orgs: [], sameEmail: true })
    expect(inProcess.bad).toMatchObject({ name: 'ValidationError', code: 400 })
    // Spanish, because the browser's Accept-Language was forwarded.
    expect(inProcess.bad && inProcess.bad.data?.password).toBe('Este campo es obligatorio')
    expect(overHttp).toEqual(inProcess)
  })

  test('the request id is forwarded', async () => {
    const request = new Request('http://localhost:3999/', { headers: { 'x-request-id': 'req-abc-123' } })
    const result = await api({ request }, { transport: httpTransport(baseUrl) }).get('/v1/health')
    expect(result.headers.get('x-request-id')).toBe('req-abc-123')
  })
})

describe('retry policy', () => {
  test('delays start at 1 s, double, and cap at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  test('calls that could not reach the API are retried 3 times; queries are not retried', async () => {
    const sleep = vi.fn(async () => {})
    // A port nobody listens on: the connection is refused, so the request never ran.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as net.AddressInfo).port
        probe.close(() => resolve(p))
      })
    })
    const dead = httpTransport(`http://127.0.0.1:${port}`, { sleep })
    const post = new Request('http://x/v1/auth/logout', { method: 'POST' })
    await expect(dead(post)).rejects.toThrow()
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([1000, 2000, 4000])
    sleep.mockClear()
    await expect(dead(new Request('http://x/v1/auth/me'))).rejects.toThrow()
    expect(sleep).not.toHaveBeenCalled()
  })
})

test('an unknown error name is a server error', () => {
  const res = new Response(null, { status: 418 })
  expect(toErrorInfo({ error: { name: 'TeapotError', code: 418, message: 'short and stout' } }, res)).toEqual({ name: 'ServerError', code: 500, message: '' })
  expect(toErrorInfo({ error: { name: 'NotFoundError', code: 404, message: 'Not Found' } }, res)).toMatchObject({ name: 'NotFoundError', code: 404 })
})

test('an auth failure on a page call sends the browser to /login, keeping where it was going', async () => {
  const { must } = await import('../../app/lib/api.server.ts')
  const request = new Request('http://localhost:3999/settings/staff.data?_routes=root&tab=2')
  const client = api({ request }, { transport: inProcessTransport })
  const result = await client.get('/v1/orgs/00000000-0000-4000-8000-000000000000/staff')
  let thrown: unknown
  try {
    must(request, client, result)
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(Response)
  expect((thrown as Response).status).toBe(302)
  expect((thrown as Response).headers.get('location')).toBe(`/login?${new URLSearchParams({ redirectTo: '/settings/staff?tab=2' })}`)
  // Other errors become route error responses with the catalogue's body.
  const signedIn = api({ request: browserRequest() }, { transport: inProcessTransport })
  const missing = { ok: false as const, status: 404, error: { name: 'NotFoundError' as const, code: 404, message: 'Not Found' }, headers: new Headers() }
  try {
    must(request, signedIn, missing)
  } catch (error) {
    thrown = error
  }
  expect((thrown as Response).status).toBe(404)
})

describe('in-process answers hand over their JSON text (server/api/in-process.ts)', () => {
  test('an in-process JSON answer, errors included, keeps the text c.json made; an HTTP-side call does not', async () => {
    const ready = await t.app.fetch(new Request('http://mise.internal/v1/health'), { inProcess: true })
    expect(ready.headers.get('content-type')).toMatch(/^application\/json/)
    expect(ready.status).toBe(200)
    const kept = jsonTextOf(ready)
    expect(kept).toBe(JSON.stringify({ status: 'ok' }))
    // What the body would have read: the same bytes.
    expect(await ready.text()).toBe(kept)

    const refused = await t.app.fetch(new Request('http://mise.internal/v1/auth/me'), { inProcess: true })
    expect(refused.status).toBe(401)
    expect(JSON.parse(jsonTextOf(refused)!)).toMatchObject({ error: { name: expect.any(String) } })
    expect(await refused.text()).toBe(jsonTextOf(refused))

    const overHttp = await t.app.fetch(new Request('http://mise.internal/v1/health'), {})
    expect(jsonTextOf(overHttp)).toBeUndefined()
  })
})
