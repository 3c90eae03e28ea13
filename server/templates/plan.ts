/**
 * The plan of due work of a venue, for any kind of template: every template (archived ones too) with its
 * items, in their order, and the cells (item × check) that were due on a day. Exports use it to list
 * records in checklist order and to add a "missed" row for every due cell left without a record.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { manyRowsOf, type Db } from '../db/client.ts'
import type { RecordKind } from '../records/schema.ts'
import type { AnyTemplateKind } from './kind.ts'
import { dueAt, inPlaceOn } from './schedule.ts'
import { templateKinds, usedAtVenue } from './service.ts'

export interface PlannedItem {
  id: string
  label: string
  itemType: string
  position: number
  required: boolean
  min: number | null
  max: number | null
  failsOn: string | null
  unit: string | null
  options: { label: string; fails: boolean }[] | null
  createdAt: Date
  archivedAt: Date | null
}

export interface PlannedTemplate {
  kind: RecordKind
  id: string
  name: string
  position: number
  days: number[]
  monthDays: number[]
  venueIds: string[]
  checksPerDay: number
  /** The local time (HH:mm, venue zone) each check is due by, one per check; null: none. */
  dueTimes: (string | null)[]
  createdAt: Date
  archivedAt: Date | null
  items: PlannedItem[]
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

/** Every template of these kinds of the organisation with its items, by position: two queries per kind. */
export async function loadPlan(db: Db, orgId: string, kinds: readonly RecordKind[]): Promise<PlannedTemplate[]> {
  const plans: PlannedTemplate[] = []
  for (const kind of kinds) {
    const k = templateKinds.find((candidate) => candidate.kind === kind)
    if (!k) continue
    plans.push(...(await loadKind(db, orgId, k)))
  }
  return plans
}

async function loadKind(db: Db, orgId: string, k: AnyTemplateKind): Promise<PlannedTemplate[]> {
  const tpl = k.templates
  const templates = await db
    .select({
      id: tpl.id,
      name: tpl.name,
      position: tpl.position,
      days: tpl.days,
      monthDays: tpl.monthDays,
      venueIds: tpl.venueIds,
      checksPerDay: k.plan.checksPerDay ?? sql<number>`1`,
      dueTimes: k.plan.dueTimes ?? sql<string[]>`'{}'::text[]`,
      createdAt: tpl.createdAt,
      archivedAt: tpl.archivedAt,
    })
    .from(tpl)
    .where(eq(tpl.orgId, orgId))
    .orderBy(asc(tpl.position), asc(tpl.name), asc(tpl.id))
  if (!templates.length) return []
  const items = await manyRowsOf(() =>
    db
      .select({
        id: k.items.id,
        templateId: k.itemParent,
        label: k.plan.label,
        itemType: k.plan.itemType,
        position: k.items.position,
        required: k.plan.required ?? sql<boolean>`true`,
        min: k.plan.min ?? sql`null`,
        max: k.plan.max ?? sql`null`,
        failsOn: k.plan.failsOn ?? sql`null`,
        unit: k.plan.unit ?? sql`null`,
        options: k.plan.options ?? sql`null`,
        createdAt: k.items.createdAt,
        archivedAt: k.items.archivedAt,
      })
      .from(k.items)
      .where(and(eq(k.items.orgId, orgId), inArray(k.itemParent, templates.map((t) => t.id as string))))
      .orderBy(asc(k.items.position), asc(k.items.createdAt), asc(k.items.id)),
  )
  const byTemplate = Map.groupBy(items, (i) => i.templateId as string)
  return templates.map((t) => ({
    kind: k.kind,
    id: t.id as string,
    name: t.name as string,
    position: t.position as number,
    days: t.days as number[],
    monthDays: t.monthDays as number[],
    venueIds: t.venueIds as string[],
    checksPerDay: Number(t.checksPerDay),
    dueTimes: Array.from({ length: Number(t.checksPerDay) }, (_, i) => ((t.dueTimes as (string | null)[] | null)?.[i] || null)),
    createdAt: new Date(t.createdAt as Date),
    archivedAt: t.archivedAt ? new Date(t.archivedAt as Date) : null,
    items: (byTemplate.get(t.id as string) ?? []).map((i) => ({
      id: i.id as string,
      label: i.label as string,
      itemType: String(i.itemType),
      position: i.position as number,
      required: i.required === true,
      min: num(i.min),
      max: num(i.max),
      failsOn: (i.failsOn as string | null) ?? null,
      unit: (i.unit as string | null) ?? null,
      options: (i.options as PlannedItem['options']) ?? null,
      createdAt: new Date(i.createdAt as Date),
      archivedAt: i.archivedAt ? new Date(i.archivedAt as Date) : null,
    })),
  }))
}

/** A cell that was due: a required item of a template at one check of one day. */
export interface DueCell {
  template: PlannedTemplate
  item: PlannedItem
  date: string
  slot: number
}

/**
 * The required cells due at the venue on the day, by the templates as they are now (their schedule and
 * venues), counting only templates due that day by the one definition (`dueAt`, ADR 085) and items
 * that existed that day and were not yet archived; with
 * `optional`, the optional items' cells too (a cell's `item.required` tells them apart).
 */
export function dueCells(plans: PlannedTemplate[], venueId: string, day: string, timeZone: string, opts: { optional?: boolean } = {}): DueCell[] {
  const cells: DueCell[] = []
  for (const template of plans) {
    if (!dueAt(template, day, timeZone) || !usedAtVenue(template, venueId)) continue
    for (const item of template.items) {
      if ((!item.required && !opts.optional) || !inPlaceOn(item, day, timeZone)) continue
      for (let slot = 0; slot < template.checksPerDay; slot++) cells.push({ template, item, date: day, slot })
    }
  }
  return cells
}
