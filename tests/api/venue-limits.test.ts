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
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile, type CreatedChecklist } from '../support/checklists.ts'
import { addMember, createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
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
