/**
 * Templates and their items for any kind (checklists, temperature logs): list, read, create, update,
 * archive-or-delete, archive and restore, duplicate, reorder, and detaching a deleted venue. Every
 * function takes the service context and puts `org_id = scope.orgId` into every select, update and
 * delete. Records are never touched here: a template or item with records is archived, not deleted.
 */
import { and, asc, eq, getTableColumns, ilike, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { validationError } from '../api/errors.ts'
import type { Db } from '../db/client.ts'
import { t } from '../i18n.ts'
import { registerOnboardingStep } from '../onboarding/steps.ts'
import { records } from '../records/schema.ts'
import { isUuid, requireVenueAccess, type OrgScope, type ServiceContext } from '../scope.ts'
import { venues } from '../orgs/schema.ts'
import type { AnyTemplateKind, TemplateInputBase, TemplateKind } from './kind.ts'

/** The part of the org scope template reads need: the organisation, and the venues the member may use. */
export type TemplateScope = Pick<OrgScope, 'orgId'> & Partial<Pick<OrgScope, 'venueIds'>>

// The transaction handle has the same query API as the database.
const asDb = (tx: unknown) => tx as Db

/**
 * SQL: a template whose `venue_ids` (the column or qualified SQL naming it) is used at one of these
 * venues or at every venue; nothing to add (undefined) when the member may use every venue.
 */
export function usedAtAnyOf(venueIdsColumn: SQL | PgColumn, venueIds: readonly string[] | null | undefined): SQL | undefined {
  if (!venueIds) return undefined
  const list = sql.join(
    venueIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return sql`(cardinality(${venueIdsColumn}) = 0 or ${venueIdsColumn} && array[${list}]::uuid[])`
}

/** SQL: the template (its `venue_ids` column) is used at this venue (no venues listed means every venue). */
export function usedAtVenueSql(venueIdsColumn: PgColumn, venueId: string | Placeholder): SQL {
  return sql`(cardinality(${venueIdsColumn}) = 0 or ${venueId}::uuid = any(${venueIdsColumn}))`
}

/** Is the template used at this venue (no venues listed means every venue)? */
export function usedAtVenue(template: { venueIds: string[] }, venueId: string): boolean {
  return template.venueIds.length === 0 || template.venueIds.includes(venueId)
}

/**
 * SQL: the templates of the organisation that the member may see — every one for a member of every
 * venue; for a member limited to some venues, those used at one of them or at every venue. Every read
 * (and every change by id) of a template or its items goes through this, so a member limited to some
 * venues never learns of a template used only elsewhere: it is 404 like one that does not exist.
 */
export function templatesInScope(kind: AnyTemplateKind, scope: TemplateScope): SQL {
  return and(eq(kind.templates.orgId, scope.orgId), usedAtAnyOf(kind.templates.venueIds, scope.venueIds))!
}

/**
 * SQL: the item (of the outer item row) belongs to a template the member may see; nothing to add for a
 * member of every venue. Qualified by hand: in an UPDATE or DELETE Drizzle leaves the outer columns
 * bare, where they would bind to the subquery's table.
 */
export function itemInScope(kind: AnyTemplateKind, scope: TemplateScope): SQL | undefined {
  const allowed = usedAtAnyOf(sql.raw('c.venue_ids'), scope.venueIds)
  if (!allowed) return undefined
  const { items, parent } = kind.names
  return sql`exists (select 1 from ${kind.templates} c where c.org_id = ${sql.raw(`${items}.org_id`)} and c.id = ${sql.raw(`${items}.${parent}`)} and ${allowed})`
}

/** SQL: how many non-archived items the template of the current row has. */
export function itemCountSql(kind: AnyTemplateKind): SQL<number> {
  const { templates, parent } = kind.names
  return sql<number>`(select count(*)::int from ${kind.items} ci where ci.org_id = ${sql.raw(`${templates}.org_id`)} and ci.${sql.raw(parent)} = ${sql.raw(`${templates}.id`)} and ci.archived_at is null)`.mapWith(
    Number,
  )
}

/** Every template column plus `itemCount`: for select() and returning(). */
export function templateColumns(kind: AnyTemplateKind) {
  return { ...getTableColumns(kind.templates), itemCount: itemCountSql(kind) }
}

/** SQL: the organisation holds records of this kind for this template (an id, or qualified SQL naming an outer column). */
export function templateHasRecordsSql(kind: AnyTemplateKind, scope: TemplateScope, templateId: string | SQL): SQL {
  return sql`exists (select 1 from ${records} r where r.org_id = ${scope.orgId} and r.kind = ${kind.kind} and r.template_id = ${templateId})`
}

/** SQL: the organisation holds records of this kind for this item of this template. */
export function itemHasRecordsSql(kind: AnyTemplateKind, scope: TemplateScope, templateId: string | SQL, itemId: string | SQL): SQL {
  return sql`exists (select 1 from ${records} r where r.org_id = ${scope.orgId} and r.kind = ${kind.kind} and r.template_id = ${templateId} and r.item_id = ${itemId})`
}

/** SQL: the position after the last row of `table` matching `where` (0 for the first). */
function nextPosition(table: PgTable, position: PgColumn, where: SQL | undefined): SQL<number> {
  return sql<number>`(select coalesce(max(${position}), -1) + 1 from ${table} where ${where})`
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

/** Every id must be a venue of this organisation (data.venueIds); returns them de-duplicated, in order. */
async function checkVenueIds(ctx: ServiceContext, ids: string[]): Promise<string[]> {
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
function checkSameIds(ctx: ServiceContext, ids: string[], expected: string[]): void {
  const given = new Set(ids)
  const same = given.size === ids.length && ids.length === expected.length && expected.every((id) => given.has(id))
  if (!same) throw validationError({ ids: t(ctx.locale, 'validation.reorderIds') })
}

/**
 * Assign positions in the order of `ids` to the rows of `table` of this organisation: 0..n-1, or the
 * given `slots` (ascending, one per id) when only some rows are reordered.
 */
async function writePositions(db: Db, table: PgTable, orgId: string, ids: string[], slots?: number[]): Promise<void> {
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

export interface TemplateFilter {
  search?: string
  venueId?: string
  showArchived?: boolean
}

/** The template service of one kind: the same functions for checklists and temperature logs. */
export function templateService<T, I, TI extends TemplateInputBase, II>(kind: TemplateKind<T, I, TI, II>) {
  const { templates: tpl, items } = kind
  const columns = templateColumns(kind)
  const orgTemplates = (orgId: string) => eq(tpl.orgId, orgId)
  const itemsOf = (orgId: string, templateId: string) => and(eq(items.orgId, orgId), eq(kind.itemParent, templateId))
  const archiveNow = (table: { archivedAt: PgColumn }) => sql`coalesce(${table.archivedAt}, now())`

  /** One template of the organisation (archived or not) that the member may see. */
  async function findTemplate(db: Db, scope: TemplateScope, templateId: string): Promise<T | undefined> {
    const [row] = await db
      .select(columns)
      .from(tpl)
      .where(and(templatesInScope(kind, scope), eq(tpl.id, templateId)))
    return row && kind.publicTemplate(row)
  }

  /** The template's items by position; archived ones only when asked for. */
  async function findItems(db: Db, scope: TemplateScope, templateId: string, opts: { includeArchived?: boolean } = {}): Promise<I[]> {
    const rows = await db
      .select()
      .from(items)
      .where(and(itemsOf(scope.orgId, templateId), opts.includeArchived ? undefined : isNull(items.archivedAt)))
      .orderBy(asc(items.position), asc(items.createdAt), asc(items.id))
    return rows.map(kind.publicItem)
  }

  /** One item of the organisation (archived or not), of a template the member may see. */
  async function findItem(db: Db, scope: TemplateScope, itemId: string): Promise<I | undefined> {
    const [row] = await db
      .select(getTableColumns(items))
      .from(items)
      .innerJoin(tpl, and(eq(tpl.orgId, items.orgId), eq(tpl.id, kind.itemParent)))
      .where(and(eq(items.orgId, scope.orgId), eq(items.id, itemId), templatesInScope(kind, scope)))
    return row && kind.publicItem(row)
  }

  /**
   * Templates by position then name: search on the name, kept to one venue, archived ones only when
   * asked. A member limited to some venues sees those used at one of them or at every venue, and gets
   * 403 for another venue of the organisation (as on every venue-bound route).
   */
  async function list(ctx: ServiceContext, filter: TemplateFilter): Promise<T[]> {
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
      .select(columns)
      .from(tpl)
      .where(
        and(
          templatesInScope(kind, scope),
          filter.showArchived ? undefined : isNull(tpl.archivedAt),
          filter.search ? ilike(tpl.name, `%${escapeLike(filter.search)}%`) : undefined,
          filter.venueId ? usedAtVenueSql(tpl.venueIds, filter.venueId) : undefined,
        ),
      )
      .orderBy(asc(tpl.position), sql`lower(${tpl.name})`, asc(tpl.name), asc(tpl.id))
    return rows.map(kind.publicTemplate)
  }

  /** A template with every item (archived ones included, flagged), by position. */
  async function get(ctx: ServiceContext, templateId: string): Promise<{ template: T; items: I[] } | undefined> {
    const template = await findTemplate(ctx.db, ctx.scope, templateId)
    if (!template) return undefined
    return { template, items: await findItems(ctx.db, ctx.scope, templateId, { includeArchived: true }) }
  }

  /** A new template, placed last. */
  async function create(ctx: ServiceContext, input: TI): Promise<T> {
    const { db, scope } = ctx
    const venueIds = await checkVenueIds(ctx, input.venueIds ?? [])
    const [row] = await db
      .insert(tpl)
      .values({
        orgId: scope.orgId,
        name: input.name,
        venueIds,
        ...(input.days ? { days: input.days } : {}),
        ...(input.monthDays ? { monthDays: input.monthDays } : {}),
        ...kind.templateValues(input),
        position: nextPosition(tpl, tpl.position, orgTemplates(scope.orgId)),
      } as any)
      .returning(columns)
    return kind.publicTemplate(row!)
  }

  /** Change some fields; undefined when the organisation has no such template. */
  async function update(ctx: ServiceContext, templateId: string, patch: Partial<TI>): Promise<T | undefined> {
    const { db, scope } = ctx
    const venueIds = patch.venueIds === undefined ? undefined : await checkVenueIds(ctx, patch.venueIds)
    const [row] = await db
      .update(tpl)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(venueIds !== undefined ? { venueIds } : {}),
        ...(patch.days !== undefined ? { days: patch.days } : {}),
        ...(patch.monthDays !== undefined ? { monthDays: patch.monthDays } : {}),
        ...kind.templatePatch(patch),
        updatedAt: new Date(),
      } as any)
      .where(and(templatesInScope(kind, scope), eq(tpl.id, templateId)))
      .returning(columns)
    return row && kind.publicTemplate(row)
  }

  /**
   * Delete a template without records; one with records is archived instead (records are never
   * destroyed). The row is locked first, so the answer holds until the transaction ends.
   */
  async function remove(ctx: ServiceContext, templateId: string): Promise<{ deleted: true } | { archived: T } | undefined> {
    const { scope } = ctx
    return ctx.db.transaction(async (transaction) => {
      const tx = asDb(transaction)
      const where = and(templatesInScope(kind, scope), eq(tpl.id, templateId))
      const [locked] = await tx
        .select({ id: tpl.id, hasRecords: sql<boolean>`${templateHasRecordsSql(kind, scope, templateId)}` })
        .from(tpl)
        .where(where)
        .for('update')
      if (!locked) return undefined
      if (!locked.hasRecords) {
        await tx.delete(tpl).where(where)
        return { deleted: true as const }
      }
      const [row] = await tx
        .update(tpl)
        .set({ archivedAt: archiveNow(tpl), updatedAt: new Date() } as any)
        .where(where)
        .returning(columns)
      return { archived: kind.publicTemplate(row!) }
    })
  }

  /** Archive (kept archived if it was) or restore (placed last) a template. */
  async function setArchived(ctx: ServiceContext, templateId: string, archived: boolean): Promise<T | undefined> {
    const { db, scope } = ctx
    const [row] = await db
      .update(tpl)
      .set(
        (archived
          ? { archivedAt: archiveNow(tpl), updatedAt: new Date() }
          : {
              archivedAt: null,
              position: sql`case when ${tpl.archivedAt} is null then ${tpl.position} else ${nextPosition(tpl, tpl.position, orgTemplates(scope.orgId))} end`,
              updatedAt: new Date(),
            }) as any,
      )
      .where(and(templatesInScope(kind, scope), eq(tpl.id, templateId)))
      .returning(columns)
    return row && kind.publicTemplate(row)
  }

  /**
   * A copy named "<name> (copy)" — "(copy 2)", "(copy 3)" … when that name is taken (a copy of a copy is
   * numbered from the original's name) —, placed last, not archived, with the non-archived items in order.
   */
  async function duplicate(ctx: ServiceContext, templateId: string): Promise<T | undefined> {
    const { scope } = ctx
    return ctx.db.transaction(async (transaction) => {
      const tx = asDb(transaction)
      const [source] = await tx
        .select()
        .from(tpl)
        .where(and(templatesInScope(kind, scope), eq(tpl.id, templateId)))
        .for('share')
      if (!source) return undefined
      const sourceItems = await tx
        .select()
        .from(items)
        .where(and(itemsOf(scope.orgId, templateId), isNull(items.archivedAt)))
        .orderBy(asc(items.position), asc(items.createdAt), asc(items.id))
      const [copy] = await tx
        .insert(tpl)
        .values({
          orgId: scope.orgId,
          name: await copyName(tx, scope.orgId, String(source.name)),
          venueIds: source.venueIds,
          days: source.days,
          monthDays: source.monthDays,
          ...kind.copyTemplate(source),
          position: nextPosition(tpl, tpl.position, orgTemplates(scope.orgId)),
        } as any)
        .returning({ id: tpl.id })
      const copyId = String(copy!.id)
      if (sourceItems.length) {
        await tx.insert(items).values(
          sourceItems.map((item, index) => ({
            orgId: scope.orgId,
            [parentKey(kind)]: copyId,
            ...kind.copyItem(item),
            position: index,
          })) as any,
        )
      }
      return findTemplate(tx, scope, copyId)
    })
  }

  /** The first free name among "<base> (copy)", "<base> (copy 2)" …, at most 100 characters. */
  async function copyName(tx: Db, orgId: string, name: string): Promise<string> {
    const base = name.replace(/ \(copy(?: \d+)?\)$/, '')
    const taken = new Set(
      (
        await tx
          .select({ name: tpl.name })
          .from(tpl)
          .where(and(eq(tpl.orgId, orgId), sql`starts_with(${tpl.name}, ${base.slice(0, 80)})`))
      ).map((r) => String(r.name)),
    )
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`
      const candidate = `${base.slice(0, 100 - suffix.length)}${suffix}`
      if (!taken.has(candidate)) return candidate
    }
  }

  /**
   * Put the non-archived templates the member may see in this order (exactly those ids, each once). A
   * member limited to some venues reorders theirs among the places they already hold, so the others'
   * order is left as it was.
   */
  async function reorder(ctx: ServiceContext, ids: string[]): Promise<void> {
    const { scope } = ctx
    await ctx.db.transaction(async (transaction) => {
      const tx = asDb(transaction)
      const current = await tx
        .select({ id: tpl.id, position: tpl.position })
        .from(tpl)
        .where(and(templatesInScope(kind, scope), isNull(tpl.archivedAt)))
        .for('update')
      checkSameIds(
        ctx,
        ids.map((id) => id.toLowerCase()),
        current.map((r) => String(r.id)),
      )
      const slots = scope.venueIds ? current.map((r) => Number(r.position)).sort((a, b) => a - b) : undefined
      await writePositions(tx, tpl, scope.orgId, ids, slots)
    })
  }

  /**
   * Lock a template of the organisation for the rest of the transaction (serialising changes to its
   * items' positions, without blocking foreign-key checks); false when there is none.
   */
  async function lockTemplate(tx: Db, scope: OrgScope, templateId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: tpl.id })
      .from(tpl)
      .where(and(templatesInScope(kind, scope), eq(tpl.id, templateId)))
      .for('no key update')
    return rows.length > 0
  }

  /** The template's items (archived ones included, flagged); undefined when there is no such template. */
  async function listItems(ctx: ServiceContext, templateId: string): Promise<I[] | undefined> {
    return (await get(ctx, templateId))?.items
  }

  /** A new item, placed last in its template; undefined when there is no such template. */
  async function createItem(ctx: ServiceContext, templateId: string, input: II): Promise<I | undefined> {
    const { scope } = ctx
    const values = kind.itemValues(ctx, input)
    return ctx.db.transaction(async (transaction) => {
      const tx = asDb(transaction)
      if (!(await lockTemplate(tx, scope, templateId))) return undefined
      const [row] = await tx
        .insert(items)
        .values({
          orgId: scope.orgId,
          [parentKey(kind)]: templateId,
          ...values,
          position: nextPosition(items, items.position, itemsOf(scope.orgId, templateId)),
        } as any)
        .returning()
      return kind.publicItem(row!)
    })
  }

  /** Put the template's non-archived items in this order; false when there is no such template. */
  async function reorderItems(ctx: ServiceContext, templateId: string, ids: string[]): Promise<boolean> {
    const { scope } = ctx
    return ctx.db.transaction(async (transaction) => {
      const tx = asDb(transaction)
      if (!(await lockTemplate(tx, scope, templateId))) return false
      const current = await tx
        .select({ id: items.id })
        .from(items)
        .where(and(itemsOf(scope.orgId, templateId), isNull(items.archivedAt)))
        .for('update')
      checkSameIds(
        ctx,
        ids.map((id) => id.toLowerCase()),
        current.map((r) => String(r.id)),
      )
      await writePositions(tx, items, scope.orgId, ids)
      return true
    })
  }

  const itemWhere = (scope: OrgScope, itemId: string) => and(eq(items.orgId, scope.orgId), eq(items.id, itemId), itemInScope(kind, scope))

  /** Change some fields of an item, judged by the kind on the result. */
  async function updateItem(ctx: ServiceContext, itemId: string, patch: Partial<II>): Promise<I | undefined> {
    const { scope } = ctx
    return ctx.db.transaction(async (transaction) => {
      const tx = asDb(transaction)
      const where = itemWhere(scope, itemId)
      const [current] = await tx.select().from(items).where(where).for('update')
      if (!current) return undefined
      const [row] = await tx
        .update(items)
        .set({ ...kind.itemPatch(ctx, current, patch), updatedAt: new Date() } as any)
        .where(where)
        .returning()
      return kind.publicItem(row!)
    })
  }

  /** Delete an item without records; one with records is archived instead. */
  async function deleteItem(ctx: ServiceContext, itemId: string): Promise<{ deleted: true } | { archived: I } | undefined> {
    const { scope } = ctx
    const { items: itemTable, parent } = kind.names
    return ctx.db.transaction(async (transaction) => {
      const tx = asDb(transaction)
      const where = itemWhere(scope, itemId)
      const hasRecords = itemHasRecordsSql(kind, scope, sql.raw(`${itemTable}.${parent}`), sql.raw(`${itemTable}.id`))
      const [locked] = await tx
        .select({ hasRecords: sql<boolean>`${hasRecords}` })
        .from(items)
        .where(where)
        .for('update')
      if (!locked) return undefined
      if (!locked.hasRecords) {
        await tx.delete(items).where(where)
        return { deleted: true as const }
      }
      const [row] = await tx
        .update(items)
        .set({ archivedAt: archiveNow(items), updatedAt: new Date() } as any)
        .where(where)
        .returning()
      return { archived: kind.publicItem(row!) }
    })
  }

  /** Archive (kept archived if it was) or restore (placed last in its template) an item. */
  async function setItemArchived(ctx: ServiceContext, itemId: string, archived: boolean): Promise<I | undefined> {
    const { db, scope } = ctx
    const { items: itemTable, parent } = kind.names
    const last = sql`(select coalesce(max(ci.position), -1) + 1 from ${items} ci where ci.org_id = ${scope.orgId} and ci.${sql.raw(parent)} = ${sql.raw(`${itemTable}.${parent}`)})`
    const [row] = await db
      .update(items)
      .set(
        (archived
          ? { archivedAt: archiveNow(items), updatedAt: new Date() }
          : {
              archivedAt: null,
              position: sql`case when ${items.archivedAt} is null then ${items.position} else ${last} end`,
              updatedAt: new Date(),
            }) as any,
      )
      .where(itemWhere(scope, itemId))
      .returning()
    return row && kind.publicItem(row)
  }

  return {
    kind,
    findTemplate,
    findItems,
    findItem,
    list,
    get,
    create,
    update,
    remove,
    setArchived,
    duplicate,
    reorder,
    listItems,
    createItem,
    reorderItems,
    updateItem,
    deleteItem,
    setItemArchived,
  }
}

export type TemplateService = ReturnType<typeof templateService<any, any, any, any>>

/** The property naming an item's template in Drizzle (`checklistId`, `temperatureId`). */
function parentKey(kind: AnyTemplateKind): string {
  const entry = Object.entries(getTableColumns(kind.items)).find(([, column]) => column === kind.itemParent)
  if (!entry) throw new Error(`${kind.names.items}: no parent column`)
  return entry[0]
}

/**
 * A deleted venue leaves every template of the kind that named it: one used only at that venue is
 * archived (an empty list would mean "every venue"); others simply stop naming it. Records are kept.
 */
export async function detachVenue(db: Db, kind: AnyTemplateKind, orgId: string, venueId: string): Promise<void> {
  const tpl = kind.templates
  await db
    .update(tpl)
    .set({
      archivedAt: sql`case when ${tpl.venueIds} = array[${venueId}::uuid] then coalesce(${tpl.archivedAt}, now()) else ${tpl.archivedAt} end`,
      venueIds: sql`case when ${tpl.venueIds} = array[${venueId}::uuid] then ${tpl.venueIds} else array_remove(${tpl.venueIds}, ${venueId}::uuid) end`,
      updatedAt: new Date(),
    } as any)
    .where(and(eq(tpl.orgId, orgId), sql`${venueId}::uuid = any(${tpl.venueIds})`))
}

/** The kinds of template in use (each module registers its own when loaded). */
export const templateKinds: AnyTemplateKind[] = []

export function registerTemplateKind(kind: AnyTemplateKind): void {
  if (!templateKinds.includes(kind)) templateKinds.push(kind)
}

/** The onboarding step of a kind: done once the organisation has a non-archived template of it. */
export function registerTemplateOnboardingStep(kind: AnyTemplateKind, step: { key: string; href: string; position: number }): void {
  registerOnboardingStep({
    ...step,
    done: async (db, orgId) => {
      const rows = await db
        .select({ one: sql`1` })
        .from(kind.templates)
        .where(and(eq(kind.templates.orgId, orgId), isNull(kind.templates.archivedAt)))
        .limit(1)
      return rows.length > 0
    },
  })
}
