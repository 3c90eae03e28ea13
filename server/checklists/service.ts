/**
 * Checklist templates: checklists and their items (docs/api-contract-checklists.md "Templates").
 * Every function takes the org scope and puts `org_id = scope.orgId` into every select, update and
 * delete. Records are never touched here: a template or item with records is archived, not deleted.
 */
import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { validationError } from '../api/errors.ts'
import { isUuid, requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { venues } from '../db/schema.ts'
import { t, type Locale } from '../i18n.ts'
import { registerOnboardingStep } from '../onboarding/steps.ts'
import { checklistItems, checklists, type ChecklistItemType } from './schema.ts'
import {
  checklistColumns,
  checklistHasRecordsSql,
  checklistsInScope,
  findChecklist,
  findChecklistItems,
  itemHasRecordsSql,
  itemInScope,
  publicChecklist,
  publicItem,
  usedAtVenue,
  type PublicChecklist,
  type PublicItem,
} from './templates.ts'

export { findChecklist, findItem } from './templates.ts'

/** What the service needs to answer: the database, the caller's scope and language (for messages). */
export interface ChecklistContext {
  db: Db
  scope: OrgScope
  locale: Locale
}

// The transaction handle has the same query API as the database.
const asDb = (tx: unknown) => tx as Db

/** SQL: the position after the last row of `table` matching `where` (0 for the first). */
function nextPosition(table: PgTable, position: PgColumn, where: SQL | undefined): SQL<number> {
  return sql<number>`(select coalesce(max(${position}), -1) + 1 from ${table} where ${where})`
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

/** Every id must be a venue of this organisation (data.venueIds); returns them de-duplicated, in order. */
async function checkVenueIds(ctx: ChecklistContext, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)]
  if (!unique.length) return []
  const bad = () => validationError({ venueIds: t(ctx.locale, 'validation.venues') })
  if (!unique.every((id) => isUuid(id))) throw bad()
  const found = await ctx.db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.orgId, ctx.scope.orgId), inArray(venues.id, unique)))
  if (found.length !== unique.length) throw bad()
  return unique
}

/** The ids must be exactly `expected` (any order, each once), else ValidationError data.ids. */
function checkSameIds(ctx: ChecklistContext, ids: string[], expected: string[]): void {
  const given = new Set(ids)
  const same = given.size === ids.length && ids.length === expected.length && expected.every((id) => given.has(id))
  if (!same) throw validationError({ ids: t(ctx.locale, 'validation.reorderIds') })
}

/**
 * SQL: assign positions in the order of `ids` to the rows of `table` of this organisation: 0..n-1, or
 * the given `slots` (ascending, one per id) when only some rows are reordered.
 */
async function writePositions(
  db: Db,
  table: typeof checklists | typeof checklistItems,
  orgId: string,
  ids: string[],
  slots?: number[],
): Promise<void> {
  if (!ids.length) return
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const position = slots
    ? sql`(array[${sql.join(
        slots.map((slot) => sql`${slot}`),
        sql`, `,
      )}]::int[])[o.ord]`
    : sql`o.ord - 1`
  await db.execute(
    sql`update ${table} set position = ${position}, updated_at = now()
        from unnest(array[${list}]::uuid[]) with ordinality as o(id, ord)
        where ${table}.id = o.id and ${table}.org_id = ${orgId}`,
  )
}

// ─── checklists ─────────────────────────────────────────────────────────────────────────────────

export interface ChecklistFilter {
  search?: string
  venueId?: string
  showArchived?: boolean
}

/**
 * Checklists by position then name: search on the name, kept to one venue, archived ones only when
 * asked. A member limited to some venues sees those used at one of them or at every venue, and gets
 * 403 for another venue of the organisation (as on every venue-bound route).
 */
export async function listChecklists(ctx: ChecklistContext, filter: ChecklistFilter): Promise<PublicChecklist[]> {
  const { db, scope } = ctx
  if (filter.venueId !== undefined) {
    const bad = () => validationError({ venueId: t(ctx.locale, 'validation.venue') })
    if (!isUuid(filter.venueId)) throw bad()
    const [venue] = await db
      .select({ id: venues.id })
      .from(venues)
      .where(and(eq(venues.orgId, scope.orgId), eq(venues.id, filter.venueId)))
    if (!venue) throw bad()
    requireVenueAccess(scope, venue.id)
  }
  const rows = await db
    .select(checklistColumns)
    .from(checklists)
    .where(
      and(
        checklistsInScope(scope),
        filter.showArchived ? undefined : isNull(checklists.archivedAt),
        filter.search ? ilike(checklists.name, `%${escapeLike(filter.search)}%`) : undefined,
        filter.venueId ? usedAtVenue(filter.venueId) : undefined,
      ),
    )
    .orderBy(asc(checklists.position), sql`lower(${checklists.name})`, asc(checklists.name), asc(checklists.id))
  return rows.map(publicChecklist)
}

/** A checklist with every item (archived ones included, flagged), by position. */
export async function getChecklist(ctx: ChecklistContext, checklistId: string) {
  const checklist = await findChecklist(ctx.db, ctx.scope, checklistId)
  if (!checklist) return undefined
  return { checklist, items: await findChecklistItems(ctx.db, ctx.scope, checklistId, { includeArchived: true }) }
}

export interface ChecklistInput {
  name: string
  description?: string
  venueIds?: string[]
  days?: number[]
  dueTime?: string | null
}

const orgChecklists = (orgId: string) => eq(checklists.orgId, orgId)

/** A new checklist, placed last. */
export async function createChecklist(ctx: ChecklistContext, input: ChecklistInput): Promise<PublicChecklist> {
  const { db, scope } = ctx
  const venueIds = await checkVenueIds(ctx, input.venueIds ?? [])
  const [row] = await db
    .insert(checklists)
    .values({
      orgId: scope.orgId,
      name: input.name,
      description: input.description ?? '',
      venueIds,
      ...(input.days ? { days: input.days } : {}),
      dueTime: input.dueTime ?? null,
      position: nextPosition(checklists, checklists.position, orgChecklists(scope.orgId)),
    })
    .returning(checklistColumns)
  return publicChecklist(row!)
}

/** Change some fields; undefined when the organisation has no such checklist. */
export async function updateChecklist(
  ctx: ChecklistContext,
  checklistId: string,
  patch: Partial<ChecklistInput>,
): Promise<PublicChecklist | undefined> {
  const { db, scope } = ctx
  const venueIds = patch.venueIds === undefined ? undefined : await checkVenueIds(ctx, patch.venueIds)
  const [row] = await db
    .update(checklists)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(venueIds !== undefined ? { venueIds } : {}),
      ...(patch.days !== undefined ? { days: patch.days } : {}),
      ...(patch.dueTime !== undefined ? { dueTime: patch.dueTime } : {}),
      updatedAt: new Date(),
    })
    .where(and(checklistsInScope(scope), eq(checklists.id, checklistId)))
    .returning(checklistColumns)
  return row && publicChecklist(row)
}

/**
 * Delete a checklist without records; one with records is archived instead (records are never
 * destroyed). The row is locked first, so the answer holds until the transaction ends.
 */
export async function deleteChecklist(
  ctx: ChecklistContext,
  checklistId: string,
): Promise<{ deleted: true } | { archived: PublicChecklist } | undefined> {
  const { scope } = ctx
  return ctx.db.transaction(async (transaction) => {
    const tx = asDb(transaction)
    const where = and(checklistsInScope(scope), eq(checklists.id, checklistId))
    const [locked] = await tx
      .select({ id: checklists.id, hasRecords: sql<boolean>`${checklistHasRecordsSql(scope, checklistId)}` })
      .from(checklists)
      .where(where)
      .for('update')
    if (!locked) return undefined
    if (!locked.hasRecords) {
      await tx.delete(checklists).where(where)
      return { deleted: true as const }
    }
    const [row] = await tx
      .update(checklists)
      .set({ archivedAt: sql`coalesce(${checklists.archivedAt}, now())`, updatedAt: new Date() })
      .where(where)
      .returning(checklistColumns)
    return { archived: publicChecklist(row!) }
  })
}

/** Archive (kept archived if it was) or restore (placed last) a checklist. */
export async function setChecklistArchived(
  ctx: ChecklistContext,
  checklistId: string,
  archived: boolean,
): Promise<PublicChecklist | undefined> {
  const { db, scope } = ctx
  const [row] = await db
    .update(checklists)
    .set(
      archived
        ? { archivedAt: sql`coalesce(${checklists.archivedAt}, now())`, updatedAt: new Date() }
        : {
            archivedAt: null,
            position: sql`case when ${checklists.archivedAt} is null then ${checklists.position} else ${nextPosition(checklists, checklists.position, orgChecklists(scope.orgId))} end`,
            updatedAt: new Date(),
          },
    )
    .where(and(checklistsInScope(scope), eq(checklists.id, checklistId)))
    .returning(checklistColumns)
  return row && publicChecklist(row)
}

/** A copy named "<name> (copy)", placed last, not archived, with the non-archived items in order. */
export async function duplicateChecklist(ctx: ChecklistContext, checklistId: string): Promise<PublicChecklist | undefined> {
  const { scope } = ctx
  return ctx.db.transaction(async (transaction) => {
    const tx = asDb(transaction)
    const [source] = await tx
      .select()
      .from(checklists)
      .where(and(checklistsInScope(scope), eq(checklists.id, checklistId)))
      .for('share')
    if (!source) return undefined
    const items = await findChecklistItems(tx, scope, checklistId)
    const [copy] = await tx
      .insert(checklists)
      .values({
        orgId: scope.orgId,
        name: `${source.name.slice(0, 93)} (copy)`,
        description: source.description,
        venueIds: source.venueIds,
        days: source.days,
        dueTime: source.dueTime,
        position: nextPosition(checklists, checklists.position, orgChecklists(scope.orgId)),
      })
      .returning({ id: checklists.id })
    if (items.length) {
      await tx.insert(checklistItems).values(
        items.map((item, index) => ({
          orgId: scope.orgId,
          checklistId: copy!.id,
          label: item.label,
          instructions: item.instructions,
          type: item.type,
          required: item.required,
          min: item.min,
          max: item.max,
          position: index,
        })),
      )
    }
    return findChecklist(tx, scope, copy!.id)
  })
}

/**
 * Put the non-archived checklists the member may see in this order (exactly those ids, each once). A
 * member limited to some venues reorders theirs among the places they already hold, so the others'
 * order is left as it was.
 */
export async function reorderChecklists(ctx: ChecklistContext, ids: string[]): Promise<void> {
  const { scope } = ctx
  await ctx.db.transaction(async (transaction) => {
    const tx = asDb(transaction)
    const current = await tx
      .select({ id: checklists.id, position: checklists.position })
      .from(checklists)
      .where(and(checklistsInScope(scope), isNull(checklists.archivedAt)))
      .for('update')
    checkSameIds(
      ctx,
      ids.map((id) => id.toLowerCase()),
      current.map((r) => r.id),
    )
    const slots = scope.venueIds ? current.map((r) => r.position).sort((a, b) => a - b) : undefined
    await writePositions(tx, checklists, scope.orgId, ids, slots)
  })
}

// ─── items ──────────────────────────────────────────────────────────────────────────────────────

export interface ItemInput {
  label: string
  instructions?: string
  type: ChecklistItemType
  required?: boolean
  min?: number | null
  max?: number | null
}

/** min/max belong to `number` items only, and min ≤ max (data.min / data.max). */
function checkLimits(ctx: ChecklistContext, type: ChecklistItemType, min: number | null, max: number | null): void {
  if (type !== 'number') {
    const errors: Record<string, string> = {}
    if (min !== null) errors.min = t(ctx.locale, 'validation.numberOnly')
    if (max !== null) errors.max = t(ctx.locale, 'validation.numberOnly')
    if (Object.keys(errors).length) throw validationError(errors)
    return
  }
  if (min !== null && max !== null && min > max) throw validationError({ max: t(ctx.locale, 'validation.maxBelowMin') })
}

/**
 * Lock a checklist of the organisation for the rest of the transaction (serialising changes to its
 * items' positions, without blocking foreign-key checks); false when there is none.
 */
async function lockChecklist(tx: Db, scope: OrgScope, checklistId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: checklists.id })
    .from(checklists)
    .where(and(checklistsInScope(scope), eq(checklists.id, checklistId)))
    .for('no key update')
  return rows.length > 0
}

const checklistItemsOf = (orgId: string, checklistId: string) =>
  and(eq(checklistItems.orgId, orgId), eq(checklistItems.checklistId, checklistId))

/** The checklist's items (archived ones included, flagged); undefined when there is no such checklist. */
export async function listItems(ctx: ChecklistContext, checklistId: string): Promise<PublicItem[] | undefined> {
  const result = await getChecklist(ctx, checklistId)
  return result?.items
}

/** A new item, placed last in its checklist; undefined when there is no such checklist. */
export async function createItem(ctx: ChecklistContext, checklistId: string, input: ItemInput): Promise<PublicItem | undefined> {
  const { scope } = ctx
  const min = input.min ?? null
  const max = input.max ?? null
  checkLimits(ctx, input.type, min, max)
  return ctx.db.transaction(async (transaction) => {
    const tx = asDb(transaction)
    if (!(await lockChecklist(tx, scope, checklistId))) return undefined
    const [row] = await tx
      .insert(checklistItems)
      .values({
        orgId: scope.orgId,
        checklistId,
        label: input.label,
        instructions: input.instructions ?? '',
        type: input.type,
        required: input.required ?? true,
        min,
        max,
        position: nextPosition(checklistItems, checklistItems.position, checklistItemsOf(scope.orgId, checklistId)),
      })
      .returning()
    return publicItem(row!)
  })
}

/** Put the checklist's non-archived items in this order; false when there is no such checklist. */
export async function reorderItems(ctx: ChecklistContext, checklistId: string, ids: string[]): Promise<boolean> {
  const { scope } = ctx
  return ctx.db.transaction(async (transaction) => {
    const tx = asDb(transaction)
    if (!(await lockChecklist(tx, scope, checklistId))) return false
    const current = await tx
      .select({ id: checklistItems.id })
      .from(checklistItems)
      .where(and(checklistItemsOf(scope.orgId, checklistId), isNull(checklistItems.archivedAt)))
      .for('update')
    checkSameIds(
      ctx,
      ids.map((id) => id.toLowerCase()),
      current.map((r) => r.id),
    )
    await writePositions(tx, checklistItems, scope.orgId, ids)
    return true
  })
}

/**
 * Change some fields of an item. The limits are judged on the result: a type other than `number`
 * clears them (giving them is an error), and min ≤ max.
 */
export async function updateItem(ctx: ChecklistContext, itemId: string, patch: Partial<ItemInput>): Promise<PublicItem | undefined> {
  const { scope } = ctx
  return ctx.db.transaction(async (transaction) => {
    const tx = asDb(transaction)
    const where = and(eq(checklistItems.orgId, scope.orgId), eq(checklistItems.id, itemId), itemInScope(scope))
    const [current] = await tx.select().from(checklistItems).where(where).for('update')
    if (!current) return undefined
    const type = patch.type ?? current.type
    let min = patch.min === undefined ? current.min : patch.min
    let max = patch.max === undefined ? current.max : patch.max
    if (type !== 'number') {
      // Limits left over from a number item go with the type; limits given with another type are an error.
      checkLimits(ctx, type, patch.min ?? null, patch.max ?? null)
      min = null
      max = null
    } else checkLimits(ctx, type, min, max)
    const [row] = await tx
      .update(checklistItems)
      .set({
        ...(patch.label !== undefined ? { label: patch.label } : {}),
        ...(patch.instructions !== undefined ? { instructions: patch.instructions } : {}),
        ...(patch.required !== undefined ? { required: patch.required } : {}),
        type,
        min,
        max,
        updatedAt: new Date(),
      })
      .where(where)
      .returning()
    return publicItem(row!)
  })
}

/** Delete an item without records; one with records is archived instead. */
export async function deleteItem(ctx: ChecklistContext, itemId: string): Promise<{ deleted: true } | { archived: PublicItem } | undefined> {
  const { scope } = ctx
  return ctx.db.transaction(async (transaction) => {
    const tx = asDb(transaction)
    const where = and(eq(checklistItems.orgId, scope.orgId), eq(checklistItems.id, itemId), itemInScope(scope))
    const [locked] = await tx
      .select({ hasRecords: sql<boolean>`${itemHasRecordsSql(scope, sql.raw('checklist_items.checklist_id'), sql.raw('checklist_items.id'))}` })
      .from(checklistItems)
      .where(where)
      .for('update')
    if (!locked) return undefined
    if (!locked.hasRecords) {
      await tx.delete(checklistItems).where(where)
      return { deleted: true as const }
    }
    const [row] = await tx
      .update(checklistItems)
      .set({ archivedAt: sql`coalesce(${checklistItems.archivedAt}, now())`, updatedAt: new Date() })
      .where(where)
      .returning()
    return { archived: publicItem(row!) }
  })
}

/** Archive (kept archived if it was) or restore (placed last in its checklist) an item. */
export async function setItemArchived(ctx: ChecklistContext, itemId: string, archived: boolean): Promise<PublicItem | undefined> {
  const { db, scope } = ctx
  const last = sql`(select coalesce(max(ci.position), -1) + 1 from ${checklistItems} ci where ci.org_id = ${scope.orgId} and ci.checklist_id = checklist_items.checklist_id)`
  const [row] = await db
    .update(checklistItems)
    .set(
      archived
        ? { archivedAt: sql`coalesce(${checklistItems.archivedAt}, now())`, updatedAt: new Date() }
        : {
            archivedAt: null,
            position: sql`case when ${checklistItems.archivedAt} is null then ${checklistItems.position} else ${last} end`,
            updatedAt: new Date(),
          },
    )
    .where(and(eq(checklistItems.orgId, scope.orgId), eq(checklistItems.id, itemId), itemInScope(scope)))
    .returning()
  return row && publicItem(row)
}

// ─── onboarding ─────────────────────────────────────────────────────────────────────────────────

registerOnboardingStep({
  key: 'checklist',
  href: '/settings/checklists/new',
  position: 20,
  done: async (db, orgId) => {
    const rows = await db
      .select({ one: sql`1` })
      .from(checklists)
      .where(and(eq(checklists.orgId, orgId), isNull(checklists.archivedAt)))
      .limit(1)
    return rows.length > 0
  },
})
