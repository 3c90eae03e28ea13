/**
 * Property-based robustness (issue #8): for EVERY operation of GET /v1/openapi.json, random bodies
 * (shaped by the operation's own JSON Schema, or any JSON, wrong types, huge strings, control
 * characters, any Unicode, raw text under any content type), random path parameters and random
 * query strings, sent as the owner of an organisation or anonymously. Whatever arrives, the answer
 * is one the document lists for that operation, never a 5xx, and every error has the catalogue's body.
 * Callers: the owner, anonymous, and a shared device of the organisation with or without a PIN.
 *
 * A route added to the document is fuzzed without touching this file. FUZZ_RUNS changes the number of
 * runs per operation; FUZZ_DEBUG=1 prints how the answers spread (an operation that only ever answers
 * 400/404 is barely tested). Run it once with DATABASE_URL too: PostgreSQL is stricter than PGlite.
 */
import { addDays, format, parseISO } from 'date-fns'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildOpenApiDocument } from '../../server/api/openapi.ts'
import { hashToken, newToken } from '../../server/auth/tokens.ts'
import { CHECKLIST_ITEM_TYPES } from '../../server/checklists/schema.ts'
import { parseConfig } from '../../server/config.ts'
import { devices, deviceSessions, sessions } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile } from '../support/checklists.ts'
import { createCategory as createRecipeCategory, createRecipe } from '../support/recipes.ts'
import { createDevice, loginLink } from '../support/devices.ts'
import { linkFrom } from '../support/mailbox.ts'
import { docOperations, fillPath, type DocOperation } from '../support/openapi.ts'
import { createOrg, createVenue } from '../support/orgs.ts'
import { verifyUser } from '../support/staff-fixtures.ts'
import { freshIp, PASSWORD, registerUser, SESSION_COOKIE } from './_helpers.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 30)
const TIME_ZONE = 'Europe/Madrid'

/** The operations, known before the tests are collected (one test each); checked against the served document below. */
const ops: DocOperation[] = docOperations(buildOpenApiDocument(parseConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3999', DATA_DIR: 'memory://' })))

let t: TestApp
/** Another organisation (with a venue and a checklist), so ids of a foreign tenant come up too. */
let foreign: { orgId: string; venueId: string; checklistId: string; itemId: string }
beforeAll(async () => {
  t = await createTestApp()
  expect(docOperations((await t.client().get('/v1/openapi.json')).json)).toEqual(ops)
  const other = await registerUser(t, { name: 'Oscar Outsider' })
  const orgId = await createOrg(other, { name: 'Other Bistro', timeZone: TIME_ZONE })
  const venueId = await createVenue(other, orgId, { name: 'Other Venue' })
  const checklist = await createChecklist(t, orgId, { items: [{ type: 'check' }] })
  foreign = { orgId, venueId, checklistId: checklist.id, itemId: checklist.items[0]!.id }
})
afterAll(() => t.close())

// ---------------------------------------------------------------------------------------------------
// A world per operation: an owner, their organisation and everything in it, with real ids.

interface World {
  owner: { userId: string; email: string }
  orgId: string
  /** The shared device (at venue B) the device callers are signed in as — not among the ids, so no run deletes it — and the PIN-only member (of venue B) whose PIN it may hold. */
  device: { id: string; pinHolderId: string }
  ids: Record<string, string[]>
  /** An open invitation's link (for /v1/auth/invite*). */
  invite: { id: string; token: string }
}

async function freshWorld(op: DocOperation): Promise<World> {
  const owner = await registerUser(t, { name: 'Olivia Owner' })
  await verifyUser(t, owner.user.id)
  const orgId = await createOrg(owner, { name: 'Fuzz Kitchen', timeZone: TIME_ZONE })
  const venueA = await createVenue(owner, orgId, { name: 'Venue A' })
  const venueB = await createVenue(owner, orgId, { name: 'Venue B' })
  const active = await createChecklist(t, orgId, {
    dueTime: '00:00',
    items: CHECKLIST_ITEM_TYPES.map((type) => ({ type, min: type === 'number' ? 0 : null, max: type === 'number' ? 5 : null })),
  })
  const archived = await createChecklist(t, orgId, { archived: true, venueIds: [venueB], items: [{ type: 'yes_no' }, { type: 'check', archived: true }] })
  // A failure waiting for its corrective action, so resolving can succeed too.
  const yesNo = active.items.find((i) => i.type === 'yes_no')!
  await owner.client.post(`/v1/orgs/${orgId}/checklist-entries/${active.id}/items/${yesNo.id}/complete`, { venueId: venueA, value: 'no' })
  // A temperature log with two units and today's entry at venue A, one reading out of range waiting for its corrective action.
  const log = (await owner.client.post(`/v1/orgs/${orgId}/temperatures`, { name: 'Fridges', checksPerDay: 2 })).json.temperature.id as string
  const units: string[] = []
  for (const kind of ['fridge', 'freezer']) units.push((await owner.client.post(`/v1/orgs/${orgId}/temperatures/${log}/items`, { label: kind, kind })).json.item.id)
  const day = await owner.client.get(`/v1/orgs/${orgId}/venues/${venueA}/temperature-entries`)
  const entryId = (day.json.temperatures as { entryId: string }[])[0]!.entryId
  await owner.client.post(`/v1/orgs/${orgId}/temperature-entries/${entryId}/items/${units[0]}/complete`, { value: '9' })
  const pinOnly = await owner.client.post(`/v1/orgs/${orgId}/staff`, { name: 'Pat Pin', role: 'BASIC', venueIds: [venueB] })
  const upload = await uploadFile(t, owner.client, orgId, { bytes: FILES.png(), name: 'p.png' })
  const device = await createDevice({ client: owner.client }, orgId, venueB, 'Fuzz tablet')
  const caller = await createDevice({ client: owner.client }, orgId, venueB, 'Caller tablet')
  const recipeCategory = await createRecipeCategory(owner.client, orgId, 'Sauces')
  const recipes = [(await createRecipe(owner.client, orgId, { categoryId: recipeCategory })).id as string, (await createRecipe(owner.client, orgId, { name: 'B only', venueIds: [venueB] })).id as string]
  let invite = { id: '00000000-0000-4000-8000-000000000000', token: 'none' }
  let invitedId: string[] = []
  if (op.path.startsWith('/v1/auth/device/login')) {
    // A live device login link: the first run that sends it signs in, later ones find it used.
    const link = await loginLink({ client: owner.client }, orgId, device.id)
    invite = { id: link.id, token: link.token }
  }
  if (op.path.startsWith('/v1/auth/invite') || op.path.includes('/staff')) {
    const email = uniqueEmail('invitee')
    const invited = await owner.client.post(`/v1/orgs/${orgId}/staff`, { name: 'Ivy Invited', email, role: 'ADMIN' })
    const link = linkFrom(await t.mailbox.waitFor(email, /invited you/), '/invite')
    invite = { id: link.searchParams.get('id')!, token: link.searchParams.get('token')! }
    invitedId = [invited.json.member.id]
  }
  // Contacts and orders (issue #13): a supplier with a product and a category, for the routes that name them.
  const more: Record<string, string[]> = {}
  if (op.path.includes('contact') || op.path.includes('order')) {
    const cats = await owner.client.get(`/v1/orgs/${orgId}/contact-categories`)
    const categoryId = cats.json.categories.find((c: { supplier: boolean }) => c.supplier).id as string
    const supplier = await owner.client.post(`/v1/orgs/${orgId}/contacts`, { name: 'Fuzz supplier', email: 'fuzz.supplier@example.com', categoryId, venueIds: [venueA] })
    const contactId = supplier.json.contact.id as string
    await owner.client.put(`/v1/orgs/${orgId}/contacts/${contactId}/products`, { products: [{ name: 'Flour', unit: 'kg', parLevels: [{ venueId: venueA, par: 4 }] }] })
    more.contactId = [contactId]
    more.categoryId = cats.json.categories.map((c: { id: string }) => c.id)
    // Orders in every state, so each call meets one it may act on.
    const orderIds: string[] = []
    for (const state of ['draft', 'sent', 'received', 'cancelled']) {
      const made = await owner.client.post(`/v1/orgs/${orgId}/venues/${venueA}/orders`, { supplierId: contactId, deliveryDate: today, lines: [{ name: 'Eggs', quantity: 30 }] })
      const id = made.json.order.id as string
      if (state !== 'draft') await owner.client.post(`/v1/orgs/${orgId}/orders/${id}/send`)
      if (state === 'received') await owner.client.post(`/v1/orgs/${orgId}/orders/${id}/receive`, { lines: [] })
      if (state === 'cancelled') await owner.client.post(`/v1/orgs/${orgId}/orders/${id}/cancel`)
      orderIds.push(id)
    }
    more.orderId = orderIds
  }
  return {
    owner: { userId: owner.user.id, email: owner.email },
    orgId,
    device: { id: caller.id, pinHolderId: pinOnly.json.member.id },
    invite,
    ids: {
      orgId: [orgId],
      venueId: [venueA, venueB],
      checklistId: [active.id, archived.id],
      itemId: [...active.items, ...archived.items].map((i) => i.id).concat(units),
      temperatureId: [log],
      entryId: [entryId],
      // [entryId, itemId] of a temperature entry and one of its units.
      readingPairs: units.map((u) => `${entryId} ${u}`),
      // [checklistId, itemId] that belong together, so completing and resolving can succeed.
      pairs: [...active.items.map((i) => `${active.id} ${i.id}`), ...archived.items.map((i) => `${archived.id} ${i.id}`)],
      staffId: [pinOnly.json.member.id, ...invitedId],
      uploadId: [upload.json.id],
      deviceId: [device.id],
      ...more,
      recipeId: recipes,
      categoryId: [...(more.categoryId ?? []), recipeCategory],
    },
  }
}

/** A client signed in as the world's owner with a session of its own (logout or a password change in one run does not end the next). */
async function ownerClient(world: World) {
  const token = newToken()
  await t.db.insert(sessions).values({ tokenHash: hashToken(token), userId: world.owner.userId, expiresAt: new Date(Date.now() + 86_400_000) })
  const client = t.client({ ip: freshIp() })
  client.jar.set(SESSION_COOKIE, token)
  return client
}

/** A browser signed in as the world's device (a session of its own), holding the PIN of its PIN-only member or none. */
async function deviceClient(world: World, withPin: boolean) {
  const token = newToken()
  const now = new Date()
  const client = t.client({ ip: freshIp() })
  client.jar.set(SESSION_COOKIE, token)
  // A run that deleted the organisation took its devices with it: the cookie then names no session.
  const [device] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.id, world.device.id))
  if (!device) return client
  await t.db.insert(deviceSessions).values({
    orgId: world.orgId,
    deviceId: world.device.id,
    tokenHash: hashToken(token),
    ...(withPin ? { pinMembershipId: world.device.pinHolderId, pinSince: now, pinLastUsedAt: now } : {}),
  })
  return client
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries.

/** Control characters among ordinary ones (U+0000 is what PostgreSQL refuses in text). */
const controlString = fc.string({
  unit: fc.oneof(fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\t', '\n', '\r'), fc.constantFrom('a', 'Z', '1', ' ', 'é', '☕')),
  minLength: 1,
  maxLength: 8,
})

/** Strings nobody should send: control characters, odd Unicode, markup, the huge and the empty. */
const nastyString = fc.oneof(
  { weight: 3, arbitrary: controlString },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007\u001b[31m', '\t\r\n', '\u007f', '\u202e\u2066', '\ud800', '\ufeff', '', ' ', '💥🧑‍🍳', '<script>', "'; drop table users; --", '../../etc/passwd', '%00', 'null', 'NaN', '-0', '1e400'),
  fc.string({ minLength: 250, maxLength: 300 }),
  fc.constantFrom('x'.repeat(2_001), 'é'.repeat(10_000)),
)

const today = todayIn(TIME_ZONE)
const dates = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(today, today, today, format(addDays(parseISO(today), -7), 'yyyy-MM-dd')) },
  { weight: 1, arbitrary: fc.constantFrom(format(addDays(parseISO(today), 1), 'yyyy-MM-dd'), '2024-02-29', '2024-02-30', '0000-01-01', '9999-12-31', '1899-12-31', '2024-1-5', ' 2024-01-01', '2024-01-01T00:00') },
  { weight: 1, arbitrary: fc.date({ min: new Date('1800-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
)

/** Values that usually pass validation, by field name, so requests get past the 400s. */
function plausible(world: World, key: string): fc.Arbitrary<unknown> | undefined {
  const { ids } = world
  const allIds = Object.entries(ids).flatMap(([k, v]) => (k === 'pairs' || k === 'readingPairs' ? [] : v))
  const anyId = fc.constantFrom(...allIds, foreign.orgId, foreign.venueId, foreign.checklistId, foreign.itemId)
  switch (key) {
    case 'venueId':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids.venueId!) }, { weight: 1, arbitrary: anyId })
    case 'venueIds':
      return fc.oneof({ weight: 4, arbitrary: fc.subarray(ids.venueId!) }, { weight: 1, arbitrary: fc.array(anyId, { maxLength: 3 }) })
    case 'uploadId':
      return fc.oneof(fc.constantFrom(...ids.uploadId!), fc.constant(null), anyId)
    case 'ids':
      return fc.oneof(fc.shuffledSubarray(ids.checklistId!), fc.shuffledSubarray(ids.itemId!), fc.array(anyId, { maxLength: 4 }))
    case 'date':
    case 'from':
    case 'to':
      return dates
    case 'format':
      return fc.constantFrom('csv', 'pdf')
    case 'value':
      return fc.constantFrom('yes', 'no', 'true', '3.5', '-1', '7', '4,2', 'All good', '')
    case 'dueTime':
      return fc.constantFrom('08:00', '23:59', '00:00', '', null, '24:00', '7:5')
    case 'days':
      return fc.oneof(fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }), fc.array(fc.integer({ min: -2, max: 9 }), { maxLength: 8 }))
    case 'email':
      // A fresh address each time (map runs once per generated value), the owner's, or theirs shouted.
      return fc.oneof({ weight: 3, arbitrary: fc.nat().map(() => uniqueEmail('fuzz')) }, fc.constantFrom(world.owner.email, world.owner.email.toUpperCase()))
    case 'password':
    case 'newPassword':
    case 'currentPassword':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(PASSWORD, 'another fine passphrase') }, fc.constantFrom('password', 'short'))
    case 'name':
    case 'label':
    case 'description':
    case 'instructions':
    case 'note':
    case 'address':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom('Opening', 'Ana Cook', 'Fridge 2', 'Café del Mar', 'Limpieza — cocina ☕', 'Line one\nline two') }, fc.string({ minLength: 1, maxLength: 30 }))
    case 'pin':
      return fc.oneof(fc.stringMatching(/^\d{4,6}$/), fc.constantFrom('1111', '12345', '1234567', 'abcd'))
    case 'id':
      return fc.constantFrom(world.invite.id, '00000000-0000-4000-8000-000000000000')
    case 'token':
      return fc.constantFrom(world.invite.token, 'nope')
    case 'timeZone':
      return fc.constantFrom('Europe/Madrid', 'america/new_york', 'US/Pacific', 'UTC', '+01:00', 'Mars/Olympus', 'Etc/GMT+14')
    case 'search':
      return fc.string({ maxLength: 10 })
    case 'min':
    case 'max':
      return fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.integer({ min: -30, max: 100 }), fc.double({ noNaN: true }))
    default:
      return undefined
  }
}

/** A value following a JSON Schema (from the zod contract), not always a valid one. */
function fromSchema(schema: any, world: World, key = ''): fc.Arbitrary<unknown> {
  const wild = fc.oneof(nastyString, fc.anything({ maxDepth: 2 }))
  const own = plausible(world, key)
  const shaped = shapedBy(schema, world)
  const choices = [{ weight: own ? 4 : 12, arbitrary: shaped }, { weight: 1, arbitrary: wild }]
  if (own) choices.push({ weight: 40, arbitrary: own })
  return fc.oneof(...choices)
}

function shapedBy(schema: any, world: World): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.anything()
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return fc.oneof(...branches.map((b: any) => shapedBy(b, world)))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(Object.entries<any>(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, world, k)]))
      return fc.oneof(
        { weight: 3, arbitrary: fc.record(props, { requiredKeys: schema.required ?? [] }) },
        { weight: 3, arbitrary: fc.record(props) },
        // Every field plausible but one, which is nasty: the likeliest way to reach a handler with bad data.
        ...(Object.keys(props).length
          ? [
              {
                weight: 3,
                arbitrary: fc
                  .tuple(fc.record(props), fc.constantFrom(...Object.keys(props)), fc.oneof({ weight: 3, arbitrary: nastyString }, fc.anything({ maxDepth: 1 })))
                  .map(([body, key, value]) => ({ ...body, [key]: value })),
              },
            ]
          : []),
        { weight: 1, arbitrary: fc.record(props, { requiredKeys: [] }) },
        { weight: 1, arbitrary: fc.tuple(fc.record(props, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a })) },
      )
    }
    case 'array':
      return fc.array(schema.items ? shapedBy(schema.items, world) : fc.anything(), { maxLength: Math.min(schema.maxItems ?? 6, 6) })
    case 'string': {
      const max = Math.min(schema.maxLength ?? 40, 60)
      return fc.oneof(fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }), fc.constant('y'.repeat((schema.maxLength ?? 100) + 1)))
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 })
    case 'number':
      return fc.oneof(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }), fc.constantFrom(1e308, -1e308, 0.1))
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return fc.anything({ maxDepth: 2 })
  }
}

type Body = { json: unknown } | { raw: string; contentType: string } | undefined

function bodyArb(op: DocOperation, world: World): fc.Arbitrary<Body> {
  if (op.method === 'get' || op.method === 'delete') return fc.constant(undefined)
  return fc.oneof(
    { weight: op.body ? 16 : 1, arbitrary: (op.body ? shapedBy(op.body, world) : fc.constant({})).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.jsonValue().map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.anything().map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc.record({
        raw: fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '\u0000', '{"name":"\\u0000"}')),
        contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ raw: JSON.stringify({ name: 'x'.repeat(1_100_000) }), contentType: 'application/json' }) },
  )
}

function queryArb(op: DocOperation, world: World): fc.Arbitrary<Record<string, string>> {
  const known = Object.fromEntries(
    Object.entries(op.query).map(([k, s]) => [k, fromSchema(s, world, k).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''))]),
  )
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.record(known) }, { weight: 1, arbitrary: fc.record(known, { requiredKeys: [] }) }),
      fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), nastyString, { maxKeys: 2 }) }),
    )
    .map(([k, extra]) => ({ ...extra, ...k }) as Record<string, string>)
}

/** Every path parameter of the operation; a checklist and an item that belong together more often than not. */
function pathArb(op: DocOperation, world: World): fc.Arbitrary<Record<string, string | { raw: string }>> {
  const each = fc.record(Object.fromEntries(op.pathParams.map((p) => [p, paramArb(p, world)])))
  if (op.pathParams.includes('entryId') && op.pathParams.includes('itemId')) {
    const readings = fc.tuple(each, fc.constantFrom(...world.ids.readingPairs!)).map(([values, pair]) => {
      const [entryId, itemId] = pair.split(' ')
      return { ...values, entryId: entryId!, itemId: itemId! }
    })
    return fc.oneof({ weight: 3, arbitrary: readings }, { weight: 1, arbitrary: each })
  }
  if (!op.pathParams.includes('checklistId') || !op.pathParams.includes('itemId')) return each
  const paired = fc.tuple(each, fc.constantFrom(...world.ids.pairs!)).map(([values, pair]) => {
    const [checklistId, itemId] = pair.split(' ')
    return { ...values, checklistId: checklistId!, itemId: itemId! }
  })
  return fc.oneof({ weight: 3, arbitrary: paired }, { weight: 1, arbitrary: each })
}

/** A path parameter: mostly a real id of this world, sometimes a foreign or random one, sometimes junk. */
function paramArb(name: string, world: World): fc.Arbitrary<string | { raw: string }> {
  const real = world.ids[name] ?? [world.orgId]
  return fc.oneof(
    { weight: 16, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.constantFrom(foreign.orgId, foreign.venueId, foreign.checklistId, foreign.itemId) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: nastyString.filter((s) => s.length > 0 && !/^\.+$/.test(s)) },
    // Percent-encodings a browser would never send: malformed, overlong, a NUL, an encoded slash.
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%80', '%00', '%2F', '%2e%2e', '%FF%FE').map((raw) => ({ raw })) },
  )
}

function serialise(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null'
  } catch {
    return '"unserialisable"'
  }
}

// ---------------------------------------------------------------------------------------------------
// The properties.

describe('every documented operation, random input', () => {
  test('the document lists the operations (this file fuzzes what it lists)', () => {
    expect(ops.length).toBeGreaterThan(50)
  })

  test.each(ops.map((op) => [op.key, op] as const))(`%s: never a 5xx, only documented answers (${RUNS} runs)`, { timeout: 180_000 }, async (_key, op) => {
    const world = await freshWorld(op)
    const seen: Record<number, number> = {}
    const params = pathArb(op, world)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('owner', 'owner', 'owner', 'anonymous', 'device', 'devicePin'),
        params,
        queryArb(op, world),
        bodyArb(op, world),
        async (who, values, query, body) => {
          const client =
            who === 'owner' ? await ownerClient(world) : who === 'anonymous' ? t.client({ ip: freshIp() }) : await deviceClient(world, who === 'devicePin')
          const qs = new URLSearchParams(query).toString()
          const url = `${fillPath(op.path, values as Record<string, string | { raw: string }>)}${qs ? `?${qs}` : ''}`
          const method = op.method.toUpperCase()
          const res =
            body === undefined
              ? await client.call(method, url)
              : 'raw' in body
                ? await client.call(method, url, body.raw, body.contentType ? { 'content-type': body.contentType } : {})
                : await client.call(method, url, serialise(body.json), { 'content-type': 'application/json' })
          seen[res.status] = (seen[res.status] ?? 0) + 1
          if (process.env.FUZZ_DEBUG === '400' && res.status === 400) console.log(op.key, url.slice(0, 120), body && 'json' in body ? serialise(body.json).slice(0, 200) : '', res.text.slice(0, 200))
          const what = `${op.key} as ${who}: ${method} ${url.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`
          expect(res.status, what).toBeLessThan(500)
          expect(op.statuses, `undocumented answer: ${what}`).toContain(res.status)
          if (res.status >= 400) expect(res.json?.error?.code, what).toBe(res.status)
        },
      ),
      { numRuns: RUNS },
    )
    if (process.env.FUZZ_DEBUG) console.log(op.key, JSON.stringify(seen))
    expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(RUNS)
  })

  test(`POST /v1/orgs/{orgId}/uploads with random multipart files (${RUNS} runs)`, async () => {
    const world = await freshWorld(ops.find((op) => op.multipart)!)
    const magic = fc.constantFrom(FILES.png(), FILES.jpeg(), FILES.webp(), FILES.pdf(), FILES.text(), new Uint8Array())
    await fc.assert(
      fc.asyncProperty(
        magic,
        fc.uint8Array({ maxLength: 256 }),
        fc.oneof(fc.constant('file'), fc.string({ maxLength: 10 })),
        fc.oneof(fc.string({ maxLength: 80 }), nastyString),
        fc.oneof(fc.constantFrom('image/png', 'application/pdf', 'text/html', ''), fc.string({ maxLength: 20 })),
        async (head, tail, field, name, type) => {
          const bytes = new Uint8Array([...head, ...tail])
          const res = await uploadFile(t, await ownerClient(world), world.orgId, { bytes, field, name, type })
          expect([201, 400], `${res.status} ${res.text.slice(0, 300)}`).toContain(res.status)
          if (res.status === 201) expect(res.json.size).toBe(bytes.length)
          else expect(res.json?.error?.code).toBe(400)
        },
      ),
      { numRuns: RUNS },
    )
  })
})
