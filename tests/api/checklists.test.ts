import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checklistItems, checklists, records } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { addMember, createOrgWithActors, createVenue, type Client, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6]
const base = (o: OrgWithActors) => `/v1/orgs/${o.orgId}/checklists`

async function make(actor: { client: Client }, orgId: string, body: Record<string, unknown>) {
  const r = await actor.client.post(`/v1/orgs/${orgId}/checklists`, body)
  expect(r.status, r.text).toBe(201)
  return r.json.checklist as { id: string; name: string; position: number; archivedAt: string | null; [k: string]: unknown }
}

async function addItem(actor: { client: Client }, orgId: string, checklistId: string, body: Record<string, unknown>) {
  const r = await actor.client.post(`/v1/orgs/${orgId}/checklists/${checklistId}/items`, body)
  expect(r.status, r.text).toBe(201)
  return r.json.item as { id: string; label: string; position: number; [k: string]: unknown }
}

/** Insert a checklist record straight into the table (the daily-work API is another module). */
async function insertRecord(o: OrgWithActors, checklistId: string, itemId: string, kind: 'checklist' | 'temperature' = 'checklist') {
  const [row] = await t.db
    .insert(records)
    .values({
      orgId: o.orgId,
      venueId: o.venueA,
      kind,
      templateId: checklistId,
      itemId,
      date: '2026-01-05',
      templateName: 'Opening',
      label: 'Fridge',
      itemType: 'check',
      value: 'true',
      status: 'done',
      recordedByMembershipId: o.basic.membershipId,
      recordedByName: 'Bea Basic',
    })
    .returning({ id: records.id })
  return row!.id
}

const names = (r: { json: any }) => (r.json.checklists as { name: string }[]).map((c) => c.name)

describe('POST /v1/orgs/:orgId/checklists', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('ADMIN creates with only a name: defaults (all venues, every day, no due time), first position', async () => {
    const r = await o.admin.client.post(base(o), { name: '  Opening checks  ' })
    expect(r.status, r.text).toBe(201)
    expect(r.json).toEqual({
      checklist: {
        id: expect.any(String),
        name: 'Opening checks',
        description: '',
        venueIds: [],
        days: ALL_DAYS,
        monthDays: [],
        dueTime: null,
        checksPerDay: 1,
        checkTimes: [null],
        requiresSignOff: false,
        position: 0,
        archivedAt: null,
        itemCount: 0,
      },
    })
    const [row] = await t.db.select().from(checklists).where(eq(checklists.id, r.json.checklist.id))
    expect(row!.orgId).toBe(o.orgId)
  })

  test('OWNER creates with every field; venues de-duplicated in order, days sorted; new ones go last', async () => {
    const r = await o.owner.client.post(base(o), {
      name: 'Closing',
      description: ' Before leaving ',
      venueIds: [o.venueB, o.venueA, o.venueB],
      days: [5, 1, 3],
      dueTime: '23:30',
    })
    expect(r.status, r.text).toBe(201)
    expect(r.json.checklist).toEqual({
      id: expect.any(String),
      name: 'Closing',
      description: 'Before leaving',
      venueIds: [o.venueB, o.venueA],
      days: [1, 3, 5],
      monthDays: [],
      dueTime: '23:30',
      checksPerDay: 1,
      checkTimes: [null],
      requiresSignOff: false,
      position: 1,
      archivedAt: null,
      itemCount: 0,
    })
    const third = await make(o.owner, o.orgId, { name: 'Third', dueTime: null, venueIds: [], days: [0] })
    expect(third).toMatchObject({ position: 2, dueTime: null, venueIds: [], days: [0] })
    expect((await make(o.owner, o.orgId, { name: 'Blank time', dueTime: '' })).dueTime).toBeNull()
  })

  test('each validation failure names its field; nothing is created', async () => {
    const before = await t.db.$count(checklists, eq(checklists.orgId, o.orgId))
    const post = (body: unknown, headers?: Record<string, string>) => o.admin.client.post(base(o), body, headers)
    expect(expectError(await post({}), 'ValidationError', { data: ['name'] })!.name).toBe('This field is required')
    expectError(await post({ name: '   ' }), 'ValidationError', { data: ['name'] })
    expect(expectError(await post({ name: 'n'.repeat(101) }), 'ValidationError', { data: ['name'] })!.name).toBe('Use at most 100 characters')
    expectError(await post({ name: 'X', description: 'd'.repeat(1001) }), 'ValidationError', { data: ['description'] })
    expectError(await post({ name: 'X', description: 3 }), 'ValidationError', { data: ['description'] })
    // venueIds: venues of this organisation only.
    const venues = (venueIds: unknown) => post({ name: 'X', venueIds })
    const venueMsg = 'Choose venues of this organisation'
    expect(expectError(await venues([o.outsider.venueId]), 'ValidationError', { data: ['venueIds'] })!.venueIds).toBe(venueMsg)
    expect(expectError(await venues([o.venueA, randomUUID()]), 'ValidationError', { data: ['venueIds'] })!.venueIds).toBe(venueMsg)
    expect(expectError(await venues(['not-a-uuid']), 'ValidationError', { data: ['venueIds'] })!.venueIds).toBe(venueMsg)
    expect(expectError(await venues([42]), 'ValidationError', { data: ['venueIds'] })!.venueIds).toBe(venueMsg)
    expect(expectError(await venues(o.venueA), 'ValidationError', { data: ['venueIds'] })!.venueIds).toBe(venueMsg)
    // days: 0–6, each once, at least one.
    const days = (d: unknown) => post({ name: 'X', days: d })
    expect(expectError(await days([]), 'ValidationError', { data: ['days'] })!.days).toBe('Choose at least one day')
    for (const bad of [[7], [-1], [1, 1], ['1'], [1.5], 'mon', null]) {
      expect(expectError(await days(bad), 'ValidationError', { data: ['days'] })!.days, JSON.stringify(bad)).toBe(
        'Choose days of the week, each once',
      )
    }
    // dueTime: HH:mm.
    for (const bad of ['25:00', '9:00', '12:60', 'noon', '11:00:00', 1100]) {
      expect(expectError(await post({ name: 'X', dueTime: bad }), 'ValidationError', { data: ['dueTime'] })!.dueTime, String(bad)).toBe(
        'Enter a time as HH:mm, for example 11:00',
      )
    }
    expect(
      expectError(await post({ name: 'X', orgId: o.outsider.orgId, position: 0, archivedAt: null }), 'ValidationError', {
        data: ['orgId', 'position', 'archivedAt'],
      }),
    ).toEqual({ orgId: 'Unknown field', position: 'Unknown field', archivedAt: 'Unknown field' })
    const es = await inSpanish(o.admin.client, () => post({ name: '', days: [], dueTime: '7', venueIds: [o.outsider.venueId] }))
    expect(expectError(es, 'ValidationError', { data: ['name', 'days', 'dueTime'] })).toEqual({
      name: 'Este campo es obligatorio',
      days: 'Elige al menos un día',
      dueTime: 'Escribe una hora como HH:mm, por ejemplo 11:00',
    })
    const esVenue = await inSpanish(o.admin.client, () => post({ name: 'X', venueIds: [o.outsider.venueId] }))
    expect(expectError(esVenue, 'ValidationError', { data: ['venueIds'] })!.venueIds).toBe('Elige locales de esta organización')
    expectError(await post('name=x', { 'content-type': 'text/plain' }), 'BadRequestError', { message: null })
    expectError(await post('{"name":', { 'content-type': 'application/json' }), 'BadRequestError', { message: 'Malformed JSON body' })
    expect(await t.db.$count(checklists, eq(checklists.orgId, o.orgId))).toBe(before)
  })

  test('BASIC members 403, outsider 404, signed out 401', async () => {
    expectError(await o.basic.client.post(base(o), { name: 'Nope' }), 'ForbiddenError')
    expectError(await o.basicLimited.client.post(base(o), { name: 'Nope' }), 'ForbiddenError')
    expectError(await o.outsider.client.post(base(o), { name: 'Nope' }), 'NotFoundError')
    expectError(await o.anonymous.post(base(o), { name: 'Nope' }), 'UnauthorizedError')
    expect(await t.db.$count(checklists, and(eq(checklists.orgId, o.orgId), eq(checklists.name, 'Nope')))).toBe(0)
  })
})

describe('GET /v1/orgs/:orgId/checklists', () => {
  let o: OrgWithActors
  let ids: Record<string, string>
  beforeAll(async () => {
    o = await createOrgWithActors(t)
    ids = {}
    for (const [name, extra] of [
      ['Opening', {}],
      ['closing', { venueIds: [o.venueA] }],
      ['Bar 100% clean', { venueIds: [o.venueB] }],
      ['Deep clean', { venueIds: [o.venueA, o.venueB] }],
      ['Old opening', {}],
    ] as const) {
      ids[name] = (await make(o.owner, o.orgId, { name, ...extra })).id
    }
    await addItem(o.owner, o.orgId, ids.Opening!, { label: 'Fridge', type: 'check' })
    await addItem(o.owner, o.orgId, ids.Opening!, { label: 'Floor', type: 'check' })
    const gone = await addItem(o.owner, o.orgId, ids.Opening!, { label: 'Gone', type: 'check' })
    await o.owner.client.post(`/v1/orgs/${o.orgId}/checklist-items/${gone.id}/archive`)
    await o.owner.client.post(`${base(o)}/${ids['Old opening']}/archive`)
  })

  test('every member reads the non-archived checklists by position, with their item count', async () => {
    for (const actor of [o.owner, o.admin, o.basic]) {
      const r = await actor.client.get(base(o))
      expect(r.status, r.text).toBe(200)
      expect(names(r)).toEqual(['Opening', 'closing', 'Bar 100% clean', 'Deep clean'])
    }
    const r = await o.basic.client.get(base(o))
    expect(r.json.checklists[0]).toEqual({
      id: ids.Opening,
      name: 'Opening',
      description: '',
      venueIds: [],
      days: ALL_DAYS,
      monthDays: [],
      dueTime: null,
      checksPerDay: 1,
      checkTimes: [null],
      requiresSignOff: false,
      position: 0,
      archivedAt: null,
      itemCount: 2,
    })
  })

  test('ties in position are ordered by name, ignoring case', async () => {
    const org = await createOrgWithActors(t)
    for (const name of ['beta', 'Alpha', 'gamma']) {
      const c = await make(org.owner, org.orgId, { name })
      await t.db.update(checklists).set({ position: 0 }).where(eq(checklists.id, c.id))
    }
    expect(names(await org.owner.client.get(base(org)))).toEqual(['Alpha', 'beta', 'gamma'])
  })

  test('archived ones only with showArchived=true, then together with the others', async () => {
    const r = await o.admin.client.get(`${base(o)}?showArchived=true`)
    expect(names(r)).toEqual(['Opening', 'closing', 'Bar 100% clean', 'Deep clean', 'Old opening'])
    expect(r.json.checklists[4].archivedAt).toEqual(expect.any(String))
    expect(names(await o.admin.client.get(`${base(o)}?showArchived=false`))).toHaveLength(4)
    expectError(await o.admin.client.get(`${base(o)}?showArchived=yes`), 'ValidationError', { data: ['showArchived'] })
  })

  test('search matches part of the name, ignoring case; % and _ are plain characters', async () => {
    expect(names(await o.basic.client.get(`${base(o)}?search=OPEN`))).toEqual(['Opening'])
    expect(names(await o.basic.client.get(`${base(o)}?search=open&showArchived=true`))).toEqual(['Opening', 'Old opening'])
    expect(names(await o.basic.client.get(`${base(o)}?search=${encodeURIComponent('100%')}`))).toEqual(['Bar 100% clean'])
    expect(names(await o.basic.client.get(`${base(o)}?search=${encodeURIComponent('%')}`))).toEqual(['Bar 100% clean'])
    expect(names(await o.basic.client.get(`${base(o)}?search=_`))).toEqual([])
    expect(names(await o.basic.client.get(`${base(o)}?search=clean`))).toEqual(['Bar 100% clean', 'Deep clean'])
    expect(names(await o.basic.client.get(`${base(o)}?search=`))).toHaveLength(4)
    expect(names(await o.basic.client.get(`${base(o)}?search=nothing`))).toEqual([])
    expectError(await o.basic.client.get(`${base(o)}?search=${'s'.repeat(101)}`), 'ValidationError', { data: ['search'] })
  })

  test('venueId keeps the checklists used at that venue (no venues = every venue)', async () => {
    expect(names(await o.basic.client.get(`${base(o)}?venueId=${o.venueA}`))).toEqual(['Opening', 'closing', 'Deep clean'])
    expect(names(await o.basic.client.get(`${base(o)}?venueId=${o.venueB}`))).toEqual(['Opening', 'Bar 100% clean', 'Deep clean'])
    expect(names(await o.basic.client.get(`${base(o)}?venueId=${o.venueB}&search=clean`))).toEqual(['Bar 100% clean', 'Deep clean'])
    const venueC = await createVenue(o.owner, o.orgId, { name: 'Venue C' })
    expect(names(await o.basic.client.get(`${base(o)}?venueId=${venueC}&showArchived=true`))).toEqual(['Opening', 'Old opening'])
    for (const bad of [o.outsider.venueId, randomUUID(), 'nope']) {
      expect(expectError(await o.basic.client.get(`${base(o)}?venueId=${bad}`), 'ValidationError', { data: ['venueId'] })!.venueId).toBe(
        'Choose a venue of this organisation',
      )
    }
  })

  test('a member limited to venue B sees only the checklists used at B or at every venue, whatever the query', async () => {
    const c = o.basicLimited.client
    expect(names(await c.get(base(o)))).toEqual(['Opening', 'Bar 100% clean', 'Deep clean'])
    expect(names(await c.get(`${base(o)}?showArchived=true`))).toEqual(['Opening', 'Bar 100% clean', 'Deep clean', 'Old opening'])
    expect(names(await c.get(`${base(o)}?search=closing`))).toEqual([])
    expect(names(await c.get(`${base(o)}?venueId=${o.venueB}`))).toEqual(['Opening', 'Bar 100% clean', 'Deep clean'])
    // Another venue of the organisation is refused, as on every venue-bound route.
    expectError(await c.get(`${base(o)}?venueId=${o.venueA}`), 'ForbiddenError')
    // An ADMIN limited to venue A sees A's side of it.
    const limitedAdmin = await addMember(t, o.orgId, 'ADMIN', { name: 'Ada Limited', venueIds: [o.venueA] })
    expect(names(await limitedAdmin.client.get(`${base(o)}?showArchived=true`))).toEqual(['Opening', 'closing', 'Deep clean', 'Old opening'])
  })

  test('401 signed out; 404 for another organisation’s member; each organisation sees only its own', async () => {
    expectError(await o.anonymous.get(base(o)), 'UnauthorizedError')
    expectError(await o.outsider.client.get(base(o)), 'NotFoundError')
    await make(o.outsider, o.outsider.orgId, { name: 'Outsider list' })
    expect(names(await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/checklists?showArchived=true`))).toEqual(['Outsider list'])
  })
})

describe('POST /v1/orgs/:orgId/checklists/reorder', () => {
  let o: OrgWithActors
  let a: string, b: string, c: string, archived: string
  beforeAll(async () => {
    o = await createOrgWithActors(t)
    a = (await make(o.owner, o.orgId, { name: 'A' })).id
    b = (await make(o.owner, o.orgId, { name: 'B' })).id
    c = (await make(o.owner, o.orgId, { name: 'C' })).id
    archived = (await make(o.owner, o.orgId, { name: 'Archived' })).id
    await o.owner.client.post(`${base(o)}/${archived}/archive`)
  })
  const order = async () => names(await o.owner.client.get(base(o)))
  const positions = async () =>
    Object.fromEntries(
      (await t.db.select({ name: checklists.name, position: checklists.position }).from(checklists).where(eq(checklists.orgId, o.orgId))).map(
        (r) => [r.name, r.position],
      ),
    )

  test('rewrites positions 0..n-1 in the given order (ids in any case)', async () => {
    const r = await o.admin.client.post(`${base(o)}/reorder`, { ids: [c, a.toUpperCase(), b] })
    expect(r.status, r.text).toBe(204)
    expect(r.text).toBe('')
    expect(await order()).toEqual(['C', 'A', 'B'])
    expect(await positions()).toMatchObject({ C: 0, A: 1, B: 2 })
    // New ones still go last.
    const d = await make(o.owner, o.orgId, { name: 'D' })
    expect(d.position).toBeGreaterThan(2)
    await o.owner.client.post(`${base(o)}/reorder`, { ids: [d.id, b, c, a] })
    expect(await order()).toEqual(['D', 'B', 'C', 'A'])
    expect(await positions()).toMatchObject({ D: 0, B: 1, C: 2, A: 3 })
  })

  test('anything but exactly the non-archived checklists is rejected and nothing changes', async () => {
    const before = await positions()
    const current = (await o.owner.client.get(base(o))).json.checklists.map((x: { id: string }) => x.id) as string[]
    const other = await make(o.outsider, o.outsider.orgId, { name: 'Theirs' })
    const bad: unknown[] = [
      current.slice(1), // one missing
      [...current, archived], // an archived one
      [...current, other.id], // another organisation's
      [...current, randomUUID()], // unknown
      [...current.slice(1), current[1]], // a duplicate instead of a missing one
      [...current, current[0]], // a duplicate on top
      [...current.slice(1), 'nope'],
      [...current.slice(1), 5],
      [],
      'all',
      null,
    ]
    for (const ids of bad) {
      const r = await o.admin.client.post(`${base(o)}/reorder`, { ids })
      expect(expectError(r, 'ValidationError', { data: ['ids'] })!.ids, JSON.stringify(ids)).toBe(
        'The list has changed since the page was loaded: reload it and try again',
      )
    }
    expectError(await o.admin.client.post(`${base(o)}/reorder`, {}), 'ValidationError', { data: ['ids'] })
    expectError(await o.admin.client.post(`${base(o)}/reorder`, { ids: current, extra: 1 }), 'ValidationError', { data: ['extra'] })
    expect(await positions()).toEqual(before)
  })

  test('an ADMIN limited to some venues reorders the checklists they see among the places those hold; the others stay put', async () => {
    const org = await createOrgWithActors(t)
    const ids: Record<string, string> = {}
    for (const [name, venueIds] of [
      ['One', []],
      ['A only', [org.venueA]],
      ['Two', [org.venueB]],
      ['Three', []],
    ] as const) {
      ids[name] = (await make(org.owner, org.orgId, { name, venueIds: [...venueIds] })).id
    }
    const admin = await addMember(t, org.orgId, 'ADMIN', { name: 'Ben Limited', venueIds: [org.venueB] })
    // The A-only checklist is no part of their list: naming it is refused like any other unknown id.
    expectError(await admin.client.post(`${base(org)}/reorder`, { ids: [ids.Three, ids['A only'], ids.Two, ids.One] }), 'ValidationError', {
      data: ['ids'],
    })
    expect((await admin.client.post(`${base(org)}/reorder`, { ids: [ids.Three, ids.Two, ids.One] })).status).toBe(204)
    expect(names(await admin.client.get(base(org)))).toEqual(['Three', 'Two', 'One'])
    // Everyone else's order: the A-only checklist keeps its place (second).
    expect(names(await org.owner.client.get(base(org)))).toEqual(['Three', 'A only', 'Two', 'One'])
  })

  test('an organisation without checklists reorders the empty list', async () => {
    const org = await createOrgWithActors(t)
    expect((await org.owner.client.post(`${base(org)}/reorder`, { ids: [] })).status).toBe(204)
  })

  test('BASIC 403, outsider 404, signed out 401', async () => {
    const before = await positions()
    const ids = (await o.owner.client.get(base(o))).json.checklists.map((x: { id: string }) => x.id).reverse()
    expectError(await o.basic.client.post(`${base(o)}/reorder`, { ids }), 'ForbiddenError')
    expectError(await o.basicLimited.client.post(`${base(o)}/reorder`, { ids }), 'ForbiddenError')
    expectError(await o.outsider.client.post(`${base(o)}/reorder`, { ids }), 'NotFoundError')
    expectError(await o.anonymous.post(`${base(o)}/reorder`, { ids }), 'UnauthorizedError')
    // The outsider's own organisation does not have these checklists.
    expectError(await o.outsider.client.post(`/v1/orgs/${o.outsider.orgId}/checklists/reorder`, { ids }), 'ValidationError', { data: ['ids'] })
    expect(await positions()).toEqual(before)
  })
})

describe('GET /v1/orgs/:orgId/checklists/:id', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('the checklist with every item by position; archived items included and flagged', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Opening', venueIds: [o.venueA], dueTime: '11:00' })
    const one = await addItem(o.owner, o.orgId, c.id, { label: 'One', type: 'check' })
    const two = await addItem(o.owner, o.orgId, c.id, { label: 'Two', type: 'number', min: 0, max: 5 })
    const three = await addItem(o.owner, o.orgId, c.id, { label: 'Three', type: 'text', required: false })
    await o.owner.client.post(`/v1/orgs/${o.orgId}/checklist-items/${two.id}/archive`)
    await o.owner.client.post(`${base(o)}/${c.id}/items/reorder`, { ids: [three.id, one.id] })
    for (const actor of [o.owner, o.admin, o.basic]) {
      const r = await actor.client.get(`${base(o)}/${c.id}`)
      expect(r.status, r.text).toBe(200)
      expect(Object.keys(r.json).sort()).toEqual(['checklist', 'items'])
      expect(r.json.checklist).toEqual({ ...c, itemCount: 2 })
      expect(r.json.items.map((i: { label: string }) => i.label)).toEqual(['Three', 'One', 'Two'])
      expect(r.json.items[2]).toEqual({
        id: two.id,
        checklistId: c.id,
        label: 'Two',
        instructions: '',
        type: 'number',
        required: true,
        min: 0,
        max: 5,
        failsOn: null,
        unit: null,
        options: null,
        photoWhenFailing: false,
        noteWhenFailing: false,
        position: 1,
        archivedAt: expect.any(String),
      })
    }
  })

  test('a member limited to venue B: 404 for a checklist used only at A, its items and each item; B’s and everyone’s are read', async () => {
    const onlyA = await make(o.owner, o.orgId, { name: 'Only A', venueIds: [o.venueA] })
    const itemA = await addItem(o.owner, o.orgId, onlyA.id, { label: 'A item', type: 'check' })
    const atB = await make(o.owner, o.orgId, { name: 'At B', venueIds: [o.venueA, o.venueB] })
    const everywhere = await make(o.owner, o.orgId, { name: 'Everywhere' })
    const c = o.basicLimited.client
    expectError(await c.get(`${base(o)}/${onlyA.id}`), 'NotFoundError')
    expectError(await c.get(`${base(o)}/${onlyA.id}/items`), 'NotFoundError')
    expectError(await c.get(`/v1/orgs/${o.orgId}/checklist-items/${itemA.id}`), 'NotFoundError')
    for (const id of [atB.id, everywhere.id]) {
      expect((await c.get(`${base(o)}/${id}`)).status).toBe(200)
      expect((await c.get(`${base(o)}/${id}/items`)).status).toBe(200)
    }
    // The same holds for an ADMIN limited to venue B, on reads and on changes by id alike.
    const admin = await addMember(t, o.orgId, 'ADMIN', { name: 'Ben Limited', venueIds: [o.venueB] })
    expectError(await admin.client.get(`${base(o)}/${onlyA.id}`), 'NotFoundError')
    expectError(await admin.client.put(`${base(o)}/${onlyA.id}`, { name: 'Mine now' }), 'NotFoundError')
    expectError(await admin.client.post(`${base(o)}/${onlyA.id}/items`, { label: 'Sneaky', type: 'check' }), 'NotFoundError')
    expectError(await admin.client.post(`${base(o)}/${onlyA.id}/duplicate`), 'NotFoundError')
    expectError(await admin.client.put(`/v1/orgs/${o.orgId}/checklist-items/${itemA.id}`, { label: 'Mine now' }), 'NotFoundError')
    expectError(await admin.client.post(`/v1/orgs/${o.orgId}/checklist-items/${itemA.id}/archive`), 'NotFoundError')
    expectError(await admin.client.del(`/v1/orgs/${o.orgId}/checklist-items/${itemA.id}`), 'NotFoundError')
    expectError(await admin.client.del(`${base(o)}/${onlyA.id}`), 'NotFoundError')
    const [kept] = await t.db.select().from(checklists).where(eq(checklists.id, onlyA.id))
    expect(kept).toMatchObject({ name: 'Only A', archivedAt: null })
    expect((await t.db.select().from(checklistItems).where(eq(checklistItems.checklistId, onlyA.id))).map((i) => i.label)).toEqual(['A item'])
    expect((await admin.client.put(`${base(o)}/${atB.id}`, { description: 'B too' })).status).toBe(200)
  })

  test('404 for another organisation’s checklist, an unknown and a malformed id; 401 signed out', async () => {
    const theirs = await make(o.outsider, o.outsider.orgId, { name: 'Theirs' })
    expectError(await o.owner.client.get(`${base(o)}/${theirs.id}`), 'NotFoundError')
    expectError(await o.owner.client.get(`${base(o)}/${randomUUID()}`), 'NotFoundError')
    expectError(await o.owner.client.get(`${base(o)}/nope`), 'NotFoundError')
    const mine = await make(o.owner, o.orgId, { name: 'Mine' })
    expectError(await o.outsider.client.get(`${base(o)}/${mine.id}`), 'NotFoundError')
    expectError(await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/checklists/${mine.id}`), 'NotFoundError')
    expectError(await o.anonymous.get(`${base(o)}/${mine.id}`), 'UnauthorizedError')
  })
})

describe('PUT /v1/orgs/:orgId/checklists/:id', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('changes only the fields given; null or "" clears the due time; [] means every venue', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Opening', description: 'd', venueIds: [o.venueA], days: [1], dueTime: '10:00' })
    const url = `${base(o)}/${c.id}`
    let r = await o.admin.client.put(url, { name: ' Morning ' })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ checklist: { ...c, name: 'Morning' } })
    r = await o.owner.client.put(url, { description: '', venueIds: [o.venueB, o.venueB], days: [6, 0], dueTime: null })
    expect(r.json.checklist).toEqual({ ...c, name: 'Morning', description: '', venueIds: [o.venueB], days: [0, 6], dueTime: null })
    r = await o.owner.client.put(url, { venueIds: [], dueTime: '07:15' })
    expect(r.json.checklist).toMatchObject({ venueIds: [], dueTime: '07:15' })
    r = await o.owner.client.put(url, { dueTime: '' })
    expect(r.json.checklist.dueTime).toBeNull()
    r = await o.owner.client.put(url, {})
    expect(r.status).toBe(200)
    expect((await o.basic.client.get(url)).json.checklist).toEqual(r.json.checklist)
  })

  test('an archived checklist can be edited and stays archived', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Old' })
    const archived = (await o.owner.client.post(`${base(o)}/${c.id}/archive`)).json.checklist
    const r = await o.owner.client.put(`${base(o)}/${c.id}`, { name: 'Older' })
    expect(r.json.checklist).toEqual({ ...archived, name: 'Older' })
  })

  test('validation failures name their fields; nothing changes', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Stable', days: [2] })
    const url = `${base(o)}/${c.id}`
    expectError(await o.admin.client.put(url, { name: '' }), 'ValidationError', { data: ['name'] })
    expectError(await o.admin.client.put(url, { name: null }), 'ValidationError', { data: ['name'] })
    expectError(await o.admin.client.put(url, { days: [] }), 'ValidationError', { data: ['days'] })
    expectError(await o.admin.client.put(url, { days: [3, 3] }), 'ValidationError', { data: ['days'] })
    expectError(await o.admin.client.put(url, { dueTime: '24:00' }), 'ValidationError', { data: ['dueTime'] })
    expectError(await o.admin.client.put(url, { venueIds: [o.outsider.venueId] }), 'ValidationError', { data: ['venueIds'] })
    expectError(await o.admin.client.put(url, { venueIds: null }), 'ValidationError', { data: ['venueIds'] })
    expectError(await o.admin.client.put(url, { position: 3 }), 'ValidationError', { data: ['position'] })
    expectError(await o.admin.client.put(url, 'x', { 'content-type': 'text/plain' }), 'BadRequestError', { message: null })
    expect((await o.admin.client.get(url)).json.checklist).toEqual(c)
  })

  test('BASIC 403; another organisation’s, unknown and malformed ids 404; signed out 401', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Keep' })
    const theirs = await make(o.outsider, o.outsider.orgId, { name: 'Theirs' })
    expectError(await o.basic.client.put(`${base(o)}/${c.id}`, { name: 'X' }), 'ForbiddenError')
    expectError(await o.basicLimited.client.put(`${base(o)}/${c.id}`, { name: 'X' }), 'ForbiddenError')
    expectError(await o.outsider.client.put(`${base(o)}/${c.id}`, { name: 'X' }), 'NotFoundError')
    expectError(await o.outsider.client.put(`/v1/orgs/${o.outsider.orgId}/checklists/${c.id}`, { name: 'X' }), 'NotFoundError')
    expectError(await o.owner.client.put(`${base(o)}/${theirs.id}`, { name: 'X' }), 'NotFoundError')
    expectError(await o.owner.client.put(`${base(o)}/${randomUUID()}`, { name: 'X' }), 'NotFoundError')
    expectError(await o.owner.client.put(`${base(o)}/123`, { name: 'X' }), 'NotFoundError')
    expectError(await o.anonymous.put(`${base(o)}/${c.id}`, { name: 'X' }), 'UnauthorizedError')
    expect((await o.owner.client.get(`${base(o)}/${c.id}`)).json.checklist.name).toBe('Keep')
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/checklists/${theirs.id}`)).json.checklist.name).toBe('Theirs')
  })
})

describe('DELETE /v1/orgs/:orgId/checklists/:id', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('without records: 204, the checklist and its items are gone', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Temp' })
    const item = await addItem(o.owner, o.orgId, c.id, { label: 'Fridge', type: 'check' })
    // Records of another kind (a temperature log) do not count.
    await insertRecord(o, c.id, item.id, 'temperature')
    const r = await o.admin.client.del(`${base(o)}/${c.id}`)
    expect(r.status, r.text).toBe(204)
    expect(r.text).toBe('')
    expectError(await o.admin.client.get(`${base(o)}/${c.id}`), 'NotFoundError')
    expect(await t.db.$count(checklistItems, eq(checklistItems.checklistId, c.id))).toBe(0)
    expectError(await o.admin.client.del(`${base(o)}/${c.id}`), 'NotFoundError')
  })

  test('with records: archived instead (200), records and items kept; again keeps the first archive time', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Used' })
    const item = await addItem(o.owner, o.orgId, c.id, { label: 'Fridge', type: 'check' })
    const recordId = await insertRecord(o, c.id, item.id)
    const r = await o.owner.client.del(`${base(o)}/${c.id}`)
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ checklist: { ...c, itemCount: 1, archivedAt: expect.any(String) }, archived: true })
    expect(await t.db.$count(records, eq(records.id, recordId))).toBe(1)
    expect(await t.db.$count(checklistItems, eq(checklistItems.checklistId, c.id))).toBe(1)
    expect(names(await o.owner.client.get(base(o)))).not.toContain('Used')
    const again = await o.owner.client.del(`${base(o)}/${c.id}`)
    expect(again.status).toBe(200)
    expect(again.json.checklist.archivedAt).toBe(r.json.checklist.archivedAt)
  })

  test('records of another organisation’s checklist do not stop a delete here', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Clean' })
    // A record in the outsider's organisation naming this id (ids are random; the org scope still applies).
    await t.db.insert(records).values({
      orgId: o.outsider.orgId,
      venueId: o.outsider.venueId,
      kind: 'checklist',
      templateId: c.id,
      itemId: randomUUID(),
      date: '2026-01-05',
      templateName: 'x',
      label: 'x',
      itemType: 'check',
      status: 'done',
      recordedByName: 'x',
    })
    expect((await o.owner.client.del(`${base(o)}/${c.id}`)).status).toBe(204)
  })

  test('BASIC 403; another organisation’s, unknown and malformed ids 404; signed out 401', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Stays' })
    const theirs = await make(o.outsider, o.outsider.orgId, { name: 'Theirs' })
    expectError(await o.basic.client.del(`${base(o)}/${c.id}`), 'ForbiddenError')
    expectError(await o.basicLimited.client.del(`${base(o)}/${c.id}`), 'ForbiddenError')
    expectError(await o.outsider.client.del(`${base(o)}/${c.id}`), 'NotFoundError')
    expectError(await o.outsider.client.del(`/v1/orgs/${o.outsider.orgId}/checklists/${c.id}`), 'NotFoundError')
    expectError(await o.owner.client.del(`${base(o)}/${theirs.id}`), 'NotFoundError')
    expectError(await o.owner.client.del(`${base(o)}/${randomUUID()}`), 'NotFoundError')
    expectError(await o.owner.client.del(`${base(o)}/x`), 'NotFoundError')
    expectError(await o.anonymous.del(`${base(o)}/${c.id}`), 'UnauthorizedError')
    expect((await o.owner.client.get(`${base(o)}/${c.id}`)).status).toBe(200)
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/checklists/${theirs.id}`)).status).toBe(200)
  })
})

describe('POST /v1/orgs/:orgId/checklists/:id/archive and /restore', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('archive hides it from the list (kept archived, same time, when archived again); restore puts it last', async () => {
    const a = await make(o.owner, o.orgId, { name: 'A' })
    await make(o.owner, o.orgId, { name: 'B' })
    const r = await o.admin.client.post(`${base(o)}/${a.id}/archive`)
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ checklist: { ...a, archivedAt: expect.any(String) } })
    expect(names(await o.basic.client.get(base(o)))).toEqual(['B'])
    const again = await o.admin.client.post(`${base(o)}/${a.id}/archive`)
    expect(again.json.checklist.archivedAt).toBe(r.json.checklist.archivedAt)
    await make(o.owner, o.orgId, { name: 'C' })
    const restored = await o.owner.client.post(`${base(o)}/${a.id}/restore`)
    expect(restored.status, restored.text).toBe(200)
    expect(restored.json.checklist).toMatchObject({ id: a.id, archivedAt: null })
    expect(names(await o.basic.client.get(base(o)))).toEqual(['B', 'C', 'A'])
    // Restoring one that is not archived changes nothing.
    const noop = await o.owner.client.post(`${base(o)}/${a.id}/restore`)
    expect(noop.json.checklist).toEqual(restored.json.checklist)
  })

  test('BASIC 403; another organisation’s, unknown and malformed ids 404; signed out 401', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Guarded' })
    const theirs = await make(o.outsider, o.outsider.orgId, { name: 'Theirs' })
    for (const action of ['archive', 'restore']) {
      expectError(await o.basic.client.post(`${base(o)}/${c.id}/${action}`), 'ForbiddenError')
      expectError(await o.basicLimited.client.post(`${base(o)}/${c.id}/${action}`), 'ForbiddenError')
      expectError(await o.outsider.client.post(`${base(o)}/${c.id}/${action}`), 'NotFoundError')
      expectError(await o.owner.client.post(`${base(o)}/${theirs.id}/${action}`), 'NotFoundError')
      expectError(await o.owner.client.post(`${base(o)}/${randomUUID()}/${action}`), 'NotFoundError')
      expectError(await o.owner.client.post(`${base(o)}/nope/${action}`), 'NotFoundError')
      expectError(await o.anonymous.post(`${base(o)}/${c.id}/${action}`), 'UnauthorizedError')
    }
    expect((await o.owner.client.get(`${base(o)}/${c.id}`)).json.checklist.archivedAt).toBeNull()
    expect((await o.outsider.client.get(`/v1/orgs/${o.outsider.orgId}/checklists/${theirs.id}`)).json.checklist.archivedAt).toBeNull()
  })
})

describe('POST /v1/orgs/:orgId/checklists/:id/duplicate', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t)
  })

  test('a copy named "<name> (copy)", last, not archived, with the non-archived items in order', async () => {
    const c = await make(o.owner, o.orgId, {
      name: 'Opening',
      description: 'Morning',
      venueIds: [o.venueB],
      days: [1, 2],
      dueTime: '09:30',
    })
    await make(o.owner, o.orgId, { name: 'Other' })
    const one = await addItem(o.owner, o.orgId, c.id, { label: 'One', type: 'check', instructions: 'Look' })
    const two = await addItem(o.owner, o.orgId, c.id, { label: 'Two', type: 'number', min: -2, max: 4.5, required: false })
    const gone = await addItem(o.owner, o.orgId, c.id, { label: 'Gone', type: 'text' })
    const three = await addItem(o.owner, o.orgId, c.id, { label: 'Three', type: 'photo' })
    await o.owner.client.post(`/v1/orgs/${o.orgId}/checklist-items/${gone.id}/archive`)
    await o.owner.client.post(`${base(o)}/${c.id}/items/reorder`, { ids: [three.id, one.id, two.id] })
    await o.owner.client.post(`${base(o)}/${c.id}/archive`)

    const r = await o.admin.client.post(`${base(o)}/${c.id}/duplicate`)
    expect(r.status, r.text).toBe(201)
    const copy = r.json.checklist
    expect(copy).toEqual({
      id: expect.any(String),
      name: 'Opening (copy)',
      description: 'Morning',
      venueIds: [o.venueB],
      days: [1, 2],
      monthDays: [],
      dueTime: '09:30',
      checksPerDay: 1,
      checkTimes: [null],
      requiresSignOff: false,
      position: 2,
      archivedAt: null,
      itemCount: 3,
    })
    expect(copy.id).not.toBe(c.id)
    const items = (await o.basic.client.get(`${base(o)}/${copy.id}`)).json.items
    expect(items).toEqual([
      { id: expect.any(String), checklistId: copy.id, label: 'Three', instructions: '', type: 'photo', required: true, min: null, max: null, failsOn: null, unit: null, options: null, photoWhenFailing: false, noteWhenFailing: false, position: 0, archivedAt: null },
      { id: expect.any(String), checklistId: copy.id, label: 'One', instructions: 'Look', type: 'check', required: true, min: null, max: null, failsOn: null, unit: null, options: null, photoWhenFailing: false, noteWhenFailing: false, position: 1, archivedAt: null },
      { id: expect.any(String), checklistId: copy.id, label: 'Two', instructions: '', type: 'number', required: false, min: -2, max: 4.5, failsOn: null, unit: null, options: null, photoWhenFailing: false, noteWhenFailing: false, position: 2, archivedAt: null },
    ])
    expect(items.map((i: { id: string }) => i.id)).not.toContain(one.id)
    // The original is untouched.
    const original = (await o.basic.client.get(`${base(o)}/${c.id}`)).json
    expect(original.items).toHaveLength(4)
    expect(original.checklist.archivedAt).toEqual(expect.any(String))
    expect(names(await o.basic.client.get(base(o)))).toEqual(['Other', 'Opening (copy)'])
  })

  test('a checklist without items and a long name', async () => {
    const c = await make(o.owner, o.orgId, { name: 'n'.repeat(100) })
    const r = await o.owner.client.post(`${base(o)}/${c.id}/duplicate`)
    expect(r.status).toBe(201)
    expect(r.json.checklist.name).toBe(`${'n'.repeat(93)} (copy)`)
    expect(r.json.checklist.itemCount).toBe(0)
    const again = await o.owner.client.post(`${base(o)}/${c.id}/duplicate`)
    expect(again.json.checklist.name).toBe(`${'n'.repeat(91)} (copy 2)`)
  })

  test('copies are numbered: "(copy)", "(copy 2)", "(copy 3)"; a copy of a copy counts from the original', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Closing' })
    const dup = async (id: string) => (await o.owner.client.post(`${base(o)}/${id}/duplicate`)).json.checklist
    const first = await dup(c.id)
    expect(first.name).toBe('Closing (copy)')
    expect((await dup(c.id)).name).toBe('Closing (copy 2)')
    expect((await dup(first.id)).name).toBe('Closing (copy 3)')
    // A name that only starts the same is not taken.
    await make(o.owner, o.orgId, { name: 'Closing time' })
    expect((await dup(c.id)).name).toBe('Closing (copy 4)')
  })

  test('BASIC 403; another organisation’s, unknown and malformed ids 404; signed out 401', async () => {
    const c = await make(o.owner, o.orgId, { name: 'Single' })
    const theirs = await make(o.outsider, o.outsider.orgId, { name: 'Theirs' })
    const count = () => t.db.$count(checklists, eq(checklists.orgId, o.orgId))
    const before = await count()
    expectError(await o.basic.client.post(`${base(o)}/${c.id}/duplicate`), 'ForbiddenError')
    expectError(await o.basicLimited.client.post(`${base(o)}/${c.id}/duplicate`), 'ForbiddenError')
    expectError(await o.outsider.client.post(`${base(o)}/${c.id}/duplicate`), 'NotFoundError')
    expectError(await o.outsider.client.post(`/v1/orgs/${o.outsider.orgId}/checklists/${c.id}/duplicate`), 'NotFoundError')
    expectError(await o.owner.client.post(`${base(o)}/${theirs.id}/duplicate`), 'NotFoundError')
    expectError(await o.owner.client.post(`${base(o)}/${randomUUID()}/duplicate`), 'NotFoundError')
    expectError(await o.owner.client.post(`${base(o)}/zz/duplicate`), 'NotFoundError')
    expectError(await o.anonymous.post(`${base(o)}/${c.id}/duplicate`), 'UnauthorizedError')
    expect(await count()).toBe(before)
  })
})

describe('onboarding: the checklist step', () => {
  test('done once a non-archived checklist exists', async () => {
    const o = await createOrgWithActors(t)
    const url = `/v1/orgs/${o.orgId}/onboarding`
    const step = async () => ((await o.owner.client.get(url)).json.steps as { key: string; done: boolean; href: string }[]).find((s) => s.key === 'checklist')
    const keys = ((await o.owner.client.get(url)).json.steps as { key: string }[]).map((s) => s.key)
    expect(keys.indexOf('checklist')).toBe(keys.indexOf('venue') + 1)
    expect(await step()).toEqual({ key: 'checklist', done: false, href: '/settings/checklists/new' })
    const c = await make(o.owner, o.orgId, { name: 'First' })
    expect((await step())!.done).toBe(true)
    await o.owner.client.post(`${base(o)}/${c.id}/archive`)
    expect((await step())!.done).toBe(false)
    // Another organisation's checklist does not count.
    await make(o.outsider, o.outsider.orgId, { name: 'Theirs' })
    expect((await step())!.done).toBe(false)
  })
})
