import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { PASSWORD, expectError, freshIp, registerUser } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function expectSecured(headers: Headers, label: string) {
  expect(headers.get('x-content-type-options'), label).toBe('nosniff')
  expect(headers.get('x-frame-options'), label).toBe('DENY')
  expect(headers.get('referrer-policy'), label).toBe('same-origin')
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin')
  expect(headers.get('content-security-policy'), label).toMatch(/default-src 'none'.*frame-ancestors 'none'/)
  expect(headers.get('strict-transport-security'), label).toBeNull() // APP_URL is http here
}

describe('every /v1 answer carries the security headers (ADR 013)', () => {
  test('successes, errors of every kind and redirects', async () => {
    const c = t.client({ ip: freshIp() })
    const answers = {
      health: await c.get('/v1/health'),
      ready: await c.get('/v1/ready'),
      openapi: await c.get('/v1/openapi.json'),
      'not found': await c.get('/v1/nowhere'),
      unauthorized: await c.get('/v1/auth/me'),
      validation: await c.post('/v1/auth/register', { name: '', email: 'x', password: '' }),
      'cross-origin refusal': await c.post('/v1/auth/logout', undefined, { origin: 'https://evil.example' }),
      'malformed JSON': await c.post('/v1/auth/login', '{"email":', { 'content-type': 'application/json' }),
      redirect: await c.get('/v1/auth/verification/verify?id=x&token=y'),
    }
    expect(answers.redirect.status).toBe(302)
    for (const [label, res] of Object.entries(answers)) expectSecured(res.headers, label)
  })

  test('HSTS only when APP_URL is https', async () => {
    const https = await createTestApp({ APP_URL: 'https://mise.example' })
    try {
      const res = await https.client().get('/v1/health')
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/)
    } finally {
      await https.close()
    }
  })
})

describe('the Origin rule, shared with the web (ADR 014)', () => {
  test('another port of the same host (Sec-Fetch-Site: same-site) is refused, and nothing is created', async () => {
    const email = uniqueEmail('samesite')
    const res = await t
      .client({ ip: freshIp() })
      .post('/v1/auth/register', { name: 'Sam', email, password: PASSWORD }, { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-site' })
    expectError(res, 'ForbiddenError', { message: /^Cross-(site|origin) request refused$/ })
    // The address is still free: the refused call created nothing.
    await registerUser(t, { email })
  })

  test('a browser that sends fetch metadata but no Origin is refused', async () => {
    const res = await t.client({ ip: freshIp() }).post('/v1/auth/register', { name: 'Sam', email: uniqueEmail(), password: PASSWORD }, { 'sec-fetch-site': 'same-origin' })
    expectError(res, 'ForbiddenError', { message: /^Cross-(site|origin) request refused$/ })
  })
})
