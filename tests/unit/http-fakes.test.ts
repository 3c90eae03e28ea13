import { spawnSync } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { http as fake, HttpResponse } from 'msw/http'
import { RouterContextProvider } from 'react-router'
import { api, httpTransport } from '../../app/lib/api.server.ts'
import { clientIpContext } from '../../app/lib/context.ts'
import { isLocal, useHttpFakes } from '../support/msw.ts'

// The web talking to a separate API over HTTP (API_URL) is today's one outside HTTP call.
const API_URL = 'https://api.mise.example'
const fakes = useHttpFakes(fake.get(`${API_URL}/v1/health`, () => HttpResponse.json({ status: 'ok' })))

describe('useHttpFakes', () => {
  test('answers a fetch made from server code, which sees what that code sent', async () => {
    let seen: { language: string | null; forwardedFor: string | null; body: unknown } | undefined
    fakes.use(
      fake.post(`${API_URL}/v1/auth/login`, async ({ request }) => {
        seen = { language: request.headers.get('accept-language'), forwardedFor: request.headers.get('x-forwarded-for'), body: await request.json() }
        return HttpResponse.json({ error: { name: 'UnauthorizedError', code: 401, message: 'No' } }, { status: 401 })
      }),
    )
    const context = new RouterContextProvider()
    context.set(clientIpContext, '203.0.113.9')
    const request = new Request('http://localhost:3999/login', { headers: { 'accept-language': 'es' } })
    const client = api({ request, context }, { transport: httpTransport(API_URL) })

    const health = await client.get<{ status: string }>('/v1/health')
    expect(health).toMatchObject({ ok: true, status: 200, data: { status: 'ok' } })
    const login = await client.post('/v1/auth/login', { email: 'a@example.com', password: 'x' })
    expect(login).toMatchObject({ ok: false, status: 401, error: { name: 'UnauthorizedError' } })
    expect(seen).toEqual({ language: 'es', forwardedFor: '203.0.113.9', body: { email: 'a@example.com', password: 'x' } })
  })

  test('a fake added in one test is gone in the next', async () => {
    const client = api({ request: new Request('http://localhost:3999/') }, { transport: httpTransport(API_URL) })
    await expect(client.post('/v1/auth/login', {})).rejects.toThrow()
    expect(() => fakes.assertAllHandled()).toThrow(`POST ${API_URL}/v1/auth/login`)
  })

  test('an outside request without a fake errors, and is reported even when the code swallowed the error', async () => {
    await expect(fetch('https://llm.example/v1/chat/completions', { method: 'POST', body: '{}' })).rejects.toThrow()
    // Code that falls back quietly (e.g. to an offline parser) still leaves a trace.
    const quiet = await fetch('https://recipes.example/pancakes').catch(() => 'fallback')
    expect(quiet).toBe('fallback')
    let message = ''
    try {
      fakes.assertAllHandled()
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('POST https://llm.example/v1/chat/completions')
    expect(message).toContain('GET https://recipes.example/pancakes')
    // Reported once: the check after this test finds nothing left.
    expect(() => fakes.assertAllHandled()).not.toThrow()
  })

  describe('requests to this machine pass through', () => {
    let server: http.Server
    let url = ''
    beforeAll(async () => {
      server = http.createServer((_req, res) => res.end('local'))
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
    })
    afterAll(() => new Promise((resolve) => server.close(resolve)))

    test('a local server is reached for real', async () => {
      expect(await (await fetch(url)).text()).toBe('local')
    })

    test('local and outside addresses', () => {
      expect(['http://localhost:3000/x', 'http://127.0.0.1:9/', 'http://[::1]:80/', 'http://mise.localhost/'].map(isLocal)).toEqual([true, true, true, true])
      expect(['https://api.stripe.com/v1/x', 'http://10.0.0.1/', 'https://localhost.example/'].map(isLocal)).toEqual([false, false, false])
    })
  })
})

describe('a test file that forgets a fake', () => {
  test('fails, naming the request', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/support/fixtures/vitest.config.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
      timeout: 60_000,
    })
    const output = run.stdout + run.stderr
    expect(run.status, output).toBe(1)
    expect(output).toContain('GET https://api.stripe.com/v1/customers/cus_1')
    // Its other test, with the call faked, passes.
    expect(output).toMatch(/1 failed \| 1 passed|1 passed \| 1 failed/)
  })
})
