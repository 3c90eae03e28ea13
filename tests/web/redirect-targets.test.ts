/**
 * The real route modules that send the browser to a user-supplied target — the login action (a
 * form post, JavaScript on or off), the "already signed in" loader of the public pages, registration,
 * set-language, set-theme and resend-verification — fed every hostile target: the Location they
 * answer stays on this site, and none of them fails (a CR or LF in a Location header was a 500).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { clientIpContext } from '../../app/lib/context.ts'
import { action as login } from '../../app/routes/public/login.tsx'
import { action as register } from '../../app/routes/public/register.tsx'
import { loader as publicLayout } from '../../app/routes/public/layout.tsx'
import { action as setLanguage } from '../../app/routes/resources/set-language.ts'
import { action as setTheme } from '../../app/routes/resources/set-theme.ts'
import { action as resendVerification } from '../../app/routes/resources/resend-verification.ts'
import type { Runtime } from '../../server/runtime.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { HOSTILE_TARGETS } from '../support/hostile-redirects.ts'
import { honeypotInputProps } from '../../app/lib/honeypot.server.ts'
import { freshIp, PASSWORD, registerUser } from '../api/_helpers.ts'

const ORIGIN = 'http://localhost:3999' // APP_URL of the test app

let t: TestApp
let signedIn: { cookie: string; email: string }
/** The honeypot fields our anonymous pages send (empty trap, a time from this server). */
let honeypot: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  // The web's in-process API client finds the process runtime: here, the test app.
  globalThis.__miseRuntime = Promise.resolve({ api: t.app } as unknown as Runtime)
  const user = await registerUser(t)
  signedIn = { cookie: [...user.client.jar].map(([k, v]) => `${k}=${v}`).join('; '), email: user.email }
  const props = await honeypotInputProps()
  honeypot = { [props.nameFieldName]: '', ...(props.validFromFieldName ? { [props.validFromFieldName]: props.encryptedValidFrom } : {}) }
})
afterAll(async () => {
  globalThis.__miseRuntime = undefined
  await t.close()
})

/** What a route module receives for a request: each call from its own address (rate limits). */
function args(request: Request) {
  const context = new RouterContextProvider()
  context.set(clientIpContext, freshIp())
  return { request, params: {}, context, unstable_pattern: '', pattern: '' } as never
}

function post(path: string, fields: Record<string, string>, cookie = '') {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ ...honeypot, ...fields }),
  })
}

/** A Response returned or thrown: it must be a redirect that keeps the browser on this site. */
async function expectSameSiteRedirect(run: () => Promise<unknown>, target: string) {
  let outcome: unknown
  try {
    outcome = await run()
  } catch (thrown) {
    outcome = thrown
  }
  expect(outcome, `for ${JSON.stringify(target)}`).toBeInstanceOf(Response)
  const response = outcome as Response
  expect(response.status, `for ${JSON.stringify(target)}`).toBeGreaterThanOrEqual(300)
  expect(response.status).toBeLessThan(400)
  const location = response.headers.get('location')!
  expect(location, `for ${JSON.stringify(target)}`).toMatch(/^\/(?![/\\])/)
  // As a browser resolves it, from the page that was posted.
  expect(new URL(location, `${ORIGIN}/login`).origin, `${JSON.stringify(target)} → ${location}`).toBe(ORIGIN)
  return location
}

describe.each(HOSTILE_TARGETS.map((target) => [JSON.stringify(target), target] as const))('redirectTo %s', (_, target) => {
  test('login (form post) signs in and stays on this site', async () => {
    const location = await expectSameSiteRedirect(
      () => login(args(post(`/login?${new URLSearchParams({ redirectTo: target })}`, { email: signedIn.email, password: PASSWORD, redirectTo: target }))),
      target,
    )
    expect(location).toBe('/')
  })

  test('a signed-in visit to /login?redirectTo= stays on this site', async () => {
    const request = new Request(`${ORIGIN}/login?${new URLSearchParams({ redirectTo: target })}`, { headers: { cookie: signedIn.cookie } })
    expect(await expectSameSiteRedirect(() => publicLayout(args(request)), target)).toBe('/')
  })

  test('set-language, set-theme and resend-verification stay on this site', async () => {
    await expectSameSiteRedirect(() => setLanguage(args(post('/set-language', { locale: 'en', redirectTo: target }, signedIn.cookie))), target)
    await expectSameSiteRedirect(() => setTheme(args(post('/set-theme', { theme: 'dark', redirectTo: target }))), target)
    await expectSameSiteRedirect(() => resendVerification(args(post('/resend-verification', { redirectTo: target }, signedIn.cookie))), target)
  })
})

test('registration with a hostile redirectTo stays on this site', async () => {
  for (const target of ['/\t/evil.com', '/\r\n/evil.com', '//evil.com', '/a/..//evil.com']) {
    const fields = { name: 'Reg Target', email: uniqueEmail('target'), password: PASSWORD, redirectTo: target }
    expect(await expectSameSiteRedirect(() => register(args(post('/register', fields))), target)).toBe('/')
  }
})

test('a same-site target is kept, as the browser would resolve it', async () => {
  const keep = async (target: string) => {
    const response = (await login(args(post('/login', { email: signedIn.email, password: PASSWORD, redirectTo: target })))) as Response
    return response.headers.get('location')
  }
  expect(await keep('/profile?tab=1#password')).toBe('/profile?tab=1#password')
  expect(await keep('/settings/../profile')).toBe('/profile')
})
