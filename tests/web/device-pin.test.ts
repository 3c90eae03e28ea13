/**
 * The web's side of shared devices (ADR 021), with the real route modules calling the real API
 * in-process: a device that records without a PIN is sent to the PIN pad and back; a PIN expired on
 * the server (5 idle minutes, the app's clock moved) does the same and never signs the tablet out;
 * the pad, "Done" and the pages of people and devices send everyone where they belong, and a hostile
 * redirectTo never leaves the site.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { api } from '../../app/lib/api.server.ts'
import { clientIpContext } from '../../app/lib/context.ts'
import { action as completeItem } from '../../app/routes/venue/checklists.$checklistId.tsx'
import { action as pinAction, loader as pinLoader } from '../../app/routes/authed/pin.tsx'
import { loader as deviceSettingsLoader } from '../../app/routes/authed/device-settings.tsx'
import { loader as authedLayout } from '../../app/routes/authed/layout.tsx'
import { loader as venueHome } from '../../app/routes/venue/home.tsx'
import { action as deviceLoginAction, loader as deviceLogin } from '../../app/routes/public/device-login.tsx'
import type { TestApp } from '../support/app.ts'
import { startWebTestApp, stopWebTestApp } from '../support/web-app.ts'
import { createChecklist, type CreatedChecklist } from '../support/checklists.ts'
import { addPinOnlyMember, createDevice, loginLink, pairDevice } from '../support/devices.ts'
import { HOSTILE_TARGETS } from '../support/hostile-redirects.ts'
import type { Client, OrgWithActors } from '../support/orgs.ts'
import { freshIp } from '../api/_helpers.ts'

const ORIGIN = 'http://localhost:3999' // APP_URL of the test app
const PIN = '4721'

let t: TestApp
let o: OrgWithActors
let tablet: Client
let checklist: CreatedChecklist
/** The cook whose name is tapped on the pad before the PIN (ADR 080, "Per person"). */
let pablo: string

beforeAll(async () => {
  const web = await startWebTestApp()
  t = web.t
  o = web.o
  const device = await createDevice(o.admin, o.orgId, o.venueA, 'Kitchen tablet')
  tablet = await pairDevice(t, o.admin, o.orgId, device.id)
  pablo = await addPinOnlyMember(t, o.orgId, { name: 'Pablo Pin', pin: PIN })
  checklist = await createChecklist(t, o.orgId, { name: 'Opening', items: [{ type: 'check', label: 'Lights on' }] })
})
afterAll(() => stopWebTestApp(t))
beforeEach(() => t.clock.reset())

const cookieOf = (client: Client) => [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ')

function args(request: Request, params: Record<string, string> = {}) {
  const context = new RouterContextProvider()
  context.set(clientIpContext, freshIp())
  return { request, params, context, unstable_pattern: '', pattern: '' } as never
}

function post(path: string, fields: Record<string, string>, cookie: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie },
    body: new URLSearchParams(fields),
  })
}

const get = (path: string, cookie = '') => new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} })

/** What a route module answered or threw. */
async function outcome(run: () => Promise<unknown>): Promise<Response> {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    result = thrown
  }
  expect(result).toBeInstanceOf(Response)
  return result as Response
}

/** The tablet ticks the item on the checklist page (the form post of the page, JavaScript off). */
function tick(cookie = cookieOf(tablet)) {
  const page = `/checklists/${checklist.id}`
  return outcome(() => completeItem(args(post(page, { intent: 'complete', itemId: checklist.items[0]!.id }, cookie), { checklistId: checklist.id })))
}

/** The tablet's PIN pad form. */
async function enterPin(pin: string, redirectTo: string) {
  const response = await outcome(() => pinAction(args(post('/pin', { intent: 'enter', pin, membershipId: pablo, redirectTo }, cookieOf(tablet)))))
  // Keep the tablet's cookies in step, as the browser would.
  for (const c of response.headers.getSetCookie()) {
    const [pair] = c.split(';')
    const [k, v] = pair!.split('=')
    if (k === 'mise_session' || k === 'mise_auth') tablet.jar.set(k, v!)
  }
  return response
}

test('recording without a PIN sends the tablet to the pad, the PIN brings it back, the record is the cook’s on the device', async () => {
  const refused = await tick()
  expect(refused.status).toBe(302)
  const pad = new URL(refused.headers.get('location')!, ORIGIN)
  expect(pad.pathname).toBe('/pin')
  expect(pad.searchParams.get('reason')).toBe('required')
  expect(pad.searchParams.get('redirectTo')).toBe(`/checklists/${checklist.id}`)

  const entered = await enterPin(PIN, pad.searchParams.get('redirectTo')!)
  expect(entered.status).toBe(302)
  expect(entered.headers.get('location')).toBe(`/checklists/${checklist.id}`)

  const saved = await tick()
  expect(saved.status).toBe(302)
  expect(saved.headers.get('location')).toMatch(new RegExp(`^/checklists/${checklist.id}#item-`))
  const entry = await tablet.get(`/v1/orgs/${o.orgId}/checklist-entries/${checklist.id}?venueId=${o.venueA}`)
  expect(entry.json.items[0].record.recordedBy).toMatchObject({ name: 'Pablo Pin', device: { name: 'Kitchen tablet' } })
})

test('a PIN expired on the server (5 idle minutes) sends the tablet to the pad, not to /login', async () => {
  await enterPin(PIN, '/')
  t.clock.advance(5 * 60 * 1000 + 1000)
  const refused = await tick()
  expect(refused.status).toBe(302)
  const pad = new URL(refused.headers.get('location')!, ORIGIN)
  expect(pad.pathname).toBe('/pin')
  // The page's own /me call comes first and finds the PIN gone ("required"); a call that meets the
  // expiry itself gets 401 { pin: "expired" } (below): either way, the pad.
  expect(['required', 'expired']).toContain(pad.searchParams.get('reason'))
  expect(pad.searchParams.get('redirectTo')).toBe(`/checklists/${checklist.id}`)
  // The tablet is still signed in: its venue home loads.
  const home = await venueHome(args(get('/', cookieOf(tablet))))
  expect((home as { venue: { id: string } }).venue.id).toBe(o.venueA)
})

describe('the API client', () => {
  const answer = (status: number, error: object) => async () =>
    new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json', 'set-cookie': 'mise_auth=x; Path=/' } })

  test('401 { pin: "expired" } and 403 { pin: "required" } become a redirect to the pad and back, keeping the page', async () => {
    for (const [status, name, pin] of [
      [401, 'UnauthorizedError', 'expired'],
      [403, 'ForbiddenError', 'required'],
    ] as const) {
      const request = post('/?index&date=2026-11-23', {}, cookieOf(tablet))
      const client = api({ request }, { transport: answer(status, { name, code: status, message: 'x', data: { pin } }) })
      const thrown = await outcome(() => client.post('/v1/orgs/x/checklist-entries/y/items/z/complete', {}))
      const pad = new URL(thrown.headers.get('location')!, ORIGIN)
      expect(pad.pathname).toBe('/pin')
      expect(pad.searchParams.get('reason')).toBe(pin)
      expect(pad.searchParams.get('redirectTo')).toBe('/?date=2026-11-23')
      // Cookies the API set on the way are relayed with the redirect.
      expect(thrown.headers.getSetCookie()).toEqual(['mise_auth=x; Path=/'])
    }
  })

  test('any other 401 or 403 is the caller’s to handle (a signed-out session still goes to /login)', async () => {
    for (const [status, name, data] of [
      [401, 'UnauthorizedError', undefined],
      [403, 'ForbiddenError', undefined],
      [400, 'ValidationError', { pin: 'Wrong PIN.' }],
      [429, 'TooManyRequestsError', { pin: 'locked' }],
    ] as const) {
      const client = api({ request: post('/pin', {}, '') }, { transport: answer(status, { name, code: status, message: 'x', ...(data ? { data } : {}) }) })
      const result = await client.post('/v1/auth/device/pin', { pin: '1234' })
      expect(result.ok).toBe(false)
    }
  })
})

test('a wrong PIN says so on the pad; "Done" forgets the PIN', async () => {
  const wrong = (await pinAction(args(post('/pin', { intent: 'enter', pin: '0000', membershipId: pablo, redirectTo: '/' }, cookieOf(tablet))))) as { data: { error?: string }; init: ResponseInit }
  expect(wrong.init.status).toBe(400)
  expect(wrong.data.error).toMatch(/Wrong PIN/)

  await enterPin(PIN, '/')
  expect((await tablet.get('/v1/auth/me')).json.pin.name).toBe('Pablo Pin')
  const done = await outcome(() => pinAction(args(post('/pin', { intent: 'forget', redirectTo: '/checklists' }, cookieOf(tablet)))))
  expect(done.headers.get('location')).toBe('/checklists')
  expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
})

describe('who may see which page', () => {
  test('a person has no PIN pad and no device settings; a device has no people’s pages', async () => {
    const person = cookieOf(o.admin.client)
    expect((await outcome(() => pinLoader(args(get('/pin', person))))).headers.get('location')).toBe('/')
    expect((await outcome(() => deviceSettingsLoader(args(get('/device-settings', person))))).headers.get('location')).toBe('/')
    for (const path of ['/settings/devices', '/profile', '/organisations', '/venues', '/pin-setup']) {
      expect((await outcome(() => authedLayout(args(get(path, cookieOf(tablet)))))).headers.get('location'), path).toBe('/')
    }
    expect(await authedLayout(args(get('/checklists', cookieOf(tablet))))).toMatchObject({ user: { type: 'device' } })
    expect(await deviceSettingsLoader(args(get('/device-settings', cookieOf(tablet))))).toMatchObject({ deviceName: 'Kitchen tablet' })
  })

  test('a sign-in link: incomplete, forged, or opened by a person', async () => {
    const view = async (request: Request) => ((await deviceLogin(args(request))) as { data: { state: string; problem?: string } }).data
    expect(await view(get('/device-login?id=only'))).toEqual({ state: 'missing' })
    expect(await view(get('/device-login?token=only'))).toEqual({ state: 'missing' })
    const device = await createDevice(o.admin, o.orgId, o.venueB, 'Bar tablet')
    const link = await loginLink(o.admin, o.orgId, device.id)
    expect(await view(get(`/device-login?id=${link.id}&token=forged`))).toMatchObject({ state: 'failed', problem: 'invalid' })
    // A person is asked before being signed out; the link is not used by asking.
    expect(await view(get(`/device-login?id=${link.id}&token=${link.token}`, cookieOf(o.admin.client)))).toMatchObject({ state: 'confirm' })
    // Opening the link changes nothing (ADR 082): it says what it would sign in and asks; the form's post signs in.
    expect(await view(get(`/device-login?id=${link.id}&token=${link.token}`))).toEqual({ state: 'ready', device: 'Bar tablet', venue: 'Venue B', organisation: 'Test Kitchen' })
    const opened = await deviceLogin(args(get(`/device-login?id=${link.id}&token=${link.token}`)))
    expect((opened as { init: ResponseInit }).init.headers).toMatchObject({ 'Cache-Control': 'no-store' })
    const paired = await outcome(() => deviceLoginAction(args(post(`/device-login?id=${link.id}&token=${link.token}`, {}, ''))))
    expect(paired.headers.get('location')).toBe('/')
    expect(paired.headers.getSetCookie().join('\n')).toMatch(/mise_session=/)
    expect(await view(get(`/device-login?id=${link.id}&token=${link.token}`))).toMatchObject({ state: 'failed', problem: 'used' })
    // The tablet it signed in opening the same link again (a second tap, a reload, a browser repeating
    // the navigation) simply goes on to its venue.
    const session = paired.headers.getSetCookie().find((c) => c.startsWith('mise_session='))!.split(';')[0]!
    const again = await outcome(() => deviceLogin(args(get(`/device-login?id=${link.id}&token=${link.token}`, session))))
    expect(again.status).toBe(302)
    expect(again.headers.get('location')).toBe('/')
  })
})

describe.each(HOSTILE_TARGETS.map((target) => [JSON.stringify(target), target] as const))('redirectTo %s', (_, target) => {
  test('the PIN pad and "Done" stay on this site', async () => {
    const posts: Record<string, string>[] = [
      { intent: 'forget', redirectTo: target },
      { intent: 'enter', pin: PIN, redirectTo: target },
    ]
    for (const fields of posts) {
      const response = await outcome(() => pinAction(args(post('/pin', fields, cookieOf(tablet)))))
      const location = response.headers.get('location')!
      expect(location, `${fields.intent} ${JSON.stringify(target)}`).toMatch(/^\/(?![/\\])/)
      expect(new URL(location, `${ORIGIN}/pin`).origin).toBe(ORIGIN)
    }
    const page = (await pinLoader(args(get(`/pin?${new URLSearchParams({ redirectTo: target })}`, cookieOf(tablet))))) as { data: { redirectTo: string } }
    expect(new URL(page.data.redirectTo, `${ORIGIN}/pin`).origin).toBe(ORIGIN)
  })
})
