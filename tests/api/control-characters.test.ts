/**
 * No 500 on ordinary bad input (issue #8, defect 4): every string of every /v1 contract refuses
 * control characters with a ValidationError on that field, and nothing is written. Driven from
 * GET /v1/openapi.json, so a new route is covered as soon as it is documented; a route whose body
 * has no example below fails here until one is given.
 *
 * PostgreSQL rejects U+0000 in `text`: run this file once with DATABASE_URL too.
 */
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MULTI_LINE, ONE_LINE } from '../../server/api/contract.ts'
import { devices, deviceSessions } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { snapshot as snapshotOf } from '../support/snapshot.ts'
import { createChecklist, FILES, uploadFile, type CreatedChecklist } from '../support/checklists.ts'
import { createDevice, pairDevice } from '../support/devices.ts'
import { createCategory, createRecipe } from '../support/recipes.ts'
import { docOperations, fillPath, stringFields, withField, type DocOperation, type StringField } from '../support/openapi.ts'
import { createOrgWithActors, type Client, type OrgWithActors } from '../support/orgs.ts'
import { expectError, PASSWORD } from './_helpers.ts'

const MESSAGE_EN = 'Remove the invisible control characters from this field'
/** Refused everywhere. */
const ALWAYS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000B', '\u000C', '\u000E', '\u001B', '\u001F', '\u007F']
/**
 * Lone UTF-16 surrogates: valid JSON (`"\ud800"`) that `jsonb` refuses (issue #38). Refused like a control
 * character, in bodies (a query string cannot carry one: percent-decoding makes it U+FFFD).
 */
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF']
/** Refused on one line, kept in text of several lines. */
const LINE_BREAKS = ['\t', '\n', '\r']
const name = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

let t: TestApp
let o: OrgWithActors
let doc: any
let checklist: CreatedChecklist
let staffId: string
let uploadId: string
let deviceId: string
/** A supplier contact and a contact category (issue #13). */
let contactId: string
let categoryId: string
let orderId: string
let recipeId: string
/** A recipe category (issue #12): `{categoryId}` in the recipe-categories paths. */
let recipeCategoryId: string
/** A browser signed in as a shared device: the device's own calls (its PIN) are made with it. */
let tablet: Client

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  checklist = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no' }, { type: 'text' }] })
  const staff = await o.owner.client.post(`/v1/orgs/${o.orgId}/staff`, { name: 'Pat Pin', role: 'BASIC' })
  expect(staff.status, staff.text).toBe(201)
  staffId = staff.json.member.id
  const up = await uploadFile(t, o.owner.client, o.orgId, { bytes: FILES.png(), name: 'p.png' })
  uploadId = up.json.id
  deviceId = (await createDevice(o.owner, o.orgId, o.venueA)).id
  recipeCategoryId = await createCategory(o.owner.client, o.orgId, 'Sauces')
  recipeId = (await createRecipe(o.owner.client, o.orgId, { categoryId: recipeCategoryId })).id
  tablet = await pairDevice(t, o.owner, o.orgId, deviceId)
  // Seen "in the future": the device's requests below write no last-seen time (at most once a minute), so "nothing written" holds.
  const later = new Date(Date.now() + 86_400_000)
  await t.db.update(devices).set({ lastSeenAt: later }).where(eq(devices.id, deviceId))
  await t.db.update(deviceSessions).set({ lastSeenAt: later }).where(eq(deviceSessions.deviceId, deviceId))
  const cats = await o.owner.client.get(`/v1/orgs/${o.orgId}/contact-categories`)
  categoryId = cats.json.categories.find((c: { supplier: boolean }) => c.supplier).id
  contactId = (await o.owner.client.post(`/v1/orgs/${o.orgId}/contacts`, { name: 'Fresh Farm', email: 'farm@example.com', categoryId })).json.contact.id
  orderId = (await o.owner.client.post(`/v1/orgs/${o.orgId}/venues/${o.venueA}/orders`, { supplierId: contactId, deliveryDate: '2030-01-02', lines: [{ name: 'Eggs', quantity: 30 }] })).json.order.id
  doc = (await t.client().get('/v1/openapi.json')).json
})
afterAll(() => t.close())

/** Real ids for the path of every operation. */
function pathValues(): Record<string, string> {
  // Temperature paths: the body and query are judged before the ids are looked up, so any well-formed id serves.
  return { orgId: o.orgId, venueId: o.venueA, staffId, checklistId: checklist.id, itemId: checklist.items[1]!.id, uploadId, deviceId, contactId, categoryId, orderId, recipeId, temperatureId: checklist.id, entryId: checklist.id, starterId: 'pest' }
}

/** A body (or query) each operation accepts, so a refusal is about the one field changed. */
function examples(): Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> {
  const today = todayIn('Europe/Madrid')
  const venue = { name: 'Harbour Street', address: '1 Quay\nHarbour', timeZone: 'Europe/Madrid' }
  const recipeBody = {
    name: 'Salsa brava',
    categoryId: recipeCategoryId,
    description: 'Spicy\tsauce\nfor patatas',
    yieldUnit: 'kg',
    ingredients: [{ type: 'ingredient', quantity: 1, unit: 'kg', name: 'Tomatoes', note: 'ripe' }],
    steps: ['Blend\teverything'],
    imageUploadId: null,
    venueIds: [o.venueA],
  }
  const checklistBody = { name: 'Opening', description: 'Before\tservice', venueIds: [o.venueA], days: [1, 2], dueTime: '09:30' }
  const item = { label: 'Fridge', instructions: 'Check the seal', type: 'text' }
  const ORG = '/v1/orgs/{orgId}'
  return {
    'GET /v1/auth/verification/verify': { query: { id: '00000000-0000-4000-8000-000000000000', token: 'abc' } },
    'POST /v1/auth/verification/verify': { body: { id: '00000000-0000-4000-8000-000000000000', token: 'abc' } },
    'POST /v1/auth/register': { body: { name: 'Ana Cook', email: uniqueEmail(), password: PASSWORD, locale: 'en' } },
    'POST /v1/auth/login': { body: { email: o.owner.email, password: PASSWORD } },
    'POST /v1/auth/forgot-password': { body: { email: o.owner.email } },
    'POST /v1/auth/reset-password': { body: { id: '00000000-0000-4000-8000-000000000000', token: 'abc', password: PASSWORD } },
    'POST /v1/auth/update-password': { body: { currentPassword: PASSWORD, newPassword: 'another fine passphrase' } },
    'GET /v1/auth/invite': { query: { id: '00000000-0000-4000-8000-000000000000', token: 'abc' } },
    'POST /v1/auth/invite/register': { body: { id: '00000000-0000-4000-8000-000000000000', token: 'abc', name: 'Ana Cook', password: PASSWORD, locale: 'es' } },
    'POST /v1/auth/invite/accept': { body: { id: '00000000-0000-4000-8000-000000000000', token: 'abc' } },
    'PUT /v1/profile': { body: { name: 'Olivia', locale: 'en', email: uniqueEmail(), currentPassword: PASSWORD } },
    [`PUT ${ORG}/profile`]: { body: { name: 'Olivia O.', pin: '5739' } },
    'POST /v1/orgs': { body: { name: 'Corner Café', timeZone: 'Europe/Madrid', temperatureUnit: 'C' } },
    [`PUT ${ORG}`]: { body: { name: 'Corner Café', timeZone: 'Europe/Madrid', temperatureUnit: 'C', requirePinOnDevices: false } },
    [`POST ${ORG}/venues`]: { body: venue },
    [`PUT ${ORG}/venues/{venueId}`]: { body: venue },
    [`POST ${ORG}/staff`]: { body: { name: 'Sam Cook', email: uniqueEmail(), role: 'BASIC', venueIds: [o.venueA], pin: '482913' } },
    [`PUT ${ORG}/staff/{staffId}`]: { body: { name: 'Sam Cook', role: 'BASIC', venueIds: [o.venueA], pin: '482914' } },
    [`GET ${ORG}/checklists`]: { query: { search: 'open', venueId: o.venueA, showArchived: 'false' } },
    [`POST ${ORG}/checklists`]: { body: checklistBody },
    [`PUT ${ORG}/checklists/{checklistId}`]: { body: checklistBody },
    [`POST ${ORG}/checklists/reorder`]: { body: { ids: [checklist.id] } },
    [`POST ${ORG}/checklists/{checklistId}/items`]: { body: item },
    [`POST ${ORG}/checklists/{checklistId}/items/reorder`]: { body: { ids: checklist.items.map((i) => i.id) } },
    [`PUT ${ORG}/checklist-items/{itemId}`]: { body: item },
    [`GET ${ORG}/venues/{venueId}/checklist-entries`]: { query: { date: today } },
    [`GET ${ORG}/venues/{venueId}/dashboard`]: { query: { date: today } },
    [`GET ${ORG}/overview`]: { query: { date: today } },
    [`GET ${ORG}/checklist-entries/{checklistId}`]: { query: { venueId: o.venueA, date: today } },
    [`POST ${ORG}/checklist-entries/export`]: { body: { venueId: o.venueA, from: today, to: today, format: 'csv' } },
    [`POST ${ORG}/checklist-entries/{checklistId}/items/{itemId}/complete`]: {
      body: { venueId: o.venueA, date: today, value: 'All good', note: 'Line one\nline two', uploadId },
    },
    [`POST ${ORG}/checklist-entries/{checklistId}/items/{itemId}/resolve`]: { body: { venueId: o.venueA, date: today, note: 'Called the engineer' } },
    [`POST ${ORG}/checklist-entries/{checklistId}/sign-off`]: { body: { venueId: o.venueA, date: today } },
    [`GET ${ORG}/temperatures`]: { query: { search: 'fridge', venueId: o.venueA, showArchived: 'false' } },
    [`POST ${ORG}/temperatures`]: { body: { name: 'Fridges', venueIds: [o.venueA], days: [1, 2], checksPerDay: 2, checkTimes: ['09:00', '15:00'] } },
    [`PUT ${ORG}/temperatures/{temperatureId}`]: { body: { name: 'Fridges', checksPerDay: 2, checkTimes: ['09:00', null] } },
    [`POST ${ORG}/temperatures/reorder`]: { body: { ids: [checklist.id] } },
    [`POST ${ORG}/temperatures/{temperatureId}/items`]: { body: { label: 'Walk-in', kind: 'fridge' } },
    [`POST ${ORG}/temperatures/{temperatureId}/items/reorder`]: { body: { ids: [checklist.id] } },
    [`PUT ${ORG}/temperature-items/{itemId}`]: { body: { label: 'Walk-in', kind: 'fridge', min: 0, max: 5 } },
    [`GET ${ORG}/venues/{venueId}/temperature-entries`]: { query: { date: today } },
    [`GET ${ORG}/venues/{venueId}/temperature-entries/{temperatureId}`]: { query: { date: today } },
    [`POST ${ORG}/temperature-entries/export`]: { body: { venueId: o.venueA, from: today, to: today, format: 'csv' } },
    [`POST ${ORG}/temperature-entries/{entryId}/items/{itemId}/complete`]: { body: { value: '4,5', note: 'Door\nseal' } },
    [`POST ${ORG}/temperature-entries/{entryId}/items/{itemId}/resolve`]: { body: { note: 'Moved food to another fridge' } },
    'GET /v1/auth/device/login': { query: { id: deviceId, token: 'abc' } },
    'GET /v1/photos/{orgId}/{uploadId}': { query: { expires: '4102444800', signature: 'abc' } },
    'POST /v1/auth/device/login': { body: { id: deviceId, token: 'abc' } },
    'POST /v1/auth/device/pin': { body: { pin: '2468' } },
    [`POST ${ORG}/devices`]: { body: { name: 'Kitchen tablet', venueId: o.venueA } },
    [`PUT ${ORG}/devices/{deviceId}`]: { body: { name: 'Pass tablet', venueId: o.venueA } },
    [`PUT ${ORG}/billing/plan`]: { body: { plan: 'pro' } },
    'POST /v1/forms/contact': { body: { name: 'Ana Cook', email: uniqueEmail(), company: 'Corner Café', message: 'Hello,\nhow much is Pro?', website: '' } },
    'POST /v1/forms/early-access': { body: { name: 'Ana Cook', email: uniqueEmail(), company: 'Corner Café', venues: 2, message: 'Two sites', website: '' } },
    'POST /v1/forms/support': {
      body: { name: 'Ana Cook', email: uniqueEmail(), subject: 'Export', message: 'The PDF\tis empty', orgId: o.orgId, venueId: o.venueA, uploadId, website: '' },
    },
    [`GET ${ORG}/recipes`]: { query: { search: 'sauce', categoryId: recipeCategoryId, venueId: o.venueA } },
    [`POST ${ORG}/recipes`]: { body: recipeBody },
    [`PUT ${ORG}/recipes/{recipeId}`]: { body: recipeBody },
    [`GET ${ORG}/venues/{venueId}/recipes`]: { query: { category: recipeCategoryId, search: 'sauce' } },
    [`POST ${ORG}/recipe-categories`]: { body: { name: 'Desserts' } },
    [`POST ${ORG}/recipes/generate`]: { body: { text: 'Soup\n\nIngredients\n- 1 l stock' } },
    [`PUT ${ORG}/recipe-categories/{categoryId}`]: { body: { name: 'Postres' } },
    [`POST ${ORG}/recipe-categories/reorder`]: { body: { ids: [recipeCategoryId] } },
    ...contactExamples(ORG),
  }
}

/** Contacts and contact categories (issue #13). */
function contactExamples(ORG: string): Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> {
  const contact = { name: 'Marisol Vega', company: 'Pescados Vega', role: 'Sales', email: 'marisol@vega.example', phone: '911 23 45 67', address: 'Calle Mayor 1\nMadrid', website: 'vega.example', notes: 'Calls\tbefore 7', categoryId, venueIds: [o.venueA] }
  return {
    [`GET ${ORG}/contacts`]: { query: { category: categoryId, search: 'vega' } },
    [`POST ${ORG}/contacts`]: { body: contact },
    [`PUT ${ORG}/contacts/{contactId}`]: { body: contact },
    [`PUT ${ORG}/contacts/{contactId}/products`]: { body: { products: [{ name: 'Tomatoes', unit: 'kg', packSize: '5 kg box', price: 2.5, code: 'TOM-1', parLevels: [{ venueId: o.venueA, par: 4 }] }] } },
    [`POST ${ORG}/contact-categories`]: { body: { name: 'Cleaning', supplier: false } },
    [`PUT ${ORG}/contact-categories/{categoryId}`]: { body: { name: 'Cleaning', supplier: false } },
    [`POST ${ORG}/contact-categories/reorder`]: { body: { ids: [categoryId] } },
    [`GET ${ORG}/venues/{venueId}/contacts`]: { query: { category: categoryId, search: 'vega' } },
    [`GET ${ORG}/venues/{venueId}/orders`]: { query: { date: '2030-01-02' } },
    // A choice of widths, not free text: nothing to carry a control character (tests/api/uploads.test.ts refuses others).
    [`GET ${ORG}/uploads/{uploadId}`]: { query: { width: '320' } },
    [`POST ${ORG}/venues/{venueId}/orders`]: { body: { supplierId: contactId, deliveryDate: '2030-01-02', notes: 'Back\ndoor', lines: [{ name: 'Eggs', quantity: 30, unit: 'each', note: 'Free range' }] } },
    [`PUT ${ORG}/orders/{orderId}`]: { body: { deliveryDate: '2030-01-03', notes: 'Back\ndoor', lines: [{ name: 'Eggs', quantity: 30, unit: 'each', note: 'Free range' }] } },
    [`POST ${ORG}/orders/{orderId}/receive`]: { body: { lines: [{ lineId: orderId, receivedQuantity: 1, note: 'Short' }], notes: 'Late\ndelivery' } },
    'GET /v1/supplier/orders/{orderId}': { query: { token: 'abc' } },
    [`PUT ${ORG}/alert-settings`]: { body: { overdueDelayMinutes: 15, digestTime: '06:30', quietStart: '22:00', quietEnd: '06:00', recipientIds: [] } },
    [`PUT ${ORG}/alert-preferences`]: { body: { digest: false, quietStart: '23:00', quietEnd: '07:00' } },
    'GET /v1/alerts/unsubscribe': { query: { token: 'abc' } },
    'POST /v1/alerts/unsubscribe': { body: { token: 'abc' } },
    'POST /v1/supplier/orders/{orderId}/confirm': { body: { token: 'abc', deliveryDate: '2030-01-03', note: 'Only\n24' } },
  }
}

/** The whole database, as digests: a refused request leaves it as it was (rate-limit counters included: a refusal happens before anything is counted). */
const snapshot = () => snapshotOf(t)

/** The field's name in `error.data`: its path, an array's element reported on the array or on the element. */
function dataKeys(field: StringField): string[] {
  const star = field.path.indexOf('*')
  if (star < 0) return [field.path.join('.')]
  const head = field.path.slice(0, star).join('.')
  return [head, field.path.map((part) => (part === '*' ? '0' : part)).join('.')]
}

const ops = () => docOperations(doc)

describe('the contracts', () => {
  test('every string of every body and query string carries the control-character rule (server/api/contract.ts)', () => {
    const unguarded: string[] = []
    let count = 0
    for (const op of ops()) {
      const fields = [...stringFields(op.body ?? {}), ...Object.entries(op.query).flatMap(([q, s]) => stringFields(s, [q]))]
      for (const field of fields) {
        count++
        if (!field.patterns.includes(ONE_LINE.source) && !field.patterns.includes(MULTI_LINE.source)) unguarded.push(`${op.key} ${field.path.join('.')}`)
      }
      for (const p of op.pathParams) expect(p, op.key).toMatch(/Id$/)
    }
    expect(unguarded).toEqual([])
    // The walk really found the contracts' strings.
    expect(count).toBeGreaterThan(50)
  })

  test('every operation with a body or a query string has an example here', () => {
    const known = examples()
    const missing = ops()
      .filter((op) => (op.body && stringFields(op.body).length) || Object.keys(op.query).length)
      .filter((op) => !known[op.key])
      .map((op) => op.key)
    expect(missing).toEqual([])
  })
})

describe('control characters in a field: 400 ValidationError on that field, nothing written', () => {
  // One test per documented operation that takes strings; the list is read from the document in the test.
  test.each([
    'body',
    'query',
  ] as const)('every %s field of every operation', { timeout: 300_000 }, async (where) => {
    const known = examples()
    const values = pathValues()
    let tried = 0
    for (const op of ops()) {
      const fields =
        where === 'body' ? stringFields(op.body ?? {}) : Object.entries(op.query).flatMap(([q, s]) => stringFields(s, [q]))
      if (!fields.length) continue
      const example = known[op.key]!
      const before = await snapshot()
      for (const field of fields) {
        const multiLine = field.patterns.includes(MULTI_LINE.source)
        const refused = [...ALWAYS, ...(where === 'body' ? LONE_SURROGATES : []), ...(multiLine ? [] : LINE_BREAKS)]
        for (const c of refused) {
          const bad = `Ana${c}Cook`
          const res = await send(op, values, where === 'body' ? withField(example.body, field.path, bad) : example.body, where === 'query' ? { ...example.query, [field.path[0]!]: bad } : example.query)
          const what = `${op.key} ${where} ${field.path.join('.')} with ${name(c)}`
          expect(res.status, `${what}: ${res.text}`).toBe(op.key === 'GET /v1/auth/invite' ? 404 : 400)
          if (op.key === 'GET /v1/auth/invite') {
            // Any link that does not name a live invitation is 404, junk included (invite-routes.ts).
            expectError(res, 'NotFoundError')
          } else {
            const data = expectError(res, 'ValidationError')!
            const key = dataKeys(field).find((k) => data[k] !== undefined)
            expect(key, `${what}: ${res.text}`).toBeDefined()
            expect(data[key!], what).toBe(MESSAGE_EN)
          }
          tried++
        }
      }
      expect(await snapshot(), `${op.key}: nothing written`).toEqual(before)
    }
    expect(tried).toBeGreaterThan(where === 'body' ? 600 : 50)
  })

  test('text of several lines keeps TAB, LF and CR; every other character of Unicode is welcome', async () => {
    const c = o.owner.client
    const description = 'Wipe\tthe bench\r\nthen the floor'
    const created = await c.post(`/v1/orgs/${o.orgId}/checklists`, { name: 'Cierre — café ☕ 𝄞', description })
    expect(created.status, created.text).toBe(201)
    expect(created.json.checklist).toMatchObject({ name: 'Cierre — café ☕ 𝄞', description })
  })
})

/**
 * Every place of a body: each node of the operation's valid example (objects, arrays, their elements,
 * numbers, booleans and strings, at any depth) and each string field of its schema (optional ones the
 * example leaves out too), as a path for `withField` (`*` = an array's element).
 */
function bodySlots(op: DocOperation, example: unknown): string[][] {
  const out = new Map<string, string[]>()
  const walk = (value: unknown, path: string[]) => {
    if (path.length) out.set(path.join('.'), path)
    if (Array.isArray(value)) value.forEach((v) => walk(v, [...path, '*']))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k])
  }
  walk(example, [])
  for (const field of stringFields(op.body)) out.set(field.path.join('.'), field.path)
  return [...out.values()]
}

/** A copy of `body` with a value at each of `paths` (the later ones inside what the earlier ones left). */
const withFields = (body: unknown, places: { path: string[]; value: unknown }[]) => places.reduce((b, { path, value }) => withField(b, path, value), body)

/** Strings PostgreSQL or the contracts refuse: lone surrogates, NUL, control characters, 1 MB of text (just under the body limit). */
const hostileString = fc.oneof(
  fc.constantFrom(...LONE_SURROGATES, ...ALWAYS).chain((c) => fc.constantFrom(c, `Ana${c}Cook`, `${c}x`, `x${c}`)),
  fc.constantFrom('\ud800x', 'x\udfff', '\udc00\ud800', 'a\u0000b\ud800', `${'é'.repeat(100)}\ud83d`),
  fc.constantFrom('x'.repeat(1_000_000), `${'x'.repeat(999_990)}\ud800`, `\u0000${'y'.repeat(999_990)}`),
)

describe('hostile strings at every depth of every body (issue #38): never a 5xx', () => {
  test('a property over every operation with a JSON body', { timeout: 120_000 }, async () => {
    const known = examples()
    const values = pathValues()
    const bodyOps = ops().filter((op) => op.body && (op.method === 'post' || op.method === 'put'))
    expect(bodyOps.length).toBeGreaterThan(50)
    const statuses = new Map<number, number>()
    let tried = 0
    for (const op of bodyOps) {
      const example = known[op.key]?.body ?? {}
      const slots = bodySlots(op, example)
      expect(slots.length, op.key).toBeGreaterThan(0)
      const place = fc.record({ path: fc.constantFrom(...slots), value: hostileString })
      await fc.assert(
        fc.asyncProperty(fc.array(place, { minLength: 1, maxLength: 3 }), async (places) => {
          const res = await send(op, values, withFields(example, places), known[op.key]?.query)
          tried++
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          // Every body holds a refused string: some 4xx (which one depends on the caller and the route), never a 5xx.
          expect(res.status, `${op.key} ${JSON.stringify(places.map((p) => [p.path.join('.'), p.value.slice(0, 12)]))}: ${res.text.slice(0, 300)}`).toBeLessThan(500)
          expect(res.status).toBeGreaterThanOrEqual(400)
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 4), endOnFailure: true },
      )
    }
    expect(tried).toBeGreaterThanOrEqual(bodyOps.length * 4)
    // The refusals are mostly the contracts' own (400), not a wall in front of them.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(tried / 2)
  })

  test('a lone surrogate deep in a jsonb body: 400 naming the field, nothing written', async () => {
    const c = o.owner.client
    const before = await snapshot()
    const cases: [string, string, unknown, string][] = [
      ['POST', '/v1/forms/contact', { name: 'Ana', email: uniqueEmail(), company: 'Café', message: 'Hi \ud800x', website: '' }, 'message'],
      ['POST', `/v1/orgs/${o.orgId}/recipes`, { name: 'Soup', ingredients: [{ type: 'ingredient', quantity: 1, unit: 'kg', name: 'Leek\ud800', note: '' }], steps: ['Boil'] }, 'ingredients.0.name'],
      ['POST', `/v1/orgs/${o.orgId}/recipes`, { name: 'Soup', steps: ['Boil', '\udfffStir'] }, 'steps.1'],
    ]
    for (const [method, path, body, field] of cases) {
      const res = await c.call(method, path, body)
      expect(res.status, `${path}: ${res.text}`).toBe(400)
      expect(expectError(res, 'ValidationError')![field], `${path} ${field}: ${res.text}`).toBe(MESSAGE_EN)
    }
    expect(await snapshot()).toEqual(before)
  })
})

describe('malformed ids in the path: 404, never a 500', () => {
  const junk = ['\u0000', 'a\u0000b', `00000000-0000-4000-8000-000000000000\u0000`, '\u007F', 'x'.repeat(300), "1' or '1'='1", '%', 'null']
  test('every path parameter of every operation', { timeout: 300_000 }, async () => {
    const known = examples()
    let tried = 0
    for (const op of ops()) {
      for (const param of op.pathParams) {
        for (const value of junk) {
          const res = await send(op, { ...pathValues(), [param]: value }, known[op.key]?.body, known[op.key]?.query)
          expect(res.status, `${op.key} with {${param}} = ${JSON.stringify(value)}: ${res.text}`).toBe(404)
          // A supplier's order link says so in words the supplier understands (issue #13).
          expectError(res, 'NotFoundError', op.path.startsWith('/v1/supplier/') ? { message: 'This order link is not valid.' } : {})
          tried++
        }
      }
    }
    expect(tried).toBeGreaterThan(200)
  })
})

async function send(op: DocOperation, values: Record<string, string>, body: unknown, query: Record<string, string> | undefined) {
  const qs = query ? new URLSearchParams(query).toString() : ''
  // `{categoryId}` names a contact category or a recipe category, as the path says.
  const filled = op.path.includes('/recipe-categories/') && values.categoryId === categoryId ? { ...values, categoryId: recipeCategoryId } : values
  const url = `${fillPath(op.path, filled)}${qs ? `?${qs}` : ''}`
  const hasBody = op.method === 'post' || op.method === 'put'
  // The device's own calls are made by the device; everything else by the owner.
  const client = op.path.startsWith('/v1/auth/device/pin') ? tablet : o.owner.client
  return client.call(op.method.toUpperCase(), url, hasBody ? (body ?? {}) : undefined)
}
