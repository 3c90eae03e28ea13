/**
 * `/checklists` and `/temperatures` list the day's work most urgent first, as the venue home does
 * (issue #39 item 12): overdue, then not complete, then complete — not in the configured order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loader as checklistsLoader } from '../../app/routes/venue/checklists.tsx'
import { loader as temperaturesLoader } from '../../app/routes/venue/temperatures.tsx'
import { temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import type { TestApp } from '../support/app.ts'
import { startWebTestApp, stopWebTestApp } from '../support/web-app.ts'
import { createChecklist } from '../support/checklists.ts'
import type { OrgWithActors } from '../support/orgs.ts'

const ORIGIN = 'http://localhost:3999'

let t: TestApp
let o: OrgWithActors

beforeAll(async () => {
  const web = await startWebTestApp()
  t = web.t
  o = web.o
})
afterAll(() => stopWebTestApp(t))

const request = (path: string) => {
  const cookie = [...o.basic.client.jar].map(([k, v]) => `${k}=${v}`).concat(`mise_org_id=${o.orgId}`, `mise_venue_id=${o.venueA}`).join('; ')
  return new Request(`${ORIGIN}${path}`, { headers: { cookie } })
}

async function createLog(name: string, position: number, checkTimes: string[]) {
  const [log] = await t.db
    .insert(temperatureLogs)
    .values({ orgId: o.orgId, name, position, checksPerDay: 1, checkTimes })
    .returning({ id: temperatureLogs.id })
  const [unit] = await t.db.insert(temperatureItems).values({ orgId: o.orgId, temperatureId: log!.id, label: `${name} fridge`, kind: 'fridge', min: 0, max: 5 }).returning({ id: temperatureItems.id })
  return { id: log!.id, unitId: unit!.id }
}

describe('day lists by urgency', () => {
  test('/checklists: overdue first, then to do, then done', async () => {
    const done = await createChecklist(t, o.orgId, { name: 'Done first', position: 0, items: [{ type: 'check' }] })
    await createChecklist(t, o.orgId, { name: 'Later', position: 1, items: [{ type: 'check' }] })
    await createChecklist(t, o.orgId, { name: 'Overdue', position: 2, dueTime: '00:00', items: [{ type: 'check' }] })
    const res = await o.basic.client.post(`/v1/orgs/${o.orgId}/checklist-entries/${done.id}/items/${done.items[0]!.id}/complete`, { venueId: o.venueA })
    expect(res.status, res.text).toBe(201)
    const data = await checklistsLoader({ request: request('/checklists'), params: {}, context: undefined } as never)
    if (data.kind !== 'day') throw new Error(data.kind)
    expect(data.day.checklists.map((c) => c.name)).toEqual(['Overdue', 'Later', 'Done first'])
  })

  test('/temperatures: overdue first, then to do, then done', async () => {
    const done = await createLog('Done log', 0, [''])
    await createLog('Later log', 1, [''])
    await createLog('Overdue log', 2, ['00:00'])
    const day = (await o.basic.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}/temperature-entries`)).json
    const entryId = day.temperatures.find((l: { id: string }) => l.id === done.id).entryId
    const res = await o.basic.client.post(`/v1/orgs/${o.orgId}/temperature-entries/${entryId}/items/${done.unitId}/complete`, { value: '3' })
    expect(res.status, res.text).toBe(201)
    const data = await temperaturesLoader({ request: request('/temperatures'), params: {}, context: undefined } as never)
    if (data.kind !== 'day') throw new Error(data.kind)
    expect(data.day.temperatures.map((l) => l.name)).toEqual(['Overdue log', 'Later log', 'Done log'])
  })
})
