/**
 * Issue #16: a checklist may be due several times a day (08:00 and 14:00) or on chosen dates of the
 * month. The shared schedule (templates/schedule.ts) decides "due"; each check is a slot of records
 * with its own progress and overdue time, as temperature logs' checks (templates/day.ts).
 */
import { randomUUID } from 'node:crypto'
import { addDays, format, parseISO } from 'date-fns'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checklistProgress } from '../../server/checklists/entries.ts'
import { exportRecords } from '../../server/records/export.ts'
import { todayIn } from '../../server/records/service.ts'
import type { OrgScope } from '../../server/scope.ts'
import { cellKey } from '../../server/templates/day.ts'
import { dueOn } from '../../server/templates/schedule.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
const ZONE = 'Europe/Madrid'
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const base = () => `/v1/orgs/${o.orgId}`
const shift = (day: string, n: number) => format(addDays(parseISO(day), n), 'yyyy-MM-dd')

async function checklistWith(body: Record<string, unknown>, items: Record<string, unknown>[] = [{ label: 'Surfaces wiped', type: 'check' }]) {
  const r = await o.admin.client.post(`${base()}/checklists`, { name: `Cleaning ${randomUUID().slice(0, 6)}`, ...body })
  expect(r.status, r.text).toBe(201)
  const ids: string[] = []
  for (const item of items) {
    const i = await o.admin.client.post(`${base()}/checklists/${r.json.checklist.id}/items`, item)
    expect(i.status, i.text).toBe(201)
    ids.push(i.json.item.id)
  }
  return { checklist: r.json.checklist, itemIds: ids }
}
const complete = (actor: Actor, checklistId: string, itemId: string, body: Record<string, unknown>) =>
  actor.client.post(`${base()}/checklist-entries/${checklistId}/items/${itemId}/complete`, { venueId: o.venueA, ...body })

describe('the schedule in the template API', () => {
  test('several checks with their times and dates of the month are stored, shown and copied', async () => {
    const { checklist } = await checklistWith({ checksPerDay: 2, checkTimes: ['08:00', '14:00'], monthDays: [15, 1, 31] })
    expect(checklist).toMatchObject({ checksPerDay: 2, checkTimes: ['08:00', '14:00'], monthDays: [1, 15, 31], dueTime: null })
    const put = await o.admin.client.put(`${base()}/checklists/${checklist.id}`, { checksPerDay: 3, checkTimes: ['07:00', '', '22:00'], monthDays: [] })
    expect(put.json.checklist).toMatchObject({ checksPerDay: 3, checkTimes: ['07:00', null, '22:00'], monthDays: [] })
    const times = await o.admin.client.put(`${base()}/checklists/${checklist.id}`, { checkTimes: ['09:00'] })
    expect(times.json.checklist).toMatchObject({ checksPerDay: 3, checkTimes: ['09:00', null, null] })
    const copy = await o.admin.client.post(`${base()}/checklists/${checklist.id}/duplicate`)
    expect(copy.json.checklist).toMatchObject({ checksPerDay: 3, checkTimes: ['09:00', null, null], monthDays: [] })
    // Temperature logs share the dates of the month.
    const log = await o.admin.client.post(`${base()}/temperatures`, { name: 'Walk-in', monthDays: [1] })
    expect(log.status, log.text).toBe(201)
    expect(log.json.temperature.monthDays).toEqual([1])
  })

  test('bad schedules are ValidationErrors on their field; BASIC may not change one (403)', async () => {
    const post = (body: Record<string, unknown>) => o.admin.client.post(`${base()}/checklists`, { name: 'X', ...body })
    const cases: [Record<string, unknown>, string][] = [
      [{ checksPerDay: 0 }, 'checksPerDay'],
      [{ checksPerDay: 7 }, 'checksPerDay'],
      [{ checksPerDay: 1.5 }, 'checksPerDay'],
      [{ checksPerDay: 2, checkTimes: ['08:00', '09:00', '10:00'] }, 'checkTimes'],
      [{ checksPerDay: 2, checkTimes: ['8 am'] }, 'checkTimes'],
      [{ monthDays: [0] }, 'monthDays'],
      [{ monthDays: [32] }, 'monthDays'],
      [{ monthDays: [3, 3] }, 'monthDays'],
      [{ monthDays: 'first' }, 'monthDays'],
    ]
    for (const [body, field] of cases) expectError(await post(body), 'ValidationError', { data: [field] })
    const { checklist } = await checklistWith({})
    expectError(await o.basic.client.put(`${base()}/checklists/${checklist.id}`, { checksPerDay: 2 }), 'ForbiddenError')
    expectError(await o.outsider.client.put(`${base()}/checklists/${checklist.id}`, { checksPerDay: 2 }), 'NotFoundError')
  })
})

describe('dates of the month', () => {
  test('dueOn: the dates chosen, the 29th–31st on a shorter month’s last day; weekdays otherwise', () => {
    const monthly = { days: [0, 1, 2, 3, 4, 5, 6], monthDays: [1, 31] }
    expect(dueOn(monthly, '2025-03-01')).toBe(true)
    expect(dueOn(monthly, '2025-03-02')).toBe(false)
    expect(dueOn(monthly, '2025-03-31')).toBe(true)
    expect(dueOn(monthly, '2025-02-28')).toBe(true)
    expect(dueOn(monthly, '2025-02-27')).toBe(false)
    expect(dueOn(monthly, '2025-04-30')).toBe(true)
    expect(dueOn({ days: [1], monthDays: [] }, '2025-03-03')).toBe(true)
    expect(dueOn({ days: [1], monthDays: [] }, '2025-03-04')).toBe(false)
  })

  test('the day list, the entry and recording follow the dates of the month', async () => {
    const today = todayIn(ZONE)
    const dom = Number(today.slice(8))
    const other = dom === 1 ? 2 : 1
    const due = await checklistWith({ monthDays: [dom] })
    const notDue = await checklistWith({ monthDays: [other] })
    const list = await o.basic.client.get(`${base()}/venues/${o.venueA}/checklist-entries`)
    const names = list.json.checklists.map((c: { id: string }) => c.id)
    expect(names).toContain(due.checklist.id)
    expect(names).not.toContain(notDue.checklist.id)
    const entry = await o.basic.client.get(`${base()}/checklist-entries/${notDue.checklist.id}?venueId=${o.venueA}`)
    expect(entry.json.dueThatDay).toBe(false)
    expectError(await complete(o.basic, notDue.checklist.id, notDue.itemIds[0]!, {}), 'ValidationError', { data: ['date'] })
    expect((await complete(o.basic, due.checklist.id, due.itemIds[0]!, {})).status).toBe(201)
  })
})

describe('several checks a day', () => {
  test('each check is recorded apart, with its own progress; the entry shows the check asked for, else the first not complete', async () => {
    const { checklist, itemIds } = await checklistWith({ checksPerDay: 2, checkTimes: ['08:00', '14:00'] }, [
      { label: 'Surfaces wiped', type: 'check' },
      { label: 'Bins', type: 'yes_no' },
    ])
    const [wipe, bins] = itemIds as [string, string]
    const url = (slot?: number) => `${base()}/checklist-entries/${checklist.id}?venueId=${o.venueA}${slot === undefined ? '' : `&slot=${slot}`}`
    expect((await o.basic.client.get(url())).json).toMatchObject({ slot: 0, progress: { done: 0, total: 4 } })
    const first = await complete(o.basic, checklist.id, wipe, { slot: 0 })
    expect(first.status, first.text).toBe(201)
    await complete(o.basic, checklist.id, bins, { slot: 0, value: 'yes' })
    const second = await complete(o.basic, checklist.id, wipe, { slot: 1 })
    expect(second.json.record.supersedesId).toBeNull()
    const entry = (await o.basic.client.get(url())).json
    expect(entry).toMatchObject({ slot: 1, complete: false, progress: { done: 3, total: 4 } })
    expect(entry.checks).toMatchObject([
      { slot: 0, time: '08:00', complete: true, done: 2, total: 2 },
      { slot: 1, time: '14:00', complete: false, done: 1, total: 2 },
    ])
    expect(entry.items.map((i: any) => [i.item.label, i.record?.id ?? null])).toEqual([
      ['Surfaces wiped', second.json.record.id],
      ['Bins', null],
    ])
    const morning = (await o.basic.client.get(url(0))).json
    expect(morning.items.map((i: any) => i.record?.id)).toEqual([first.json.record.id, expect.any(String)])
    const list = await o.basic.client.get(`${base()}/venues/${o.venueA}/checklist-entries`)
    expect(list.json.checklists.find((c: any) => c.id === checklist.id)).toMatchObject({ checksPerDay: 2, progress: { done: 3, total: 4 }, checks: [{ complete: true }, { complete: false }] })
    // A failure at one check is resolved at that check.
    const failed = await complete(o.basic, checklist.id, bins, { slot: 1, value: 'no' })
    expect(failed.json.record.status).toBe('failed')
    const resolve = (slot: number) => o.basic.client.post(`${base()}/checklist-entries/${checklist.id}/items/${bins}/resolve`, { venueId: o.venueA, slot, note: 'Emptied' })
    expect((await resolve(0)).status).toBe(400)
    expect((await resolve(1)).status).toBe(201)
    expect((await o.basic.client.get(url())).json).toMatchObject({ complete: true, progress: { done: 4, total: 4, unresolved: 0 } })
  })

  test('a check past the checklist’s is refused (data.slot); the query refuses a malformed one', async () => {
    const single = await checklistWith({})
    expectError(await complete(o.basic, single.checklist.id, single.itemIds[0]!, { slot: 1 }), 'ValidationError', { data: ['slot'] })
    const two = await checklistWith({ checksPerDay: 2 })
    expectError(await complete(o.basic, two.checklist.id, two.itemIds[0]!, { slot: 2 }), 'ValidationError', { data: ['slot'] })
    expectError(await complete(o.basic, two.checklist.id, two.itemIds[0]!, { slot: -1 }), 'ValidationError', { data: ['slot'] })
    expectError(await o.basic.client.get(`${base()}/checklist-entries/${two.checklist.id}?venueId=${o.venueA}&slot=9`), 'ValidationError', { data: ['slot'] })
    expectError(await o.basic.client.get(`${base()}/checklist-entries/${two.checklist.id}?venueId=${o.venueA}&slot=2`), 'ValidationError', { data: ['slot'] })
  })

  test('each check is overdue after its own time in the venue’s zone', () => {
    const input = { items: [{ id: 'a', required: true }], date: '2025-06-02', today: '2025-06-02', timeZone: ZONE, times: ['08:00', '14:00'] }
    const done0 = new Map([[cellKey('a', 0), { status: 'done' as const, resolved: false }]])
    // 10:00 in Madrid (UTC+2 in June): the 08:00 check is overdue until done; the 14:00 one not yet.
    const at10 = checklistProgress({ ...input, current: new Map(), now: new Date('2025-06-02T08:00:00Z') })
    expect(at10.checks.map((c) => c.overdue)).toEqual([true, false])
    expect(checklistProgress({ ...input, current: done0, now: new Date('2025-06-02T08:00:00Z') }).overdue).toBe(false)
    expect(checklistProgress({ ...input, current: done0, now: new Date('2025-06-02T12:30:00Z') }).checks.map((c) => c.overdue)).toEqual([false, true])
  })

  test('the export has a missed row for every check of a past day, each naming its check', async () => {
    const org = await createOrgWithActors(t)
    const r = await org.admin.client.post(`/v1/orgs/${org.orgId}/checklists`, { name: 'Toilets', checksPerDay: 2, checkTimes: ['10:00', '16:00'] })
    await org.admin.client.post(`/v1/orgs/${org.orgId}/checklists/${r.json.checklist.id}/items`, { label: 'Soap', type: 'check' })
    const today = todayIn(ZONE)
    const yesterday = shift(today, -1)
    const post = await org.basic.client.post(`/v1/orgs/${org.orgId}/checklist-entries/${r.json.checklist.id}/items/${(await org.admin.client.get(`/v1/orgs/${org.orgId}/checklists/${r.json.checklist.id}/items`)).json.items[0].id}/complete`, {
      venueId: org.venueA,
      slot: 1,
    })
    expect(post.status, post.text).toBe(201)
    // Read two days later: today is then a past day, its first check missed and its second done.
    const scope: OrgScope = { orgId: org.orgId, membershipId: null, userId: randomUUID(), role: 'ADMIN', venueIds: null, readOnly: false }
    const file = await exportRecords('checklist', { db: t.db }, scope, { venueId: org.venueA, from: yesterday, to: today, format: 'csv' }, 'en', 'x', {
      now: new Date(Date.now() + 2 * 86_400_000),
    })
    const lines = (file.body as string).split('\r\n').filter((l) => l.includes('Toilets'))
    // Created today: yesterday it was not in place yet, so nothing is missed then.
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain(`${today},Toilets,Soap — check 1,,,Missed,`)
    expect(lines[1]).toContain(`${today},Toilets,Soap — check 2,Done,,Done,`)
  })
})
