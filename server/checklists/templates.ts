/**
 * Checklist templates as the API shows them, and the few reads shared by the template endpoints
 * (service.ts) and the daily-work endpoints (entries, records). Every function takes a scope and puts
 * `org_id = scope.orgId` into its WHERE clause.
 */
import { and, asc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { records } from '../records/schema.ts'
import { checklistItems, checklists } from './schema.ts'

/** The part of the org scope these reads need: the organisation, and the venues the member may use. */
export type TemplateScope = Pick<OrgScope, 'orgId'> & Partial<Pick<OrgScope, 'venueIds'>>

/**
 * SQL: a checklist whose `venue_ids` (the column or qualified SQL naming it) is used at one of these
 * venues or at every venue; nothing to add (undefined) when the member may use every venue.
 */
export function usedAtAnyOf(venueIdsColumn: SQL | typeof checklists.venueIds, venueIds: readonly string[] | null | undefined): SQL | undefined {
  if (!venueIds) return undefined
  const list = sql.join(
    venueIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return sql`(cardinality(${venueIdsColumn}) = 0 or ${venueIdsColumn} && array[${list}]::uuid[])`
}

/**
 * SQL: the checklists of the organisation that the member may see — every one for a member of every
 * venue; for a member limited to some venues, those used at one of them or at every venue. Every read
 * (and every change by id) of a checklist or its items goes through this, so a member limited to some
 * venues never learns of a checklist used only elsewhere: it is 404 like one that does not exist.
 */
export function checklistsInScope(scope: TemplateScope): SQL {
  return and(eq(checklists.orgId, scope.orgId), usedAtAnyOf(checklists.venueIds, scope.venueIds))!
}

/**
 * SQL: the item (of the outer `checklist_items` row) belongs to a checklist the member may see; nothing
 * to add for a member of every venue. Qualified by hand: in an UPDATE or DELETE Drizzle leaves the outer
 * columns bare, where they would bind to the subquery's table.
 */
export function itemInScope(scope: TemplateScope): SQL | undefined {
  const venues = usedAtAnyOf(sql.raw('c.venue_ids'), scope.venueIds)
  if (!venues) return undefined
  return sql`exists (select 1 from ${checklists} c where c.org_id = checklist_items.org_id and c.id = checklist_items.checklist_id and ${venues})`
}

export type ChecklistRow = typeof checklists.$inferSelect
export type ChecklistItemRow = typeof checklistItems.$inferSelect

/**
 * SQL: how many non-archived items the checklist of the current row has. The outer columns are written
 * out qualified: Drizzle leaves them bare in a single-table select list, where they would bind to `ci`.
 */
export const itemCountSql = sql<number>`(select count(*)::int from ${checklistItems} ci where ci.org_id = checklists.org_id and ci.checklist_id = checklists.id and ci.archived_at is null)`.mapWith(
  Number,
)

/** Every column of `checklists` plus `itemCount`: for select() and returning(). */
export const checklistColumns = { ...getTableColumns(checklists), itemCount: itemCountSql }

/** `Checklist` of docs/api-contract-checklists.md. */
export function publicChecklist(row: ChecklistRow & { itemCount: number }) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    venueIds: row.venueIds,
    days: row.days,
    dueTime: row.dueTime,
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    itemCount: row.itemCount,
  }
}
export type PublicChecklist = ReturnType<typeof publicChecklist>

/** `Item` of docs/api-contract-checklists.md. */
export function publicItem(row: ChecklistItemRow) {
  return {
    id: row.id,
    checklistId: row.checklistId,
    label: row.label,
    instructions: row.instructions,
    type: row.type,
    required: row.required,
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  }
}
export type PublicItem = ReturnType<typeof publicItem>

/** One checklist of the organisation (archived or not) that the member may see. */
export async function findChecklist(db: Db, scope: TemplateScope, checklistId: string): Promise<PublicChecklist | undefined> {
  const [row] = await db
    .select(checklistColumns)
    .from(checklists)
    .where(and(checklistsInScope(scope), eq(checklists.id, checklistId)))
  return row && publicChecklist(row)
}

/** The checklist's items by position; archived ones only when asked for. */
export async function findChecklistItems(
  db: Db,
  scope: TemplateScope,
  checklistId: string,
  opts: { includeArchived?: boolean } = {},
): Promise<PublicItem[]> {
  const rows = await db
    .select()
    .from(checklistItems)
    .where(
      and(
        eq(checklistItems.orgId, scope.orgId),
        eq(checklistItems.checklistId, checklistId),
        opts.includeArchived ? undefined : isNull(checklistItems.archivedAt),
      ),
    )
    .orderBy(asc(checklistItems.position), asc(checklistItems.createdAt), asc(checklistItems.id))
  return rows.map(publicItem)
}

/** One item of the organisation (archived or not), of a checklist the member may see. */
export async function findItem(db: Db, scope: TemplateScope, itemId: string): Promise<PublicItem | undefined> {
  const [row] = await db
    .select(getTableColumns(checklistItems))
    .from(checklistItems)
    .innerJoin(checklists, and(eq(checklists.orgId, checklistItems.orgId), eq(checklists.id, checklistItems.checklistId)))
    .where(and(eq(checklistItems.orgId, scope.orgId), eq(checklistItems.id, itemId), checklistsInScope(scope)))
  return row && publicItem(row)
}

/** SQL: the checklist is used at this venue (no venues listed means every venue). */
export function usedAtVenue(venueId: string): SQL {
  return sql`(cardinality(${checklists.venueIds}) = 0 or ${venueId}::uuid = any(${checklists.venueIds}))`
}

/** Is the checklist due at this venue on this weekday (0 = Sunday … 6 = Saturday)? Archived ones never are. */
export function isDue(checklist: Pick<PublicChecklist, 'venueIds' | 'days' | 'archivedAt'>, venueId: string, weekday: number): boolean {
  return (
    checklist.archivedAt === null &&
    checklist.days.includes(weekday) &&
    (checklist.venueIds.length === 0 || checklist.venueIds.includes(venueId))
  )
}

/** SQL: the organisation holds checklist records for this checklist (an id, or qualified SQL naming an outer column). */
export function checklistHasRecordsSql(scope: TemplateScope, checklistId: string | SQL): SQL {
  return sql`exists (select 1 from ${records} r where r.org_id = ${scope.orgId} and r.kind = 'checklist' and r.template_id = ${checklistId})`
}

/** SQL: the organisation holds checklist records for this item of this checklist (ids, or qualified SQL naming outer columns). */
export function itemHasRecordsSql(scope: TemplateScope, checklistId: string | SQL, itemId: string | SQL): SQL {
  return sql`exists (select 1 from ${records} r where r.org_id = ${scope.orgId} and r.kind = 'checklist' and r.template_id = ${checklistId} and r.item_id = ${itemId})`
}
