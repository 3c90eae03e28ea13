/**
 * Issue #16: a library of starter checklists (opening, closing, cleaning schedule, delivery checks,
 * allergen checks, weekly pest check) in English and Spanish; choosing one copies it into the
 * organisation as an ordinary checklist with its items and schedule (ADR 049).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
let other: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  other = await createOrgWithActors(t, { orgName: 'Other kitchen' })
})
afterAll(() => t.close())

const base = () => `/v1/orgs/${o.orgId}`

describe('the starter list', () => {
  test('six starters with their names, descriptions and item counts, in English', async () => {
    const res = await o.basic.client.get(`${base()}/checklists/starters`)
    expect(res.status, res.text).toBe(200)
    const starters = res.json.starters as { key: string; name: string; description: string; itemCount: number }[]
    expect(starters.map((s) => s.key)).toEqual(['opening', 'closing', 'cleaning', 'delivery', 'allergens', 'pest'])
    expect(starters.find((s) => s.key === 'pest')).toEqual({
      key: 'pest',
      name: 'Weekly pest check',
      description: expect.stringContaining('Once a week'),
      itemCount: 5,
    })
    for (const s of starters) {
      expect(s.name.length).toBeGreaterThan(0)
      expect(s.description.length).toBeGreaterThan(0)
      expect(s.itemCount).toBeGreaterThanOrEqual(4)
    }
  })

  test('in Spanish for a reader whose language is Spanish', async () => {
    const res = await inSpanish(o.basic.client, () => o.basic.client.get(`${base()}/checklists/starters`))
    expect(res.status, res.text).toBe(200)
    const pest = (res.json.starters as { key: string; name: string }[]).find((s) => s.key === 'pest')
    expect(pest?.name).toBe('Control semanal de plagas')
    expect((res.json.starters as { name: string }[]).map((s) => s.name)).toContain('Plan de limpieza')
  })

  test("another organisation's member gets 404", async () => {
    expectError(await other.admin.client.get(`${base()}/checklists/starters`), 'NotFoundError')
  })
})

describe('copying a starter', () => {
  test('creates an ordinary checklist with its items in order and its schedule', async () => {
    const res = await o.admin.client.post(`${base()}/checklists/starters/pest`)
    expect(res.status, res.text).toBe(201)
    const checklist = res.json.checklist
    expect(checklist).toMatchObject({ name: 'Weekly pest check', days: [1], dueTime: '10:00', checksPerDay: 1, itemCount: 5, archivedAt: null, venueIds: [] })
    const read = await o.admin.client.get(`${base()}/checklists/${checklist.id}`)
    expect(read.status, read.text).toBe(200)
    const items = read.json.items as Record<string, unknown>[]
    expect(items.map((i) => i.label)).toEqual([
      'Any signs of pests?',
      'Traps and bait stations checked',
      'Doors, windows and fly screens intact?',
      'Dry stores off the floor and sealed?',
      'Notes for the pest contractor',
    ])
    expect(items.map((i) => i.position)).toEqual([0, 1, 2, 3, 4])
    expect(items[0]).toMatchObject({ type: 'yes_no', failsOn: 'yes', photoWhenFailing: true, noteWhenFailing: true, required: true })
    expect(items[4]).toMatchObject({ type: 'text', required: false })
    // It is in the organisation's list like any checklist.
    const list = await o.basic.client.get(`${base()}/checklists`)
    expect((list.json.checklists as { id: string }[]).map((c) => c.id)).toContain(checklist.id)
  })

  test('every starter copies, with measures, choices and several checks a day', async () => {
    const cleaning = await o.admin.client.post(`${base()}/checklists/starters/cleaning`)
    expect(cleaning.status, cleaning.text).toBe(201)
    expect(cleaning.json.checklist).toMatchObject({ checksPerDay: 2, checkTimes: ['12:00', '18:00'], days: [0, 1, 2, 3, 4, 5, 6] })
    const delivery = await o.admin.client.post(`${base()}/checklists/starters/delivery`)
    expect(delivery.status, delivery.text).toBe(201)
    const items = (await o.admin.client.get(`${base()}/checklists/${delivery.json.checklist.id}`)).json.items as Record<string, any>[]
    expect(items.find((i) => i.type === 'measure')).toMatchObject({ unit: '°C', min: 0, max: 5 })
    expect(items.find((i) => i.type === 'choice')?.options).toEqual([
      { label: 'Good', fails: false },
      { label: 'Damaged, accepted', fails: false },
      { label: 'Damaged, rejected', fails: true },
    ])
    for (const key of ['opening', 'closing', 'allergens']) {
      const res = await o.admin.client.post(`${base()}/checklists/starters/${key}`)
      expect(res.status, res.text).toBe(201)
      expect(res.json.checklist.itemCount).toBeGreaterThanOrEqual(4)
    }
  })

  test("is written in the caller's language", async () => {
    const res = await inSpanish(o.owner.client, () => o.owner.client.post(`${base()}/checklists/starters/pest`))
    expect(res.status, res.text).toBe(201)
    expect(res.json.checklist.name).toBe('Control semanal de plagas')
    const items = (await o.owner.client.get(`${base()}/checklists/${res.json.checklist.id}`)).json.items as { label: string }[]
    expect(items[0]!.label).toBe('¿Hay señales de plagas?')
  })

  test('BASIC → 403, another organisation → 404, an unknown key → 404; nothing is created', async () => {
    const before = (await o.owner.client.get(`${base()}/checklists?showArchived=true`)).json.checklists.length
    expectError(await o.basic.client.post(`${base()}/checklists/starters/pest`), 'ForbiddenError', { message: null })
    expectError(await other.admin.client.post(`${base()}/checklists/starters/pest`), 'NotFoundError')
    expectError(await o.admin.client.post(`${base()}/checklists/starters/nope`), 'NotFoundError')
    expectError(await o.admin.client.post(`${base()}/checklists/starters/PEST`), 'NotFoundError')
    expect((await o.owner.client.get(`${base()}/checklists?showArchived=true`)).json.checklists.length).toBe(before)
    const otherList = await other.owner.client.get(`/v1/orgs/${other.orgId}/checklists?showArchived=true`)
    expect(otherList.json.checklists).toEqual([])
  })
})
