/**
 * One kind of daily template (checklists, temperature logs): the tables and the few rules that differ.
 * The shared machinery — template CRUD, reorder, duplicate, archive-or-delete, venue detach
 * (templates/service.ts), the HTTP routes (templates/routes.ts), the day's assembly and progress
 * (templates/day.ts) — is written once against this description (architecture.md rule 6).
 */
import type { SQL } from 'drizzle-orm'
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
}

export type AnyTemplateKind = TemplateKind<any, any, any, any>

/** SQL shortcut type for the kind's hooks. */
export type Where = SQL | undefined
