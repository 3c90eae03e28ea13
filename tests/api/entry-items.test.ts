/**
 * The entry pages read a template's items as one JSON column of the template's own query
 * (templates/day.ts `entryItemsSql`, decoded by `entryItemsOf`). What they decode must be, field for
 * field, what drizzle reads from the item table itself: every type of column (numerics, JSON, booleans,
 * nullable text, timestamps), archived items, and the order. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL.
 */
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { checklistItems, checklists, temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import { checklistKind } from '../../server/checklists/templates.ts'
import { temperatureKind } from '../../server/temperatures/templates.ts'
import { entryItemsOf, entryItemsSql } from '../../server/templates/day.ts'
import type { AnyTemplateKind } from '../../server/templates/kind.ts'
import type { TestApp } from '../support/app.ts'
import { createChecklist } from '../support/checklists.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { orgFixture } from './_helpers.ts'

const fixture = orgFixture('Europe/Madrid')
let t: TestApp
let o: OrgWithActors
beforeAll(() => void ({ t, o } = fixture))

/** The items as the entry pages read them: through the template's query. */
async function throughTemplate(kind: AnyTemplateKind, templateId: string) {
  const tpl = kind.templates
  const [row] = await t.db
    .select({ id: tpl.id, items: entryItemsSql(kind) })
    .from(tpl)
    .where(and(eq(tpl.orgId, o.orgId), eq(tpl.id, templateId)))
  expect(row).toBeDefined()
  return entryItemsOf<Record<string, unknown>>(kind, row!.items)
}

/** The items as drizzle reads them from their own table, in the entry pages' order. */
async function fromTable(kind: AnyTemplateKind, templateId: string) {
  const items = kind.items
  return t.db
    .select()
    .from(items)
    .where(and(eq(items.orgId, o.orgId), eq(kind.itemParent, templateId)))
    .orderBy(asc(items.position), asc(items.createdAt), asc(items.id))
}

describe('a template’s items read with the template', () => {
  test('a checklist’s: every type of field decoded as drizzle decodes it, archived items too, in order', async () => {
    const c = await createChecklist(t, o.orgId, {
      items: [
        { type: 'measure', label: 'Oil', min: -2.5, max: 180.25, unit: '°C' },
        { type: 'choice', label: 'Smell', options: [{ label: 'Fresh', fails: false }, { label: 'Off “sour”', fails: true }], photoWhenFailing: true },
        { type: 'yes_no', label: 'Clean?', failsOn: 'yes', required: false, noteWhenFailing: true, instructions: 'Look under the\nshelves' },
        { type: 'check', label: 'Archived one', archived: true },
        { type: 'number', label: 'No limits', min: null, max: null },
      ],
    })
    // Equal positions are ordered by creation, then id, as the items' own query orders them.
    await t.db.update(checklistItems).set({ position: 1 }).where(eq(checklistItems.checklistId, c.id))
    const read = await throughTemplate(checklistKind, c.id)
    const expected = await fromTable(checklistKind, c.id)
    expect(read).toHaveLength(5)
    expect(read).toEqual(expected)
    const archived = read.find((i) => i.label === 'Archived one')!
    expect(archived.archivedAt).toBeInstanceOf(Date)
    expect(read.find((i) => i.label === 'Oil')).toMatchObject({ min: -2.5, max: 180.25, unit: '°C' })
    expect(read.find((i) => i.label === 'Smell')!.options).toEqual([{ label: 'Fresh', fails: false }, { label: 'Off “sour”', fails: true }])
  })

  test('a temperature log’s units, and none for a template without items', async () => {
    const [log] = await t.db.insert(temperatureLogs).values({ orgId: o.orgId, name: 'Fridges' }).returning({ id: temperatureLogs.id })
    for (const [i, unit] of [
      { label: 'Walk-in', kind: 'fridge' as const, min: 0, max: 5 },
      { label: 'Freezer', kind: 'freezer' as const, min: null, max: -18 },
    ].entries()) {
      await t.db.insert(temperatureItems).values({ orgId: o.orgId, temperatureId: log!.id, position: 2 - i, ...unit })
    }
    const read = await throughTemplate(temperatureKind, log!.id)
    expect(read.map((u) => u.label)).toEqual(['Freezer', 'Walk-in'])
    expect(read).toEqual(await fromTable(temperatureKind, log!.id))

    const [empty] = await t.db.insert(checklists).values({ orgId: o.orgId, name: 'Empty' }).returning({ id: checklists.id })
    expect(await throughTemplate(checklistKind, empty!.id)).toEqual([])
  })
})
