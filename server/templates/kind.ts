/**
 * One kind of daily template (checklists, temperature logs): the tables and the few rules that differ.
 * The shared machinery — template CRUD, reorder, duplicate, archive-or-delete, venue detach
 * (templates/service.ts), the HTTP routes (templates/routes.ts), the day's assembly and progress
 * (templates/day.ts) — is written once against this description (architecture.md rule 6).
 */
import { getTableName, type SQL } from 'drizzle-orm'
import { validationError } from '../api/errors.ts'
import { t } from '../i18n.ts'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Action } from '../auth/permissions.ts'
import type { RecordKind } from '../records/schema.ts'
import type { ServiceContext } from '../scope.ts'

/** The columns every template table has (checklists, temperature_logs). */
export type TemplateTable = PgTable & {
  id: PgColumn
  orgId: PgColumn
  name: PgColumn
  venueIds: PgColumn
  days: PgColumn
  monthDays: PgColumn
  /** Bumped by the database on every write to the template's items (ADR 071). */
  itemsVersion: PgColumn
  position: PgColumn
  archivedAt: PgColumn
  createdAt: PgColumn
  updatedAt: PgColumn
}

/** The columns every item table has (checklist_items, temperature_items); the parent column is named by the kind. */
export type ItemTable = PgTable & {
  id: PgColumn
  orgId: PgColumn
  position: PgColumn
  archivedAt: PgColumn
  createdAt: PgColumn
  updatedAt: PgColumn
}

/** Fields every template input has; a kind adds its own (description, due time, checks per day …). */
export interface TemplateInputBase {
  name: string
  venueIds?: string[]
  days?: number[]
  /** Dates of the month (1–31) instead of weekdays; [] = by weekday. */
  monthDays?: number[]
}

export interface TemplateKind<Template, Item, TemplateInput extends TemplateInputBase, ItemInput> {
  /** The records kind its daily work writes. */
  kind: RecordKind
  templates: TemplateTable
  items: ItemTable
  /** The item's column naming its template. */
  itemParent: PgColumn
  /** Table and column names for the SQL written by hand (correlated subqueries, updates from unnest). */
  names: { templates: string; items: string; parent: string }
  /** Who may change templates and items. */
  manage: Action
  /** Keys of the JSON answers: `{ checklist }`, `{ checklists }`, `{ item }`, `{ items }`. */
  json: { one: string; many: string }
  /** The path parameter naming a template (`checklistId`, `temperatureId`). */
  param: string
  /** The API shape of a template row (with `itemCount`) and of an item row. */
  publicTemplate: (row: any) => Template
  publicItem: (row: any) => Item
  /** The kind's own template columns for an insert (name, venues, days and position are shared). */
  templateValues: (input: TemplateInput) => Record<string, unknown>
  /** The kind's own template columns for an update (only those given). */
  templatePatch: (patch: Partial<TemplateInput>) => Record<string, unknown>
  /** The template columns a duplicate copies beyond name, venues and days. */
  copyTemplate: (row: any) => Record<string, unknown>
  /** An item's columns for an insert, judged (throws a ValidationError). */
  itemValues: (ctx: ServiceContext, input: ItemInput) => Record<string, unknown>
  /** An item's columns for an update, judged on the result with the current row. */
  itemPatch: (ctx: ServiceContext, current: any, patch: Partial<ItemInput>) => Record<string, unknown>
  /** The item columns a duplicate copies (beyond org, template and position). */
  copyItem: (row: any) => Record<string, unknown>
  /**
   * What the plan of due work (templates/plan.ts: exports' order and missed checks) reads beyond the
   * shared columns: the item's label, type (as records keep it), limits, failing answer and whether it is
   * required (all are when absent), the template's checks per day (one when absent), and the local
   * time (HH:mm) each check is due by, as a text array ('' or null: none; none when absent).
   */
  plan: {
    label: PgColumn
    itemType: PgColumn
    required?: PgColumn
    min?: PgColumn
    max?: PgColumn
    failsOn?: PgColumn
    unit?: PgColumn
    options?: PgColumn
    checksPerDay?: PgColumn
    dueTimes?: PgColumn | SQL
  }
}

export type AnyTemplateKind = TemplateKind<any, any, any, any>

/** SQL shortcut type for the kind's hooks. */
export type Where = SQL | undefined

/** The fields every template shows in the API; a kind spreads it and adds its own. */
export function publicTemplateBase(row: {
  id: string
  name: string
  venueIds: string[]
  days: number[]
  monthDays: number[]
  position: number
  archivedAt: Date | null
  itemCount: number
}) {
  return {
    id: row.id,
    name: row.name,
    venueIds: row.venueIds,
    days: row.days,
    monthDays: row.monthDays,
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    itemCount: row.itemCount,
  }
}

/** The fields every item shows in the API beyond its parent and its own: label, range, place, archiving. */
export function publicItemBase(row: { id: string; label: string; min: number | null; max: number | null; position: number; archivedAt: Date | null }) {
  return {
    id: row.id,
    label: row.label,
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  }
}

/** A range's bounds: min ≤ max, else a ValidationError on `max`. */
export function checkRangeOrder(ctx: ServiceContext, min: number | null, max: number | null): void {
  if (min !== null && max !== null && min > max) throw validationError({ max: t(ctx.locale, 'validation.maxBelowMin') })
}

/**
 * The descriptive part of a kind, from its record kind, API resource (`checklists`) and tables: the
 * JSON keys (`checklist`, `checklists`), path parameter (`checklistId`), permission (`checklists.manage`)
 * and the SQL names (the schema's keys in snake_case, as the database's casing writes them).
 */
export function kindTables(kind: RecordKind, resource: 'checklists' | 'temperatures', templates: TemplateTable, items: ItemTable, itemParent: PgColumn) {
  const one = resource.slice(0, -1)
  return {
    kind,
    templates,
    items,
    itemParent,
    names: { templates: getTableName(templates), items: getTableName(items), parent: itemParent.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) },
    manage: `${resource}.manage` as const,
    json: { one, many: resource },
    param: `${one}Id`,
  }
}
