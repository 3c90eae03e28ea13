/**
 * /pin-setup as the browser meets it once a member has had their share of PIN answers (ADR 016): the
 * route's action calls the real API in-process, answers 429 with the message in the page's language,
 * and the page shows it (for "Save PIN" and for "Suggest a PIN" alike) instead of an error screen.
 */
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import PinSetup, { action } from '../../app/routes/org/pin-setup.tsx'
import { PIN_LIMITS } from '../../server/auth/pin.ts'
import type { TestApp } from '../support/app.ts'
import { startWebTestApp, stopWebTestApp } from '../support/web-app.ts'
import type { Actor, OrgWithActors } from '../support/orgs.ts'
import { inSpanish } from '../api/_helpers.ts'
import type { FormResult } from '../../app/lib/forms.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  const web = await startWebTestApp()
  t = web.t
  o = web.o
})
afterAll(() => stopWebTestApp(t))

/** A form post to /pin-setup from the member's browser (their session, the organisation chosen). */
function post(actor: Actor, fields: Record<string, string>, lang = 'en') {
  const cookie = [...actor.client.jar].map(([k, v]) => `${k}=${v}`).concat(`mise_org_id=${o.orgId}`).join('; ')
  const request = new Request('http://localhost:3999/pin-setup', {
    method: 'POST',
    headers: { cookie, 'accept-language': lang, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3999' },
    body: new URLSearchParams(fields).toString(),
  })
  return action({ request, params: {}, context: undefined } as unknown as Parameters<typeof action>[0])
}

type Answer = { type: string; data: { result?: FormResult; suggested?: string }; init: ResponseInit | null }

/** What the action answered: a redirect (Response) or data with a status, its form's messages read out. */
async function answer(actor: Actor, fields: Record<string, string>, lang = 'en') {
  const result = (await post(actor, fields, lang)) as unknown
  if (result instanceof Response) return { status: result.status, data: undefined }
  const { data, init } = result as Answer
  const errors = data.result?.error ?? {}
  const fieldErrors = Object.fromEntries(Object.entries(errors).filter(([name, list]) => name !== '' && list?.length))
  return { status: init?.status ?? 200, data: { ...data, formError: errors['']?.[0], fieldErrors } }
}

/** The page as rendered with this action data. */
function render(actionData: unknown) {
  const Stub = createRoutesStub([{ path: '/pin-setup', Component: PinSetup as never, action: () => null }])
  return renderToString(
    <Stub
      initialEntries={['/pin-setup']}
      hydrationData={{ loaderData: { '0': { orgName: 'Test Kitchen', hasPin: true } }, actionData: { '0': actionData } }}
    />,
  )
}

describe('/pin-setup past the PIN answer limit', () => {
  test('saving answers 429 with the message, in English and Spanish, and the page shows it', async () => {
    for (let i = 0; i < PIN_LIMITS.memberBurst.max; i++) {
      const saved = await answer(o.basic, { intent: 'save', pin: String(20_000 + i) })
      expect(saved.status).toBe(302)
    }
    const en = await answer(o.basic, { intent: 'save', pin: '20010' })
    expect(en.status).toBe(429)
    expect(en.data!.formError).toMatch(/^Too many PIN attempts\. To keep everyone's PIN secret, try again in [1-5] min\.$/)
    expect(en.data!.fieldErrors).toEqual({})
    // The API speaks the member's saved language (ADR 017).
    const es = await inSpanish(o.basic.client, () => answer(o.basic, { intent: 'save', pin: '20011' }, 'es'))
    expect(es.status).toBe(429)
    expect(es.data!.formError).toMatch(/^Demasiados intentos de PIN\. .* dentro de [1-5] min\.$/)

    const html = render({ result: en.data!.result })
    expect(html).toContain(en.data!.formError!.replace(/'/g, '&#x27;'))
  })

  test('asking for a suggestion answers 429 with the message too, not an error screen', async () => {
    for (let i = 0; i < PIN_LIMITS.memberBurst.max; i++) {
      const suggested = await answer(o.basicLimited, { intent: 'suggest' })
      expect(suggested.status).toBe(200)
      expect(suggested.data!.suggested).toMatch(/^\d{4}$/)
    }
    const limited = await answer(o.basicLimited, { intent: 'suggest' })
    expect(limited.status).toBe(429)
    expect(limited.data!.suggested).toBeUndefined()
    expect(limited.data!.formError).toMatch(/^Too many PIN attempts\./)
    expect(render({ result: limited.data!.result, suggested: undefined })).toContain('Too many PIN attempts.')
  })

  test('within the limit, saving a PIN still redirects back with the success toast', async () => {
    const res = (await post(o.admin, { intent: 'save', pin: '30303' })) as Response
    expect(res).toBeInstanceOf(Response)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/pin-setup')
  })
})
