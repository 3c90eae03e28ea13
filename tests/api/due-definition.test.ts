/**
 * One definition of "due on a day" (issue #39 item 7, ADR 085): a checklist or temperature log created
 * today is not due on a day before it existed — not on the day lists, not on its entry page, not in
 * the dashboard's counts, the group overview or the export — while one in place since long ago is,
 * and nothing can be recorded on a day before it existed.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checklistItems, checklists } from '../../server/checklists/schema.ts'
import { temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist } from '../support/checklists.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { shiftDay } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const LONG_AGO = new Date('2026-01-01T00:00:00Z')
const base = () => `/v1/orgs/${o.orgId}`

async function createLog(name: string, createdAt?: Date) {
  const [log] = await t.db
    .insert(temperatureLogs)
    .values({ orgId: o.orgId, name, checksPerDay: 1, checkTimes: ['09:00'], venueIds: [], ...(createdAt ? { createdAt } : {}) })
    .returning({ id: temperatureLogs.id })
  const [unit] = await t.db
    .insert(temperatureItems)
    .values({ orgId: o.orgId, temperatureId: log!.id, label: `${name} unit`, kind: 'fridge', min: 0, max: 5, position: 0, ...(createdAt ? { createdAt } : {}) })
    .returning({ id: temperatureItems.id })
  return { id: log!.id, unitId: unit!.id }
}

async function postExport(body: Record<string, unknown>) {
  const cookie = [...o.admin.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await t.app.request(
    `${base()}/checklist-entries/export`,
    { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) },
    { clientIp: '127.0.0.1' },
  )
  return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('utf8') }
}

describe('a template created today is not due on the days before', () => {
  test('day lists, entry pages, dashboard, overview and export agree', async () => {
    const fresh = await createChecklist(t, o.orgId, { name: 'Made today', dueTime: '10:00', items: [{ type: 'check', label: 'New check' }] })
    const old = await createChecklist(t, o.orgId, { name: 'Long standing', dueTime: '10:00', items: [{ type: 'check', label: 'Old check' }] })
    await t.db.update(checklists).set({ createdAt: LONG_AGO }).where(eq(checklists.id, old.id))
    await t.db.update(checklistItems).set({ createdAt: LONG_AGO }).where(eq(checklistItems.checklistId, old.id))
    const freshLog = await createLog('Log made today')
    const oldLog = await createLog('Log long standing', LONG_AGO)

    const today = todayIn('Europe/Madrid')
    const weekAgo = shiftDay(today, -7)

    // The day lists of a week ago: only what existed then, and it is overdue (never done).
    const lists = (await o.basic.client.get(`${base()}/venues/${o.venueA}/checklist-entries?date=${weekAgo}`)).json
    expect(lists.checklists.map((c: { name: string }) => c.name)).toEqual(['Long standing'])
    expect(lists.checklists[0].overdue).toBe(true)
    const logs = (await o.basic.client.get(`${base()}/venues/${o.venueA}/temperature-entries?date=${weekAgo}`)).json
    expect(logs.temperatures.map((l: { name: string }) => l.name)).toEqual(['Log long standing'])
    // Today both are listed.
    const todays = (await o.basic.client.get(`${base()}/venues/${o.venueA}/checklist-entries`)).json
    expect(todays.checklists.map((c: { name: string }) => c.name).sort()).toEqual(['Long standing', 'Made today'])

    // The entry page of the new checklist on that day: not due, not overdue; nothing can be recorded then.
    const entry = (await o.basic.client.get(`${base()}/checklist-entries/${fresh.id}?venueId=${o.venueA}&date=${weekAgo}`)).json
    expect(entry).toMatchObject({ dueThatDay: false, overdue: false })
    expect(entry.checks.every((c: { overdue: boolean }) => !c.overdue)).toBe(true)
    const oldEntry = (await o.basic.client.get(`${base()}/checklist-entries/${old.id}?venueId=${o.venueA}&date=${weekAgo}`)).json
    expect(oldEntry).toMatchObject({ dueThatDay: true, overdue: true })
    const late = await o.basic.client.post(`${base()}/checklist-entries/${fresh.id}/items/${fresh.items[0]!.id}/complete`, { venueId: o.venueA, date: weekAgo })
    expect(late.status).toBe(400)
    // The new log's page that day is not found (a log's page is of a day it is due), the old one's is.
    expect((await o.basic.client.get(`${base()}/venues/${o.venueA}/temperature-entries/${freshLog.id}?date=${weekAgo}`)).status).toBe(404)
    expect((await o.basic.client.get(`${base()}/venues/${o.venueA}/temperature-entries/${oldLog.id}?date=${weekAgo}`)).status).toBe(200)

    // The dashboard of that day: what was due is the old checklist's check and the old log's reading, both missed.
    const dash = (await o.admin.client.get(`${base()}/venues/${o.venueA}/dashboard?date=${weekAgo}`)).json
    expect(dash.due.map((w: { name: string }) => w.name).sort()).toEqual(['Log long standing', 'Long standing'])
    expect(dash.compliance.days.at(-1)).toMatchObject({ date: weekAgo, due: 2, missed: 2, missedLogs: 2 })
    expect(dash.overdue).toBe(2)
    // The overview of that day counts the same two.
    const overview = (await o.admin.client.get(`${base()}/overview?date=${weekAgo}`)).json
    const venueA = overview.venues.find((v: { venue: { id: string } }) => v.venue.id === o.venueA)
    expect(venueA.day).toMatchObject({ due: 2, overdue: 2, missedLogs: 2 })

    // The export of that day: the old ones' missed rows, none for the new ones.
    const csv = await postExport({ venueId: o.venueA, from: weekAgo, to: weekAgo, format: 'csv', include: ['checklists', 'temperatures'] })
    expect(csv.status).toBe(200)
    expect(csv.text).toContain('Long standing')
    expect(csv.text).toContain('Log long standing')
    expect(csv.text).not.toContain('Made today')
    expect(csv.text).not.toContain('Log made today')
  })
})
