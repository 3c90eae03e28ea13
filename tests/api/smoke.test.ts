import { afterAll, beforeAll, expect, test } from 'vitest'
import { linkFrom } from '../support/mailbox.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

test('register, verify, me', async () => {
  const c = t.client()
  const email = uniqueEmail()
  const r = await c.post('/v1/auth/register', { name: 'Ana', email, password: 'correct horse' })
  expect(r.status).toBe(201)
  const mail = await t.mailbox.waitFor(email, /Verify/)
  const link = linkFrom(mail, '/verify-email')
  const v = await c.post('/v1/auth/verification/verify', Object.fromEntries(link.searchParams))
  expect(v.status).toBe(200)
  expect(v.json).toEqual({ status: 'success' })
  const me = await c.get('/v1/auth/me')
  expect(me.json.user.emailVerified).toBe(true)
})
