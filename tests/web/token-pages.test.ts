/**
 * Pages whose URL carries a secret (issue #38, item 6): the reset, invitation, device sign-in, supplier
 * order and unsubscribe links. Whatever the route answers, no cache may keep it (`Cache-Control:
 * no-store`, set in one place: app/lib/security.server.ts); and a supplier's order link with a
 * tampered token is not found (404, the whole not-found page), not a 200 error page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { clientIpContext } from '../../app/lib/context.ts'
import { securityHeadersMiddleware } from '../../app/lib/security.server.ts'
import { loader as supplierOrder } from '../../app/routes/public/supplier-order.tsx'
import type { TestApp } from '../support/app.ts'
import { startWebTestApp, stopWebTestApp } from '../support/web-app.ts'
import { createSupplier } from '../support/contacts.ts'
import { linkFrom } from '../support/mailbox.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { verifyUser } from '../support/staff-fixtures.ts'
import { freshIp, waitForMailCount } from '../api/_helpers.ts'

const ORIGIN = 'http://localhost:3999' // APP_URL of the test app
const SUPPLIER_EMAIL = 'tokens@supplier.example'

let t: TestApp
let o: OrgWithActors
/** A real supplier link: the order's id and its token. */
let link: URL

beforeAll(async () => {
  const web = await startWebTestApp()
  t = web.t
  o = web.o
  await verifyUser(t, o.owner.user.id)
  const supplier = await createSupplier(o.owner.client, o.orgId, { email: SUPPLIER_EMAIL })
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const order = await o.owner.client.post(`/v1/orgs/${o.orgId}/venues/${o.venueA}/orders`, { supplierId: supplier.contact.id, deliveryDate: tomorrow, lines: [{ name: 'Eggs', quantity: 30 }] })
  expect(order.status, order.text).toBe(201)
  const sent = await o.owner.client.post(`/v1/orgs/${o.orgId}/orders/${order.json.order.id}/send`)
  expect(sent.status, sent.text).toBe(200)
  link = linkFrom(await waitForMailCount(t, SUPPLIER_EMAIL, /^Order from/, 1), `/supplier/orders/${order.json.order.id}`)
})
afterAll(() => stopWebTestApp(t))

function args(request: Request, params: Record<string, string> = {}) {
  const context = new RouterContextProvider()
  context.set(clientIpContext, freshIp())
  return { request, params, context, unstable_pattern: '', pattern: '' } as never
}

/** The headers the page middleware puts on a page answered with `headers` (none by default). */
async function pageHeaders(path: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
  const response = await (securityHeadersMiddleware as (a: unknown, next: () => Promise<Response>) => Promise<Response>)(
    args(new Request(`${ORIGIN}${path}`, init)),
    async () => new Response('<!doctype html><title>x</title>', { headers: { 'Content-Type': 'text/html', ...headers } }),
  )
  return response.headers
}

describe('Cache-Control: no-store on every page whose URL carries a secret', () => {
  const TOKEN = 'secret-token-AbC123'
  const ID = '00000000-0000-4000-8000-000000000000'
  const pages = [
    `/reset-password?id=${ID}&token=${TOKEN}`,
    `/invite?id=${ID}&token=${TOKEN}`,
    `/device-login?id=${ID}&token=${TOKEN}`,
    `/supplier/orders/${ID}?token=${TOKEN}`,
    `/unsubscribe?token=${TOKEN}`,
  ]
  test.each(pages)('%s — anonymous, signed in, its form post, and whatever the route said', async (path) => {
    expect((await pageHeaders(path)).get('cache-control')).toBe('no-store')
    // A route that asked for caching does not get it on a secret URL.
    expect((await pageHeaders(path, {}, { 'Cache-Control': 'public, max-age=3600' })).get('cache-control')).toBe('no-store')
    expect((await pageHeaders(path, { headers: { cookie: 'mise_session=abc' } })).get('cache-control')).toMatch(/\bno-store\b/)
    expect((await pageHeaders(path, { method: 'POST', headers: { origin: ORIGIN } })).get('cache-control')).toBe('no-store')
  })

  test('a page without a secret in its URL keeps what the route said', async () => {
    expect((await pageHeaders('/login')).get('cache-control')).toBeNull()
    expect((await pageHeaders('/pricing', {}, { 'Cache-Control': 'public, max-age=60' })).get('cache-control')).toBe('public, max-age=60')
  })
})

describe('a supplier order link', () => {
  const orderId = () => link.pathname.split('/').pop()!
  const open = (token: string) => supplierOrder(args(new Request(`${ORIGIN}/supplier/orders/${orderId()}?${new URLSearchParams({ token })}`), { orderId: orderId() }))

  test('the real link shows the order', async () => {
    const page = (await open(link.searchParams.get('token')!)) as { data: { view: { state: string } } }
    expect(page.data.view.state).toBe('ok')
  })

  test.each([
    ['tampered', (token: string) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')],
    ['cut short', (token: string) => token.slice(0, 10)],
    ['empty', () => ''],
  ])('a %s token: 404, the not-found page', async (_, tamper) => {
    let thrown: unknown
    try {
      await open(tamper(link.searchParams.get('token')!))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(404)
  })
})
