/**
 * Venue limits on reads (issue #8, defect 6): a member limited to some venues sees only what belongs to
 * them — checklists used at their venues or at every venue, the daily work and exports of their venues,
 * and uploads they made or that a record at one of their venues shows. A venue named in the request
 * that they may not use is 403 (as everywhere); a record found by its own id outside their venues is 404.
 * The role × tenancy matrix (tests/api/matrix.test.ts) has a row for every route; this file goes deeper.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { records } from '../../server/db/schema.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile, type CreatedChecklist } from '../support/checklists.ts'
import { buildOpenApiDocument } from '../../server/api/openapi.ts'
import { parseConfig } from '../../server/config.ts'
import { createDevice } from '../support/devices.ts'
import { docOperations } from '../support/openapi.ts'
import { addMember, createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { createCategory as createRecipeCategory } from '../support/recipes.ts'
import { expectError } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
/** Used only at venue A, at venue B only, and at every venue; each with a photo item and a yes/no item. */
let onlyA: CreatedChecklist
let onlyB: CreatedChecklist
let everywhere: CreatedChecklist
/** The photo recorded at venue A on the A-only checklist, and one recorded at B. */
let photoAtA: string
let photoAtB: string

const org = () => `/v1/orgs/${o.orgId}`

async function getBytes(actor: Actor, path: string) {
  const cookie = [...actor.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await t.app.request(path, { headers: { cookie } }, { clientIp: '127.0.0.1' })
  await res.arrayBuffer()
  return res.status
}

async function recordPhoto(actor: Actor, checklist: CreatedChecklist, venueId: string): Promise<string> {
  const up = await uploadFile(t, actor.client, o.orgId, { bytes: FILES.png(), name: 'fridge.png' })
  expect(up.status, up.text).toBe(201)
  const done = await actor.client.post(`${org()}/checklist-entries/${checklist.id}/items/${checklist.items[0]!.id}/complete`, {
    venueId,
    uploadId: up.json.id,
  })
  expect(done.status, done.text).toBe(201)
  return up.json.id as string
}

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  const items = [{ type: 'photo' as const }, { type: 'yes_no' as const }]
  onlyA = await createChecklist(t, o.orgId, { name: 'Only A', venueIds: [o.venueA], items })
  onlyB = await createChecklist(t, o.orgId, { name: 'Only B', venueIds: [o.venueB], items })
  everywhere = await createChecklist(t, o.orgId, { name: 'Everywhere', items })
  photoAtA = await recordPhoto(o.basic, onlyA, o.venueA)
  photoAtB = await recordPhoto(o.basic, onlyB, o.venueB)
})
afterAll(() => t.close())

describe('uploads', () => {
  test('a photo recorded only at another venue is 404; one recorded at the member’s venue, or their own, is served', async () => {
    expect(await getBytes(o.basicLimited, `${org()}/uploads/${photoAtA}`)).toBe(404)
    expect(await getBytes(o.basicLimited, `${org()}/uploads/${photoAtB}`)).toBe(200)
    // Members of every venue see both.
    for (const actor of [o.basic, o.admin, o.owner]) {
      expect(await getBytes(actor, `${org()}/uploads/${photoAtA}`)).toBe(200)
      expect(await getBytes(actor, `${org()}/uploads/${photoAtB}`)).toBe(200)
    }
    // The member's own upload, not yet used by any record, is theirs to see; someone else's unused one is not.
    const own = await uploadFile(t, o.basicLimited.client, o.orgId, { bytes: FILES.jpeg(), name: 'mine.jpg' })
    expect(await getBytes(o.basicLimited, own.json.url)).toBe(200)
    const others = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.jpeg(), name: 'theirs.jpg' })
    expect(await getBytes(o.basicLimited, others.json.url)).toBe(404)
    expect(await getBytes(o.basic, others.json.url)).toBe(200)
  })

  test('a photo of another venue cannot be pulled in by recording it at one’s own venue', async () => {
    const res = await o.basicLimited.client.post(`${org()}/checklist-entries/${onlyB.id}/items/${onlyB.items[0]!.id}/complete`, {
      venueId: o.venueB,
      uploadId: photoAtA,
    })
    expectError(res, 'ValidationError', { data: ['uploadId'] })
    const rows = await t.db.select({ id: records.id }).from(records).where(eq(records.uploadId, photoAtA))
    expect(rows).toHaveLength(1)
    expect(await getBytes(o.basicLimited, `${org()}/uploads/${photoAtA}`)).toBe(404)
  })
})

describe('checklists and their items', () => {
  test('list (any query), detail, items and one item: only what is used at B or everywhere', async () => {
    const c = o.basicLimited.client
    const names = async (query = '') => ((await c.get(`${org()}/checklists${query}`)).json.checklists as { name: string }[]).map((x) => x.name).sort()
    expect(await names()).toEqual(['Everywhere', 'Only B'])
    expect(await names('?showArchived=true&search=only')).toEqual(['Only B'])
    expect(await names(`?venueId=${o.venueB}`)).toEqual(['Everywhere', 'Only B'])
    expectError(await c.get(`${org()}/checklists?venueId=${o.venueA}`), 'ForbiddenError')
    expectError(await c.get(`${org()}/checklists/${onlyA.id}`), 'NotFoundError')
    expectError(await c.get(`${org()}/checklists/${onlyA.id}/items`), 'NotFoundError')
    expectError(await c.get(`${org()}/checklist-items/${onlyA.items[1]!.id}`), 'NotFoundError')
    expect((await c.get(`${org()}/checklists/${onlyB.id}`)).status).toBe(200)
    expect((await c.get(`${org()}/checklist-items/${everywhere.items[1]!.id}`)).status).toBe(200)
  })
})

describe('daily work and exports', () => {
  test('the day list and an entry: 403 at venue A, and an A-only checklist is 404 at B', async () => {
    const c = o.basicLimited.client
    expectError(await c.get(`${org()}/venues/${o.venueA}/checklist-entries`), 'ForbiddenError')
    const day = await c.get(`${org()}/venues/${o.venueB}/checklist-entries`)
    expect(day.status).toBe(200)
    expect((day.json.checklists as { name: string }[]).map((x) => x.name).sort()).toEqual(['Everywhere', 'Only B'])
    expectError(await c.get(`${org()}/checklist-entries/${onlyA.id}?venueId=${o.venueA}`), 'ForbiddenError')
    expectError(await c.get(`${org()}/checklist-entries/${onlyA.id}?venueId=${o.venueB}`), 'NotFoundError')
    const entry = await c.get(`${org()}/checklist-entries/${onlyB.id}?venueId=${o.venueB}`)
    expect(entry.status).toBe(200)
    expect(entry.json.items[0].record.upload.id).toBe(photoAtB)
  })

  test('completing and resolving: 403 at venue A, 404 for an A-only checklist at B', async () => {
    const c = o.basicLimited.client
    const item = onlyA.items[1]!
    const complete = (venueId: string) => c.post(`${org()}/checklist-entries/${onlyA.id}/items/${item.id}/complete`, { venueId, value: 'no' })
    const resolve = (venueId: string) => c.post(`${org()}/checklist-entries/${onlyA.id}/items/${item.id}/resolve`, { venueId, note: 'Fixed' })
    expectError(await complete(o.venueA), 'ForbiddenError')
    expectError(await complete(o.venueB), 'NotFoundError')
    // A failure at A, which the limited member cannot resolve.
    expect((await o.basic.client.post(`${org()}/checklist-entries/${onlyA.id}/items/${item.id}/complete`, { venueId: o.venueA, value: 'no' })).status).toBe(201)
    expectError(await resolve(o.venueA), 'ForbiddenError')
  })

  test('exports: an ADMIN limited to venue B gets 403 for venue A and B’s records only', async () => {
    const admin = await addMember(t, o.orgId, 'ADMIN', { name: 'Ada Limited', venueIds: [o.venueB] })
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const body = (venueId: string) => ({ venueId, from: day(-7), to: day(1), format: 'csv' })
    expectError(await admin.client.post(`${org()}/checklist-entries/export`, body(o.venueA)), 'ForbiddenError')
    const csv = await admin.client.post(`${org()}/checklist-entries/export`, body(o.venueB))
    expect(csv.status).toBe(200)
    expect(csv.text).toContain('Only B')
    expect(csv.text).not.toContain('Only A')
  })
})

/** Where a JSON Schema names venues: each property `venueId` / `venueIds` at any depth (`*` = an array's element). */
function venueFields(schema: any, path: string[] = [], out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return out
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) venueFields(branch, path, out)
  for (const [key, sub] of Object.entries<any>(schema.properties ?? {})) {
    if (key === 'venueId' || key === 'venueIds') out.add([...path, key].join('.'))
    venueFields(sub, [...path, key], out)
  }
  if (schema.items) venueFields(schema.items, [...path, '*'], out)
  return out
}

describe('every venue a body names (issue #38): a member limited to venue B naming venue A → 403, nothing written', () => {
  /** An ADMIN limited to venue B: allowed every route below by role, so a 403 is about the venue. */
  let admin: Actor
  let sent: Record<string, () => ReturnType<Actor['client']['post']>>
  beforeAll(async () => {
    admin = await addMember(t, o.orgId, 'ADMIN', { name: 'Vera Venue-B', venueIds: [o.venueB] })
    const c = admin.client
    const A = o.venueA
    const staffId = (await o.owner.client.post(`${org()}/staff`, { name: 'Pia Pin', role: 'BASIC', venueIds: [o.venueB] })).json.member.id
    const deviceId = (await createDevice(o.owner, o.orgId, o.venueB, 'B tablet')).id
    const cats = await o.owner.client.get(`${org()}/contact-categories`)
    const categoryId = cats.json.categories.find((k: { supplier: boolean }) => k.supplier).id
    const contactId = (await o.owner.client.post(`${org()}/contacts`, { name: 'B Farm', categoryId, venueIds: [o.venueB] })).json.contact.id
    const recipeCategoryId = await createRecipeCategory(o.owner.client, o.orgId, 'Sauces')
    const recipeId = (await o.owner.client.post(`${org()}/recipes`, { name: 'B soup', categoryId: recipeCategoryId, venueIds: [o.venueB] })).json.recipe.id
    const temperatureId = (await o.owner.client.post(`${org()}/temperatures`, { name: 'B fridges', venueIds: [o.venueB] })).json.temperature.id
    const day = new Date().toISOString().slice(0, 10)
    const ORG = '/v1/orgs/{orgId}'
    sent = {
      [`POST ${ORG}/staff venueIds`]: () => c.post(`${org()}/staff`, { name: 'Sam', role: 'BASIC', venueIds: [o.venueB, A] }),
      [`PUT ${ORG}/staff/{staffId} venueIds`]: () => c.put(`${org()}/staff/${staffId}`, { venueIds: [A] }),
      [`POST ${ORG}/checklists venueIds`]: () => c.post(`${org()}/checklists`, { name: 'A list', venueIds: [A] }),
      [`PUT ${ORG}/checklists/{checklistId} venueIds`]: () => c.put(`${org()}/checklists/${onlyB.id}`, { venueIds: [o.venueB, A] }),
      [`POST ${ORG}/checklist-entries/export venueId`]: () => c.post(`${org()}/checklist-entries/export`, { venueId: A, from: day, to: day, format: 'csv' }),
      [`POST ${ORG}/checklist-entries/{checklistId}/sign-off venueId`]: () => c.post(`${org()}/checklist-entries/${everywhere.id}/sign-off`, { venueId: A }),
      [`POST ${ORG}/checklist-entries/{checklistId}/items/{itemId}/complete venueId`]: () => c.post(`${org()}/checklist-entries/${everywhere.id}/items/${everywhere.items[1]!.id}/complete`, { venueId: A, value: 'yes' }),
      [`POST ${ORG}/checklist-entries/{checklistId}/items/{itemId}/resolve venueId`]: () => c.post(`${org()}/checklist-entries/${everywhere.id}/items/${everywhere.items[1]!.id}/resolve`, { venueId: A, note: 'Fixed' }),
      [`POST ${ORG}/temperatures venueIds`]: () => c.post(`${org()}/temperatures`, { name: 'A fridges', venueIds: [A] }),
      [`PUT ${ORG}/temperatures/{temperatureId} venueIds`]: () => c.put(`${org()}/temperatures/${temperatureId}`, { venueIds: [A] }),
      [`POST ${ORG}/temperature-entries/export venueId`]: () => c.post(`${org()}/temperature-entries/export`, { venueId: A, from: day, to: day, format: 'csv' }),
      [`POST ${ORG}/devices venueId`]: () => c.post(`${org()}/devices`, { name: 'A tablet', venueId: A }),
      [`PUT ${ORG}/devices/{deviceId} venueId`]: () => c.put(`${org()}/devices/${deviceId}`, { venueId: A }),
      ['POST /v1/forms/support venueId']: () => c.post('/v1/forms/support', { name: 'Vera', email: uniqueEmail(), subject: 'Help', message: 'At A', orgId: o.orgId, venueId: A }),
      [`POST ${ORG}/contacts venueIds`]: () => c.post(`${org()}/contacts`, { name: 'A Farm', categoryId, venueIds: [A] }),
      [`PUT ${ORG}/contacts/{contactId} venueIds`]: () => c.put(`${org()}/contacts/${contactId}`, { name: 'B Farm', categoryId, venueIds: [o.venueB, A] }),
      [`PUT ${ORG}/contacts/{contactId}/products products.*.parLevels.*.venueId`]: () =>
        c.put(`${org()}/contacts/${contactId}/products`, { products: [{ name: 'Eggs', unit: 'each', parLevels: [{ venueId: A, par: 4 }] }] }),
      [`POST ${ORG}/recipes venueIds`]: () => c.post(`${org()}/recipes`, { name: 'A soup', categoryId: recipeCategoryId, venueIds: [A] }),
      [`PUT ${ORG}/recipes/{recipeId} venueIds`]: () => c.put(`${org()}/recipes/${recipeId}`, { venueIds: [A] }),
    }
  })

  test('the table below covers every venue field of every body in the OpenAPI document', () => {
    const doc = buildOpenApiDocument(parseConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3999', DATA_DIR: 'memory://' }))
    const documented = docOperations(doc).flatMap((op) => [...venueFields(op.body)].map((field) => `${op.key} ${field}`))
    expect(documented.length).toBeGreaterThan(15)
    expect(Object.keys(sent).sort()).toEqual(documented.sort())
  })

  test('each one: 403, and the same call naming venue B is not refused for its venue', async () => {
    const refusedOthers: string[] = []
    for (const [what, send] of Object.entries(sent)) {
      const res = await send()
      expect(res.status, `${what}: ${res.text}`).toBe(403)
      expectError(res, 'ForbiddenError')
      if (res.json.error.data) refusedOthers.push(what)
    }
    expect(refusedOthers).toEqual([])
    // Venue B, the member's own, passes the venue check (whatever the route then says).
    const own = await admin.client.post(`${org()}/devices`, { name: 'Another B tablet', venueId: o.venueB })
    expect(own.status, own.text).toBe(201)
    const support = await admin.client.post('/v1/forms/support', { name: 'Vera', email: uniqueEmail(), subject: 'Help', message: 'At B', orgId: o.orgId, venueId: o.venueB })
    expect(support.status, support.text).toBe(202)
  })
})
