/**
 * The checklist page's loader data carries what the page shows (issue #18): the records and their
 * corrections with who recorded them, without the chain links, membership ids, item positions and
 * checklist ids the API sends for other clients.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loader } from '../../app/routes/venue/checklists.$checklistId.tsx'
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

describe('/checklists/:id loader data', () => {
  test('the records, corrections and who made them, without what the page does not show', async () => {
    const checklist = await createChecklist(t, o.orgId, { items: [{ type: 'text' }, { type: 'check' }] })
    const item = checklist.items[0]!
    const base = `/v1/orgs/${o.orgId}/checklist-entries/${checklist.id}/items/${item.id}/complete`
    for (const value of ['first', 'corrected']) {
      const res = await o.basic.client.post(base, { venueId: o.venueA, value })
      expect(res.status, res.text).toBe(201)
    }
    const api = await o.basic.client.get(`/v1/orgs/${o.orgId}/checklist-entries/${checklist.id}?venueId=${o.venueA}`)
    expect(JSON.stringify(api.json)).toContain('"supersedesId"')

    const cookie = [...o.basic.client.jar].map(([k, v]) => `${k}=${v}`).concat(`mise_org_id=${o.orgId}`, `mise_venue_id=${o.venueA}`).join('; ')
    const request = new Request(`${ORIGIN}/checklists/${checklist.id}`, { headers: { cookie } })
    const data = await loader({ request, params: { checklistId: checklist.id }, context: undefined } as never)
    expect(data.kind).toBe('entry')
    if (data.kind !== 'entry') return
    const [first, second] = data.entry.items
    expect(first!.item).toMatchObject({ id: item.id, type: 'text' })
    expect(first!.record).toMatchObject({ value: 'corrected', recordedBy: { name: expect.any(String) } })
    expect(first!.history.map((r) => r.value)).toEqual(['first'])
    expect(second!.record).toBeNull()
    const json = JSON.stringify(data)
    for (const field of ['supersedesId', 'membershipId', 'position', 'checklistId']) expect(json).not.toContain(`"${field}"`)
  })
})
