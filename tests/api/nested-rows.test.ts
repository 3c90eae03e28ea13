/**
 * The entry pages read a template, its items and its records in one statement: the items and records
 * are selects nested as JSON columns (db/client.ts `nestedRows`, ADR 075), decoded by `nestedRowsOf`.
 * What they decode must be, field for field and in the same order, what the same selects read on their
 * own: every type of column (numerics, JSON, booleans, nullable text, days, timestamps, computed flags,
 * joined columns), archived items, superseded records, resolutions and uploads. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { checklistItems, checklists, temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import { checklistKind } from '../../server/checklists/templates.ts'
import { temperatureKind } from '../../server/temperatures/templates.ts'
import { entryItemsOf, entryItemsSql } from '../../server/templates/day.ts'
import type { AnyTemplateKind } from '../../server/templates/kind.ts'
import { nestedRows } from '../../server/db/client.ts'
import { chartRecords, recordHistory, shiftDay, templateChart, templateChartOf, templateDayRecords, templateDayRecordsOf } from '../../server/records/service.ts'
import type { TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile } from '../support/checklists.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { orgFixture } from './_helpers.ts'

const fixture = orgFixture('Europe/Madrid')
let t: TestApp
let o: OrgWithActors
let today: string
beforeAll(() => void ({ t, o, today } = fixture))

let named = 0
/** The template's items, records of `date` and chart from `from`, as the entry pages read them: nested in the template's query. */
async function nested(kind: AnyTemplateKind, templateId: string, date: string, from: string) {
  const tpl = kind.templates
  const query = t.db
    .select({ id: tpl.id, items: entryItemsSql(t.db, kind), records: nestedRows(templateDayRecords(t.db)), chart: nestedRows(templateChart(t.db)) })
    .from(tpl)
    .where(and(eq(tpl.orgId, sql.placeholder('orgId')), eq(tpl.id, sql.placeholder('templateId'))))
    .prepare(`test_nested_${++named}`)
  const [row] = await query.execute({ orgId: o.orgId, templateId, venueId: o.venueA, kind: kind.kind, date, from, to: date })
  expect(row).toBeDefined()
  return {
    items: entryItemsOf<Record<string, unknown>>(t.db, kind, row!.items),
    records: templateDayRecordsOf(t.db, row!.records),
    chart: templateChartOf(t.db, row!.chart),
  }
}

/** The same, each read on its own: the items from their table, the records and chart by their own queries. */
async function apart(kind: AnyTemplateKind, templateId: string, date: string, from: string) {
  const items = kind.items
  const filter = { kind: kind.kind, venueId: o.venueA, templateIds: [templateId] }
  return {
    items: await t.db
      .select()
      .from(items)
      .where(and(eq(items.orgId, o.orgId), eq(kind.itemParent, templateId)))
      .orderBy(asc(items.position), asc(items.createdAt), asc(items.id)),
    records: await recordHistory(t.db, { orgId: o.orgId } as never, { ...filter, date }),
    chart: await chartRecords(t.db, { orgId: o.orgId } as never, { ...filter, from, to: date }),
  }
}

const base = () => `/v1/orgs/${o.orgId}`

describe('a template read with its items and records in one statement', () => {
  test('a checklist: every type of field, archived items, superseded and resolved records, uploads, in order', async () => {
    const c = await createChecklist(t, o.orgId, {
      items: [
        { type: 'measure', label: 'Oil', min: -2.5, max: 180.25, unit: '°C' },
        { type: 'choice', label: 'Smell', options: [{ label: 'Fresh', fails: false }, { label: 'Off “sour”', fails: true }], photoWhenFailing: true },
        { type: 'yes_no', label: 'Clean?', failsOn: 'no', required: false, noteWhenFailing: false, instructions: 'Look under the\nshelves' },
        { type: 'photo', label: 'Delivery' },
        { type: 'check', label: 'Archived one', archived: true },
        { type: 'number', label: 'No limits', min: null, max: null },
      ],
    })
    // Equal positions are ordered by creation, then id, as the items' own query orders them.
    await t.db.update(checklistItems).set({ position: 1 }).where(eq(checklistItems.checklistId, c.id))
    const [oil, , clean, delivery] = c.items
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await o.basic.client.post(`${base()}/checklist-entries/${c.id}/items/${path}`, { venueId: o.venueA, ...body })
      expect(res.status, res.text).toBe(201)
    }
    await post(`${oil!.id}/complete`, { value: '200.5' }) // out of range: failed
    await post(`${oil!.id}/complete`, { value: '170' }) // supersedes it
    await post(`${clean!.id}/complete`, { value: 'no', note: 'Grease “here” & there' })
    await post(`${clean!.id}/resolve`, { note: 'Cleaned again' })
    const image = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.png(), name: 'crate.png' })
    await post(`${delivery!.id}/complete`, { uploadId: image.json.id })

    const read = await nested(checklistKind, c.id, today, shiftDay(today, -6))
    const expected = await apart(checklistKind, c.id, today, shiftDay(today, -6))
    expect(read.items).toHaveLength(6)
    expect(read.items).toEqual(expected.items)
    expect(read.items.find((i) => i.label === 'Archived one')!.archivedAt).toBeInstanceOf(Date)
    expect(read.items.find((i) => i.label === 'Oil')).toMatchObject({ min: -2.5, max: 180.25, unit: '°C' })
    expect(read.items.find((i) => i.label === 'Smell')!.options).toEqual([{ label: 'Fresh', fails: false }, { label: 'Off “sour”', fails: true }])

    expect(read.records).toHaveLength(4)
    expect(read.records).toEqual(expected.records)
    expect(read.records.map((r) => [r.label, r.status, r.current])).toEqual([
      ['Oil', 'failed', false],
      ['Oil', 'done', true],
      ['Clean?', 'failed', true],
      ['Delivery', 'done', true],
    ])
    const resolved = read.records.find((r) => r.label === 'Clean?')!
    expect(resolved.resolvedAt).toBeInstanceOf(Date)
    expect(resolved).toMatchObject({ note: 'Grease “here” & there', resolutionNote: 'Cleaned again' })
    expect(read.records.find((r) => r.label === 'Delivery')).toMatchObject({ uploadId: image.json.id, uploadContentType: 'image/png' })
    expect(read.chart).toEqual(expected.chart)
  })

  test('a temperature log: its units, the day’s readings and a week of the chart, oldest first', async () => {
    const [log] = await t.db.insert(temperatureLogs).values({ orgId: o.orgId, name: 'Fridges', checksPerDay: 2, checkTimes: ['08:00', '16:00'] }).returning({ id: temperatureLogs.id })
    const units: string[] = []
    for (const [i, unit] of [
      { label: 'Walk-in', kind: 'fridge' as const, min: 0, max: 5 },
      { label: 'Freezer', kind: 'freezer' as const, min: null, max: -18 },
    ].entries()) {
      const [row] = await t.db.insert(temperatureItems).values({ orgId: o.orgId, temperatureId: log!.id, position: 2 - i, ...unit }).returning({ id: temperatureItems.id })
      units.push(row!.id)
    }
    const list = await o.basic.client.get(`${base()}/venues/${o.venueA}/temperature-entries`)
    const entryId = (list.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === log!.id)!.entryId
    for (const [value, slot] of [['9', 0], ['4', 0], ['3.5', 1]] as const) {
      const res = await o.basic.client.post(`${base()}/temperature-entries/${entryId}/items/${units[0]}/complete`, { value, slot })
      expect(res.status, res.text).toBe(201)
    }
    const read = await nested(temperatureKind, log!.id, today, shiftDay(today, -6))
    const expected = await apart(temperatureKind, log!.id, today, shiftDay(today, -6))
    expect(read.items.map((u) => u.label)).toEqual(['Freezer', 'Walk-in'])
    expect(read.items).toEqual(expected.items)
    expect(read.records.map((r) => [r.value, r.slot, r.status, r.current])).toEqual([
      ['9', 0, 'failed', false],
      ['4', 0, 'done', true],
      ['3.5', 1, 'done', true],
    ])
    expect(read.records).toEqual(expected.records)
    expect(read.chart.map((p) => [p.value, p.slot, p.status])).toEqual([
      ['9', 0, 'failed'],
      ['4', 0, 'done'],
      ['3.5', 1, 'done'],
    ])
    expect(read.chart).toEqual(expected.chart)
    expect(read.chart[0]!.recordedAt).toBeInstanceOf(Date)
  })

  test('a template without items or records reads empty lists', async () => {
    const [empty] = await t.db.insert(checklists).values({ orgId: o.orgId, name: 'Empty' }).returning({ id: checklists.id })
    expect(await nested(checklistKind, empty!.id, today, shiftDay(today, -6))).toEqual({ items: [], records: [], chart: [] })
  })
})
