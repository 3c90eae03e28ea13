/**
 * GET /v1/orgs/:orgId/venues/:venueId/dashboard and GET /v1/orgs/:orgId/overview (issue #14): the
 * numbers of hand-built days (on time, late, missed, failed and resolved, failed and unresolved,
 * corrected, archived templates), time zones at one UTC instant, roles, venue limits, devices, and a
 * query count that does not grow with templates, days or venues.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { checklistItems, checklists } from '../../server/checklists/schema.ts'
import { orders, recordDayCounts, recordResolutions, records, temperatureItems, temperatureLogs, venues } from '../../server/db/schema.ts'
import { instantOf } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist } from '../support/checklists.ts'
import { createDevice, pairDevice } from '../support/devices.ts'
import { addMember, createOrgWithActors, createVenue, type OrgWithActors } from '../support/orgs.ts'
import { expectError, shiftDay } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())
afterEach(() => t.clock.reset())

const MADRID = 'Europe/Madrid'
const MEXICO = 'America/Mexico_City'
/** Set the app's clock to an instant. */
const setNow = (iso: string) => {
  t.clock.reset()
  t.clock.advance(Date.parse(iso) - Date.now())
}
const dashboard = (org: OrgWithActors, venueId: string, date?: string) => `/v1/orgs/${org.orgId}/venues/${venueId}/dashboard${date ? `?date=${date}` : ''}`
const LONG_AGO = new Date('2026-01-01T00:00:00Z')

/** Put a checklist (and its items) in place since long ago. */
async function backdateChecklist(id: string, since = LONG_AGO) {
  await t.db.update(checklists).set({ createdAt: since }).where(eq(checklists.id, id))
  await t.db.update(checklistItems).set({ createdAt: since }).where(eq(checklistItems.checklistId, id))
}

async function createLog(orgId: string, spec: { name: string; checkTimes: string[]; units: number; venueIds?: string[] }) {
  const [log] = await t.db
    .insert(temperatureLogs)
    .values({ orgId, name: spec.name, checksPerDay: spec.checkTimes.length, checkTimes: spec.checkTimes, venueIds: spec.venueIds ?? [], createdAt: LONG_AGO })
    .returning({ id: temperatureLogs.id })
  const units: string[] = []
  for (let i = 0; i < spec.units; i++) {
    const [u] = await t.db
      .insert(temperatureItems)
      .values({ orgId, temperatureId: log!.id, label: `Fridge ${i + 1}`, kind: 'fridge', min: 0, max: 5, position: i, createdAt: LONG_AGO })
      .returning({ id: temperatureItems.id })
    units.push(u!.id)
  }
  return { id: log!.id, units }
}

interface Rec {
  orgId: string
  venueId: string
  kind?: 'checklist' | 'temperature'
  templateId: string
  itemId: string
  date: string
  slot?: number
  status?: 'done' | 'failed'
  late?: boolean
  supersedesId?: string
}

/** Append a record by hand (a day's history written straight into the record store). */
async function rec(r: Rec): Promise<string> {
  const [row] = await t.db
    .insert(records)
    .values({
      orgId: r.orgId,
      venueId: r.venueId,
      kind: r.kind ?? 'checklist',
      templateId: r.templateId,
      itemId: r.itemId,
      date: r.date,
      slot: r.slot ?? 0,
      templateName: 'kept',
      label: 'kept',
      itemType: 'check',
      value: null,
      status: r.status ?? 'done',
      late: r.late ?? false,
      supersedesId: r.supersedesId ?? null,
      recordedByName: 'Cook',
    })
    .returning({ id: records.id })
  return row!.id
}

async function resolve(orgId: string, recordId: string) {
  await t.db.insert(recordResolutions).values({ orgId, recordId, note: 'Fixed', resolvedByName: 'Chef' })
}

describe('the venue dashboard on hand-built days', () => {
  // Wednesday 10 June 2026, 12:00 in Madrid.
  const NOW = '2026-06-10T10:00:00Z'
  const D0 = '2026-06-10'
  const d = (n: number) => shiftDay(D0, -n)
  let org: OrgWithActors
  let opening: Awaited<ReturnType<typeof createChecklist>>
  let old: Awaited<ReturnType<typeof createChecklist>>
  let fridges: Awaited<ReturnType<typeof createLog>>

  beforeAll(async () => {
    org = await createOrgWithActors(t)
    const venueId = org.venueA
    const base = { orgId: org.orgId, venueId }
    opening = await createChecklist(t, org.orgId, {
      name: 'Opening',
      dueTime: '10:00',
      items: [{ type: 'check', label: 'Probe clean' }, { type: 'check', label: 'Floors' }, { type: 'check', label: 'Flowers', required: false }],
    })
    await backdateChecklist(opening.id)
    old = await createChecklist(t, org.orgId, { name: 'Old', items: [{ type: 'check', label: 'Retired' }] })
    await backdateChecklist(old.id)
    // Archived at noon on D-2 (Madrid): due up to D-3, not after.
    await t.db.update(checklists).set({ archivedAt: instantOf(d(2), '12:00', MADRID) }).where(eq(checklists.id, old.id))
    fridges = await createLog(org.orgId, { name: 'Fridges', checkTimes: ['09:00', '15:00'], units: 1 })
    const [probe, floors] = opening.items.map((i) => i.id)
    const c = (itemId: string, date: string, more: Partial<Rec> = {}) => rec({ ...base, templateId: opening.id, itemId, date, ...more })

    // D0: probe done; floors pending; fridge check 1 out of range, re-checked in range (still open, ADR 022).
    await c(probe!, D0)
    const failedReading = await rec({ ...base, kind: 'temperature', templateId: fridges.id, itemId: fridges.units[0]!, date: D0, status: 'failed' })
    await rec({ ...base, kind: 'temperature', templateId: fridges.id, itemId: fridges.units[0]!, date: D0, supersedesId: failedReading })
    // D-1: probe on time, floors late; both fridge checks on time.
    await c(probe!, d(1))
    await c(floors!, d(1), { late: true })
    await rec({ ...base, kind: 'temperature', templateId: fridges.id, itemId: fridges.units[0]!, date: d(1), slot: 0 })
    await rec({ ...base, kind: 'temperature', templateId: fridges.id, itemId: fridges.units[0]!, date: d(1), slot: 1 })
    // D-2: probe failed and resolved; floors missed.
    await resolve(org.orgId, await c(probe!, d(2), { status: 'failed' }))
    // D-3: probe failed, unresolved; floors done; the archived checklist done.
    await c(probe!, d(3), { status: 'failed' })
    await c(floors!, d(3))
    await rec({ ...base, templateId: old.id, itemId: old.items[0]!.id, date: d(3) })
    // D-4: probe failed then corrected to done (a checklist's correction replaces the failure); the rest missed.
    await c(probe!, d(4), { supersedesId: await c(probe!, d(4), { status: 'failed' }) })
    // The other venue's records never count here.
    await rec({ orgId: org.orgId, venueId: org.venueB, templateId: opening.id, itemId: floors!, date: d(2), status: 'failed' })
  })

  test('due work, most urgent first, with progress, due time, overdue and unresolved failures', async () => {
    setNow(NOW)
    const r = await org.basic.client.get(dashboard(org, org.venueA))
    expect(r.status, r.text).toBe(200)
    expect(r.json).toMatchObject({ date: D0, today: D0, isToday: true, isPast: false, venue: { id: org.venueA, timeZone: MADRID }, overdue: 2 })
    // Both overdue (the log's first check is open at 09:00, the checklist at 10:00); the archived checklist is gone.
    expect(r.json.due.map((w: any) => [w.kind, w.name, w.dueTime, w.overdue, w.complete])).toEqual([
      ['temperature', 'Fridges', '09:00', true, false],
      ['checklist', 'Opening', '10:00', true, false],
    ])
    const [log, list] = r.json.due
    expect(list.href).toBe(`/checklists/${opening.id}?date=${D0}`)
    expect(list.progress).toEqual({ done: 1, total: 2, optional: { done: 0, total: 1 }, failed: 0, unresolved: 0 })
    expect(log.progress).toMatchObject({ done: 0, total: 2, unresolved: 1 })
    expect(log.failures).toEqual([
      {
        kind: 'temperature',
        templateId: fridges.id,
        templateName: 'Fridges',
        itemId: fridges.units[0],
        label: 'Fridge 1',
        date: D0,
        slot: 0,
        href: `/temperatures/${fridges.id}?date=${D0}&check=1#cell-${fridges.units[0]}-0`,
      },
    ])
    // Every unresolved failure of the 30 days, newest first, each with its link.
    expect(r.json.failures.map((f: any) => [f.templateName, f.label, f.date, f.href])).toEqual([
      ['Fridges', 'Fridge 1', D0, `/temperatures/${fridges.id}?date=${D0}&check=1#cell-${fridges.units[0]}-0`],
      ['Opening', 'Probe clean', d(3), `/checklists/${opening.id}?date=${d(3)}&check=1#item-${opening.items[0]!.id}`],
    ])
  })

  test('compliance per day: on time, late, missed, pending, failures resolved and unresolved, archived templates while in place', async () => {
    setNow(NOW)
    const r = await org.owner.client.get(dashboard(org, org.venueA))
    expect(r.status, r.text).toBe(200)
    const days = r.json.compliance.days
    expect(days).toHaveLength(30)
    expect(days[0].date).toBe(d(29))
    const byDate = Object.fromEntries(days.map((day: any) => [day.date, day]))
    const f = (resolved: number, unresolved: number) => ({ resolved, unresolved })
    expect(byDate[D0]).toEqual({ date: D0, due: 4, onTime: 2, late: 0, missed: 0, pending: 2, missedLogs: 0, failures: f(0, 1) })
    expect(byDate[d(1)]).toEqual({ date: d(1), due: 4, onTime: 3, late: 1, missed: 0, pending: 0, missedLogs: 0, failures: f(0, 0) })
    expect(byDate[d(2)]).toEqual({ date: d(2), due: 4, onTime: 1, late: 0, missed: 3, pending: 0, missedLogs: 2, failures: f(1, 0) })
    expect(byDate[d(3)]).toEqual({ date: d(3), due: 5, onTime: 3, late: 0, missed: 2, pending: 0, missedLogs: 1, failures: f(0, 1) })
    expect(byDate[d(4)]).toEqual({ date: d(4), due: 5, onTime: 1, late: 0, missed: 4, pending: 0, missedLogs: 3, failures: f(0, 0) })
    expect(byDate[d(5)]).toEqual({ date: d(5), due: 5, onTime: 0, late: 0, missed: 5, pending: 0, missedLogs: 3, failures: f(0, 0) })
    expect(r.json.compliance.last7).toEqual({ days: 7, due: 32, onTime: 10, late: 1, missed: 19, pending: 2, missedLogs: 12, failures: f(1, 2), score: 33 })
    expect(r.json.compliance.last30.days).toBe(30)
    expect(r.json.compliance.last30.due).toBe(32 + 23 * 5)
  })

  test('a past day: its own window, nothing pending, the day judged over', async () => {
    setNow(NOW)
    const r = await org.owner.client.get(dashboard(org, org.venueA, d(1)))
    expect(r.status, r.text).toBe(200)
    expect(r.json).toMatchObject({ date: d(1), isPast: true, overdue: 0 })
    // Both complete: by due time (the log's last check is at 15:00).
    expect(r.json.due.map((w: any) => [w.name, w.dueTime, w.complete])).toEqual([
      ['Opening', '10:00', true],
      ['Fridges', '15:00', true],
    ])
    expect(r.json.compliance.days.at(-1)).toMatchObject({ date: d(1), pending: 0 })
  })

  test('deliveries expected that day are listed', async () => {
    setNow(NOW)
    await t.db.insert(orders).values([
      { orgId: org.orgId, venueId: org.venueA, supplierName: 'Fish & Co', deliveryDate: D0, status: 'sent', createdByName: 'Chef' },
      { orgId: org.orgId, venueId: org.venueA, supplierName: 'Draft Dairy', deliveryDate: D0, status: 'draft', createdByName: 'Chef' },
      { orgId: org.orgId, venueId: org.venueB, supplierName: 'Other Venue', deliveryDate: D0, status: 'sent', createdByName: 'Chef' },
    ])
    const r = await org.basic.client.get(dashboard(org, org.venueA))
    expect(r.json.deliveries.map((o: any) => o.supplier.name)).toEqual(['Fish & Co'])
  })

  test('a day in the future or not a day: ValidationError on date', async () => {
    setNow(NOW)
    expectError(await org.owner.client.get(dashboard(org, org.venueA, shiftDay(D0, 1))), 'ValidationError', { data: ['date'] })
    expectError(await org.owner.client.get(dashboard(org, org.venueA, '2026-02-30')), 'ValidationError', { data: ['date'] })
  })
})

describe('time zones at one UTC instant', () => {
  // 03:00 UTC on 10 June 2026: 05:00 on the 10th in Madrid, 21:00 on the 9th in Mexico City.
  const NOW = '2026-06-10T03:00:00Z'
  let org: OrgWithActors
  let mexico: string
  let madrid: string
  let list: Awaited<ReturnType<typeof createChecklist>>

  beforeAll(async () => {
    org = await createOrgWithActors(t)
    mexico = await createVenue(org.owner, org.orgId, { name: 'Ciudad de México', timeZone: MEXICO })
    madrid = await createVenue(org.owner, org.orgId, { name: 'Madrid', timeZone: MADRID })
    list = await createChecklist(t, org.orgId, { name: 'Closing', venueIds: [mexico, madrid], dueTime: '20:00', items: [{ type: 'check' }] })
    await backdateChecklist(list.id)
    await rec({ orgId: org.orgId, venueId: mexico, templateId: list.id, itemId: list.items[0]!.id, date: '2026-06-09' })
  })

  test("each venue's day is its own: Mexico City is still on the 9th, Madrid on the 10th", async () => {
    setNow(NOW)
    const mx = await org.owner.client.get(dashboard(org, mexico))
    expect(mx.status, mx.text).toBe(200)
    expect(mx.json).toMatchObject({ date: '2026-06-09', today: '2026-06-09', overdue: 0 })
    expect(mx.json.due).toMatchObject([{ name: 'Closing', complete: true, overdue: false }])
    expect(mx.json.compliance.days.at(-1)).toEqual({ date: '2026-06-09', due: 1, onTime: 1, late: 0, missed: 0, pending: 0, missedLogs: 0, failures: { resolved: 0, unresolved: 0 } })

    const es = await org.owner.client.get(dashboard(org, madrid))
    expect(es.json).toMatchObject({ date: '2026-06-10', today: '2026-06-10', overdue: 0 })
    expect(es.json.due).toMatchObject([{ name: 'Closing', complete: false, overdue: false }])
    expect(es.json.compliance.days.at(-1)).toMatchObject({ date: '2026-06-10', due: 1, pending: 1, missed: 0 })
    // Madrid's 9th is over, and nothing was recorded there.
    expect(es.json.compliance.days.at(-2)).toMatchObject({ date: '2026-06-09', due: 1, missed: 1, missedLogs: 1 })
    // The 10th has not begun in Mexico City.
    expectError(await org.owner.client.get(dashboard(org, mexico, '2026-06-10')), 'ValidationError', { data: ['date'] })
  })

  test('past its due time the same checklist is overdue in one zone only', async () => {
    // 02:30 UTC on the 10th: 20:30 on the 9th in Mexico City (past 20:00), 04:30 in Madrid.
    setNow('2026-06-10T02:30:00Z')
    await t.db.delete(records).where(and(eq(records.orgId, org.orgId), eq(records.venueId, mexico)))
    const mx = await org.owner.client.get(dashboard(org, mexico))
    expect(mx.json.due).toMatchObject([{ name: 'Closing', overdue: true }])
    const es = await org.owner.client.get(dashboard(org, madrid))
    expect(es.json.due).toMatchObject([{ name: 'Closing', overdue: false }])
    const overview = await org.admin.client.get(`/v1/orgs/${org.orgId}/overview`)
    const rows = Object.fromEntries(overview.json.venues.map((v: any) => [v.venue.name, v]))
    expect(rows['Ciudad de México']).toMatchObject({ date: '2026-06-09', day: { due: 1, overdue: 1 } })
    expect(rows['Madrid']).toMatchObject({ date: '2026-06-10', day: { due: 1, overdue: 0 } })
  })
})

describe('who may read it', () => {
  test('every role with the venue, a shared device too (without deliveries until a PIN); venue limits; other organisations', async () => {
    for (const actor of [o.owner, o.admin, o.basic]) expect((await actor.client.get(dashboard(o, o.venueA))).status).toBe(200)
    expect((await o.basicLimited.client.get(dashboard(o, o.venueB))).status).toBe(200)
    expectError(await o.basicLimited.client.get(dashboard(o, o.venueA)), 'ForbiddenError')
    expectError(await o.outsider.client.get(dashboard(o, o.venueA)), 'NotFoundError')
    expectError(await o.owner.client.get(dashboard(o, o.outsider.venueId)), 'NotFoundError')
    expectError(await o.owner.client.get(`/v1/orgs/${o.orgId}/venues/not-a-uuid/dashboard`), 'NotFoundError')
    expectError(await o.anonymous.get(dashboard(o, o.venueA)), 'UnauthorizedError')
    const device = await createDevice(o.owner, o.orgId, o.venueA)
    const tablet = await pairDevice(t, o.owner, o.orgId, device.id)
    const r = await tablet.get(dashboard(o, o.venueA))
    expect(r.status, r.text).toBe(200)
    expect(r.json.deliveries).toBeNull()
    expect((await o.owner.client.get(dashboard(o, o.venueA))).json.deliveries).toEqual([])
  })

  test('the overview: ADMIN and up, only the venues the member may use', async () => {
    const url = `/v1/orgs/${o.orgId}/overview`
    const names = (r: { json: any }) => r.json.venues.map((v: any) => v.venue.name)
    expect(names(await o.owner.client.get(url))).toEqual(['Venue A', 'Venue B'])
    expect(names(await o.admin.client.get(url))).toEqual(['Venue A', 'Venue B'])
    const limitedAdmin = await addMember(t, o.orgId, 'ADMIN', { venueIds: [o.venueB] })
    expect(names(await limitedAdmin.client.get(url))).toEqual(['Venue B'])
    expectError(await o.basic.client.get(url), 'ForbiddenError')
    expectError(await o.outsider.client.get(url), 'NotFoundError')
    expectError(await o.anonymous.get(url), 'UnauthorizedError')
    expectError(await o.owner.client.get(`${url}?date=nope`), 'ValidationError', { data: ['date'] })
  })
})

describe('queries', () => {
  /** Queries made by one GET as the org's owner, and its answer. */
  async function countQueries(org: OrgWithActors, url: string) {
    const spy = vi.spyOn((t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client, 'query')
    try {
      const res = await org.owner.client.get(url)
      expect(res.status, res.text).toBe(200)
      return { n: spy.mock.calls.length, json: res.json }
    } finally {
      spy.mockRestore()
    }
  }

  test('the dashboard makes as many queries for 1 checklist as for 6 checklists and 3 logs with a month of records', async () => {
    const small = await createOrgWithActors(t)
    const big = await createOrgWithActors(t)
    const one = await createChecklist(t, small.orgId, { items: [{ type: 'check' }] })
    await backdateChecklist(one.id)
    await createLog(small.orgId, { name: 'Fridge', checkTimes: ['09:00'], units: 1 })
    const today = new Date().toISOString().slice(0, 10)
    for (let i = 0; i < 6; i++) {
      const c = await createChecklist(t, big.orgId, { dueTime: '00:00', items: [{ type: 'check' }, { type: 'yes_no' }, { type: 'number', required: false }] })
      await backdateChecklist(c.id)
      for (let n = 1; n < 30; n++) await rec({ orgId: big.orgId, venueId: big.venueA, templateId: c.id, itemId: c.items[n % 3]!.id, date: shiftDay(today, -n), status: n % 4 ? 'done' : 'failed' })
    }
    for (let i = 0; i < 3; i++) await createLog(big.orgId, { name: `Log ${i}`, checkTimes: ['08:00', '12:00', '18:00'], units: 3 })
    const a = await countQueries(small, dashboard(small, small.venueA))
    const b = await countQueries(big, dashboard(big, big.venueA))
    expect(a.json.due).toHaveLength(2)
    expect(b.json.due).toHaveLength(9)
    expect(b.json.compliance.last30.due).toBeGreaterThan(a.json.compliance.last30.due)
    expect(b.n).toBe(a.n)
    // session + membership + venue; checklists (3, and the day's sign-offs); temperatures (unit, logs,
    // entries, units, records); plan (2 per kind); record states; deliveries
    expect(b.n).toBeLessThanOrEqual(19)
  })

  test('the overview makes as many queries for 1 venue as for 50', async () => {
    const small = await createOrgWithActors(t)
    const big = await createOrgWithActors(t)
    await t.db.insert(venues).values(Array.from({ length: 48 }, (_, i) => ({ orgId: big.orgId, name: `Site ${String(i).padStart(2, '0')}`, timeZone: i % 2 ? MADRID : MEXICO })))
    await t.db.delete(venues).where(eq(venues.id, small.venueB))
    for (const org of [small, big]) {
      const c = await createChecklist(t, org.orgId, { items: [{ type: 'check' }, { type: 'check' }] })
      await backdateChecklist(c.id)
      await createLog(org.orgId, { name: 'Fridges', checkTimes: ['09:00'], units: 2 })
    }
    const a = await countQueries(small, `/v1/orgs/${small.orgId}/overview`)
    const b = await countQueries(big, `/v1/orgs/${big.orgId}/overview`)
    expect(a.json.venues).toHaveLength(1)
    expect(b.json.venues).toHaveLength(50)
    expect(b.n).toBe(a.n)
    // session + membership + venues + plan (2 per kind) + record states
    expect(b.n).toBeLessThanOrEqual(9)
  })
})

describe('stored counts (ADR 058)', () => {
  const stored = (orgId: string, templateId: string) =>
    t.db.select().from(recordDayCounts).where(and(eq(recordDayCounts.orgId, orgId), eq(recordDayCounts.templateId, templateId))).orderBy(recordDayCounts.date)

  test('a read stores each template-day; a record, a correction, a corrective action or a change of required items recounts it', async () => {
    const org = await createOrgWithActors(t)
    const c = await createChecklist(t, org.orgId, { dueTime: '00:00', items: [{ type: 'check' }, { type: 'check' }] })
    await backdateChecklist(c.id)
    const [a, b] = [c.items[0]!.id, c.items[1]!.id]
    const today = (await org.owner.client.get(dashboard(org, org.venueA))).json.date as string
    const day = shiftDay(today, -2)
    const dayOf = async () => {
      const res = await org.owner.client.get(dashboard(org, org.venueA))
      expect(res.status, res.text).toBe(200)
      return (res.json.compliance.days as { date: string }[]).find((x) => x.date === day)
    }
    const failed = await rec({ orgId: org.orgId, venueId: org.venueA, templateId: c.id, itemId: a, date: day, status: 'failed' })
    // The record's insert made the template-day's row, not yet counted.
    expect(await stored(org.orgId, c.id)).toMatchObject([{ date: day, kind: 'checklist', venueId: org.venueA, version: 0, fingerprint: null }])
    expect(await dayOf()).toMatchObject({ due: 2, onTime: 1, late: 0, missed: 1, failures: { resolved: 0, unresolved: 1 } })
    const [row] = await stored(org.orgId, c.id)
    expect(row).toMatchObject({ version: 0, onTime: 1, late: 0, resolved: 0, unresolved: 1 })
    expect(row!.fingerprint).toEqual(expect.any(String))

    // A stored count whose fingerprint is right is read as it is: nothing recounts the records.
    await t.db.update(recordDayCounts).set({ onTime: 2 }).where(eq(recordDayCounts.templateId, c.id))
    expect(await dayOf()).toMatchObject({ onTime: 2, missed: 0 })

    // Each write bumps the version and clears the fingerprint, so the next read counts again.
    await resolve(org.orgId, failed)
    expect(await stored(org.orgId, c.id)).toMatchObject([{ version: 1, fingerprint: null }])
    expect(await dayOf()).toMatchObject({ onTime: 1, missed: 1, failures: { resolved: 1, unresolved: 0 } })
    const late = await rec({ orgId: org.orgId, venueId: org.venueA, templateId: c.id, itemId: b, date: day, late: true })
    expect(await dayOf()).toMatchObject({ onTime: 1, late: 1, missed: 0 })
    await rec({ orgId: org.orgId, venueId: org.venueA, templateId: c.id, itemId: b, date: day, late: true, status: 'failed', supersedesId: late })
    expect(await dayOf()).toMatchObject({ onTime: 1, late: 1, failures: { resolved: 1, unresolved: 1 } })
    expect(await stored(org.orgId, c.id)).toMatchObject([{ version: 3, onTime: 1, late: 1, resolved: 1, unresolved: 1 }])

    // Making an item optional changes the template's fingerprint: its days are recounted.
    await t.db.update(checklistItems).set({ required: false }).where(eq(checklistItems.id, a))
    expect(await dayOf()).toMatchObject({ due: 1, onTime: 0, late: 1 })
  })

  test('one statement writing many records makes one row per template-day; deleting records recounts their days', async () => {
    const org = await createOrgWithActors(t)
    const c = await createChecklist(t, org.orgId, { dueTime: '00:00', items: [{ type: 'check' }] })
    await backdateChecklist(c.id)
    const today = (await org.owner.client.get(dashboard(org, org.venueA))).json.date as string
    const days = [1, 2, 3].map((n) => shiftDay(today, -n))
    const base = { orgId: org.orgId, venueId: org.venueA, kind: 'checklist' as const, templateId: c.id, itemId: c.items[0]!.id, templateName: 'kept', label: 'kept', itemType: 'check', status: 'done' as const, recordedByName: 'Cook' }
    await t.db.insert(records).values([...days.map((date) => ({ ...base, date })), { ...base, venueId: org.venueB, date: days[0]! }])
    const keys = (rows: { venueId: string; date: string }[]) => rows.map((r) => `${r.venueId} ${r.date}`).sort()
    expect(keys(await stored(org.orgId, c.id))).toEqual(keys([...days.map((date) => ({ venueId: org.venueA, date })), { venueId: org.venueB, date: days[0]! }]))
    const onTime = async () => {
      const res = await org.owner.client.get(dashboard(org, org.venueA))
      return Object.fromEntries((res.json.compliance.days as { date: string; onTime: number }[]).filter((x) => days.includes(x.date)).map((x) => [x.date, x.onTime]))
    }
    expect(await onTime()).toEqual(Object.fromEntries(days.map((d) => [d, 1])))
    await t.db.delete(records).where(and(eq(records.templateId, c.id), eq(records.date, days[1]!)))
    expect(await onTime()).toEqual({ [days[0]!]: 1, [days[1]!]: 0, [days[2]!]: 1 })
  })
})
