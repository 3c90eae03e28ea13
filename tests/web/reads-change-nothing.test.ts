/**
 * No state change on a read (issue #38, item 2; ADR 082): every GET of /v1 (read from the OpenAPI
 * document, so a new one is covered as soon as it is documented) and every page's loaders (read from
 * app/routes.ts, each page with the root and its layouts, as React Router runs them) leave the database
 * exactly as it was — as the owner, as a shared device (without and with a PIN) and anonymously, with
 * real ids and the real links' tokens. A link or an <img> on another site can trigger any of these.
 *
 * Sessions and devices record when they were last seen, and a device session when its PIN was last
 * used, at most once a minute (ADR 004, 020, 021): the fixture's are set in the future first, so that
 * bookkeeping does not run and nothing is left out of the comparison.
 */
import { isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import routes from '../../app/routes.ts'
import { clientIpContext } from '../../app/lib/context.ts'
import { deviceSessions, devices, sessions } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import type { Runtime } from '../../server/runtime.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile } from '../support/checklists.ts'
import { createSupplier } from '../support/contacts.ts'
import { addPinOnlyMember, createDevice, loginLink, pairDevice } from '../support/devices.ts'
import { linkFrom } from '../support/mailbox.ts'
import { docOperations, fillPath } from '../support/openapi.ts'
import { createOrgWithActors, type Client, type OrgWithActors } from '../support/orgs.ts'
import { createCategory, createRecipe } from '../support/recipes.ts'
import { snapshot } from '../support/snapshot.ts'
import { verifyUser } from '../support/staff-fixtures.ts'
import { freshIp, registerUser, VERIFY_SUBJECT_EN, waitForMailCount } from '../api/_helpers.ts'

const ORIGIN = 'http://localhost:3999'
const SUPPLIER_EMAIL = 'reads@supplier.example'

let t: TestApp
let o: OrgWithActors
let tablet: Client
let pinned: Client
let ids: Record<string, string>
let queries: Record<string, Record<string, string>>

beforeAll(async () => {
  t = await createTestApp()
  globalThis.__miseRuntime = Promise.resolve({ api: t.app } as unknown as Runtime)
  o = await createOrgWithActors(t)
  await verifyUser(t, o.owner.user.id)
  const c = o.owner.client
  const org = `/v1/orgs/${o.orgId}`
  const checklist = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no' }, { type: 'check' }] })
  const temperature = (await c.post(`${org}/temperatures`, { name: 'Fridges', checksPerDay: 1 })).json.temperature.id as string
  const unit = (await c.post(`${org}/temperatures/${temperature}/items`, { label: 'Walk-in', kind: 'fridge' })).json.item.id as string
  const day = await c.get(`${org}/venues/${o.venueA}/temperature-entries`)
  const entryId = (day.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === temperature)!.entryId
  const staffId = (await c.post(`${org}/staff`, { name: 'Pat Pin', role: 'BASIC', venueIds: [o.venueA] })).json.member.id as string
  const upload = (await uploadFile(t, c, o.orgId, { bytes: FILES.png(), name: 'p.png' })).json.id as string
  const device = await createDevice(o.owner, o.orgId, o.venueA, 'Kitchen tablet')
  tablet = await pairDevice(t, o.owner, o.orgId, device.id)
  pinned = await pairDevice(t, o.owner, o.orgId, device.id)
  await addPinOnlyMember(t, o.orgId, { name: 'Pablo Pin', pin: '4721', venueIds: [o.venueA] })
  expect((await pinned.post('/v1/auth/device/pin', { pin: '4721' })).status).toBe(200)
  const link = await loginLink(o.owner, o.orgId, device.id)
  const supplier = await createSupplier(c, o.orgId, { email: SUPPLIER_EMAIL })
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const order = (await c.post(`${org}/venues/${o.venueA}/orders`, { supplierId: supplier.contact.id, deliveryDate: tomorrow, lines: [{ name: 'Eggs', quantity: 30 }] })).json.order.id as string
  expect((await c.post(`${org}/orders/${order}/send`)).status).toBe(200)
  const supplierLink = linkFrom(await waitForMailCount(t, SUPPLIER_EMAIL, /^Order from/, 1), `/supplier/orders/${order}`)
  const unverified = await registerUser(t, { name: 'Una Verified' })
  const verifyLink = linkFrom(await t.mailbox.waitFor(unverified.email, VERIFY_SUBJECT_EN), '/verify-email')
  const recipeCategory = await createCategory(c, o.orgId, 'Sauces')
  const recipe = (await createRecipe(c, o.orgId, { categoryId: recipeCategory })).id as string
  ids = {
    orgId: o.orgId,
    venueId: o.venueA,
    staffId,
    checklistId: checklist.id,
    itemId: checklist.items[0]!.id,
    uploadId: upload,
    deviceId: device.id,
    contactId: supplier.contact.id,
    categoryId: supplier.contact.categoryId ?? recipeCategory,
    orderId: order,
    recipeId: recipe,
    temperatureId: temperature,
    entryId,
    starterId: 'pest',
    unit,
    recipeCategory,
  }
  const today = todayIn('Europe/Madrid')
  queries = {
    'GET /v1/auth/device/login': { id: link.id, token: link.token },
    'GET /v1/auth/verification/verify': Object.fromEntries(verifyLink.searchParams),
    'GET /v1/supplier/orders/{orderId}': { token: supplierLink.searchParams.get('token')! },
    'GET /v1/orgs/{orgId}/venues/{venueId}/checklist-entries': { date: today },
    'GET /v1/orgs/{orgId}/venues/{venueId}/dashboard': { date: today },
    'GET /v1/orgs/{orgId}/overview': { date: today },
    'GET /v1/orgs/{orgId}/checklist-entries/{checklistId}': { venueId: o.venueA, date: today },
    'GET /v1/orgs/{orgId}/venues/{venueId}/temperature-entries': { date: today },
    'GET /v1/orgs/{orgId}/venues/{venueId}/temperature-entries/{temperatureId}': { date: today },
    'GET /v1/orgs/{orgId}/venues/{venueId}/orders': { date: tomorrow },
  }
  // Everyone was "seen" in the future: no last-seen bookkeeping below (see the file's comment).
  const later = new Date(Date.now() + 86_400_000)
  await t.db.update(sessions).set({ lastSeenAt: later })
  await t.db.update(deviceSessions).set({ lastSeenAt: later })
  // The same bookkeeping for the PIN's idle timer (touched at most once a minute while it is used).
  await t.db.update(deviceSessions).set({ pinLastUsedAt: later }).where(isNotNull(deviceSessions.pinMembershipId))
  await t.db.update(devices).set({ lastSeenAt: later })
}, 120_000)
afterAll(async () => {
  globalThis.__miseRuntime = undefined
  await t.close()
})

const cookieOf = (client: Client, more: Record<string, string> = {}) =>
  [...client.jar, ...Object.entries(more)].map(([k, v]) => `${k}=${v}`).join('; ')

/** Which tables changed between two snapshots. */
const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys(after).filter((table) => before[table] !== after[table])

describe('every GET of /v1 changes nothing', () => {
  test('as the owner, a device without and with a PIN, and anonymously', { timeout: 300_000 }, async () => {
    const doc = (await t.client().get('/v1/openapi.json')).json
    const gets = docOperations(doc).filter((op) => op.method === 'get')
    expect(gets.length).toBeGreaterThan(40)
    const writers: string[] = []
    let before = await snapshot(t)
    for (const op of gets) {
      const values = op.path.includes('/recipe-categories/') ? { ...ids, categoryId: ids.recipeCategory! } : op.path.includes('/temperature-items/') ? { ...ids, itemId: ids.unit! } : ids
      const qs = queries[op.key] ? `?${new URLSearchParams(queries[op.key])}` : ''
      const url = `${fillPath(op.path, values)}${qs}`
      for (const client of [o.owner.client, tablet, pinned, t.client()]) {
        const res = await client.get(url, { 'sec-fetch-site': 'cross-site' })
        expect(res.status, `${op.key}: ${res.text}`).toBeLessThan(500)
      }
      const after = await snapshot(t)
      const tables = changed(before, after)
      if (tables.length) writers.push(`${op.key} wrote ${tables.join(', ')}`)
      before = after
    }
    expect(writers).toEqual([])
  })
})

interface RouteEntry {
  path?: string
  index?: boolean
  file: string
  children?: RouteEntry[]
}

/**
 * Every page of app/routes.ts: its URL pattern and the modules whose loaders run for it (its layouts
 * first). The root's loader needs the server build (its translations' namespaces) and runs only in the
 * browser tests; what it asks the API (the current user, the selection) the layouts ask too.
 */
function pages(entries: RouteEntry[], prefix = '', chain: string[] = []): { pattern: string; files: string[] }[] {
  const out: { pattern: string; files: string[] }[] = []
  for (const entry of entries) {
    const pattern = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, '/') : prefix
    const files = [...chain, entry.file]
    if (entry.children?.length) out.push(...pages(entry.children, pattern, files))
    else out.push({ pattern: pattern || '/', files })
  }
  return out
}

/** Pages opened from a link: with the link's real id and token. */
const LINK_PAGES: Record<string, string> = {
  '/supplier/orders/:orderId': 'GET /v1/supplier/orders/{orderId}',
  '/device-login': 'GET /v1/auth/device/login',
  '/verify-email': 'GET /v1/auth/verification/verify',
}

function args(request: Request, params: Record<string, string>) {
  const context = new RouterContextProvider()
  context.set(clientIpContext, freshIp())
  return { request, url: new URL(request.url), params, context, unstable_pattern: '', pattern: '' } as never
}

describe('every page’s loaders change nothing', () => {
  test('as the owner (organisation and venue selected), a device with and without a PIN, and anonymously', { timeout: 300_000 }, async () => {
    const list = pages(routes as RouteEntry[]).filter((p) => p.pattern !== '/*')
    expect(list.length).toBeGreaterThan(50)
    const selection = { mise_org_id: o.orgId, mise_venue_id: o.venueA }
    const visitors = [cookieOf(o.owner.client, selection), cookieOf(tablet), cookieOf(pinned), '']
    const writers: string[] = []
    const broken: string[] = []
    let ran = 0
    let before = await snapshot(t)
    for (const page of list) {
      const params: Record<string, string> = {}
      const path = page.pattern.replace(/:(\w+)/g, (_, name: string) => (params[name] = ids[name] ?? ids.checklistId!))
      const link = LINK_PAGES[page.pattern]
      const search = link ? `?${new URLSearchParams(queries[link])}` : ''
      for (const cookie of visitors) {
        const request = new Request(`${ORIGIN}${path}${search}`, { headers: { ...(cookie ? { cookie } : {}), 'sec-fetch-site': 'cross-site' } })
        for (const file of page.files) {
          const mod = (await import(`../../app/${file}`)) as { loader?: (a: unknown) => unknown }
          if (!mod.loader) continue
          try {
            await mod.loader(args(request, params))
            ran++
          } catch (thrown) {
            // A redirect or an error page (a device on a person's page…) is an answer; anything else is a bug here.
            if (thrown instanceof Response) ran++
            else broken.push(`${page.pattern} ${file}: ${String(thrown)}`)
          }
        }
      }
      const after = await snapshot(t)
      const tables = changed(before, after)
      if (tables.length) writers.push(`${page.pattern} wrote ${tables.join(', ')}`)
      before = after
    }
    expect(broken).toEqual([])
    expect(writers).toEqual([])
    expect(ran).toBeGreaterThan(list.length * 4)
  })
})
