/**
 * The day lists' counts kept in record_day_counts (ADR 071): read as stored while they hold, counted
 * again after anything that changes them — a record, a correction or re-check, a corrective action, a
 * change to the template's items — for checklists and temperature logs alike. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { checklistItems, checklists, recordDayCounts, temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import type { TestApp } from '../support/app.ts'
import { createChecklist } from '../support/checklists.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { orgFixture } from './_helpers.ts'

const fixture = orgFixture('Europe/Madrid')
let t: TestApp
let o: OrgWithActors
// The fixture's hook runs first (registered first).
beforeAll(() => void ({ t, o } = fixture))

const base = () => `/v1/orgs/${o.orgId}`

interface Listed {
  id: string
  progress: { done: number; total: number; optional: { done: number; total: number }; failed: number; unresolved: number }
}

async function listed(path: 'checklist-entries' | 'temperature-entries', key: 'checklists' | 'temperatures', id: string): Promise<Listed> {
  const res = await o.basic.client.get(`${base()}/venues/${o.venueA}/${path}`)
  expect(res.status, res.text).toBe(200)
  const found = (res.json[key] as Listed[]).find((l) => l.id === id)
  expect(found).toBeDefined()
  return found!
}

/** The template-day's stored row, as the day list left it. */
async function storedRow(templateId: string) {
  const [row] = await t.db.select().from(recordDayCounts).where(and(eq(recordDayCounts.orgId, o.orgId), eq(recordDayCounts.templateId, templateId)))
  return row
}

/** Counts no write could have made: a list showing them read them from the stored row. */
async function tamper(templateId: string) {
  await t.db
    .update(recordDayCounts)
    .set({ checks: [[null, 9, 0, 0, 0], [0, 7, 0, 0, 0]] })
    .where(and(eq(recordDayCounts.orgId, o.orgId), eq(recordDayCounts.templateId, templateId)))
}
const tampered = { done: 7, total: 9, failed: 0, unresolved: 0 }

describe('a checklist’s day', () => {
  test('is read as stored until a record, a correction, a corrective action or an item change counts it again', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'check' }, { type: 'check' }, { type: 'yes_no' }] })
    const [first, second, question] = c.items
    const day = () => listed('checklist-entries', 'checklists', c.id)
    const complete = async (itemId: string, body: Record<string, unknown> = {}) => {
      const res = await o.basic.client.post(`${base()}/checklist-entries/${c.id}/items/${itemId}/complete`, { venueId: o.venueA, ...body })
      expect(res.status, res.text).toBe(201)
    }

    // No record yet: no row, counted from the items alone.
    expect(await day()).toMatchObject({ progress: { done: 0, total: 3, failed: 0, unresolved: 0 } })
    expect(await storedRow(c.id)).toBeUndefined()

    await complete(first!.id)
    expect(await day()).toMatchObject({ progress: { done: 1, total: 3 } })
    const row = await storedRow(c.id)
    expect(row).toMatchObject({ checks: [[null, 3, 0, 0, 0], [0, 1, 0, 0, 0]], checksVersion: row!.version })
    expect(row!.checksFingerprint).toMatch(/^\d+\.current\.\d+$/)

    // Read as stored while nothing changes.
    await tamper(c.id)
    expect((await day()).progress).toMatchObject(tampered)

    // A record counts the day again.
    await complete(second!.id)
    expect(await day()).toMatchObject({ progress: { done: 2, total: 3, failed: 0 } })

    // A failure, then its corrective action.
    await complete(question!.id, { value: 'no' })
    expect(await day()).toMatchObject({ progress: { done: 2, total: 3, failed: 1, unresolved: 1 } })
    await tamper(c.id)
    const resolved = await o.basic.client.post(`${base()}/checklist-entries/${c.id}/items/${question!.id}/resolve`, { venueId: o.venueA, note: 'Fixed' })
    expect(resolved.status, resolved.text).toBe(201)
    expect(await day()).toMatchObject({ progress: { done: 3, total: 3, failed: 1, unresolved: 0 } })

    // A correction.
    await tamper(c.id)
    await complete(question!.id, { value: 'yes' })
    expect(await day()).toMatchObject({ progress: { done: 3, total: 3, failed: 0, unresolved: 0 } })

    // The template's items: made optional, archived, added.
    await tamper(c.id)
    const optional = await o.admin.client.put(`${base()}/checklist-items/${second!.id}`, { required: false })
    expect(optional.status, optional.text).toBe(200)
    expect(await day()).toMatchObject({ progress: { done: 2, total: 2, optional: { done: 1, total: 1 } } })
    await tamper(c.id)
    const archived = await o.admin.client.post(`${base()}/checklist-items/${first!.id}/archive`, {})
    expect(archived.status, archived.text).toBe(200)
    expect(await day()).toMatchObject({ progress: { done: 1, total: 1, optional: { done: 1, total: 1 } } })
    await tamper(c.id)
    const added = await o.admin.client.post(`${base()}/checklists/${c.id}/items`, { label: 'Bins out', type: 'check' })
    expect(added.status, added.text).toBe(201)
    expect(await day()).toMatchObject({ progress: { done: 1, total: 2, optional: { done: 1, total: 1 } } })
  })
})

describe('a temperature log’s day', () => {
  test('is read as stored until a reading, a re-check, a corrective action or a unit change counts it again', async () => {
    const made = await o.admin.client.post(`${base()}/temperatures`, { name: 'Fridges' })
    expect(made.status, made.text).toBe(201)
    const logId = made.json.temperature.id as string
    const unit = async (label: string) => {
      const res = await o.admin.client.post(`${base()}/temperatures/${logId}/items`, { label, kind: 'fridge' })
      expect(res.status, res.text).toBe(201)
      return res.json.item.id as string
    }
    const fridge = await unit('Fridge')
    const freezer = await unit('Freezer')
    const day = () => listed('temperature-entries', 'temperatures', logId)
    const entryRes = await o.basic.client.get(`${base()}/venues/${o.venueA}/temperature-entries`)
    const entryId = (entryRes.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === logId)!.entryId
    const read = async (itemId: string, value: string) => {
      const res = await o.basic.client.post(`${base()}/temperature-entries/${entryId}/items/${itemId}/complete`, { value })
      expect(res.status, res.text).toBe(201)
    }

    await read(fridge, '3')
    expect(await day()).toMatchObject({ progress: { done: 1, total: 2, failed: 0 } })
    expect((await storedRow(logId))!.checksFingerprint).toMatch(/^\d+\.all\.\d+$/)
    await tamper(logId)
    expect((await day()).progress).toMatchObject(tampered)

    // A failing reading, a re-check that passes (the failure stays open until resolved, ADR 022), then its corrective action.
    await read(freezer, '9')
    expect(await day()).toMatchObject({ progress: { done: 1, total: 2, failed: 1, unresolved: 1 } })
    await tamper(logId)
    await read(freezer, '3')
    expect(await day()).toMatchObject({ progress: { done: 1, total: 2, failed: 0, unresolved: 1 } })
    await tamper(logId)
    const resolved = await o.basic.client.post(`${base()}/temperature-entries/${entryId}/items/${freezer}/resolve`, { note: 'Door closed' })
    expect(resolved.status, resolved.text).toBe(201)
    expect(await day()).toMatchObject({ progress: { done: 2, total: 2, failed: 0, unresolved: 0 } })

    // A unit archived, then one added.
    await tamper(logId)
    const archived = await o.admin.client.post(`${base()}/temperature-items/${freezer}/archive`, {})
    expect(archived.status, archived.text).toBe(200)
    expect(await day()).toMatchObject({ progress: { done: 1, total: 1 } })
    await tamper(logId)
    await unit('Walk-in')
    expect(await day()).toMatchObject({ progress: { done: 1, total: 2 } })
  })
})

describe('items_version', () => {
  test('every statement writing a template’s items bumps that template’s version once, and no other’s', async () => {
    const a = await createChecklist(t, o.orgId, { items: [] })
    const b = await createChecklist(t, o.orgId, { items: [] })
    const versions = async () =>
      Object.fromEntries(
        (await t.db.select({ id: checklists.id, v: checklists.itemsVersion }).from(checklists).where(inArray(checklists.id, [a.id, b.id]))).map((r) => [r.id, r.v]),
      )
    expect(await versions()).toEqual({ [a.id]: 0, [b.id]: 0 })
    const item = (label: string) => ({ orgId: o.orgId, checklistId: a.id, label, type: 'check' as const, position: 0 })
    const inserted = await t.db.insert(checklistItems).values([item('One'), item('Two'), item('Three')]).returning({ id: checklistItems.id })
    expect(await versions()).toEqual({ [a.id]: 1, [b.id]: 0 })
    await t.db.update(checklistItems).set({ required: false }).where(eq(checklistItems.checklistId, a.id))
    expect(await versions()).toEqual({ [a.id]: 2, [b.id]: 0 })
    await t.db.delete(checklistItems).where(eq(checklistItems.id, inserted[0]!.id))
    expect(await versions()).toEqual({ [a.id]: 3, [b.id]: 0 })

    const [log] = await t.db.insert(temperatureLogs).values({ orgId: o.orgId, name: 'Log', position: 0 }).returning({ id: temperatureLogs.id })
    const logVersion = async () => (await t.db.select({ v: temperatureLogs.itemsVersion }).from(temperatureLogs).where(eq(temperatureLogs.id, log!.id)))[0]!.v
    const [u] = await t.db.insert(temperatureItems).values({ orgId: o.orgId, temperatureId: log!.id, label: 'Fridge', kind: 'fridge', position: 0 }).returning({ id: temperatureItems.id })
    expect(await logVersion()).toBe(1)
    await t.db.update(temperatureItems).set({ label: 'Fridge 1' }).where(eq(temperatureItems.id, u!.id))
    await t.db.delete(temperatureItems).where(eq(temperatureItems.id, u!.id))
    expect(await logVersion()).toBe(3)
    // Deleting a template deletes its items with it: nothing is left to bump, and nothing fails.
    await t.db.delete(checklists).where(eq(checklists.id, a.id))
    expect(await versions()).toEqual({ [b.id]: 0 })
  })
})
