import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checklistItems, records } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrgWithActors, type Client, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Item = { id: string; checklistId: string; label: string; position: number; archivedAt: string | null; [k: string]: unknown }

const lists = (orgId: string) => `/v1/orgs/${orgId}/checklists`
const itemUrl = (orgId: string, itemId: string) => `/v1/orgs/${orgId}/checklist-items/${itemId}`

async function makeChecklist(actor: { client: Client }, orgId: string, name = 'Opening') {
  const r = await actor.client.post(lists(orgId), { name })
  expect(r.status, r.text).toBe(201)
  return r.json.checklist.id as string
}

async function addItem(actor: { client: Client }, orgId: string, checklistId: string, body: Record<string, unknown>) {
  const r = await actor.client.post(`${lists(orgId)}/${checklistId}/items`, body)
  expect(r.status, r.text).toBe(201)
  return r.json.item as Item
}

async function labels(actor: { client: Client }, orgId: string, checklistId: string) {
  const r = await actor.client.get(`${lists(orgId)}/${checklistId}/items`)
  expect(r.status, r.text).toBe(200)
  return (r.json.items as Item[]).map((i) => (i.archivedAt ? `(${i.label})` : i.label))
}

async function insertRecord(o: OrgWithActors, checklistId: string, itemId: string) {
  const [row] = await t.db
    .insert(records)
    .values({
      orgId: o.orgId,
      venueId: o.venueB,
      kind: 'checklist',
      templateId: checklistId,
      itemId,
      date: '2026-02-01',
      templateName: 'Opening',
      label: 'Fridge',
      itemType: 'check',
      status: 'done',
      recordedByName: 'Lia Limited',
    })
    .returning({ id: records.id })
  return row!.id
}

describe('POST /v1/orgs/:orgId/checklists/:id/items', () => {
  let o: OrgWithActors
  let checklistId: string
  beforeAll(async () => {
    o = await createOrgWithActors(t)
    checklistId = await makeChecklist(o.owner, o.orgId)
  })
  const url = () => `${lists(o.orgId)}/${checklistId}/items`

  test('ADMIN and OWNER add items of every type; defaults; each goes last', async () => {
    const r = await o.admin.client.post(url(), { label: '  Fridge below 5°C  ', type: 'check' })
    expect(r.status, r.text).toBe(201)
    expect(r.json).toEqual({
      item: {
        id: expect.any(String),
        checklistId,
        label: 'Fridge below 5°C',
        instructions: '',
        type: 'check',
        required: true,
        min: null,
        max: null,
        failsOn: null,
        unit: null,
        options: null,
        photoWhenFailing: false,
        noteWhenFailing: false,
        position: 0,
        archivedAt: null,
      },
    })
    const [row] = await t.db.select().from(checklistItems).where(eq(checklistItems.id, r.json.item.id))
    expect(row!.orgId).toBe(o.orgId)
    const yesNo = await addItem(o.owner, o.orgId, checklistId, { label: 'Doors locked?', type: 'yes_no', instructions: ' Both ', required: false })
    // A yes/no item fails on "no" unless it says otherwise.
    expect(yesNo).toMatchObject({ type: 'yes_no', instructions: 'Both', required: false, failsOn: 'no', position: 1 })
    const num = await addItem(o.owner, o.orgId, checklistId, { label: 'Probe', type: 'number', min: -18.5, max: 5 })
    expect(num).toMatchObject({ type: 'number', min: -18.5, max: 5, position: 2 })
    expect(await addItem(o.owner, o.orgId, checklistId, { label: 'Only min', type: 'number', min: 63 })).toMatchObject({ min: 63, max: null })
    expect(await addItem(o.owner, o.orgId, checklistId, { label: 'Equal', type: 'number', min: 2, max: 2 })).toMatchObject({ min: 2, max: 2 })
    expect(await addItem(o.owner, o.orgId, checklistId, { label: 'Nulls', type: 'text', min: null, max: null })).toMatchObject({
      type: 'text',
      min: null,
      max: null,
    })
    expect(await addItem(o.owner, o.orgId, checklistId, { label: 'Photo', type: 'photo' })).toMatchObject({ type: 'photo', position: 6 })
    expect((await o.basic.client.get(`${lists(o.orgId)}/${checklistId}`)).json.checklist.itemCount).toBe(7)
  })

  test('items can be added to an archived checklist', async () => {
    const archived = await makeChecklist(o.owner, o.orgId, 'Archived')
    await o.owner.client.post(`${lists(o.orgId)}/${archived}/archive`)
    expect(await addItem(o.admin, o.orgId, archived, { label: 'Later', type: 'check' })).toMatchObject({ position: 0 })
  })

  test('each validation failure names its field; nothing is created', async () => {
    const count = () => t.db.$count(checklistItems, eq(checklistItems.checklistId, checklistId))
    const before = await count()
    const post = (body: unknown, headers?: Record<string, string>) => o.admin.client.post(url(), body, headers)
    expect(expectError(await post({ type: 'check' }), 'ValidationError', { data: ['label'] })!.label).toBe('This field is required')
    expectError(await post({ label: '  ', type: 'check' }), 'ValidationError', { data: ['label'] })
    expectError(await post({ label: 'l'.repeat(201), type: 'check' }), 'ValidationError', { data: ['label'] })
    expectError(await post({ label: 'X', type: 'check', instructions: 'i'.repeat(2001) }), 'ValidationError', { data: ['instructions'] })
    expect(expectError(await post({ label: 'X' }), 'ValidationError', { data: ['type'] })!.type).toBe('Choose one of the options')
    expect(expectError(await post({ label: 'X', type: 'slider' }), 'ValidationError', { data: ['type'] })!.type).toBe('Choose one of the options')
    expectError(await post({ label: 'X', type: 'check', required: 'yes' }), 'ValidationError', { data: ['required'] })
    // Limits only for number items, min ≤ max.
    const numberOnly = 'Only number items have a minimum and a maximum'
    expect(expectError(await post({ label: 'X', type: 'check', min: 1 }), 'ValidationError', { data: ['min'] })!.min).toBe(numberOnly)
    expect(expectError(await post({ label: 'X', type: 'yes_no', max: 1 }), 'ValidationError', { data: ['max'] })!.max).toBe(numberOnly)
    expectError(await post({ label: 'X', type: 'text', min: 0, max: 1 }), 'ValidationError', { data: ['min', 'max'] })
    expect(expectError(await post({ label: 'X', type: 'number', min: 5, max: 1 }), 'ValidationError', { data: ['max'] })!.max).toBe(
      'The maximum cannot be lower than the minimum',
    )
    expectError(await post({ label: 'X', type: 'number', min: '1' }), 'ValidationError', { data: ['min'] })
    expectError(await post({ label: 'X', type: 'number', max: 1e12 }), 'ValidationError', { data: ['max'] })
    expect(
      expectError(await post({ label: 'X', type: 'check', position: 0, checklistId }), 'ValidationError', { data: ['position', 'checklistId'] }),
    ).toEqual({ position: 'Unknown field', checklistId: 'Unknown field' })
    const es = await inSpanish(o.admin.client, () => post({ label: 'X', type: 'number', min: 3, max: 2 }))
    expect(expectError(es, 'ValidationError', { data: ['max'] })!.max).toBe('El máximo no puede ser menor que el mínimo')
    expectError(await post('label=x', { 'content-type': 'text/plain' }), 'BadRequestError', { message: null })
    expect(await count()).toBe(before)
  })

  test('BASIC 403; another organisation’s, unknown and malformed checklist ids 404; signed out 401', async () => {
    const theirs = await makeChecklist(o.outsider, o.outsider.orgId, 'Theirs')
    const body = { label: 'Nope', type: 'check' }
    expectError(await o.basic.client.post(url(), body), 'ForbiddenError')
    expectError(await o.basicLimited.client.post(url(), body), 'ForbiddenError')
    expectError(await o.outsider.client.post(url(), body), 'NotFoundError')
    expectError(await o.outsider.client.post(`${lists(o.outsider.orgId)}/${checklistId}/items`, body), 'NotFoundError')
    expectError(await o.owner.client.post(`${lists(o.orgId)}/${theirs}/items`, body), 'NotFoundError')
    expectError(await o.owner.client.post(`${lists(o.orgId)}/${randomUUID()}/items`, body), 'NotFoundError')
    expectError(await o.owner.client.post(`${lists(o.orgId)}/nope/items`, body), 'NotFoundError')
    expectError(await o.anonymous.post(url(), body), 'UnauthorizedError')
    expect(await t.db.$count(checklistItems, eq(checklistItems.label, 'Nope'))).toBe(0)
  })
})

describe('GET /v1/orgs/:orgId/checklists/:id/items', () => {
  test('every member reads the items by position, archived ones flagged; 404 / 401 as usual', async () => {
    const o = await createOrgWithActors(t)
    const checklistId = await makeChecklist(o.owner, o.orgId)
    const a = await addItem(o.owner, o.orgId, checklistId, { label: 'A', type: 'check' })
    const b = await addItem(o.owner, o.orgId, checklistId, { label: 'B', type: 'check' })
    await addItem(o.owner, o.orgId, checklistId, { label: 'C', type: 'check' })
    await o.owner.client.post(`${itemUrl(o.orgId, a.id)}/archive`)
    for (const actor of [o.owner, o.admin, o.basic, o.basicLimited]) {
      expect(await labels(actor, o.orgId, checklistId)).toEqual(['(A)', 'B', 'C'])
    }
    const r = await o.basic.client.get(`${lists(o.orgId)}/${checklistId}/items`)
    expect(Object.keys(r.json)).toEqual(['items'])
    expect(r.json.items[1]).toEqual(b)
    // Another checklist's items are not listed.
    const other = await makeChecklist(o.owner, o.orgId, 'Other')
    expect(await labels(o.owner, o.orgId, other)).toEqual([])
    const theirs = await makeChecklist(o.outsider, o.outsider.orgId, 'Theirs')
    expectError(await o.owner.client.get(`${lists(o.orgId)}/${theirs}/items`), 'NotFoundError')
    expectError(await o.owner.client.get(`${lists(o.orgId)}/${randomUUID()}/items`), 'NotFoundError')
    expectError(await o.owner.client.get(`${lists(o.orgId)}/1/items`), 'NotFoundError')
    expectError(await o.outsider.client.get(`${lists(o.orgId)}/${checklistId}/items`), 'NotFoundError')
    expectError(await o.outsider.client.get(`${lists(o.outsider.orgId)}/${checklistId}/items`), 'NotFoundError')
    expectError(await o.anonymous.get(`${lists(o.orgId)}/${checklistId}/items`), 'UnauthorizedError')
  })
})

describe('POST /v1/orgs/:orgId/checklists/:id/items/reorder', () => {
  let o: OrgWithActors
  let checklistId: string
  let a: Item, b: Item, c: Item, archived: Item, elsewhere: Item
  beforeAll(async () => {
    o = await createOrgWithActors(t)
    checklistId = await makeChecklist(o.owner, o.orgId)
    a = await addItem(o.owner, o.orgId, checklistId, { label: 'A', type: 'check' })
    b = await addItem(o.owner, o.orgId, checklistId, { label: 'B', type: 'check' })
    c = await addItem(o.owner, o.orgId, checklistId, { label: 'C', type: 'check' })
    archived = await addItem(o.owner, o.orgId, checklistId, { label: 'Z', type: 'check' })
    await o.owner.client.post(`${itemUrl(o.orgId, archived.id)}/archive`)
    const other = await makeChecklist(o.owner, o.orgId, 'Other')
    elsewhere = await addItem(o.owner, o.orgId, other, { label: 'Elsewhere', type: 'check' })
  })
  const url = () => `${lists(o.orgId)}/${checklistId}/items/reorder`
  const positions = async () =>
    Object.fromEntries(
      (await t.db.select({ label: checklistItems.label, position: checklistItems.position }).from(checklistItems).where(eq(checklistItems.orgId, o.orgId))).map(
        (r) => [r.label, r.position],
      ),
    )

  test('rewrites positions 0..n-1 in the given order; archived items keep theirs', async () => {
    const r = await o.admin.client.post(url(), { ids: [c.id, a.id, b.id] })
    expect(r.status, r.text).toBe(204)
    expect(await labels(o.basic, o.orgId, checklistId)).toEqual(['C', 'A', 'B', '(Z)'])
    expect(await positions()).toEqual({ C: 0, A: 1, B: 2, Z: 3, Elsewhere: 0 })
    const d = await addItem(o.owner, o.orgId, checklistId, { label: 'D', type: 'check' })
    expect(d.position).toBe(4)
    expect((await o.owner.client.post(url(), { ids: [d.id, b.id, a.id, c.id] })).status).toBe(204)
    expect(await labels(o.basic, o.orgId, checklistId)).toEqual(['D', 'B', 'A', 'C', '(Z)'])
  })

  test('anything but exactly the checklist’s non-archived items is rejected and nothing changes', async () => {
    const before = await positions()
    const current = ((await o.owner.client.get(`${lists(o.orgId)}/${checklistId}/items`)).json.items as Item[])
      .filter((i) => !i.archivedAt)
      .map((i) => i.id)
    const theirChecklist = await makeChecklist(o.outsider, o.outsider.orgId, 'Theirs')
    const theirs = await addItem(o.outsider, o.outsider.orgId, theirChecklist, { label: 'Theirs', type: 'check' })
    for (const ids of [
      current.slice(1),
      [...current, archived.id],
      [...current, elsewhere.id],
      [...current, theirs.id],
      [...current.slice(1), (current[0]!.startsWith('f') ? '0' : 'f') + current[0]!.slice(1)], // one changed character
      [...current.slice(1), current[1]],
      [...current, current[0]],
      ['x'],
      [],
      { a: 1 },
    ] as unknown[]) {
      expect(expectError(await o.admin.client.post(url(), { ids }), 'ValidationError', { data: ['ids'] })!.ids, JSON.stringify(ids)).toBe(
        'The list has changed since the page was loaded: reload it and try again',
      )
    }
    expectError(await o.admin.client.post(url(), { order: current }), 'ValidationError', { data: ['ids', 'order'] })
    expect(await positions()).toEqual(before)
  })

  test('BASIC 403; another organisation’s, unknown and malformed checklist ids 404; signed out 401', async () => {
    const before = await positions()
    const ids = [a.id, b.id, c.id]
    const theirChecklist = await makeChecklist(o.outsider, o.outsider.orgId, 'Theirs')
    expectError(await o.basic.client.post(url(), { ids }), 'ForbiddenError')
    expectError(await o.basicLimited.client.post(url(), { ids }), 'ForbiddenError')
    expectError(await o.outsider.client.post(url(), { ids }), 'NotFoundError')
    expectError(await o.outsider.client.post(`${lists(o.outsider.orgId)}/${checklistId}/items/reorder`, { ids }), 'NotFoundError')
    expectError(await o.owner.client.post(`${lists(o.orgId)}/${theirChecklist}/items/reorder`, { ids: [] }), 'NotFoundError')
    expectError(await o.owner.client.post(`${lists(o.orgId)}/${randomUUID()}/items/reorder`, { ids: [] }), 'NotFoundError')
    expectError(await o.owner.client.post(`${lists(o.orgId)}/bad/items/reorder`, { ids: [] }), 'NotFoundError')
    expectError(await o.anonymous.post(url(), { ids }), 'UnauthorizedError')
    expect(await positions()).toEqual(before)
  })
})

describe('GET /v1/orgs/:orgId/checklist-items/:itemId', () => {
  test('every member reads one item (archived too); 404 for another organisation’s, unknown, malformed ids', async () => {
    const o = await createOrgWithActors(t)
    const checklistId = await makeChecklist(o.owner, o.orgId)
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Fridge', type: 'number', min: 0, max: 5, instructions: 'Probe it' })
    for (const actor of [o.owner, o.admin, o.basic, o.basicLimited]) {
      const r = await actor.client.get(itemUrl(o.orgId, item.id))
      expect(r.status, r.text).toBe(200)
      expect(r.json).toEqual({ item })
    }
    await o.owner.client.post(`${itemUrl(o.orgId, item.id)}/archive`)
    expect((await o.basic.client.get(itemUrl(o.orgId, item.id))).json.item.archivedAt).toEqual(expect.any(String))
    const theirs = await addItem(o.outsider, o.outsider.orgId, await makeChecklist(o.outsider, o.outsider.orgId), { label: 'T', type: 'check' })
    expectError(await o.owner.client.get(itemUrl(o.orgId, theirs.id)), 'NotFoundError')
    expectError(await o.owner.client.get(itemUrl(o.orgId, randomUUID())), 'NotFoundError')
    expectError(await o.owner.client.get(itemUrl(o.orgId, 'nope')), 'NotFoundError')
    // A checklist id is not an item id.
    expectError(await o.owner.client.get(itemUrl(o.orgId, checklistId)), 'NotFoundError')
    expectError(await o.outsider.client.get(itemUrl(o.orgId, item.id)), 'NotFoundError')
    expectError(await o.outsider.client.get(itemUrl(o.outsider.orgId, item.id)), 'NotFoundError')
    expectError(await o.anonymous.get(itemUrl(o.orgId, item.id)), 'UnauthorizedError')
  })
})

describe('PUT /v1/orgs/:orgId/checklist-items/:itemId', () => {
  let o: OrgWithActors
  let checklistId: string
  beforeAll(async () => {
    o = await createOrgWithActors(t)
    checklistId = await makeChecklist(o.owner, o.orgId)
  })

  test('changes only the fields given', async () => {
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Fridge', type: 'check' })
    let r = await o.admin.client.put(itemUrl(o.orgId, item.id), { label: ' Walk-in ' })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ item: { ...item, label: 'Walk-in' } })
    r = await o.owner.client.put(itemUrl(o.orgId, item.id), { instructions: 'Check the seal', required: false, type: 'yes_no' })
    expect(r.json.item).toEqual({ ...item, label: 'Walk-in', instructions: 'Check the seal', required: false, type: 'yes_no', failsOn: 'no' })
    r = await o.owner.client.put(itemUrl(o.orgId, item.id), {})
    expect(r.status).toBe(200)
    expect((await o.basic.client.get(itemUrl(o.orgId, item.id))).json.item).toEqual(r.json.item)
  })

  test('limits are judged on the result: min ≤ max, only for number items; leaving number clears them', async () => {
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Probe', type: 'number', min: 0, max: 5 })
    const put = (body: unknown) => o.admin.client.put(itemUrl(o.orgId, item.id), body)
    expect((await put({ max: 8 })).json.item).toMatchObject({ min: 0, max: 8 })
    expect(expectError(await put({ min: 9 }), 'ValidationError', { data: ['max'] })!.max).toBe('The maximum cannot be lower than the minimum')
    expectError(await put({ max: -1 }), 'ValidationError', { data: ['max'] })
    expect((await put({ min: null })).json.item).toMatchObject({ min: null, max: 8 })
    expect((await put({ min: 9, max: null })).json.item).toMatchObject({ min: 9, max: null })
    expect((await put({ min: 1, max: 3 })).json.item).toMatchObject({ min: 1, max: 3 })
    // Another type with limits is an error; changing the type clears the old limits.
    expect(expectError(await put({ type: 'check', min: 1 }), 'ValidationError', { data: ['min'] })!.min).toBe(
      'Only number items have a minimum and a maximum',
    )
    expect((await put({ type: 'check' })).json.item).toMatchObject({ type: 'check', min: null, max: null })
    expectError(await put({ max: 4 }), 'ValidationError', { data: ['max'] })
    expect((await put({ min: null, max: null })).json.item).toMatchObject({ type: 'check', min: null, max: null })
    expect((await put({ type: 'number', max: 4 })).json.item).toMatchObject({ type: 'number', min: null, max: 4 })
  })

  test('a yes/no item says which answer fails; only yes/no items have one; another type forgets it', async () => {
    const created = await o.admin.client.post(`${lists(o.orgId)}/${checklistId}/items`, { label: 'Any pests seen?', type: 'yes_no', failsOn: 'yes' })
    expect(created.status, created.text).toBe(201)
    expect(created.json.item).toMatchObject({ type: 'yes_no', failsOn: 'yes' })
    const put = (body: unknown) => o.admin.client.put(itemUrl(o.orgId, created.json.item.id), body)
    expect((await put({ failsOn: 'none' })).json.item).toMatchObject({ failsOn: 'none' })
    expectError(await put({ failsOn: 'maybe' }), 'ValidationError', { data: ['failsOn'] })
    expect(expectError(await put({ type: 'check', failsOn: 'yes' }), 'ValidationError', { data: ['failsOn'] })!.failsOn).toBe('Only yes/no items have a failing answer')
    expect((await put({ type: 'check' })).json.item).toMatchObject({ type: 'check', failsOn: null })
    expect((await put({ type: 'yes_no' })).json.item).toMatchObject({ type: 'yes_no', failsOn: 'no' })
    expectError(await o.admin.client.post(`${lists(o.orgId)}/${checklistId}/items`, { label: 'Tick', type: 'check', failsOn: 'no' }), 'ValidationError', { data: ['failsOn'] })
  })

  test('validation failures name their fields; nothing changes', async () => {
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Stable', type: 'number', min: 1, max: 2 })
    const put = (body: unknown, headers?: Record<string, string>) => o.admin.client.put(itemUrl(o.orgId, item.id), body, headers)
    expectError(await put({ label: '' }), 'ValidationError', { data: ['label'] })
    expectError(await put({ label: null }), 'ValidationError', { data: ['label'] })
    expectError(await put({ type: 'dropdown' }), 'ValidationError', { data: ['type'] })
    expectError(await put({ required: null }), 'ValidationError', { data: ['required'] })
    expectError(await put({ min: 'low' }), 'ValidationError', { data: ['min'] })
    expectError(await put({ checklistId: randomUUID() }), 'ValidationError', { data: ['checklistId'] })
    expectError(await put('x', { 'content-type': 'text/plain' }), 'BadRequestError', { message: null })
    expect((await o.basic.client.get(itemUrl(o.orgId, item.id))).json.item).toEqual(item)
  })

  test('BASIC 403; another organisation’s, unknown and malformed ids 404; signed out 401', async () => {
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Keep', type: 'check' })
    const theirs = await addItem(o.outsider, o.outsider.orgId, await makeChecklist(o.outsider, o.outsider.orgId), { label: 'Theirs', type: 'check' })
    const body = { label: 'Changed' }
    expectError(await o.basic.client.put(itemUrl(o.orgId, item.id), body), 'ForbiddenError')
    expectError(await o.basicLimited.client.put(itemUrl(o.orgId, item.id), body), 'ForbiddenError')
    expectError(await o.outsider.client.put(itemUrl(o.orgId, item.id), body), 'NotFoundError')
    expectError(await o.outsider.client.put(itemUrl(o.outsider.orgId, item.id), body), 'NotFoundError')
    expectError(await o.owner.client.put(itemUrl(o.orgId, theirs.id), body), 'NotFoundError')
    expectError(await o.owner.client.put(itemUrl(o.orgId, randomUUID()), body), 'NotFoundError')
    expectError(await o.owner.client.put(itemUrl(o.orgId, '42'), body), 'NotFoundError')
    expectError(await o.anonymous.put(itemUrl(o.orgId, item.id), body), 'UnauthorizedError')
    expect((await o.owner.client.get(itemUrl(o.orgId, item.id))).json.item.label).toBe('Keep')
    expect((await o.outsider.client.get(itemUrl(o.outsider.orgId, theirs.id))).json.item.label).toBe('Theirs')
  })
})

describe('DELETE /v1/orgs/:orgId/checklist-items/:itemId', () => {
  let o: OrgWithActors
  let checklistId: string
  beforeAll(async () => {
    o = await createOrgWithActors(t)
    checklistId = await makeChecklist(o.owner, o.orgId)
  })

  test('without records: 204 and the item is gone', async () => {
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Temp', type: 'check' })
    // A record of another item of the same checklist does not count.
    const sibling = await addItem(o.owner, o.orgId, checklistId, { label: 'Sibling', type: 'check' })
    await insertRecord(o, checklistId, sibling.id)
    const r = await o.admin.client.del(itemUrl(o.orgId, item.id))
    expect(r.status, r.text).toBe(204)
    expect(r.text).toBe('')
    expectError(await o.admin.client.get(itemUrl(o.orgId, item.id)), 'NotFoundError')
    expectError(await o.admin.client.del(itemUrl(o.orgId, item.id)), 'NotFoundError')
    expect(await labels(o.owner, o.orgId, checklistId)).toEqual(['Sibling'])
  })

  test('with records: archived instead (200), the record kept; again keeps the first archive time', async () => {
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Used', type: 'check' })
    const recordId = await insertRecord(o, checklistId, item.id)
    const r = await o.owner.client.del(itemUrl(o.orgId, item.id))
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ item: { ...item, archivedAt: expect.any(String) }, archived: true })
    expect(await t.db.$count(records, eq(records.id, recordId))).toBe(1)
    expect(await labels(o.owner, o.orgId, checklistId)).toContain('(Used)')
    const again = await o.owner.client.del(itemUrl(o.orgId, item.id))
    expect(again.status).toBe(200)
    expect(again.json.item.archivedAt).toBe(r.json.item.archivedAt)
  })

  test('BASIC 403; another organisation’s, unknown and malformed ids 404; signed out 401', async () => {
    const item = await addItem(o.owner, o.orgId, checklistId, { label: 'Stays', type: 'check' })
    const theirs = await addItem(o.outsider, o.outsider.orgId, await makeChecklist(o.outsider, o.outsider.orgId), { label: 'Theirs', type: 'check' })
    expectError(await o.basic.client.del(itemUrl(o.orgId, item.id)), 'ForbiddenError')
    expectError(await o.basicLimited.client.del(itemUrl(o.orgId, item.id)), 'ForbiddenError')
    expectError(await o.outsider.client.del(itemUrl(o.orgId, item.id)), 'NotFoundError')
    expectError(await o.outsider.client.del(itemUrl(o.outsider.orgId, item.id)), 'NotFoundError')
    expectError(await o.owner.client.del(itemUrl(o.orgId, theirs.id)), 'NotFoundError')
    expectError(await o.owner.client.del(itemUrl(o.orgId, randomUUID())), 'NotFoundError')
    expectError(await o.owner.client.del(itemUrl(o.orgId, 'x-y')), 'NotFoundError')
    expectError(await o.anonymous.del(itemUrl(o.orgId, item.id)), 'UnauthorizedError')
    expect((await o.owner.client.get(itemUrl(o.orgId, item.id))).status).toBe(200)
    expect((await o.outsider.client.get(itemUrl(o.outsider.orgId, theirs.id))).status).toBe(200)
  })
})

describe('POST /v1/orgs/:orgId/checklist-items/:itemId/archive and /restore', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('archive flags it and lowers the item count; restore puts it last in its own checklist', async () => {
    const checklistId = await makeChecklist(o.owner, o.orgId)
    const a = await addItem(o.owner, o.orgId, checklistId, { label: 'A', type: 'check' })
    await addItem(o.owner, o.orgId, checklistId, { label: 'B', type: 'check' })
    // A longer checklist elsewhere must not push the restored item's position.
    const other = await makeChecklist(o.owner, o.orgId, 'Other')
    for (const label of ['x', 'y', 'z', 'w', 'v']) await addItem(o.owner, o.orgId, other, { label, type: 'check' })
    const r = await o.admin.client.post(`${itemUrl(o.orgId, a.id)}/archive`)
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ item: { ...a, archivedAt: expect.any(String) } })
    expect((await o.basic.client.get(`${lists(o.orgId)}/${checklistId}`)).json.checklist.itemCount).toBe(1)
    const again = await o.admin.client.post(`${itemUrl(o.orgId, a.id)}/archive`)
    expect(again.json.item.archivedAt).toBe(r.json.item.archivedAt)
    await addItem(o.owner, o.orgId, checklistId, { label: 'C', type: 'check' })
    const restored = await o.owner.client.post(`${itemUrl(o.orgId, a.id)}/restore`)
    expect(restored.status, restored.text).toBe(200)
    expect(restored.json.item).toEqual({ ...a, position: 3, archivedAt: null })
    expect(await labels(o.basic, o.orgId, checklistId)).toEqual(['B', 'C', 'A'])
    expect((await o.basic.client.get(`${lists(o.orgId)}/${checklistId}`)).json.checklist.itemCount).toBe(3)
    // Restoring one that is not archived changes nothing.
    expect((await o.owner.client.post(`${itemUrl(o.orgId, a.id)}/restore`)).json.item).toEqual(restored.json.item)
  })

  test('BASIC 403; another organisation’s, unknown and malformed ids 404; signed out 401', async () => {
    const item = await addItem(o.owner, o.orgId, await makeChecklist(o.owner, o.orgId, 'Guarded'), { label: 'G', type: 'check' })
    const theirs = await addItem(o.outsider, o.outsider.orgId, await makeChecklist(o.outsider, o.outsider.orgId), { label: 'T', type: 'check' })
    for (const action of ['archive', 'restore']) {
      expectError(await o.basic.client.post(`${itemUrl(o.orgId, item.id)}/${action}`), 'ForbiddenError')
      expectError(await o.basicLimited.client.post(`${itemUrl(o.orgId, item.id)}/${action}`), 'ForbiddenError')
      expectError(await o.outsider.client.post(`${itemUrl(o.orgId, item.id)}/${action}`), 'NotFoundError')
      expectError(await o.outsider.client.post(`${itemUrl(o.outsider.orgId, item.id)}/${action}`), 'NotFoundError')
      expectError(await o.owner.client.post(`${itemUrl(o.orgId, theirs.id)}/${action}`), 'NotFoundError')
      expectError(await o.owner.client.post(`${itemUrl(o.orgId, randomUUID())}/${action}`), 'NotFoundError')
      expectError(await o.owner.client.post(`${itemUrl(o.orgId, 'nope')}/${action}`), 'NotFoundError')
      expectError(await o.anonymous.post(`${itemUrl(o.orgId, item.id)}/${action}`), 'UnauthorizedError')
    }
    expect((await o.owner.client.get(itemUrl(o.orgId, item.id))).json.item.archivedAt).toBeNull()
    expect((await o.outsider.client.get(itemUrl(o.outsider.orgId, theirs.id))).json.item.archivedAt).toBeNull()
  })
})
