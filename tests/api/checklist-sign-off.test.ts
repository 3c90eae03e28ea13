/**
 * Issue #16: a checklist may require a manager's sign-off after completion (ADR 045): only ADMIN and
 * OWNER sign off, only a complete day of a checklist that asks for it, once; who and when show on the
 * entry, the day list and the export.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { exportChecklistRecords } from '../../server/records/export.ts'
import { todayIn } from '../../server/records/service.ts'
import type { OrgScope } from '../../server/scope.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist } from '../support/checklists.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const base = () => `/v1/orgs/${o.orgId}`
const signOff = (actor: Actor, checklistId: string, body: Record<string, unknown> = {}) =>
  actor.client.post(`${base()}/checklist-entries/${checklistId}/sign-off`, { venueId: o.venueA, ...body })
const complete = (checklistId: string, itemId: string, body: Record<string, unknown> = {}) =>
  o.basic.client.post(`${base()}/checklist-entries/${checklistId}/items/${itemId}/complete`, { venueId: o.venueA, ...body })

describe('the template asks for a sign-off', () => {
  test('requiresSignOff is set, shown, changed and copied; not a boolean is a ValidationError', async () => {
    const r = await o.admin.client.post(`${base()}/checklists`, { name: 'Closing', requiresSignOff: true })
    expect(r.status, r.text).toBe(201)
    expect(r.json.checklist.requiresSignOff).toBe(true)
    const copy = await o.admin.client.post(`${base()}/checklists/${r.json.checklist.id}/duplicate`)
    expect(copy.json.checklist.requiresSignOff).toBe(true)
    const off = await o.admin.client.put(`${base()}/checklists/${r.json.checklist.id}`, { requiresSignOff: false })
    expect(off.json.checklist.requiresSignOff).toBe(false)
    expectError(await o.admin.client.post(`${base()}/checklists`, { name: 'X', requiresSignOff: 'yes' }), 'ValidationError', { data: ['requiresSignOff'] })
    expect((await o.admin.client.post(`${base()}/checklists`, { name: 'Plain' })).json.checklist.requiresSignOff).toBe(false)
  })
})

describe('POST checklist-entries/:id/sign-off', () => {
  test('once complete, an ADMIN signs the day off; who and when show on the entry and the day list; only once', async () => {
    const c = await createChecklist(t, o.orgId, { name: 'Closing', requiresSignOff: true, items: [{ type: 'yes_no', label: 'Gas off?' }] })
    const item = c.items[0]!.id
    // Not complete: nothing recorded, then an open failure.
    expectError(await signOff(o.admin, c.id), 'ValidationError', { data: ['signOff'] })
    expect((await complete(c.id, item, { value: 'no' })).json.record.status).toBe('failed')
    expectError(await signOff(o.admin, c.id), 'ValidationError', { data: ['signOff'] })
    const es = await inSpanish(o.admin.client, () => signOff(o.admin, c.id))
    expect(es.json.error.data.signOff).toMatch(/^Da el visto bueno cuando la lista esté completa/)
    await o.basic.client.post(`${base()}/checklist-entries/${c.id}/items/${item}/resolve`, { venueId: o.venueA, note: 'Turned off' })

    const before = Date.now()
    const r = await signOff(o.admin, c.id)
    expect(r.status, r.text).toBe(201)
    expect(r.json).toEqual({ signOff: { signedBy: { membershipId: o.admin.membershipId, name: 'Adam Admin' }, signedAt: expect.any(String) } })
    expect(new Date(r.json.signOff.signedAt).getTime()).toBeGreaterThanOrEqual(before - 1000)
    const entry = await o.basic.client.get(`${base()}/checklist-entries/${c.id}?venueId=${o.venueA}`)
    expect(entry.json).toMatchObject({ checklist: { requiresSignOff: true }, signOff: r.json.signOff })
    const list = await o.basic.client.get(`${base()}/venues/${o.venueA}/checklist-entries`)
    expect(list.json.checklists.find((x: { id: string }) => x.id === c.id)).toMatchObject({ requiresSignOff: true, signedOff: true })
    // The first sign-off stands.
    expectError(await signOff(o.owner, c.id), 'ValidationError', { data: ['signOff'] })
    // At the other venue the day is not signed off.
    expect((await o.basic.client.get(`${base()}/checklist-entries/${c.id}?venueId=${o.venueB}`)).json.signOff).toBeNull()
  })

  test('BASIC members may not sign off (403); a checklist that does not ask is refused; other organisations 404', async () => {
    const asks = await createChecklist(t, o.orgId, { requiresSignOff: true })
    expectError(await signOff(o.basic, asks.id), 'ForbiddenError')
    expectError(await signOff(o.basicLimited, asks.id), 'ForbiddenError')
    const plain = await createChecklist(t, o.orgId, {})
    expectError(await signOff(o.admin, plain.id), 'ValidationError', { data: ['signOff'] })
    expectError(await signOff(o.outsider, asks.id), 'NotFoundError')
    expectError(await signOff(o.admin, randomUUID()), 'NotFoundError')
    expectError(await o.admin.client.post(`${base()}/checklist-entries/not-an-id/sign-off`, { venueId: o.venueA }), 'NotFoundError')
    const onlyB = await createChecklist(t, o.orgId, { requiresSignOff: true, venueIds: [o.venueB] })
    expectError(await signOff(o.admin, onlyB.id), 'NotFoundError')
    const archived = await createChecklist(t, o.orgId, { requiresSignOff: true, archived: true })
    expectError(await signOff(o.admin, archived.id), 'NotFoundError')
  })

  test('bad bodies are ValidationErrors: no venue, a future or malformed day, unknown fields', async () => {
    const c = await createChecklist(t, o.orgId, { requiresSignOff: true })
    const url = `${base()}/checklist-entries/${c.id}/sign-off`
    expectError(await o.admin.client.post(url, {}), 'ValidationError', { data: ['venueId'] })
    expectError(await o.admin.client.post(url, { venueId: o.venueA, date: '2026-02-30' }), 'ValidationError', { data: ['date'] })
    expectError(await o.admin.client.post(url, { venueId: o.venueA, date: '2999-01-01' }), 'ValidationError', { data: ['date'] })
    expectError(await o.admin.client.post(url, { venueId: o.venueA, by: 'someone' }), 'ValidationError')
  })

  test('the export has a sign-off row after the checklist’s items: who and when', async () => {
    const org = await createOrgWithActors(t)
    const c = await createChecklist(t, org.orgId, { name: 'Closing', requiresSignOff: true, items: [{ type: 'check', label: 'Lights off' }] })
    expect((await org.basic.client.post(`/v1/orgs/${org.orgId}/checklist-entries/${c.id}/items/${c.items[0]!.id}/complete`, { venueId: org.venueA })).status).toBe(201)
    expect((await org.owner.client.post(`/v1/orgs/${org.orgId}/checklist-entries/${c.id}/sign-off`, { venueId: org.venueA })).status).toBe(201)
    const day = todayIn('Europe/Madrid')
    const scope: OrgScope = { orgId: org.orgId, membershipId: null, userId: randomUUID(), role: 'ADMIN', venueIds: null, readOnly: false }
    const lines = ((await exportChecklistRecords({ db: t.db }, scope, { venueId: org.venueA, from: day, to: day, format: 'csv' }, 'en', 'x')).body as string)
      .split('\r\n')
      .filter((l) => l.includes('Closing'))
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain(',Closing,Lights off,Done,')
    expect(lines[1]).toMatch(new RegExp(`^${day},Closing,Manager sign-off,,,Signed off,,Olivia Owner,${day} \\d\\d:\\d\\d,`))
  })
})
