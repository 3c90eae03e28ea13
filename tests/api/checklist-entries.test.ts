import { randomUUID } from 'node:crypto'
import { addDays, format, parseISO } from 'date-fns'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { checklistProgress } from '../../server/checklists/entries.ts'
import { recordResolutions, records, venues } from '../../server/db/schema.ts'
import { todayIn, weekdayOf } from '../../server/records/service.ts'
import { cellKey, progressOf } from '../../server/templates/day.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { archiveChecklist, archiveItem, createChecklist, FILES, renameItem, uploadFile, type CreatedChecklist } from '../support/checklists.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish, walkCardAndPage } from './_helpers.ts'

/** Templates in place since long ago: due on the past days these tests read (ADR 085). */
const SINCE = new Date('2026-01-01T00:00:00Z')
let t: TestApp
let o: OrgWithActors
const ZONE = 'Europe/Madrid'
let today: string
const shift = (day: string, n: number) => format(addDays(parseISO(day), n), 'yyyy-MM-dd')

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  today = todayIn(ZONE)
})
afterAll(() => t.close())

const base = () => `/v1/orgs/${o.orgId}`
const dayUrl = (venueId: string, date?: string) => `${base()}/venues/${venueId}/checklist-entries${date ? `?date=${date}` : ''}`
const entryUrl = (checklistId: string, venueId: string, date?: string) =>
  `${base()}/checklist-entries/${checklistId}?venueId=${venueId}${date ? `&date=${date}` : ''}`
const complete = (actor: Actor, checklistId: string, itemId: string, body: Record<string, unknown>) =>
  actor.client.post(`${base()}/checklist-entries/${checklistId}/items/${itemId}/complete`, body)
const resolve = (actor: Actor, checklistId: string, itemId: string, body: Record<string, unknown>) =>
  actor.client.post(`${base()}/checklist-entries/${checklistId}/items/${itemId}/resolve`, body)

function listed(res: { json: any }, id: string) {
  return (res.json.checklists as { id: string }[]).find((c) => c.id === id) as any
}

describe('GET venues/:venueId/checklist-entries (the day list)', () => {
  test('lists the non-archived checklists due that day at that venue, ordered by position, in the documented shape', async () => {
    const org = await createOrgWithActors(t)
    const weekday = weekdayOf(todayIn(ZONE))
    const everywhere = await createChecklist(t, org.orgId, { name: 'Opening', description: 'Before doors', position: 2, items: [{ type: 'check' }], createdAt: SINCE })
    const onlyA = await createChecklist(t, org.orgId, { name: 'A only', position: 1, venueIds: [org.venueA], dueTime: '23:59', createdAt: SINCE })
    await createChecklist(t, org.orgId, { name: 'B only', position: 0, venueIds: [org.venueB], createdAt: SINCE })
    await createChecklist(t, org.orgId, { name: 'Other days', days: [(weekday + 1) % 7], createdAt: SINCE })
    await createChecklist(t, org.orgId, { name: 'Archived', archived: true })
    const res = await org.basic.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueA}/checklist-entries`)
    expect(res.status, res.text).toBe(200)
    const progress = { done: 0, total: 1, optional: { done: 0, total: 0 }, failed: 0, unresolved: 0 }
    expect(res.json).toEqual({
      date: today,
      today,
      isToday: true,
      isPast: false,
      venue: { id: org.venueA, name: 'Venue A', timeZone: ZONE },
      checklists: [
        {
          id: onlyA.id,
          name: 'A only',
          description: '',
          dueTime: '23:59',
          checksPerDay: 1,
          requiresSignOff: false,
          signedOff: false,
          overdue: expect.any(Boolean),
          complete: true,
          progress: { done: 0, total: 0, optional: { done: 0, total: 0 }, failed: 0, unresolved: 0 },
          checks: [{ slot: 0, time: '23:59', complete: true, overdue: expect.any(Boolean), done: 0, total: 0, unresolved: 0 }],
        },
        {
          id: everywhere.id,
          name: 'Opening',
          description: 'Before doors',
          dueTime: null,
          checksPerDay: 1,
          requiresSignOff: false,
          signedOff: false,
          overdue: false,
          complete: false,
          progress,
          checks: [{ slot: 0, time: null, complete: false, overdue: false, done: 0, total: 1, unresolved: 0 }],
        },
      ],
    })
    const b = await org.basic.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueB}/checklist-entries`)
    expect(b.json.checklists.map((c: { name: string }) => c.name)).toEqual(['B only', 'Opening'])
    // Another day of the week lists what is due then.
    const tomorrowish = shift(today, -6)
    const other = await org.basic.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueA}/checklist-entries?date=${tomorrowish}`)
    expect(other.json).toMatchObject({ date: tomorrowish, isToday: false, isPast: true })
    expect(other.json.checklists.map((c: { name: string }) => c.name)).toEqual(['A only', 'Opening', 'Other days'])
  })

  test('dates: future refused, invalid refused (ValidationError data.date), past allowed', async () => {
    expectError(await o.basic.client.get(dayUrl(o.venueA, shift(today, 1))), 'ValidationError', { data: ['date'] })
    for (const bad of ['2024-02-30', '2024-13-01', 'yesterday', '2024-1-5', '0000-01-01', '20240105']) {
      expectError(await o.basic.client.get(dayUrl(o.venueA, bad)), 'ValidationError', { data: ['date'] })
    }
    // An impossible day is "not a date", never "a day that has not come yet" — on every call taking a date.
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no' }] })
    for (const bad of ['2026-02-30', '2099-02-30']) {
      for (const res of [
        await o.basic.client.get(dayUrl(o.venueA, bad)),
        await o.basic.client.get(entryUrl(c.id, o.venueA, bad)),
        await complete(o.basic, c.id, c.items[0]!.id, { venueId: o.venueA, date: bad, value: 'yes' }),
        await resolve(o.basic, c.id, c.items[0]!.id, { venueId: o.venueA, date: bad, note: 'x' }),
        await o.basic.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}/temperature-entries?date=${bad}`),
        await o.admin.client.post(`/v1/orgs/${o.orgId}/checklist-entries/export`, { venueId: o.venueA, from: bad, to: '2099-03-01', format: 'csv' }),
      ]) {
        const data = expectError(res, 'ValidationError')!
        expect(Object.values(data).join(' ')).toMatch(/yyyy-MM-dd/)
        expect(Object.values(data).join(' ')).not.toMatch(/future/i)
      }
    }
    const past = await o.basic.client.get(dayUrl(o.venueA, '2024-02-29'))
    expect(past.status).toBe(200)
    expect(past.json).toMatchObject({ date: '2024-02-29', isPast: true, isToday: false })
  })

  test('the number of queries does not grow with checklists and items', async () => {
    const small = await createOrgWithActors(t)
    const big = await createOrgWithActors(t)
    // Records through each organisation's own path (the file's `complete` helper targets `o`).
    const record = async (org: OrgWithActors, checklistId: string, itemId: string, body: Record<string, unknown>) => {
      const res = await org.owner.client.post(`/v1/orgs/${org.orgId}/checklist-entries/${checklistId}/items/${itemId}/complete`, body)
      expect(res.status, res.text).toBe(201)
    }
    const one = await createChecklist(t, small.orgId, { items: [{ type: 'check' }] })
    await record(small, one.id, one.items[0]!.id, { venueId: small.venueA, date: today })
    for (let i = 0; i < 6; i++) {
      const c = await createChecklist(t, big.orgId, { items: Array.from({ length: 5 }, () => ({ type: 'yes_no' as const })) })
      for (const item of c.items.slice(0, 3)) await record(big, c.id, item.id, { venueId: big.venueA, date: today, value: i % 2 ? 'yes' : 'no' })
    }
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
    const spy = vi.spyOn(client, 'query')
    try {
      const count = async (org: OrgWithActors) => {
        spy.mockClear()
        const res = await org.owner.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueA}/checklist-entries`)
        expect(res.status).toBe(200)
        return { n: spy.mock.calls.length, lists: res.json.checklists.length }
      }
      const a = await count(small)
      const b = await count(big)
      expect(a.lists).toBe(1)
      expect(b.lists).toBe(6)
      expect(a.n).toBeGreaterThan(0)
      expect(b.n).toBe(a.n)
      // session + membership + venue + checklists + items + records
      expect(b.n).toBeLessThanOrEqual(7)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('completing items: the type rules', () => {
  test('check: "true" or nothing → done; anything else refused', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'check', label: 'Lights on' }] })
    const item = c.items[0]!
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: today, value: 'false' }), 'ValidationError', { data: ['value'] })
    const res = await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: today })
    expect(res.status, res.text).toBe(201)
    expect(res.json).toEqual({
      record: {
        id: expect.any(String),
        value: 'true',
        note: null,
        upload: null,
        status: 'done',
        late: false,
        label: 'Lights on',
        itemType: 'check',
        min: null,
        max: null,
        failsOn: null,
        unit: null,
        options: null,
        recordedBy: { membershipId: o.basic.membershipId, name: 'Bea Basic', device: null },
        recordedAt: expect.any(String),
        deviceRecordedAt: null,
        supersedesId: null,
        resolution: null,
      },
    })
    expect(new Date(res.json.record.recordedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  test('yes_no: "yes" done, "no" failed; anything else refused', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no' }, { type: 'yes_no' }] })
    expect((await complete(o.basic, c.id, c.items[0]!.id, { venueId: o.venueA, value: 'yes' })).json.record).toMatchObject({ value: 'yes', status: 'done' })
    expect((await complete(o.basic, c.id, c.items[1]!.id, { venueId: o.venueA, value: 'no', note: ' smelled off ' })).json.record).toMatchObject({
      value: 'no',
      status: 'failed',
      note: 'smelled off',
    })
    for (const value of [undefined, '', 'maybe', 'true']) {
      expectError(await complete(o.basic, c.id, c.items[0]!.id, { venueId: o.venueA, value }), 'ValidationError', { data: ['value'] })
    }
  })

  test('yes_no: the item says which answer fails — "yes" for "Any pests seen?", or neither; the record keeps it', async () => {
    const c = await createChecklist(t, o.orgId, {
      items: [
        { type: 'yes_no', label: 'Any pests seen?', failsOn: 'yes' },
        { type: 'yes_no', label: 'Delivery on time?', failsOn: 'none' },
      ],
    })
    const [pests, delivery] = c.items
    expect((await complete(o.basic, c.id, pests!.id, { venueId: o.venueA, value: 'no' })).json.record).toMatchObject({ value: 'no', status: 'done', failsOn: 'yes' })
    expect((await complete(o.basic, c.id, pests!.id, { venueId: o.venueA, value: 'yes' })).json.record).toMatchObject({ value: 'yes', status: 'failed', failsOn: 'yes' })
    expect((await complete(o.basic, c.id, delivery!.id, { venueId: o.venueA, value: 'no' })).json.record).toMatchObject({ status: 'done', failsOn: 'none' })
    expect((await complete(o.basic, c.id, delivery!.id, { venueId: o.venueA, value: 'yes' })).json.record).toMatchObject({ status: 'done', failsOn: 'none' })
    const entry = await o.basic.client.get(entryUrl(c.id, o.venueA))
    expect(entry.json.items.map((i: any) => i.item.failsOn)).toEqual(['yes', 'none'])
    expect(entry.json).toMatchObject({ complete: false, progress: { done: 1, total: 2, failed: 1, unresolved: 1 } })
  })

  test('number: outside min/max fails, inside (limits included) is done, non-numbers refused', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'number', label: 'Fridge °C', min: 0, max: 5 }, { type: 'number' }] })
    const [fridge, free] = c.items
    const cases: [string, string, string][] = [
      ['3.5', '3.5', 'done'],
      ['5', '5', 'done'],
      ['0', '0', 'done'],
      ['5.1', '5.1', 'failed'],
      ['-1', '-1', 'failed'],
      ['4,5', '4.5', 'done'],
    ]
    for (const [value, stored, status] of cases) {
      const res = await complete(o.basic, c.id, fridge!.id, { venueId: o.venueA, value })
      expect(res.status, res.text).toBe(201)
      expect(res.json.record).toMatchObject({ value: stored, status, min: 0, max: 5, itemType: 'number', label: 'Fridge °C' })
    }
    expect((await complete(o.basic, c.id, free!.id, { venueId: o.venueA, value: '-40' })).json.record.status).toBe('done')
    for (const value of [undefined, '', 'abc', '1e3', 'NaN', 'Infinity', '1.2.3', ' ']) {
      expectError(await complete(o.basic, c.id, fridge!.id, { venueId: o.venueA, value }), 'ValidationError', { data: ['value'] })
    }
  })

  test('text: non-empty (trimmed) done; empty refused', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'text' }] })
    expectError(await complete(o.basic, c.id, c.items[0]!.id, { venueId: o.venueA, value: '   ' }), 'ValidationError', { data: ['value'] })
    expectError(await complete(o.basic, c.id, c.items[0]!.id, { venueId: o.venueA }), 'ValidationError', { data: ['value'] })
    expect((await complete(o.basic, c.id, c.items[0]!.id, { venueId: o.venueA, value: '  All clean  ' })).json.record).toMatchObject({
      value: 'All clean',
      status: 'done',
    })
  })

  test('photo: needs an image upload of this organisation', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'photo', label: 'Delivery photo' }] })
    const item = c.items[0]!
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA }), 'ValidationError', { data: ['uploadId'] })
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, uploadId: randomUUID() }), 'ValidationError', { data: ['uploadId'] })
    const pdf = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.pdf(), name: 'photo.jpg' })
    expect(pdf.json.contentType).toBe('application/pdf')
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, uploadId: pdf.json.id }), 'ValidationError', { data: ['uploadId'] })
    const foreign = await uploadFile(t, o.outsider.client, o.outsider.orgId, { bytes: FILES.jpeg(), name: 'x.jpg' })
    expect(foreign.status).toBe(201)
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, uploadId: foreign.json.id }), 'ValidationError', { data: ['uploadId'] })
    const image = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.png(), name: 'crate.png' })
    const res = await complete(o.basic, c.id, item.id, { venueId: o.venueA, uploadId: image.json.id })
    expect(res.status, res.text).toBe(201)
    expect(res.json.record).toMatchObject({
      status: 'done',
      value: null,
      itemType: 'photo',
      upload: { id: image.json.id, url: `/v1/orgs/${o.orgId}/uploads/${image.json.id}`, contentType: 'image/png' },
    })
  })

  test('bodies: unknown fields, bad venue ids and wrong types are ValidationErrors', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'check' }] })
    const item = c.items[0]!
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, extra: 1 }), 'ValidationError', { data: ['extra'] })
    expectError(await complete(o.basic, c.id, item.id, { venueId: 'nope' }), 'ValidationError', { data: ['venueId'] })
    expectError(await complete(o.basic, c.id, item.id, {}), 'ValidationError', { data: ['venueId'] })
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, value: 5 }), 'ValidationError', { data: ['value'] })
    expectError(await o.basic.client.post(`${base()}/checklist-entries/${c.id}/items/${item.id}/complete`, 'not json'), 'BadRequestError', {
      message: null,
    })
  })
})

describe('dates and lateness', () => {
  test('future dates are refused; past dates are late; today is not', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'check' }], createdAt: SINCE })
    const item = c.items[0]!
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: shift(today, 1) }), 'ValidationError', { data: ['date'] })
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: '2023-02-29' }), 'ValidationError', { data: ['date'] })
    const late = await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: shift(today, -1) })
    expect(late.status, late.text).toBe(201)
    expect(late.json.record.late).toBe(true)
    const onTime = await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: today })
    expect(onTime.json.record.late).toBe(false)
    // They are different days: neither supersedes the other.
    expect(onTime.json.record.supersedesId).toBeNull()
    const [row] = await t.db.select().from(records).where(eq(records.id, late.json.record.id))
    expect(row).toMatchObject({ date: shift(today, -1), late: true, venueId: o.venueA, kind: 'checklist', templateId: c.id, itemId: item.id })
  })

  test('a checklist is recorded only on the days it is due and at the venues it is used at', async () => {
    const weekday = weekdayOf(today)
    const c = await createChecklist(t, o.orgId, { days: [weekday], venueIds: [o.venueA], items: [{ type: 'check' }], createdAt: SINCE })
    const item = c.items[0]!
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: shift(today, -1) }), 'ValidationError', { data: ['date'] })
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueB }), 'NotFoundError')
    expect((await complete(o.basic, c.id, item.id, { venueId: o.venueA, date: shift(today, -7) })).status).toBe(201)
    expectError(await o.basic.client.get(entryUrl(c.id, o.venueB)), 'NotFoundError')
  })
})

describe('failures and resolutions', () => {
  test('a failure needs a resolution; resolving twice, a done item or nothing is a 400', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no', label: 'Probe clean?' }, { type: 'check' }] })
    const [q, tick] = c.items
    expectError(await resolve(o.basic, c.id, q!.id, { venueId: o.venueA, note: 'nothing yet' }), 'BadRequestError', { message: /nothing recorded/i })
    const failed = await complete(o.basic, c.id, q!.id, { venueId: o.venueA, value: 'no' })
    let day = await o.basic.client.get(dayUrl(o.venueA))
    expect(listed(day, c.id)).toMatchObject({ complete: false, progress: { done: 0, total: 2, failed: 1, unresolved: 1 } })
    expectError(await resolve(o.basic, c.id, q!.id, { venueId: o.venueA, note: '   ' }), 'ValidationError', { data: ['note'] })
    const resolved = await resolve(o.admin, c.id, q!.id, { venueId: o.venueA, date: today, note: ' Re-cleaned and sanitised ' })
    expect(resolved.status, resolved.text).toBe(201)
    expect(resolved.json.record).toMatchObject({
      id: failed.json.record.id,
      status: 'failed',
      resolution: { note: 'Re-cleaned and sanitised', resolvedBy: { membershipId: o.admin.membershipId, name: 'Adam Admin' }, resolvedAt: expect.any(String) },
    })
    expectError(await resolve(o.basic, c.id, q!.id, { venueId: o.venueA, note: 'again' }), 'BadRequestError', { message: /already been resolved/i })
    await complete(o.basic, c.id, tick!.id, { venueId: o.venueA })
    expectError(await resolve(o.basic, c.id, tick!.id, { venueId: o.venueA, note: 'why' }), 'BadRequestError', { message: /only a failed item/i })
    day = await o.basic.client.get(dayUrl(o.venueA))
    expect(listed(day, c.id)).toMatchObject({ complete: true, overdue: false, progress: { done: 2, total: 2, failed: 1, unresolved: 0 } })
    expect(await t.db.select().from(recordResolutions).where(eq(recordResolutions.recordId, failed.json.record.id))).toHaveLength(1)
  })

  test('messages are in the caller’s language', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'check' }] })
    const res = await inSpanish(o.basic.client, () =>
      o.basic.client.post(`${base()}/checklist-entries/${c.id}/items/${c.items[0]!.id}/resolve`, { venueId: o.venueA, note: 'x' }),
    )
    expectError(res, 'BadRequestError', { message: /No hay nada registrado/ })
  })

  test('two resolutions at the same moment: one wins, the other is a 400', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no' }] })
    const item = c.items[0]!
    await complete(o.basic, c.id, item.id, { venueId: o.venueA, value: 'no' })
    const results = await Promise.all([1, 2, 3].map((n) => resolve(o.basic, c.id, item.id, { venueId: o.venueA, note: `fix ${n}` })))
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400])
  })
})

describe('corrections supersede; history is kept', () => {
  test('a second completion supersedes the first; both rows exist; the entry shows the newest and the history', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'number', min: 0, max: 5, label: 'Walk-in' }] })
    const item = c.items[0]!
    const first = await complete(o.basic, c.id, item.id, { venueId: o.venueA, value: '9' })
    expect(first.json.record.status).toBe('failed')
    const second = await complete(o.admin, c.id, item.id, { venueId: o.venueA, value: '4', note: 'misread' })
    expect(second.json.record).toMatchObject({ status: 'done', supersedesId: first.json.record.id, recordedBy: { name: 'Adam Admin' } })
    const third = await complete(o.basic, c.id, item.id, { venueId: o.venueA, value: '3' })
    expect(third.json.record.supersedesId).toBe(second.json.record.id)
    const rows = await t.db.select().from(records).where(and(eq(records.orgId, o.orgId), eq(records.itemId, item.id)))
    expect(rows).toHaveLength(3)
    const entry = await o.basic.client.get(entryUrl(c.id, o.venueA))
    expect(entry.status, entry.text).toBe(200)
    const [line] = entry.json.items
    expect(line.record.id).toBe(third.json.record.id)
    expect(line.history.map((r: { id: string }) => r.id)).toEqual([second.json.record.id, first.json.record.id])
    expect(line.history[1]).toMatchObject({ value: '9', status: 'failed', resolution: null })
    // The failure was corrected, not resolved: the current record is what counts.
    expect(entry.json).toMatchObject({ complete: true, progress: { done: 1, failed: 0, unresolved: 0 } })
    // A superseded record can no longer be resolved (only the current one is).
    expectError(await resolve(o.basic, c.id, item.id, { venueId: o.venueA, note: 'late fix' }), 'BadRequestError', { message: null })
  })

  test('two corrections at the same moment form one chain: exactly one record is current', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'text' }] })
    const item = c.items[0]!
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, n) => complete(o.basic, c.id, item.id, { venueId: o.venueA, value: `v${n}` })),
    )
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201])
    const rows = await t.db.select().from(records).where(and(eq(records.orgId, o.orgId), eq(records.itemId, item.id)))
    expect(rows).toHaveLength(4)
    expect(rows.filter((r) => r.supersedesId === null)).toHaveLength(1)
    expect(new Set(rows.map((r) => r.supersedesId).filter(Boolean)).size).toBe(3)
    const entry = await o.basic.client.get(entryUrl(c.id, o.venueA))
    expect(entry.json.items[0].history).toHaveLength(3)
    expect(entry.json.items[0].record).not.toBeNull()
  })

  test('editing the template afterwards does not change what was recorded', async () => {
    const c = await createChecklist(t, o.orgId, { name: 'Closing', items: [{ type: 'number', label: 'Fridge', min: 0, max: 5 }] })
    const item = c.items[0]!
    const done = await complete(o.basic, c.id, item.id, { venueId: o.venueA, value: '4' })
    await renameItem(t, item.id, 'Fridge 2', { min: 1, max: 3 })
    const entry = await o.basic.client.get(entryUrl(c.id, o.venueA))
    expect(entry.json.items[0].item).toMatchObject({ label: 'Fridge 2', min: 1, max: 3 })
    expect(entry.json.items[0].record).toMatchObject({ id: done.json.record.id, label: 'Fridge', min: 0, max: 5, status: 'done' })
    const [row] = await t.db.select().from(records).where(eq(records.id, done.json.record.id))
    expect(row).toMatchObject({ templateName: 'Closing', label: 'Fridge', itemType: 'number', min: 0, max: 5, recordedByName: 'Bea Basic' })
  })
})

describe('archived checklists and items', () => {
  test('an archived checklist leaves the day list, keeps its records and still shows its day', async () => {
    const c = await createChecklist(t, o.orgId, { name: 'Retired', items: [{ type: 'check', label: 'Old step' }] })
    const item = c.items[0]!
    const done = await complete(o.basic, c.id, item.id, { venueId: o.venueA })
    expect(listed(await o.basic.client.get(dayUrl(o.venueA)), c.id)).toBeDefined()
    await archiveChecklist(t, c.id)
    expect(listed(await o.basic.client.get(dayUrl(o.venueA)), c.id)).toBeUndefined()
    expectError(await complete(o.basic, c.id, item.id, { venueId: o.venueA }), 'NotFoundError')
    const entry = await o.basic.client.get(entryUrl(c.id, o.venueA))
    expect(entry.status).toBe(200)
    expect(entry.json.checklist).toMatchObject({ id: c.id, name: 'Retired', archivedAt: expect.any(String) })
    expect(entry.json.items[0].record.id).toBe(done.json.record.id)
    expect(await t.db.select().from(records).where(eq(records.templateId, c.id))).toHaveLength(1)
  })

  test('an archived item: 404 for new records; shown as the record kept it when recorded, hidden otherwise', async () => {
    const c = await createChecklist(t, o.orgId, {
      items: [{ type: 'yes_no', label: 'Kept' }, { type: 'check', label: 'Recorded then archived' }, { type: 'check', label: 'Never recorded' }],
    })
    const [kept, recorded, never] = c.items
    await complete(o.basic, c.id, recorded!.id, { venueId: o.venueA })
    await renameItem(t, recorded!.id, 'Renamed after')
    await archiveItem(t, recorded!.id)
    await archiveItem(t, never!.id)
    expectError(await complete(o.basic, c.id, recorded!.id, { venueId: o.venueA }), 'NotFoundError')
    const entry = await o.basic.client.get(entryUrl(c.id, o.venueA))
    expect(entry.json.items.map((i: any) => [i.item.id, i.item.label, Boolean(i.item.archivedAt)])).toEqual([
      [kept!.id, 'Kept', false],
      [recorded!.id, 'Recorded then archived', true],
    ])
    // Archived items do not count towards completeness.
    expect(entry.json.progress).toMatchObject({ total: 1, done: 0, optional: { total: 0 } })
  })
})

describe('completeness and overdue', () => {
  test('optional items are not needed; an unresolved optional failure is', async () => {
    const c = await createChecklist(t, o.orgId, {
      items: [{ type: 'check' }, { type: 'yes_no', required: false }, { type: 'text', required: false }],
    })
    const [req, opt] = c.items
    const before = await o.basic.client.get(entryUrl(c.id, o.venueA))
    // Optional items are counted apart: "0 of 1 done", never "0 of 3" beside "1 left".
    expect(before.json).toMatchObject({ complete: false, progress: { done: 0, total: 1, optional: { done: 0, total: 2 } } })
    await complete(o.basic, c.id, req!.id, { venueId: o.venueA })
    expect((await o.basic.client.get(entryUrl(c.id, o.venueA))).json).toMatchObject({ complete: true, progress: { done: 1, total: 1, optional: { done: 0, total: 2 } } })
    await complete(o.basic, c.id, opt!.id, { venueId: o.venueA, value: 'no' })
    expect((await o.basic.client.get(entryUrl(c.id, o.venueA))).json).toMatchObject({
      complete: false,
      progress: { done: 1, total: 1, optional: { done: 1, total: 2 }, failed: 1, unresolved: 1 },
    })
    await resolve(o.basic, c.id, opt!.id, { venueId: o.venueA, note: 'done' })
    expect((await o.basic.client.get(entryUrl(c.id, o.venueA))).json).toMatchObject({ complete: true })
    // The day card says the same as the page.
    expect(listed(await o.basic.client.get(dayUrl(o.venueA)), c.id)).toMatchObject({ complete: true, progress: { done: 1, total: 1, optional: { done: 1, total: 2 } } })
  })

  test('the day card counts as the page does: two checks, optional items, a correction, failures open and resolved, an archived item', async () => {
    const c = await createChecklist(t, o.orgId, {
      checksPerDay: 2,
      checkTimes: ['00:00', '23:59'],
      items: [{ type: 'check' }, { type: 'yes_no' }, { type: 'yes_no', required: false }, { type: 'check', required: false }, { type: 'check' }],
    })
    const [a, b, opt, opt2, gone] = c.items as [CreatedChecklist['items'][number], ...CreatedChecklist['items']]
    const at = (slot: number, body: Record<string, unknown> = {}) => ({ venueId: o.venueA, slot, ...body })
    const card = async () => {
      const { overdue, complete, progress, checks } = listed(await o.basic.client.get(dayUrl(o.venueA)), c.id)
      return { overdue, complete, progress, checks }
    }
    const page = async () => {
      const { overdue, complete, progress, checks } = (await o.basic.client.get(entryUrl(c.id, o.venueA))).json
      return { overdue, complete, progress, checks }
    }
    const steps: (() => Promise<unknown>)[] = [
      async () => {},
      () => complete(o.basic, c.id, a.id, at(0)),
      () => complete(o.basic, c.id, b!.id, at(0, { value: 'no' })),
      () => complete(o.basic, c.id, opt!.id, at(1, { value: 'no' })),
      () => complete(o.basic, c.id, b!.id, at(0, { value: 'yes' })),
      () => complete(o.basic, c.id, gone!.id, at(1)),
      () => resolve(o.basic, c.id, opt!.id, { venueId: o.venueA, slot: 1, note: 'Binned it' }),
      () => complete(o.basic, c.id, opt2!.id, at(0)),
      () => archiveItem(t, gone!.id),
    ]
    const seen = await walkCardAndPage(steps, card, page)
    // The steps moved every count at least once, so the comparison covered them.
    expect(new Set(seen.map((p) => JSON.stringify(p))).size).toBeGreaterThanOrEqual(6)
    expect(seen.at(-1)).toEqual({ done: 2, total: 4, optional: { done: 2, total: 4 }, failed: 1, unresolved: 0 })
  })

  test('one definition: complete exactly when every required item is settled (recorded, failure resolved) and no failure is open', () => {
    const cells = [
      { id: 'a', required: true },
      { id: 'b', required: true },
      { id: 'o', required: false },
    ]
    const at = (entries: [string, { status: 'done' | 'failed'; resolved: boolean; open?: number }][]) => progressOf(cells, new Map(entries))
    // A required failure not yet resolved is not done; resolved, it is.
    expect(at([['a', { status: 'done', resolved: false }], ['b', { status: 'failed', resolved: false }]])).toEqual({
      complete: false,
      progress: { done: 1, total: 2, optional: { done: 0, total: 1 }, failed: 1, unresolved: 1 },
    })
    expect(at([['a', { status: 'done', resolved: false }], ['b', { status: 'failed', resolved: true }]])).toMatchObject({ complete: true, progress: { done: 2, total: 2 } })
    // A re-check in range with an older failure still open (ADR 022) is not settled.
    expect(at([['a', { status: 'done', resolved: false }], ['b', { status: 'done', resolved: false, open: 1 }]])).toMatchObject({ complete: false, progress: { done: 1, unresolved: 1 } })
    // Never "complete" beside "n of m" with n < m, for any combination of states.
    const states = [undefined, { status: 'done' as const, resolved: false }, { status: 'failed' as const, resolved: false }, { status: 'failed' as const, resolved: true }]
    for (const a of states) for (const b of states) for (const o of states) {
      const { complete, progress } = at(([['a', a], ['b', b], ['o', o]] as const).filter((e) => e[1] !== undefined) as any)
      if (complete) expect(progress.done).toBe(progress.total)
      expect(progress.done).toBeLessThanOrEqual(progress.total)
    }
  })

  test('overdue: incomplete after the due time today, or on a past day', async () => {
    const due = await createChecklist(t, o.orgId, { dueTime: '00:00', items: [{ type: 'check' }] })
    const noDue = await createChecklist(t, o.orgId, { items: [{ type: 'check' }], createdAt: SINCE })
    let day = await o.basic.client.get(dayUrl(o.venueA))
    expect(listed(day, due.id)).toMatchObject({ overdue: true, complete: false })
    expect(listed(day, noDue.id)).toMatchObject({ overdue: false, complete: false })
    const yesterday = await o.basic.client.get(dayUrl(o.venueA, shift(today, -1)))
    expect(listed(yesterday, noDue.id)).toMatchObject({ overdue: true })
    await complete(o.basic, due.id, due.items[0]!.id, { venueId: o.venueA })
    day = await o.basic.client.get(dayUrl(o.venueA))
    expect(listed(day, due.id)).toMatchObject({ overdue: false, complete: true })
    expect((await o.basic.client.get(entryUrl(due.id, o.venueA))).json).toMatchObject({ overdue: false, complete: true, isPast: false, today })
  })

  test('checklistProgress: due time compared in the venue’s zone', () => {
    const items = [{ id: 'a', required: true }]
    const input = { items, current: new Map(), date: '2025-06-02', today: '2025-06-02', timeZone: 'America/New_York', times: ['09:00'] }
    // 08:59 and 09:01 in New York (UTC-4 in June).
    expect(checklistProgress({ ...input, now: new Date('2025-06-02T12:59:00Z') }).overdue).toBe(false)
    expect(checklistProgress({ ...input, now: new Date('2025-06-02T13:01:00Z') }).overdue).toBe(true)
    expect(checklistProgress({ ...input, times: [null], now: new Date('2025-06-02T23:59:00Z') }).overdue).toBe(false)
    expect(checklistProgress({ ...input, today: '2025-06-03', now: new Date('2025-06-03T01:00:00Z') }).overdue).toBe(true)
    const done = new Map([[cellKey('a', 0), { status: 'done' as const, resolved: false }]])
    expect(checklistProgress({ ...input, current: done, now: new Date('2025-06-02T13:01:00Z') })).toEqual({
      complete: true,
      overdue: false,
      progress: { done: 1, total: 1, optional: { done: 0, total: 0 }, failed: 0, unresolved: 0 },
      checks: [{ slot: 0, time: '09:00', complete: true, overdue: false, done: 1, total: 1, unresolved: 0 }],
    })
  })

  test('“today” is the venue’s: a venue far east may already be on tomorrow', async () => {
    const org = await createOrgWithActors(t)
    await t.db.update(venues).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(venues.id, org.venueA))
    await t.db.update(venues).set({ timeZone: 'Pacific/Pago_Pago' }).where(eq(venues.id, org.venueB))
    const east = await org.basic.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueA}/checklist-entries`)
    const west = await org.basic.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueB}/checklist-entries`)
    expect(east.json.today).toBe(todayIn('Pacific/Kiritimati'))
    expect(west.json.today).toBe(todayIn('Pacific/Pago_Pago'))
    // UTC+14 and UTC−11 are 25 hours apart: the east is always at least a day ahead.
    expect(east.json.today > west.json.today).toBe(true)
  })
})

describe('access', () => {
  test('a member limited to another venue gets 403; at their own venue it works', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'check' }] })
    const item = c.items[0]!
    const lim = o.basicLimited
    expectError(await lim.client.get(dayUrl(o.venueA)), 'ForbiddenError')
    expectError(await lim.client.get(entryUrl(c.id, o.venueA)), 'ForbiddenError')
    expectError(await complete(lim, c.id, item.id, { venueId: o.venueA }), 'ForbiddenError')
    expectError(await resolve(lim, c.id, item.id, { venueId: o.venueA, note: 'x' }), 'ForbiddenError')
    expect((await lim.client.get(dayUrl(o.venueB))).status).toBe(200)
    expect((await complete(lim, c.id, item.id, { venueId: o.venueB })).json.record.recordedBy).toEqual({ membershipId: lim.membershipId, name: 'Lia Limited', device: null })
  })

  test('another organisation’s ids are 404s, as are unknown and malformed ids', async () => {
    const mine = await createChecklist(t, o.orgId, { items: [{ type: 'check' }] })
    const theirs = await createChecklist(t, o.outsider.orgId, { items: [{ type: 'check' }] })
    // Outsiders cannot reach this organisation at all.
    expectError(await o.outsider.client.get(dayUrl(o.venueA)), 'NotFoundError')
    expectError(await complete(o.outsider, mine.id, mine.items[0]!.id, { venueId: o.venueA }), 'NotFoundError')
    // Their venue, checklist and item through our organisation.
    expectError(await o.owner.client.get(dayUrl(o.outsider.venueId)), 'NotFoundError')
    expectError(await o.owner.client.get(entryUrl(mine.id, o.outsider.venueId)), 'NotFoundError')
    expectError(await o.owner.client.get(entryUrl(theirs.id, o.venueA)), 'NotFoundError')
    expectError(await complete(o.owner, theirs.id, theirs.items[0]!.id, { venueId: o.venueA }), 'NotFoundError')
    expectError(await complete(o.owner, mine.id, mine.items[0]!.id, { venueId: o.outsider.venueId }), 'NotFoundError')
    expectError(await complete(o.owner, mine.id, theirs.items[0]!.id, { venueId: o.venueA }), 'NotFoundError')
    expectError(await resolve(o.owner, theirs.id, theirs.items[0]!.id, { venueId: o.venueA, note: 'x' }), 'NotFoundError')
    // Unknown and malformed.
    expectError(await o.owner.client.get(dayUrl(randomUUID())), 'NotFoundError')
    expectError(await o.owner.client.get(dayUrl('not-a-uuid')), 'NotFoundError')
    expectError(await o.owner.client.get(entryUrl('nope', o.venueA)), 'NotFoundError')
    expectError(await complete(o.owner, 'x', mine.items[0]!.id, { venueId: o.venueA }), 'NotFoundError')
    expectError(await o.anonymous.get(dayUrl(o.venueA)), 'UnauthorizedError')
    // Nothing was written to the other organisation.
    expect(await t.db.select().from(records).where(eq(records.orgId, o.outsider.orgId))).toHaveLength(0)
  })

  test('the entry detail needs venueId', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'check' }] })
    expectError(await o.basic.client.get(`${base()}/checklist-entries/${c.id}`), 'ValidationError', { data: ['venueId'] })
  })
})

describe('POST checklist-entries/export (validation and permission; the files are tested with the export)', () => {
  const exportUrl = () => `${base()}/checklist-entries/export`
  test('ADMIN and OWNER only; BASIC 403', async () => {
    expectError(await o.basic.client.post(exportUrl(), { venueId: o.venueA, from: today, to: today, format: 'csv' }), 'ForbiddenError')
    const res = await o.admin.client.post(exportUrl(), { venueId: o.venueA, from: shift(today, -3), to: today, format: 'csv' })
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="checklists-.+\.csv"$/)
    expect(res.headers.get('x-content-sha256')).toMatch(/^[0-9a-f]{64}$/)
    const pdf = await o.owner.client.post(exportUrl(), { venueId: o.venueA, from: today, to: today, format: 'pdf' })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
  })

  test('dates valid, from ≤ to, at most 366 days; venue of the org', async () => {
    const post = (body: Record<string, unknown>) => o.admin.client.post(exportUrl(), { venueId: o.venueA, format: 'csv', ...body })
    expectError(await post({ from: '2024-02-30', to: '2024-03-01' }), 'ValidationError', { data: ['from'] })
    expectError(await post({ from: '2024-03-01', to: 'soon' }), 'ValidationError', { data: ['to'] })
    expectError(await post({ from: '2024-03-02', to: '2024-03-01' }), 'ValidationError', { data: ['to'] })
    expectError(await post({ from: '2024-01-01', to: '2025-01-01' }), 'ValidationError', { data: ['to'] })
    expect((await post({ from: '2024-01-01', to: '2024-12-31' })).status).toBe(200)
    expectError(await post({ from: '2024-01-01', to: '2024-01-02', format: 'xls' }), 'ValidationError', { data: ['format'] })
    expectError(await post({ from: '2024-01-01', to: '2024-01-02', venueId: o.outsider.venueId }), 'NotFoundError')
  })
})

describe('the checklist page', () => {
  test('makes the same number of queries for 1 item as for 20 items with corrections', async () => {
    const small = await createOrgWithActors(t)
    const big = await createOrgWithActors(t)
    const record = async (org: OrgWithActors, checklistId: string, itemId: string, body: Record<string, unknown>) => {
      const res = await org.owner.client.post(`/v1/orgs/${org.orgId}/checklist-entries/${checklistId}/items/${itemId}/complete`, body)
      expect(res.status, res.text).toBe(201)
    }
    const one = await createChecklist(t, small.orgId, { items: [{ type: 'check' }] })
    await record(small, one.id, one.items[0]!.id, { venueId: small.venueA, date: today })
    const many = await createChecklist(t, big.orgId, { items: Array.from({ length: 20 }, () => ({ type: 'yes_no' as const })) })
    for (const item of many.items.slice(0, 10)) {
      await record(big, many.id, item.id, { venueId: big.venueA, date: today, value: 'no' })
      await record(big, many.id, item.id, { venueId: big.venueA, date: today, value: 'yes' })
    }
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
    const spy = vi.spyOn(client, 'query')
    try {
      const count = async (org: OrgWithActors, checklistId: string) => {
        spy.mockClear()
        const res = await org.owner.client.get(`/v1/orgs/${org.orgId}/checklist-entries/${checklistId}?venueId=${org.venueA}&date=${today}`)
        expect(res.status, res.text).toBe(200)
        return { n: spy.mock.calls.length, items: res.json.items.length, history: res.json.items.reduce((s: number, i: { history: unknown[] }) => s + i.history.length, 0) }
      }
      const a = await count(small, one.id)
      const b = await count(big, many.id)
      expect(a.items).toBe(1)
      expect(b.items).toBe(20)
      expect(b.history).toBe(10)
      expect(b.n).toBe(a.n)
    } finally {
      spy.mockRestore()
    }
  })
})

test('the entry says whether the checklist is due on that weekday', async () => {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay()
  const due = await createChecklist(t, o.orgId, { items: [{ type: 'check' }] })
  const notDue = await createChecklist(t, o.orgId, { days: [(weekday + 1) % 7], items: [{ type: 'check' }] })
  expect((await o.basic.client.get(entryUrl(due.id, o.venueA, today))).json.dueThatDay).toBe(true)
  expect((await o.basic.client.get(entryUrl(notDue.id, o.venueA, today))).json.dueThatDay).toBe(false)
})
