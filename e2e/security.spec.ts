import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, APIResponse, Page } from '@playwright/test'
import { HOSTILE_TARGETS } from '../tests/support/hostile-redirects'
import { allowCspViolations, expect, test, uniqueEmail, waitForMail } from './support/fixtures'

/**
 * The web layer as an attacker sees it (docs/decisions/013 and 014): security headers on every kind
 * of answer, forms on another site that try to act for the signed-in user, hostile redirect targets.
 * Run with JavaScript on and off, against the production build.
 */

const PASSWORD = 'Kitchen-Secret-2026-e2e'
/** Another port of the same host: same-site for the browser, so SameSite=Lax cookies go along. */
const ATTACKER = 'http://localhost:4999'
const mailDir = path.resolve(import.meta.dirname, '.tmp/mail')

interface Me {
  user: { name: string; locale: string }
  orgs: Array<{ name: string }>
}

/** A new account, signed in in this page's browser context (the cookies are shared). */
async function signUp(page: Page, name = 'Sam Secure') {
  const email = uniqueEmail('secure')
  const res = await page.request.post('/v1/auth/register', { data: { name, email, password: PASSWORD } })
  expect(res.status(), await res.text()).toBe(201)
  return email
}

async function me(request: APIRequestContext): Promise<Me | null> {
  const res = await request.get('/v1/auth/me')
  return res.ok() ? ((await res.json()) as Me) : null
}

function mailCount(to: string, subject: RegExp): number {
  if (!fs.existsSync(mailDir)) return 0
  return fs
    .readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')) as { to: string[]; subject: string })
    .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).length
}

function expectCommonHeaders(headers: Record<string, string>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['referrer-policy'], what).toBe('same-origin')
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin')
  // APP_URL is http here: no HSTS (it would pin browsers to an https that does not exist).
  expect(headers['strict-transport-security'], what).toBeUndefined()
}

function directives(csp: string | undefined): Record<string, string[]> {
  return Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]))
}

function expectPagePolicy(headers: Record<string, string>, what: string): string {
  expectCommonHeaders(headers, what)
  const csp = directives(headers['content-security-policy'])
  expect(csp['frame-ancestors'], what).toEqual(["'none'"])
  expect(csp['script-src']?.[0], what).toBe("'self'")
  expect(csp['script-src']?.[1], what).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/)
  expect(csp['script-src'], what).toHaveLength(2)
  expect(headers['content-security-policy'], what).not.toContain('unsafe-inline')
  expect(csp['object-src'], what).toEqual(["'none'"])
  expect(csp['base-uri'], what).toEqual(["'none'"])
  return csp['script-src']![1]!.slice("'nonce-".length, -1)
}

test('every kind of answer carries the security headers; signed-in pages are never cached', async ({ page, baseURL }) => {
  // A public page: its inline scripts carry this response's nonce, a new one every time.
  const first = (await page.goto('/login'))!
  const nonce = expectPagePolicy(first.headers(), 'GET /login')
  const html = await first.text()
  const scriptNonces = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((m) => m[1])
  expect(scriptNonces.length).toBeGreaterThan(0)
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]))
  expect(html).not.toMatch(/<script(?![^>]*\bnonce=)(?![^>]*\bsrc=)[^>]*>/) // no inline script without the nonce
  expect(html).not.toMatch(/\sstyle="/) // no inline style attributes: the CSP forbids them
  const second = (await page.goto('/login'))!
  expect(expectPagePolicy(second.headers(), 'GET /login again')).not.toBe(nonce)

  // A signed-in page: private, never stored. (Leave /login first: with JavaScript its page notices the
  // new session cookie and moves on by itself, which would race the navigations below.)
  await page.goto('about:blank')
  await signUp(page)
  for (const url of ['/profile', '/organisations']) {
    const res = (await page.goto(url))!
    expect(res.status(), url).toBe(200)
    expectPagePolicy(res.headers(), url)
    expect(res.headers()['cache-control'], url).toBe('private, no-store')
  }

  // /v1 answers, successes and errors alike.
  for (const [url, status] of [
    ['/v1/health', 200],
    ['/v1/auth/me', 200],
    ['/v1/nowhere', 404],
  ] as const) {
    const res = await page.request.get(url)
    expect(res.status(), url).toBe(status)
    expectCommonHeaders(res.headers(), url)
    expect(directives(res.headers()['content-security-policy'])['default-src'], url).toEqual(["'none'"])
  }

  // A hashed asset, the service worker and the manifest: nosniff and no framing too.
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0]
  expect(asset).toBeTruthy()
  for (const url of [asset!, '/sw.js', '/manifest.webmanifest', '/favicon.svg']) {
    const res = await page.request.get(url)
    expect(res.status(), url).toBe(200)
    expectCommonHeaders(res.headers(), url)
    expect(directives(res.headers()['content-security-policy'])['frame-ancestors'], url).toEqual(["'none'"])
  }

  if (test.info().project.use.javaScriptEnabled !== false) {
    // Hydration works under the policy: a link is followed in the page, without a reload.
    await page.goto('/profile')
    await page.evaluate(() => ((window as unknown as { hydrationMark: number }).hydrationMark = 1))
    await page.getByRole('link', { name: 'Organisations' }).first().click()
    await expect(page).toHaveURL(/\/organisations$/)
    expect(await page.evaluate(() => (window as unknown as { hydrationMark?: number }).hydrationMark)).toBe(1)
    // And the service worker still registers.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state ?? null))
      .toBe('activated')
  }
  expect(baseURL).toMatch(/^http:/)
})

test('another site cannot frame a page (clickjacking)', async ({ browser, baseURL }) => {
  const context = await browser.newContext()
  // The browser reports the refused frame as a CSP violation: that report is what this test wants.
  allowCspViolations(context)
  const page = await context.newPage()
  await page.route(`${ATTACKER}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().endsWith('/frame')
        ? `<!doctype html><title>x</title><iframe src="${baseURL}/login" title="victim"></iframe><iframe src="${ATTACKER}/own" title="control"></iframe>`
        : '<!doctype html><title>own</title><button>Framed fine</button>',
    }),
  )
  await page.goto(`${ATTACKER}/frame`, { waitUntil: 'load' })
  // A frame of the attacker's own loads (the check below is not vacuous); ours stays empty.
  await expect(page.frameLocator('iframe[title=control]').getByRole('button', { name: 'Framed fine' })).toBeVisible()
  await expect(page.frameLocator('iframe[title=victim]').getByRole('button', { name: 'Log in' })).toHaveCount(0)
  await expect(page.frameLocator('iframe[title=victim]').getByLabel('E-mail address')).toHaveCount(0)
  await context.close()
})

/** A page on the attacker's origin with one auto-labelled form per target, posting to the app. */
function attackerPage(baseURL: string, forms: Array<{ action: string; fields: Record<string, string> }>) {
  const body = forms
    .map(
      (f, i) =>
        `<form method="post" action="${baseURL}${f.action}">${Object.entries(f.fields)
          .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
          .join('')}<button type="submit">attack ${i}</button></form>`,
    )
    .join('\n')
  return `<!doctype html><html lang="en"><title>Totally harmless</title><body>${body}</body></html>`
}

test('forms on another port of the same host cannot act for the signed-in user; our own forms still can', async ({ page, baseURL }) => {
  const email = await signUp(page, 'Vic Victim')
  await waitForMail(email, /Verify/)
  const before = await me(page.request)
  expect(before?.orgs).toEqual([])
  const forms: Array<{ action: string; fields: Record<string, string> }> = [
    { action: '/logout', fields: {} },
    { action: '/set-language', fields: { locale: 'es', redirectTo: '/' } },
    { action: '/set-theme', fields: { theme: 'dark', redirectTo: '/' } },
    { action: '/resend-verification', fields: { redirectTo: '/' } },
    { action: '/organisations/create', fields: { name: 'Evil Org', timeZone: 'Europe/London', temperatureUnit: 'C' } },
    { action: '/profile', fields: { intent: 'profile', name: 'Hacked', locale: 'es' } },
  ]
  await page.route(`${ATTACKER}/attack`, (route) => route.fulfill({ contentType: 'text/html', body: attackerPage(baseURL!, forms) }))
  for (const [i, form] of forms.entries()) {
    await page.goto(`${ATTACKER}/attack`)
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseURL}${form.action}` && r.request().method() === 'POST'),
      page.getByRole('button', { name: `attack ${i}` }).click(),
    ])
    expect(response.status(), form.action).toBe(403)
    await expect(page.getByText('Request refused').first(), form.action).toBeVisible()
  }
  // Nothing happened: still signed in, same name and language, no organisation, light theme, one mail.
  const after = await me(page.request)
  expect(after?.user).toEqual(before?.user)
  expect(after?.orgs).toEqual([])
  const cookies = await page.context().cookies(baseURL)
  expect(cookies.find((c) => c.name === 'mise_theme')?.value ?? 'light').toBe('light')
  expect(cookies.find((c) => c.name === 'mise_lng')?.value ?? 'en').toBe('en')
  await page.waitForTimeout(1000)
  expect(mailCount(email, /Verify/)).toBe(1)

  // The app's own forms, posted from its own pages, still work (with JavaScript on or off).
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Dark', exact: true }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await me(page.request)).toBeNull()
})

test('every resource route and page action refuses a foreign, opaque or cross-site request, without a 500', async ({ page, baseURL }) => {
  const email = await signUp(page)
  const before = await me(page.request)
  const hostile: Array<[string, Record<string, string>]> = [
    ['foreign Origin', { origin: 'https://evil.example' }],
    ['another port', { origin: ATTACKER, 'sec-fetch-site': 'same-site' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['fetch metadata without Origin', { 'sec-fetch-site': 'same-origin' }],
  ]
  const targets: Array<[string, Record<string, string>]> = [
    ['/logout', {}],
    ['/logout.data', {}],
    ['/set-language', { locale: 'es' }],
    ['/set-theme', { theme: 'dark' }],
    ['/resend-verification', {}],
    ['/login', { email, password: PASSWORD }],
    ['/register', { name: 'Evil', email: `x${email}`, password: PASSWORD }],
    ['/forgot-password', { email }],
    ['/profile', { intent: 'profile', name: 'Hacked', locale: 'es' }],
    ['/profile.data', { intent: 'profile', name: 'Hacked', locale: 'es' }],
    ['/organisations/create', { name: 'Evil Org', timeZone: 'Europe/London', temperatureUnit: 'C' }],
    ['/venues/create', { name: 'Evil Venue' }],
    ['/settings/general', { name: 'Evil' }],
    ['/verify-email', {}],
    ['/nowhere', {}],
  ]
  for (const [url, form] of targets) {
    for (const [label, headers] of hostile) {
      const res: APIResponse = await page.request.post(url, { form, headers, maxRedirects: 0 })
      expect(res.status(), `${label} → POST ${url}`).toBe(403)
      if (!url.endsWith('.data')) expect(await res.text(), `${label} → POST ${url}`).toContain('Request refused')
      expect(res.headers()['set-cookie'], `${label} → POST ${url} sets no cookie`).toBeUndefined()
    }
  }
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const res = await page.request.fetch('/profile', { method, headers: { origin: 'https://evil.example' }, maxRedirects: 0 })
    expect(res.status(), `${method} /profile`).toBe(403)
  }
  const after = await me(page.request)
  expect(after?.user).toEqual(before?.user)
  expect(after?.orgs).toEqual([])
  // The account asked for by the refused registration was not created.
  const taken = await page.request.post('/v1/auth/register', { data: { name: 'Evil', email: `x${email}`, password: PASSWORD } })
  expect(taken.status()).toBe(201)

  // The same requests from the app's own origin go through.
  const own = { origin: new URL(baseURL!).origin, 'sec-fetch-site': 'same-origin' }
  const theme = await page.request.post('/set-theme', { form: { theme: 'dark', redirectTo: '/profile' }, headers: own, maxRedirects: 0 })
  expect(theme.status()).toBe(302)
  expect(theme.headers()['location']).toBe('/profile')
  const logout = await page.request.post('/logout', { headers: own, maxRedirects: 0 })
  expect(logout.status()).toBe(302)
  expect(await me(page.request)).toBeNull()
})

test('hostile redirect targets keep the browser on this site, with JavaScript on or off', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  const email = await signUp(page)
  const sameSite = (location: string | undefined, what: string) => {
    expect(location, what).toBeTruthy()
    expect(new URL(location!, `${origin}/login`).origin, `${what} → ${location}`).toBe(origin)
  }
  // Signed in, /login sends the user on: never off this site, never a 500 (CR/LF included).
  for (const target of HOSTILE_TARGETS) {
    const res = await page.request.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 })
    expect(res.status(), JSON.stringify(target)).toBe(302)
    sameSite(res.headers()['location'], `GET /login?redirectTo=${JSON.stringify(target)}`)
  }
  // The preference forms go back to where they were posted from: the same rule.
  const own = { origin, 'sec-fetch-site': 'same-origin' }
  for (const target of HOSTILE_TARGETS) {
    for (const [url, form] of [
      ['/set-theme', { theme: 'light' }],
      ['/set-language', { locale: 'en' }],
    ] as const) {
      const res = await page.request.post(url, { form: { ...form, redirectTo: target }, headers: own, maxRedirects: 0 })
      expect(res.status(), `${url} ${JSON.stringify(target)}`).toBe(302)
      sameSite(res.headers()['location'], `${url} ${JSON.stringify(target)}`)
    }
  }
  // Signed in, a browser following /login?redirectTo=/<TAB>/evil.com stays here.
  await page.goto(`/login?redirectTo=${encodeURIComponent('/\t/evil.com')}`)
  expect(new URL(page.url()).origin).toBe(origin)

  // Signing in through the form (a form post without JavaScript, a fetch with it) stays here too.
  // (Leave the app first: with JavaScript an open page notices the sign-out and reloads by itself,
  // which would race the navigation below.)
  await page.goto('about:blank')
  await page.request.post('/logout', { headers: own })
  await page.goto(`/login?redirectTo=${encodeURIComponent('/\t/evil.com')}`)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  expect(new URL(page.url()).origin).toBe(origin)
  expect(await me(page.request)).not.toBeNull()
})
