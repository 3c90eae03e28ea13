import { extractText, getDocumentProxy } from 'unpdf'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import pino from 'pino'
import { organisations, recordResolutions, records, temperatureEntries, temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import { seedDemo } from '../../server/db/seed.ts'
import { fromCelsius, parseReading, round1, toCelsius } from '../../server/temperatures/units.ts'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish, orgFixture, shiftDay, walkCardAndPage } from './_helpers.ts'
import { weekdayOf } from '../../server/records/service.ts'

const ZONE = 'Europe/Madrid'
const fixture = orgFixture(ZONE)
let t: TestApp
let o: OrgWithActors
let today: string
// The fixture's hook runs first (registered first).
beforeAll(() => void ({ t, o, today } = fixture))

const base = (org = o) => `/v1/orgs/${org.orgId}`

async function createLog(actor: Actor, body: Record<string, unknown>, org = o) {
  const res = await actor.client.post(`${base(org)}/temperatures`, body)
  expect(res.status, res.text).toBe(201)
  return res.json.temperature as { id: string; name: string }
}
/** Put a log in place since long ago, so it is due on the past days a test reads (ADR 085). */
async function backdateLog(logId: string) {
  await t.db.update(temperatureLogs).set({ createdAt: new Date('2026-01-01T00:00:00Z') }).where(eq(temperatureLogs.id, logId))
}
async function addUnit(actor: Actor, logId: string, body: Record<string, unknown>, org = o) {
  const res = await actor.client.post(`${base(org)}/temperatures/${logId}/items`, body)
  expect(res.status, res.text).toBe(201)
  return res.json.item as { id: string; min: number | null; max: number | null }
}
async function dayList(actor: Actor, venueId: string, date?: string, org = o) {
  return actor.client.get(`${base(org)}/venues/${venueId}/temperature-entries${date ? `?date=${date}` : ''}`)
}
async function entryOf(actor: Actor, venueId: string, logId: string, date?: string, org = o): Promise<string> {
  const res = await dayList(actor, venueId, date, org)
  expect(res.status, res.text).toBe(200)
  return (res.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === logId)!.entryId
}
const complete = (actor: Actor, entryId: string, itemId: string, body: Record<string, unknown>, org = o) =>
  actor.client.post(`${base(org)}/temperature-entries/${entryId}/items/${itemId}/complete`, body)
const resolve = (actor: Actor, entryId: string, itemId: string, body: Record<string, unknown>, org = o) =>
  actor.client.post(`${base(org)}/temperature-entries/${entryId}/items/${itemId}/resolve`, body)

describe('units', () => {
  test('°C ↔ °F both ways, one decimal, halves away from zero; a comma is a decimal separator', () => {
    expect(toCelsius(41, 'F')).toBe(5)
    expect(toCelsius(0, 'F')).toBe(-17.8)
    expect(toCelsius(39.2, 'F')).toBe(4)
    expect(fromCelsius(-18, 'F')).toBe(-0.4)
    expect(fromCelsius(63, 'F')).toBe(145.4)
    expect(fromCelsius(4.5, 'C')).toBe(4.5)
    expect(round1(4.45)).toBe(4.5)
    expect(round1(-4.45)).toBe(-4.5)
    expect(round1(-0.04)).toBe(0)
    expect(parseReading('4,5')).toBe(4.5)
    expect(parseReading(' -18 ')).toBe(-18)
    expect(parseReading('−18,0')).toBe(-18)
    expect(parseReading('4.5.1')).toBeNaN()
    expect(parseReading('hot')).toBeNaN()
  })
})

describe('temperature logs and units (templates)', () => {
  test('ranges are pre-filled by kind and editable; min ≤ max; a new kind takes its defaults', async () => {
    const log = await createLog(o.admin, { name: 'Fridges', checksPerDay: 2, checkTimes: ['09:00', null] })
    const fridge = await addUnit(o.admin, log.id, { label: 'Walk-in', kind: 'fridge' })
    expect(fridge).toMatchObject({ min: 0, max: 5 })
    expect(await addUnit(o.admin, log.id, { label: 'Chest', kind: 'freezer' })).toMatchObject({ min: null, max: -18 })
    expect(await addUnit(o.admin, log.id, { label: 'Bain-marie', kind: 'hot_holding' })).toMatchObject({ min: 63, max: null })
    expect(await addUnit(o.admin, log.id, { label: 'Probe', kind: 'cooking' })).toMatchObject({ min: 75, max: null })
    expect(await addUnit(o.admin, log.id, { label: 'Custom', kind: 'fridge', min: 1.04, max: 4 })).toMatchObject({ min: 1, max: 4 })
    expectError(await o.admin.client.post(`${base()}/temperatures/${log.id}/items`, { label: 'x', kind: 'fridge', min: 6, max: 2 }), 'ValidationError', { data: ['max'] })
    const changed = await o.admin.client.put(`${base()}/temperature-items/${fridge.id}`, { kind: 'freezer' })
    expect(changed.json.item).toMatchObject({ kind: 'freezer', min: null, max: -18 })
    const edited = await o.admin.client.put(`${base()}/temperature-items/${fridge.id}`, { max: -15 })
    expect(edited.json.item).toMatchObject({ min: null, max: -15 })
    const read = await o.basic.client.get(`${base()}/temperatures/${log.id}`)
    expect(read.json.temperature).toMatchObject({ name: 'Fridges', checksPerDay: 2, checkTimes: ['09:00', null], itemCount: 5 })
    expect(read.json.items).toHaveLength(5)
  })

  test('checks per day 1–6 with at most one time each; fewer checks drop the extra times', async () => {
    expectError(await o.admin.client.post(`${base()}/temperatures`, { name: 'x', checksPerDay: 7 }), 'ValidationError', { data: ['checksPerDay'] })
    expectError(await o.admin.client.post(`${base()}/temperatures`, { name: 'x', checksPerDay: 1, checkTimes: ['09:00', '10:00'] }), 'ValidationError', {
      data: ['checkTimes'],
    })
    expectError(await o.admin.client.post(`${base()}/temperatures`, { name: 'x', checkTimes: ['9am'] }), 'ValidationError', { data: ['checkTimes'] })
    const log = await createLog(o.admin, { name: 'Three', checksPerDay: 3, checkTimes: ['08:00', '12:00', '18:00'] })
    const fewer = await o.admin.client.put(`${base()}/temperatures/${log.id}`, { checksPerDay: 2 })
    expect(fewer.json.temperature).toMatchObject({ checksPerDay: 2, checkTimes: [null, null] })
    const times = await o.admin.client.put(`${base()}/temperatures/${log.id}`, { checkTimes: ['07:30'] })
    expect(times.json.temperature).toMatchObject({ checksPerDay: 2, checkTimes: ['07:30', null] })
  })

  test('duplicate copies the units; reorder logs and units; BASIC cannot manage', async () => {
    const org = await createOrgWithActors(t)
    const a = await createLog(org.admin, { name: 'A' }, org)
    const b = await createLog(org.admin, { name: 'B', checksPerDay: 2 }, org)
    const u1 = await addUnit(org.admin, a.id, { label: 'One', kind: 'fridge' }, org)
    const u2 = await addUnit(org.admin, a.id, { label: 'Two', kind: 'freezer', max: -20 }, org)
    const copy = await org.admin.client.post(`${base(org)}/temperatures/${a.id}/duplicate`)
    expect(copy.status).toBe(201)
    expect(copy.json.temperature).toMatchObject({ name: 'A (copy)', itemCount: 2 })
    const copied = await org.admin.client.get(`${base(org)}/temperatures/${copy.json.temperature.id}/items`)
    expect(copied.json.items.map((i: any) => [i.label, i.kind, i.min, i.max])).toEqual([
      ['One', 'fridge', 0, 5],
      ['Two', 'freezer', null, -20],
    ])
    expect((await org.admin.client.post(`${base(org)}/temperatures/reorder`, { ids: [copy.json.temperature.id, b.id, a.id] })).status).toBe(204)
    expect((await org.basic.client.get(`${base(org)}/temperatures`)).json.temperatures.map((l: any) => l.name)).toEqual(['A (copy)', 'B', 'A'])
    expect((await org.admin.client.post(`${base(org)}/temperatures/${a.id}/items/reorder`, { ids: [u2.id, u1.id] })).status).toBe(204)
    expect((await org.admin.client.get(`${base(org)}/temperatures/${a.id}/items`)).json.items.map((i: any) => i.label)).toEqual(['Two', 'One'])
    expectError(await org.basic.client.post(`${base(org)}/temperatures`, { name: 'No' }), 'ForbiddenError')
    expectError(await org.outsider.client.get(`${base(org)}/temperatures/${a.id}`), 'NotFoundError')
  })
})

describe('daily readings', () => {
  test('slots per day, failure → resolution → re-check: both stay, the failure stays open until resolved', async () => {
    const org = await createOrgWithActors(t)
    const log = await createLog(org.admin, { name: 'Fridges', checksPerDay: 2, checkTimes: ['00:00', null] }, org)
    const fridge = await addUnit(org.admin, log.id, { label: 'Walk-in', kind: 'fridge' }, org)
    const freezer = await addUnit(org.admin, log.id, { label: 'Chest', kind: 'freezer' }, org)
    const list = await dayList(org.basic, org.venueA, undefined, org)
    expect(list.json).toMatchObject({ date: today, unit: 'C' })
    const listed = list.json.temperatures[0]
    expect(listed).toMatchObject({
      id: log.id,
      checksPerDay: 2,
      complete: false,
      overdue: true,
      checks: [
        { slot: 0, time: '00:00', done: 0, total: 2, overdue: true },
        { slot: 1, time: null, done: 0, total: 2, overdue: false },
      ],
    })
    // The same entry on a second read.
    expect(await entryOf(org.basic, org.venueA, log.id, undefined, org)).toBe(listed.entryId)
    const entryId = listed.entryId as string

    // First check: in range, then the next reading goes to the next check.
    const r1 = await complete(org.basic, entryId, fridge.id, { value: '3,5' }, org)
    expect(r1.status, r1.text).toBe(201)
    expect(r1.json.record).toMatchObject({ slot: 0, value: '3.5', valueC: 3.5, status: 'done', recheck: false, recordedBy: { name: 'Bea Basic' } })
    const r2 = await complete(org.basic, entryId, fridge.id, { value: '9' }, org)
    expect(r2.json.record).toMatchObject({ slot: 1, status: 'failed' })
    expectError(await complete(org.basic, entryId, fridge.id, { value: 'warm' }, org), 'ValidationError', { data: ['value'] })

    // A re-check in range does not hide the open failure.
    const re = await complete(org.basic, entryId, fridge.id, { value: '4' }, org)
    expect(re.json.record).toMatchObject({ slot: 1, status: 'done', recheck: true })
    let entry = await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)
    expect(entry.status, entry.text).toBe(200)
    const unit = entry.json.items.find((i: any) => i.item.id === fridge.id)
    expect(unit.checks[1]).toMatchObject({ openFailures: 1, record: { value: '4', recheck: true }, history: [{ value: '9', status: 'failed', resolution: null }] })
    // The same definition as checklists: a reading with an open failure is not done (2 readings, 1 settled).
    expect(entry.json).toMatchObject({ complete: false, progress: { done: 1, total: 4, optional: { done: 0, total: 0 }, unresolved: 1 } })
    expect(entry.json.checks[1]).toMatchObject({ complete: false, done: 0, total: 2, unresolved: 1 })

    // Resolving closes the failure (the superseded one), both readings kept.
    const res = await resolve(org.basic, entryId, fridge.id, { note: 'Moved food to another fridge' }, org)
    expect(res.status, res.text).toBe(201)
    expect(res.json.record).toMatchObject({ value: '9', status: 'failed', resolution: { note: 'Moved food to another fridge', resolvedBy: { name: 'Bea Basic' } } })
    expect((await resolve(org.basic, entryId, fridge.id, { note: 'again' }, org)).status).toBe(400)

    await complete(org.basic, entryId, freezer.id, { value: '-20', slot: 0 }, org)
    await complete(org.basic, entryId, freezer.id, { value: '-19.96' }, org)
    entry = await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)
    expect(entry.json).toMatchObject({ complete: true, progress: { done: 4, total: 4, unresolved: 0 } })
    expect(entry.json.items.find((i: any) => i.item.id === freezer.id).checks[1].record).toMatchObject({ value: '-20', valueC: -20 })
    expect(entry.json.items.find((i: any) => i.item.id === fridge.id).chart.length).toBeGreaterThanOrEqual(3)
    expectError(await complete(org.basic, entryId, fridge.id, { value: '3' }, org), 'ValidationError', { data: ['slot'] })
    expectError(await complete(org.basic, entryId, fridge.id, { value: '3', slot: 2 }, org), 'ValidationError', { data: ['slot'] })
  })

  test('values in °F: entered and shown in °F, stored in °C; the range is judged in °C', async () => {
    const org = await createOrgWithActors(t)
    const log = await createLog(org.admin, { name: 'Freezers' }, org)
    const freezer = await addUnit(org.admin, log.id, { label: 'Chest', kind: 'freezer' }, org)
    await t.db.update(organisations).set({ temperatureUnit: 'F' }).where(eq(organisations.id, org.orgId))
    const entryId = await entryOf(org.basic, org.venueA, log.id, undefined, org)
    const r = await complete(org.basic, entryId, freezer.id, { value: '0' }, org)
    // −18 °C reads as the whole degree on the safe side: at most −1 °F (ADR 085).
    expect(r.json.record).toMatchObject({ value: '0', valueC: -17.8, status: 'failed', max: -1 })
    const entry = await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)
    expect(entry.json).toMatchObject({ unit: 'F', items: [{ item: { max: -1, maxC: -18 } }] })
    await t.db.update(organisations).set({ temperatureUnit: 'C' }).where(eq(organisations.id, org.orgId))
    const again = await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)
    expect(again.json.items[0].checks[0].record).toMatchObject({ value: '-17.8', max: -18 })
  })

  test('a reading typed in °F reads back as typed in °F; ranges read in clean degrees (issue #39)', async () => {
    const org = await createOrgWithActors(t)
    const log = await createLog(org.admin, { name: 'Hot holding' }, org)
    const bain = await addUnit(org.admin, log.id, { label: 'Bain-marie', kind: 'hot_holding' }, org)
    // A range set in °F: 145 °F, kept as 62.8 °C.
    const soup = await addUnit(org.admin, log.id, { label: 'Soup kettle', kind: 'hot_holding', min: toCelsius(145, 'F') }, org)
    await t.db.update(organisations).set({ temperatureUnit: 'F' }).where(eq(organisations.id, org.orgId))
    const entryId = await entryOf(org.basic, org.venueA, log.id, undefined, org)
    const r = await complete(org.basic, entryId, bain.id, { value: '150' }, org)
    expect(r.status, r.text).toBe(201)
    // 150 °F is kept as 65.6 °C for the check, and reads 150, not 150.1.
    expect(r.json.record).toMatchObject({ value: '150', valueC: 65.6, status: 'done', min: 146 })
    await complete(org.basic, entryId, soup.id, { value: '145' }, org)
    const entry = (await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)).json
    expect(entry.items.map((u: { item: { min: number }; checks: { record: { value: string } }[] }) => [u.item.min, u.checks[0]!.record.value])).toEqual([
      // 63 °C (the default) reads "at least 146 °F", not 145.4; the range typed as 145 °F reads 145.
      [146, '150'],
      [145, '145'],
    ])
    expect(entry.items[0].chart[0]).toMatchObject({ value: 150 })
    // In °C it reads as converted.
    await t.db.update(organisations).set({ temperatureUnit: 'C' }).where(eq(organisations.id, org.orgId))
    const inC = (await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)).json
    expect(inC.items[0].checks[0].record).toMatchObject({ value: '65.6', min: 63 })
    // The export in °F says what was typed, and the range in whole degrees.
    await t.db.update(organisations).set({ temperatureUnit: 'F' }).where(eq(organisations.id, org.orgId))
    const cookie = [...org.admin.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await t.app.request(
      `${base(org)}/temperature-entries/export`,
      { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ venueId: org.venueA, from: today, to: today, format: 'csv' }) },
      { clientIp: '127.0.0.1' },
    )
    const csv = await res.text()
    expect(csv).toMatch(/Bain-marie — check 1,150\.0,at least 146 °F,Done/)
    expect(csv).toMatch(/Soup kettle — check 1,145\.0,at least 145 °F,Done/)
  })

  test('late readings are marked late; future dates refused; archived logs leave the day list from the day archived but keep their records', async () => {
    const org = await createOrgWithActors(t)
    const log = await createLog(org.admin, { name: 'Hot holding' }, org)
    await backdateLog(log.id)
    const unit = await addUnit(org.admin, log.id, { label: 'Bain-marie', kind: 'hot_holding' }, org)
    const yesterday = shiftDay(today, -1)
    const entryId = await entryOf(org.basic, org.venueA, log.id, yesterday, org)
    const r = await complete(org.basic, entryId, unit.id, { value: 65 }, org)
    expect(r.json.record).toMatchObject({ late: true, status: 'done' })
    expectError(await dayList(org.basic, org.venueA, shiftDay(today, 1), org), 'ValidationError', { data: ['date'] })

    expect((await org.admin.client.del(`${base(org)}/temperatures/${log.id}`)).json).toMatchObject({ archived: true })
    expect((await dayList(org.basic, org.venueA, undefined, org)).json.temperatures).toEqual([])
    // Yesterday it was in place (ADR 085): that day still lists it, complete, as the dashboard counts it.
    expect((await dayList(org.basic, org.venueA, yesterday, org)).json.temperatures).toMatchObject([{ id: log.id, complete: true }])
    const kept = await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)
    expect(kept.json.items[0].checks[0].record).toMatchObject({ value: '65' })
    expectError(await complete(org.basic, entryId, unit.id, { value: 70 }, org), 'NotFoundError')
  })

  test('the day card counts as the page does: two checks, failures kept open by a re-check until resolved, an archived unit', async () => {
    const org = await createOrgWithActors(t)
    const log = await createLog(org.admin, { name: 'Fridges', checksPerDay: 2, checkTimes: ['00:00', '23:59'] }, org)
    const [a, b, gone] = [
      await addUnit(org.admin, log.id, { label: 'A', kind: 'fridge' }, org),
      await addUnit(org.admin, log.id, { label: 'B', kind: 'fridge' }, org),
      await addUnit(org.admin, log.id, { label: 'Gone', kind: 'fridge' }, org),
    ]
    const entryId = await entryOf(org.basic, org.venueA, log.id, undefined, org)
    const pick = ({ overdue, complete, progress, checks }: Record<string, unknown>) => ({ overdue, complete, progress, checks })
    const card = async () => pick((await dayList(org.basic, org.venueA, undefined, org)).json.temperatures.find((l: { id: string }) => l.id === log.id))
    const page = async () => pick((await org.basic.client.get(`${base(org)}/temperature-entries/${entryId}`)).json)
    const steps: (() => Promise<unknown>)[] = [
      async () => {},
      () => complete(org.basic, entryId, a.id, { value: '3', slot: 0 }, org),
      () => complete(org.basic, entryId, b.id, { value: '9', slot: 0 }, org),
      // The re-check is in range, but the failure stays open until its corrective action.
      () => complete(org.basic, entryId, b.id, { value: '4', slot: 0 }, org),
      () => complete(org.basic, entryId, gone.id, { value: '12', slot: 1 }, org),
      () => resolve(org.basic, entryId, b.id, { note: 'Moved the food', slot: 0 }, org),
      () => complete(org.basic, entryId, a.id, { value: '2', slot: 1 }, org),
      () => org.admin.client.post(`${base(org)}/temperature-items/${gone.id}/archive`),
      () => complete(org.basic, entryId, b.id, { value: '1', slot: 1 }, org),
    ]
    const seen = await walkCardAndPage(steps, card, page)
    // The steps moved every count at least once, so the comparison covered them.
    expect(new Set(seen.map((p) => JSON.stringify(p))).size).toBeGreaterThanOrEqual(6)
    expect(seen).toContainEqual(expect.objectContaining({ failed: 0, unresolved: 1 }))
    expect(seen.at(-1)).toEqual({ done: 4, total: 4, optional: { done: 0, total: 0 }, failed: 0, unresolved: 0 })
  })

  test("one log's entry by the log (what its page reads): made on first read, the day list's entry, answered as by its id; 404 where the day list does not show it", async () => {
    const org = await createOrgWithActors(t)
    const log = await createLog(org.admin, { name: 'Walk-ins', checksPerDay: 2 }, org)
    await backdateLog(log.id)
    const unit = await addUnit(org.admin, log.id, { label: 'Walk-in', kind: 'fridge' }, org)
    const ofLog = (logId: string, query = '', venueId = org.venueA) => org.basic.client.get(`${base(org)}/venues/${venueId}/temperature-entries/${logId}${query}`)
    // Made on the first read, before the day list has ever run that day.
    const first = await ofLog(log.id)
    expect(first.status, first.text).toBe(200)
    expect(await entryOf(org.basic, org.venueA, log.id, undefined, org)).toBe(first.json.id)
    expect((await ofLog(log.id)).json.id).toBe(first.json.id)
    await complete(org.basic, first.json.id, unit.id, { value: '9', slot: 1 }, org)
    // The entry as by its id, each unit at one check: the first not complete, else the one asked for.
    const byId = (await org.basic.client.get(`${base(org)}/temperature-entries/${first.json.id}`)).json
    const atCheck = (slot: number) => ({ ...byId, slot, items: byId.items.map((u: { checks: unknown[] }) => ({ ...u, checks: [u.checks[slot]] })) })
    const byLog = await ofLog(log.id)
    expect(byLog.json).toEqual(atCheck(0))
    expect(byLog.json).toMatchObject({ date: today, temperature: { id: log.id, name: 'Walk-ins' }, checks: [{ slot: 0 }, { slot: 1 }] })
    const second = await ofLog(log.id, '?slot=1')
    expect(second.json).toEqual(atCheck(1))
    expect(second.json.items[0].checks[0]).toMatchObject({ slot: 1, record: { value: '9', status: 'failed' } })
    // Once the first check is complete, the log opens at the second; a check it does not have is refused.
    await complete(org.basic, first.json.id, unit.id, { value: '3', slot: 0 }, org)
    expect((await ofLog(log.id)).json).toMatchObject({ slot: 1, items: [{ checks: [{ slot: 1, openFailures: 1 }] }] })
    expectError(await ofLog(log.id, '?slot=2'), 'ValidationError', { data: ['slot'] })
    expectError(await ofLog(log.id, '?slot=one'), 'ValidationError', { data: ['slot'] })
    // A refused check changes nothing: no entry is made for a day not read before.
    const twoDaysAgo = shiftDay(today, -2)
    expectError(await ofLog(log.id, `?date=${twoDaysAgo}&slot=5`), 'ValidationError', { data: ['slot'] })
    expect(await t.db.select().from(temperatureEntries).where(and(eq(temperatureEntries.temperatureId, log.id), eq(temperatureEntries.date, twoDaysAgo)))).toEqual([])
    expect((await ofLog(log.id, `?date=${twoDaysAgo}`)).json).toMatchObject({ date: twoDaysAgo, slot: 0 })
    // The chart: 30 days by default, the last 7 with chart=7 (what the page draws by default); nothing else.
    const tenDaysAgo = shiftDay(today, -10)
    await complete(org.basic, (await ofLog(log.id, `?date=${tenDaysAgo}`)).json.id, unit.id, { value: '4', slot: 0 }, org)
    const chartDates = async (query: string) => ((await ofLog(log.id, query)).json.items[0].chart as { date: string }[]).map((p) => p.date).sort()
    expect(await chartDates('')).toEqual([tenDaysAgo, today, today])
    expect(await chartDates('?chart=30')).toEqual([tenDaysAgo, today, today])
    expect(await chartDates('?chart=7')).toEqual([today, today])
    expectError(await ofLog(log.id, '?chart=8'), 'ValidationError', { data: ['chart'] })
    // Another day: its own entry; a future day refused as the day list refuses it.
    const yesterday = shiftDay(today, -1)
    const earlier = await ofLog(log.id, `?date=${yesterday}`)
    expect(earlier.json).toMatchObject({ date: yesterday, isPast: true })
    expect(earlier.json.id).not.toBe(first.json.id)
    expectError(await ofLog(log.id, `?date=${shiftDay(today, 1)}`), 'ValidationError', { data: ['date'] })
    // Not due that weekday, used at another venue only, archived, unknown, another organisation's: 404.
    const notToday = await createLog(org.admin, { name: 'Weekly', days: [(weekdayOf(today) + 1) % 7] }, org)
    expectError(await ofLog(notToday.id), 'NotFoundError')
    const elsewhere = await createLog(org.admin, { name: 'B only', venueIds: [org.venueB] }, org)
    expectError(await ofLog(elsewhere.id), 'NotFoundError')
    expect((await ofLog(elsewhere.id, '', org.venueB)).status).toBe(200)
    expectError(await ofLog('not-a-uuid'), 'NotFoundError')
    expectError(await o.basic.client.get(`${base(o)}/venues/${o.venueA}/temperature-entries/${log.id}`), 'NotFoundError')
    expectError(await org.outsider.client.get(`${base(org)}/venues/${org.venueA}/temperature-entries/${log.id}`), 'NotFoundError')
    await org.admin.client.post(`${base(org)}/temperatures/${log.id}/archive`)
    expectError(await ofLog(log.id), 'NotFoundError')
  })

  test('tenancy and roles: another organisation 404, a venue outside the member’s 403, a device without PIN cannot record', async () => {
    const log = await createLog(o.admin, { name: 'Only A', venueIds: [o.venueA] })
    const unit = await addUnit(o.admin, log.id, { label: 'Fridge', kind: 'fridge' })
    const entryId = await entryOf(o.basic, o.venueA, log.id)
    expectError(await o.outsider.client.get(`${base()}/temperature-entries/${entryId}`), 'NotFoundError')
    expectError(await o.basicLimited.client.get(`${base()}/temperature-entries/${entryId}`), 'ForbiddenError')
    expectError(await complete(o.basicLimited, entryId, unit.id, { value: '3' }), 'ForbiddenError')
    expectError(await o.basic.client.get(`${base()}/temperature-entries/not-a-uuid`), 'NotFoundError')
    const es = await inSpanish(o.basic.client, () => complete(o.basic, entryId, unit.id, { value: 'caliente' }))
    expect(es.json.error.data.value).toBe('Escribe una temperatura, por ejemplo 4,5')
  })
})

describe('performance', () => {
  test('the day list and an entry make the same number of queries for 1 log × 1 unit as for 4 logs × 6 units with readings', async () => {
    const small = await createOrgWithActors(t)
    const big = await createOrgWithActors(t)
    const one = await createLog(small.admin, { name: 'One' }, small)
    const unit = await addUnit(small.admin, one.id, { label: 'U', kind: 'fridge' }, small)
    const smallEntry = await entryOf(small.basic, small.venueA, one.id, undefined, small)
    await complete(small.basic, smallEntry, unit.id, { value: '3' }, small)
    let bigLog = ''
    let bigEntry = ''
    for (let l = 0; l < 4; l++) {
      const log = await createLog(big.admin, { name: `Log ${l}`, checksPerDay: 2 }, big)
      const units = []
      for (let u = 0; u < 6; u++) units.push(await addUnit(big.admin, log.id, { label: `U${u}`, kind: 'fridge' }, big))
      if (l === 0) {
        bigLog = log.id
        bigEntry = await entryOf(big.basic, big.venueA, log.id, undefined, big)
        for (const u of units) {
          await complete(big.basic, bigEntry, u.id, { value: '9' }, big)
          await complete(big.basic, bigEntry, u.id, { value: '3' }, big)
        }
      }
    }
    expect(bigLog).not.toBe('')
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
    const spy = vi.spyOn(client, 'query')
    try {
      const count = async (org: OrgWithActors, path: string) => {
        spy.mockClear()
        const res = await org.basic.client.get(`${base(org)}${path}`)
        expect(res.status, res.text).toBe(200)
        return spy.mock.calls.length
      }
      // Both days' entries made (the first read of a day adds one insert, below) and both days' counts
      // stored (the first read after a write stores them: one update, ADR 071), the reads compare alike.
      const stored = await count(small, `/venues/${small.venueA}/temperature-entries`)
      await count(big, `/venues/${big.venueA}/temperature-entries`)
      const listed = await count(small, `/venues/${small.venueA}/temperature-entries`)
      expect(stored).toBe(listed + 1)
      expect(await count(big, `/venues/${big.venueA}/temperature-entries`)).toBe(listed)
      expect(await count(big, `/temperature-entries/${bigEntry}`)).toBe(await count(small, `/temperature-entries/${smallEntry}`))
      expect(await count(big, `/venues/${big.venueA}/temperature-entries/${bigLog}`)).toBe(await count(small, `/venues/${small.venueA}/temperature-entries/${one.id}`))
      // The day's entries are made on the first read (one insert for the logs without one), not on every read.
      const inserts = () =>
        spy.mock.calls
          // PGlite gets the text; node-postgres a query config (`{ text, values }`, named when prepared).
          .map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text)))
          .filter((text) => /^\s*insert\b/i.test(text))
      const fresh = await createLog(big.admin, { name: 'Log 4' }, big)
      spy.mockClear()
      const first = await big.basic.client.get(`${base(big)}/venues/${big.venueA}/temperature-entries`)
      expect(inserts()).toHaveLength(1)
      spy.mockClear()
      const again = await big.basic.client.get(`${base(big)}/venues/${big.venueA}/temperature-entries`)
      expect(inserts()).toEqual([])
      const entryIds = (res: typeof first) => (res.json.temperatures as { id: string; entryId: string }[]).map((l) => [l.id, l.entryId])
      expect(entryIds(again)).toEqual(entryIds(first))
      expect(entryIds(again).map(([id]) => id)).toContain(fresh.id)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('export', () => {
  async function postExport(actor: Actor, path: string, body: Record<string, unknown>, org = o) {
    const cookie = [...actor.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await t.app.request(
      `${base(org)}/${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) },
      { clientIp: '127.0.0.1' },
    )
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
  }

  test('temperatures alone or with checklists, CSV and PDF, in the organisation’s unit with the unit in the heading', async () => {
    const org = await createOrgWithActors(t)
    const log = await createLog(org.admin, { name: 'Fridges' }, org)
    const unit = await addUnit(org.admin, log.id, { label: 'Walk-in', kind: 'fridge' }, org)
    const entryId = await entryOf(org.basic, org.venueA, log.id, undefined, org)
    await complete(org.basic, entryId, unit.id, { value: '8' }, org)
    await resolve(org.basic, entryId, unit.id, { note: 'Called engineer' }, org)
    await complete(org.basic, entryId, unit.id, { value: '4' }, org)
    await t.db.update(organisations).set({ temperatureUnit: 'F' }).where(eq(organisations.id, org.orgId))
    const body = { venueId: org.venueA, from: today, to: today, format: 'csv' }
    const csv = await postExport(org.admin, 'temperature-entries/export', body, org)
    expect(csv.status).toBe(200)
    const text = csv.bytes.toString('utf8')
    expect(text).toContain('Value (°F)')
    expect(text).toMatch(/Walk-in — check 1,46\.4,[^,]+ °F,Failed/)
    expect(text).toContain('Called engineer')
    expect(text).toContain('39.2 (re-check)')
    const both = await postExport(org.admin, 'checklist-entries/export', { ...body, include: ['checklists', 'temperatures'] }, org)
    expect(both.bytes.toString('utf8')).toContain('Value (temperatures in °F)')
    const pdf = await postExport(org.admin, 'temperature-entries/export', { ...body, format: 'pdf' }, org)
    const doc = await getDocumentProxy(new Uint8Array(pdf.bytes))
    const { text: pdfText } = await extractText(doc, { mergePages: true })
    expect(pdfText).toContain('Temperature records')
    expect(pdfText).toContain('Called engineer')
    expect(pdfText).toContain('46.4')
    expect((await postExport(org.basic, 'temperature-entries/export', body, org)).status).toBe(403)
  })
})

describe('onboarding', () => {
  test('the temperature step is done once a non-archived log exists', async () => {
    const org = await createOrgWithActors(t)
    const step = async () => ((await org.owner.client.get(`${base(org)}/onboarding`)).json.steps as { key: string; done: boolean }[]).find((s) => s.key === 'temperature')
    expect(await step()).toMatchObject({ done: false })
    await createLog(org.admin, { name: 'Fridges' }, org)
    expect(await step()).toMatchObject({ done: true })
  })
})

describe('demo seed', () => {
  test('"Fridges & freezers" (4 units, 2 checks) and "Hot holding" with two weeks of readings, a failure resolved and re-checked', async () => {
    const fresh = await createTestApp()
    try {
      const demo = await seedDemo({ db: fresh.db, logger: pino({ level: 'silent' }) }, () => {})
      const orgId = demo!.orgId
      const logs = await fresh.db.select().from(temperatureLogs).where(eq(temperatureLogs.orgId, orgId)).orderBy(temperatureLogs.position)
      expect(logs.map((l) => [l.name, l.checksPerDay])).toEqual([
        ['Fridges & freezers', 2],
        ['Hot holding', 2],
      ])
      const units = await fresh.db.select().from(temperatureItems).where(eq(temperatureItems.temperatureId, logs[0]!.id))
      expect(units).toHaveLength(4)
      const hot = await fresh.db.select().from(records).where(and(eq(records.orgId, orgId), eq(records.templateId, logs[1]!.id)))
      expect(new Set(hot.map((r) => r.date)).size).toBe(14)
      const failed = hot.filter((r) => r.status === 'failed')
      expect(failed).toHaveLength(1)
      const [resolution] = await fresh.db.select().from(recordResolutions).where(eq(recordResolutions.recordId, failed[0]!.id))
      expect(resolution).toMatchObject({ note: 'Reheated to 75 °C or more' })
      expect(hot.find((r) => r.supersedesId === failed[0]!.id)).toMatchObject({ status: 'done', value: '66.0' })
    } finally {
      await fresh.close()
    }
  })
})
