/**
 * /verify-email for someone whose address is already verified (issue #39): the page says so, with the
 * way on and no "send a new link", instead of "We sent you a link"; someone not yet verified still
 * gets that, with the resend button. The real loader, calling the API in-process, in English and Spanish.
 */
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import VerifyEmail, { loader } from '../../app/routes/authed/verify-email.tsx'
import { createI18n } from '../../app/lib/i18n.ts'
import { getClientResources } from '../../app/lib/i18n.server.ts'
import { users } from '../../server/db/schema.ts'
import type { Runtime } from '../../server/runtime.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { registerUser } from '../api/_helpers.ts'
import { eq } from 'drizzle-orm'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // The web's in-process API client finds the process runtime: here, the test app.
  globalThis.__miseRuntime = Promise.resolve({ api: t.app } as unknown as Runtime)
})
afterAll(async () => {
  globalThis.__miseRuntime = undefined
  await t.close()
})

/** The page at `path` for the person with this session, as the browser gets it (text only). */
async function page(cookie: string, lang: 'en' | 'es', path = '/verify-email') {
  const request = new Request(`http://localhost:3999${path}`, { headers: { cookie, 'accept-language': lang } })
  const loaderData = await loader({ request, params: {}, context: undefined } as unknown as Parameters<typeof loader>[0])
  const Stub = createRoutesStub([{ path: '/verify-email', Component: VerifyEmail as never, loader: () => loaderData }])
  const html = renderToString(
    <I18nextProvider i18n={createI18n(lang, getClientResources(lang, ['common', 'authed']))}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': loaderData } }} />
    </I18nextProvider>,
  )
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim()
}

test('a verified person is told the address is verified, with the way on and nothing to resend', async () => {
  const person = await registerUser(t, { name: 'Vera Verified' })
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.user.id))
  const cookie = [...person.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  for (const path of ['/verify-email', '/verify-email?status=expired', '/verify-email?status=invalid']) {
    const en = await page(cookie, 'en', path)
    expect(en).toContain('E-mail address verified')
    expect(en).toContain('Your e-mail address is verified')
    expect(en).toContain('Continue')
    expect(en).not.toMatch(/We sent you a link|Send a new link|expired|not valid/)
  }
  const es = await page(`${cookie}; mise_lng=es`, 'es')
  expect(es).toContain('Tu dirección de correo está verificada')
  expect(es).not.toMatch(/Te hemos enviado un enlace|Enviar un enlace nuevo/)
})

test('someone not yet verified is told a link was sent, and may ask for a new one', async () => {
  const person = await registerUser(t, { name: 'Nico New' })
  const cookie = [...person.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const en = await page(cookie, 'en')
  expect(en).toContain('We sent you a link to verify your e-mail address.')
  expect(en).toContain('Send a new link')
  expect(en).not.toContain('Your e-mail address is verified')
})
