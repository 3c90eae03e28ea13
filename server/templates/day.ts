/**
 * The daily side of templates, for any kind: the venue a day belongs to, which templates are due there,
 * progress and overdue (decided once), and the skeleton of recording and resolving a cell of the day
 * (an item, or an item at one check for temperature logs). Each kind supplies how a value is judged and
 * what the record keeps.
 */
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { notFound, validationError } from '../api/errors.ts'
import { t, type Locale } from '../i18n.ts'
import { recordDayCounts, recordResolutions, records, type RecordKind, type RecordStatus, type StoredChecks } from '../records/schema.ts'
import { addRecord, instantOf, requireDay, resolveRecord, todayIn, type RecordSnapshot, type StoredRecord } from '../records/service.ts'
import { deviceTimeOf } from '../records/offline.ts'
import { requireVenueAccess, type ServiceContext } from '../scope.ts'
import { manyRowsOf, nestedRows, nestedRowsOf, preparedByKey, type Db, type NestedSelect } from '../db/client.ts'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import { findVenue } from '../venues/service.ts'
import type { AnyTemplateKind } from './kind.ts'
import { dueAt, dueParams, dueSql } from './schedule.ts'
import { usedAtVenue, usedAtVenueSql } from './service.ts'

export interface WorkVenue {
  id: string
  name: string
  timeZone: string
}

/** The venue of the organisation named in a path, query or body: 404 when not the org's, 403 when not the member's. */
export async function venueForWork(ctx: Pick<ServiceContext, 'db' | 'scope'>, venueId: string): Promise<WorkVenue> {
  // A venue the member may use, as the page's session lookup read it: no need to ask again.
  const known = ctx.scope.knownVenues && Object.hasOwn(ctx.scope.knownVenues, venueId) ? ctx.scope.knownVenues[venueId] : undefined
  if (known) return { id: venueId, name: known.name, timeZone: known.timeZone }
  const venue = await findVenue(ctx.db, ctx.scope, venueId)
  if (!venue) throw notFound()
  requireVenueAccess(ctx.scope, venue.id)
  return { id: venue.id, name: venue.name, timeZone: venue.timeZone }
}

export const publicVenue = (venue: WorkVenue) => ({ id: venue.id, name: venue.name, timeZone: venue.timeZone })

export { dueOn, dueAt } from './schedule.ts'

/** The day asked for (today at the venue when none), refused when invalid or in the future. */
export function dayInfo(venue: WorkVenue, date: string | undefined, locale: Locale, now: Date) {
  const today = todayIn(venue.timeZone, now)
  const day = date === undefined ? today : requireDay(date, { locale, today })
  return { date: day, today, isToday: day === today, isPast: day < today }
}

/**
 * The templates of a kind due at the venue on the day (ADR 085: in place that day — created by its end,
 * not archived by then — and scheduled for it), by position: one query, prepared
 * once per database and `name` (every day list runs it). `columns` picks what the caller shows, the
 * same columns for the same `name`; they may read the placeholders `venueId`, `date` (the day), `kind`
 * and those of `more`. With `templateId`, that template alone when it is one of them (a page of one
 * template), also the placeholder `templateId`.
 */
export async function dueTemplates<R>(
  ctx: Pick<ServiceContext, 'db' | 'scope'>,
  kind: AnyTemplateKind,
  venue: Pick<WorkVenue, 'id' | 'timeZone'>,
  date: string,
  columns: Record<string, any>,
  name: string,
  templateId?: string,
  more: Record<string, unknown> = {},
): Promise<R[]> {
  const one = templateId !== undefined
  const key = `mise_due_${kind.kind}_${name}${one ? '_one' : ''}`
  const prepared = dueQueries(ctx.db, key, () => prepareDue(ctx.db, kind, columns, key, one))
  // `venueId`, `date` and `kind` are also there for `columns` that read the venue's day (`sql.placeholder('date')`),
  // `more` for the placeholders of columns of their own.
  const params = { ...more, orgId: ctx.scope.orgId, venueId: venue.id, date, kind: kind.kind, ...dueParams(date, venue.timeZone), ...(one ? { templateId } : {}) }
  const rows = await manyRowsOf(() => prepared.execute(params))
  return rows as R[]
}

function prepareDue(db: ServiceContext['db'], kind: AnyTemplateKind, columns: Record<string, any>, name: string, one = false) {
  return dueSelect(db, kind, columns, one).prepare(name)
}

/** `dueTemplates`' select, unprepared: its placeholders are `orgId`, `weekday`, `dom`, `last`, `dayEnd`, `venueId` (and `templateId` for one). */
function dueSelect(db: ServiceContext['db'], kind: AnyTemplateKind, columns: Record<string, any>, one = false) {
  const tpl = kind.templates
  return db
    .select(columns)
    .from(tpl)
    .where(
      and(
        eq(tpl.orgId, sql.placeholder('orgId')),
        one ? eq(tpl.id, sql.placeholder('templateId')) : undefined,
        dueSql(tpl),
        usedAtVenueSql(tpl.venueIds, sql.placeholder('venueId')),
      ),
    )
    .orderBy(asc(tpl.position), asc(tpl.name), asc(tpl.id))
}
const dueQueries = preparedByKey<ReturnType<typeof prepareDue>>()

/** A template-day's counts (`dayCountsSql`): per template, a row without a check (`slot` null), then one per check. */
export type DayCount = CheckCounts & { templateId: string; slot: number | null }

/** What `dayCountsSql` reads per template: its counts by check, and for a template-day to store, the version and fingerprint counted at. */
interface CountedRow {
  templateId: string
  checks: StoredChecks
  version: number | null
  fingerprint: string | null
}

/** A day list: the templates of a kind due at a venue on a day, with `columns` of each, prepared under `name`. */
export interface DueList {
  kind: AnyTemplateKind
  venueId: string
  /** The venue's zone: the day's end there decides which templates were in place (ADR 085). */
  timeZone: string
  date: string
  columns: Record<string, any>
  name: string
}

/** How a kind counts (`dayCountsSql`): which items are required, and which failures stay open. */
export interface CountRule {
  required: SQLWrapper
  openFailures: 'current' | 'all'
}

/**
 * The day list of a kind in one statement (ADR 075): `dueTemplates` (`columns` of each template due at
 * the venue on the day, by position) and what those templates count (`dayCountsSql`), the templates as
 * nested rows and their counts as a second column; prepared once per database and `name` (the same
 * `columns` and `rule` for the same `name`). After a write to the day's records or the templates' items,
 * one more statement stores what was counted again (ADR 071).
 */
export async function dueTemplatesWithCounts<R>(ctx: Pick<ServiceContext, 'db' | 'scope'>, list: DueList, rule: CountRule): Promise<{ templates: R[]; counts: DayCount[] }> {
  const { db } = ctx
  const { kind, venueId, timeZone, date, columns, name } = list
  const key = `mise_due_counted_${kind.kind}_${name}`
  const { query, templates } = countedQueries(db, key, () => {
    const templates = dueSelect(db, kind, columns)
    const ids = sql`array(select d.id from ${dueSelect(db, kind, { id: kind.templates.id })} as d)`
    const p = sql.placeholder
    const counted = dayCountsSql(kind, rule, { orgId: sql`${p('orgId')}`, venueId: sql`${p('venueId')}`, date: sql`${p('date')}::date`, templateIds: ids })
    const query = db
      .select({ templates: nestedRows(templates), counts: sql<unknown>`(select coalesce(json_agg(c), '[]'::json) from (${counted}) as c)` })
      .from(sql`(select 1) as one`)
      .prepare(key)
    return { query, templates }
  })
  const [row] = await query.execute({ orgId: ctx.scope.orgId, venueId, date, ...dueParams(date, timeZone) })
  const counts = (typeof row!.counts === 'string' ? JSON.parse(row!.counts) : row!.counts) as CountedRow[]
  await storeCounted(db, ctx.scope, kind, venueId, date, counts)
  return { templates: nestedRowsOf<R>(templates, row!.templates), counts: countsOf(counts) }
}
const countedQueries = preparedByKey<{ query: { execute(params: Record<string, unknown>): Promise<{ templates: unknown; counts: unknown }[]> }; templates: NestedSelect }>()

/**
 * SQL: the template's items (of the outer template row), archived ones too, in order — what an entry
 * page reads (it shows an item archived since when it has records that day) — as a column of the query
 * that reads the template, so the page reads both in one statement (db/client.ts `nestedRows`, ADR 075);
 * `entryItemsOf` reads the column. Qualified by hand, as `itemCountSql` is: the outer columns must not
 * bind to the items.
 */
export function entryItemsSql(db: Db, kind: AnyTemplateKind): SQL<unknown> {
  return nestedRows(entryItemsSelect(db, kind))
}

/** The items `entryItemsSql` read, as the item table's rows. */
export function entryItemsOf<Row>(db: Db, kind: AnyTemplateKind, value: unknown): Row[] {
  return nestedRowsOf<Row>(entryItemsSelect(db, kind), value)
}

function entryItemsSelect(db: Db, kind: AnyTemplateKind) {
  return itemSelects(db, kind.kind, () => {
    const { items } = kind
    const { templates } = kind.names
    return db
      .select()
      .from(items)
      .where(and(eq(items.orgId, sql.raw(`${templates}.org_id`)), eq(kind.itemParent, sql.raw(`${templates}.id`))))
      .orderBy(asc(items.position), asc(items.createdAt), asc(items.id))
  })
}
const itemSelects = preparedByKey<NestedSelect>()

// ---------------------------------------------------------------------------------------------------
// Progress: the one place completeness and overdue are decided.

/**
 * The one definition of a day's progress, shown alike by the day card, the entry page, the venue home
 * and the export: `done` of `total` counts the required cells that are settled (recorded, with every
 * failure resolved); optional cells are counted apart (`optional.done` recorded of `optional.total`);
 * `failed` counts cells whose current record failed, `unresolved` the open failures, optional ones
 * included. Complete: every required cell settled and no open failure anywhere — so a complete day
 * always reads "N of N done", and "N left" is always `total − done`.
 */
export interface Progress {
  done: number
  total: number
  optional: { done: number; total: number }
  failed: number
  unresolved: number
}

/** The state of a recorded cell: its current record's status, and whether its failures are all resolved. */
export interface CellState {
  status: RecordStatus
  resolved: boolean
  /** Open failures of the cell (ADR 022: failures that outlive later records count too); default: 1 when failed and unresolved. */
  open?: number
}

const noProgress = (): Progress => ({ done: 0, total: 0, optional: { done: 0, total: 0 }, failed: 0, unresolved: 0 })

/** Count one cell, with its state when it has a record, into a progress. */
function countCell(progress: Progress, required: boolean, state: CellState | undefined) {
  const open = state ? (state.open ?? (state.status === 'failed' && !state.resolved ? 1 : 0)) : 0
  if (required) {
    progress.total++
    if (state && open === 0) progress.done++
  } else {
    progress.optional.total++
    if (state) progress.optional.done++
  }
  if (state?.status === 'failed') progress.failed++
  progress.unresolved += open
}

const completeOf = (progress: Progress) => progress.done === progress.total && progress.unresolved === 0

/** Count the cells (see Progress) and decide completeness. */
export function progressOf(cells: { id: string; required: boolean }[], current: Map<string, CellState>) {
  const progress = noProgress()
  for (const cell of cells) countCell(progress, cell.required, current.get(cell.id))
  return { complete: completeOf(progress), progress }
}

/** The key of a cell of the day in a map of states: an item at one check. */
export const cellKey = (itemId: string, slot: number) => `${itemId}:${slot}`

/**
 * What one check's cells hold, counted: the required cells settled (recorded, failure resolved), the
 * optional cells recorded, the cells whose current record failed and the open failures. A day list
 * reads these counted by the database; an entry page counts them from its records (checksProgress).
 */
export interface CheckCounts {
  done: number
  optionalDone: number
  failed: number
  unresolved: number
}

/** Bump when what the day counts mean changes: every stored day count is then counted again once (ADR 071). */
const DAY_COUNT_RULES = 1

/** Each template's counts, as rows by check. */
function countsOf(rows: CountedRow[]): DayCount[] {
  return rows.flatMap((row) =>
    row.checks.map(([slot, done, optionalDone, failed, unresolved]) => ({ templateId: row.templateId, slot, done, optionalDone, failed, unresolved })),
  )
}

/** Store what was counted for a template-day that has a row, unless a write has bumped its version since. */
async function storeCounted(db: ServiceContext['db'], scope: OrgScope, kind: AnyTemplateKind, venueId: string, date: string, rows: CountedRow[]) {
  const c = recordDayCounts
  const fresh = rows.filter((row) => row.version !== null)
  if (!fresh.length) return
  await db.execute(sql`update ${c} set checks = x.checks, checks_version = x.version, checks_fingerprint = x.fingerprint
    from jsonb_to_recordset((${JSON.stringify(fresh)}::text)::jsonb) as x("templateId" uuid, version int, fingerprint text, checks jsonb)
    where ${c.orgId} = ${scope.orgId} and ${c.venueId} = ${venueId} and ${c.date} = ${date} and ${c.kind} = ${kind.kind}
      and ${c.templateId} = x."templateId" and ${c.version} = x.version`)
}

/**
 * What progress needs of a day (CheckCounts), counted by the database (ADR 064): per template, a row
 * without a check (`slot` null) whose `done` and `optionalDone` are its numbers of non-archived
 * required and optional items; and per template and check, over the cells (an item at a check) of its
 * non-archived items: the required ones settled (recorded, no open failure), the optional ones
 * recorded, the ones whose current record failed, and the open failures. Which failures stay open
 * until resolved is the kind's rule: the current record's (`'current'`: a checklist's correction
 * replaces the answer) or every failure of the cell that day (`'all'`: a temperature re-check never
 * hides an unresolved failure, ADR 022). `required` is the items' column saying an item is required
 * (every temperature unit is: `sql\`true\``).
 *
 * Kept, not counted on every view (ADR 071): a template-day with records has a row in
 * `record_day_counts` (ADR 058), whose `version` every write to its records or corrective actions
 * bumps; its counts are stored there (`checks`) with the version and the template's `items_version`
 * (bumped by every write to its items) they were counted at. One read takes the stored counts that
 * still hold and counts the rest — the templates without records that day (their items alone), and
 * those written since — from the templates' items and the day's records; what it counted for a row
 * is then stored by one update, unless a write has bumped the row's version meanwhile.
 *
 * Counting costs the same whatever the planner's statistics (a day's first records in tables analysed
 * nearly empty made a join of records and items a nested loop 20× slower): no joins, only scans of the
 * day's records and the templates' items and set lookups among them — a correction or re-check
 * supersedes a record of the same day, so "current" is looked up among the day's own records. The
 * lookups stay in select lists (`offset 0` keeps each subquery whole): there `in (select …)` is a
 * hashed set, while in a where clause Postgres turns it into a semi-join planned from statistics (a
 * nested loop, 5× slower, on a database not analysed yet). The templates left to count are one array
 * (`counting`), read once, that the scans' index conditions use.
 *
 * The statement, for the templates `templateIds` (an SQL uuid[]): a row per template (`templateId`,
 * `checks`, and `version` and `fingerprint` when it was counted for a template-day to store). The
 * organisation, venue and day are SQL too: a prepared statement's placeholders (`dueTemplatesWithCounts`).
 */
function dayCountsSql(kind: AnyTemplateKind, rule: CountRule, at: { orgId: SQL; venueId: SQL; date: SQL; templateIds: SQL }): SQL {
  const items = kind.items
  const tpl = kind.templates
  const r = records
  const c = recordDayCounts
  const { orgId, venueId, date, templateIds } = at
  const counted = rule.openFailures === 'current' ? sql`current and open` : sql`open`
  const rules = `${DAY_COUNT_RULES}.${rule.openFailures}.`
  return sql`with asked as (select ${templateIds} as ids),
    tpl as (
      select ${tpl.id} as id, ${rules}::text || ${tpl.itemsVersion}::text as fingerprint from ${tpl}
      where ${tpl.orgId} = ${orgId} and ${tpl.id} = any((select ids from asked)::uuid[])
    ),
    stored as (
      select ${c.templateId} as template_id, ${c.version} as version, ${c.checks} as checks, ${c.checksVersion} as checks_version, ${c.checksFingerprint} as checks_fingerprint
      from ${c}
      where ${c.orgId} = ${orgId} and ${c.venueId} = ${venueId} and ${c.date} = ${date} and ${c.kind} = ${kind.kind}
        and ${c.templateId} = any((select ids from asked)::uuid[])
    ),
    kept as (
      select template_id, checks from (
        select stored.*, (select fingerprint from tpl where tpl.id = stored.template_id) as wanted from stored offset 0
      ) as s
      where checks_version = version and checks_fingerprint = wanted
    ),
    recount as (
      select id, fingerprint from (select tpl.*, tpl.id in (select template_id from kept) as known from tpl offset 0) as t where not known
    ),
    counting as (select coalesce(array_agg(id), '{}'::uuid[]) as ids from recount),
    items as (
      select ${items.id} as id, ${kind.itemParent} as template_id, ${rule.required} as required from ${kind.items}
      where ${items.orgId} = ${orgId} and ${kind.itemParent} = any((select ids from counting)::uuid[]) and ${items.archivedAt} is null
    ),
    day as (
      select ${r.id} as id, ${r.templateId} as template_id, ${r.itemId} as item_id, ${r.slot} as slot, ${r.status} as status, ${r.supersedesId} as supersedes_id
      from ${r}
      where ${r.orgId} = ${orgId} and ${r.venueId} = ${venueId} and ${r.kind} = ${kind.kind} and ${r.date} = ${date}
        and ${r.templateId} = any((select ids from counting)::uuid[])
    ),
    cells as (
      select template_id, slot, item_id, bool_or(current) as recorded, bool_or(current and status = 'failed') as failed,
        count(*) filter (where ${counted}) as open
      from (
        select day.template_id, day.slot, day.item_id, day.status,
          day.id not in (select supersedes_id from day where supersedes_id is not null) as current,
          day.status = 'failed' and not exists (
            select 1 from ${recordResolutions} as res where res.org_id = ${orgId} and res.record_id = day.id
          ) as open
        from day
        offset 0
      ) as marked
      group by template_id, slot, item_id
    ),
    numbers as (
      select template_id, null::int as slot,
        (count(*) filter (where required))::int as done, (count(*) filter (where not required))::int as optional_done,
        0 as failed, 0 as unresolved
      from items group by template_id
      union all
      select template_id, slot,
        (count(*) filter (where recorded and open = 0 and required))::int,
        (count(*) filter (where recorded and not required))::int,
        (count(*) filter (where failed))::int,
        (coalesce(sum(open), 0))::int
      from (
        select cells.*, cells.item_id in (select id from items) as live, cells.item_id in (select id from items where required) as required
        from cells
        offset 0
      ) as looked_up
      where live
      group by template_id, slot
    )
    select template_id as "templateId", checks, null::int as version, null::text as fingerprint from kept
    union all
    select recount.id, coalesce((select jsonb_agg(jsonb_build_array(n.slot, n.done, n.optional_done, n.failed, n.unresolved)) from numbers as n where n.template_id = recount.id), '[]'::jsonb),
      (select version from stored where stored.template_id = recount.id), recount.fingerprint
    from recount`
}

/**
 * Progress per check and for the whole day from each check's counts and the template's number of
 * required and optional items (every item has a cell at every check): each check is overdue after its
 * time (or once the day is over); the day is overdue when any check is.
 */
export function checksProgressOfCounts(
  times: (string | null)[],
  items: { required: number; optional: number },
  countsOf: (slot: number) => CheckCounts | undefined,
  day: { date: string; today: string },
  now: Date,
  timeZone: string,
) {
  const progress = noProgress()
  const checks = times.map((time, slot) => {
    const counts = countsOf(slot)
    const own: Progress = {
      done: counts?.done ?? 0,
      total: items.required,
      optional: { done: counts?.optionalDone ?? 0, total: items.optional },
      failed: counts?.failed ?? 0,
      unresolved: counts?.unresolved ?? 0,
    }
    progress.done += own.done
    progress.total += own.total
    progress.optional.done += own.optional.done
    progress.optional.total += own.optional.total
    progress.failed += own.failed
    progress.unresolved += own.unresolved
    const complete = completeOf(own)
    return { slot, time, complete, overdue: isOverdue({ complete, ...day, now, timeZone, dueTime: time }), done: own.done, total: own.total, unresolved: own.unresolved }
  })
  return { checks, complete: completeOf(progress), overdue: checks.some((c) => c.overdue), progress }
}

/**
 * Progress per check and for the whole day from the items and the states of their cells (keyed by
 * cellKey): each cell counted as progressOf counts it, then as checksProgressOfCounts decides.
 */
export function checksProgress(
  times: (string | null)[],
  items: { id: string; required: boolean }[],
  states: Map<string, CellState>,
  day: { date: string; today: string },
  now: Date,
  timeZone: string,
) {
  const required = items.filter((i) => i.required).length
  const counts = times.map((_, slot) => {
    const own = noProgress()
    for (const item of items) countCell(own, item.required, states.size ? states.get(cellKey(item.id, slot)) : undefined)
    return { done: own.done, optionalDone: own.optional.done, failed: own.failed, unresolved: own.unresolved }
  })
  return checksProgressOfCounts(times, { required, optional: items.length - required }, (slot) => counts[slot], day, now, timeZone)
}

/**
 * A day's progress as shown for a template that was not due that day (ADR 085: not scheduled, or not yet
 * created, or archived by then): nothing of it is overdue.
 */
export function progressIfDue<P extends { overdue: boolean; checks: { overdue: boolean }[] }>(due: boolean, progress: P): P {
  return due ? progress : { ...progress, overdue: false, checks: progress.checks.map((c) => ({ ...c, overdue: false })) }
}

/** A check of the day named by the caller: 0 … checks − 1, else a ValidationError on `slot`. */
export function checkSlot(ctx: Pick<ServiceContext, 'locale'>, slot: number | undefined, checks: number): number | undefined {
  if (slot === undefined) return undefined
  if (!Number.isInteger(slot) || slot < 0 || slot >= checks) throw validationError({ slot: t(ctx.locale, 'records.slot', { count: checks }) })
  return slot
}

/** The check a day page shows: the one asked for, else the first not complete (the last when all are). */
export function shownCheck(ctx: Pick<ServiceContext, 'locale'>, requested: number | undefined, checks: { slot: number; complete: boolean }[]): number {
  return checkSlot(ctx, requested, checks.length) ?? checks.find((c) => !c.complete)?.slot ?? checks.length - 1
}

/** Overdue: not complete, and the day is past, or it is today and the due time has passed in the venue's zone. */
export function isOverdue(input: { complete: boolean; date: string; today: string; now: Date; timeZone: string; dueTime: string | null }): boolean {
  if (input.complete) return false
  if (input.date < input.today) return true
  return input.date === input.today && input.dueTime !== null && input.now.getTime() > instantOf(input.date, input.dueTime, input.timeZone).getTime()
}

// ---------------------------------------------------------------------------------------------------
// Recording and resolving one cell of a day.

export interface WorkTemplate {
  id: string
  name: string
  venueIds: string[]
  days: number[]
  monthDays?: number[]
  createdAt: Date
  archivedAt: Date | null
}

export interface RecordWork {
  kind: RecordKind
  venue: WorkVenue
  template: WorkTemplate
  item: { id: string; archivedAt: Date | null }
  date?: string
  slot?: number
  /** The judged value (the kind's rule), and what the record keeps of the template. */
  value: string | null
  status: RecordStatus
  snapshot: Omit<RecordSnapshot, 'templateName'>
  note?: string | null
  uploadId?: string | null
}

/**
 * May a cell be recorded? The template and item must be non-archived, used at the venue and due that
 * day (ADR 085: scheduled for it, and in place by its end); the day not in the future. Returns the day (today at the venue when none is given).
 */
export function checkWorkable(ctx: ServiceContext, work: Pick<RecordWork, 'venue' | 'template' | 'item' | 'date'>): string {
  const { template, item, venue } = work
  if (template.archivedAt || item.archivedAt || !usedAtVenue(template, venue.id)) throw notFound()
  const today = todayIn(venue.timeZone)
  const date = work.date === undefined ? today : requireDay(work.date, { locale: ctx.locale, today })
  if (!dueAt(template, date, venue.timeZone)) throw validationError({ date: t(ctx.locale, 'records.notDue') })
  return date
}

/** Append the record of a cell (a correction or re-check when it already has a record that day). */
export async function recordWork(ctx: ServiceContext, work: RecordWork & { date: string }): Promise<StoredRecord> {
  const deviceAt = deviceTimeOf(ctx, work.venue.timeZone)
  return addRecord(ctx.db, ctx.scope, {
    deviceAt,
    key: { kind: work.kind, venueId: work.venue.id, templateId: work.template.id, itemId: work.item.id, date: work.date, slot: work.slot ?? 0 },
    snapshot: { templateName: work.template.name, ...work.snapshot },
    value: work.value,
    note: work.note?.trim() || null,
    uploadId: work.uploadId ?? null,
    status: work.status,
    timeZone: work.venue.timeZone,
  })
}

/**
 * Resolve the open failure of a cell on a day with a corrective action. Allowed on archived templates
 * and items too: an old failure can still be closed.
 */
export async function resolveWork(
  ctx: ServiceContext,
  input: { kind: RecordKind; venue: WorkVenue; templateId: string; itemId: string; date?: string; slot?: number; note: string; anyInChain?: boolean },
): Promise<StoredRecord> {
  const deviceAt = deviceTimeOf(ctx, input.venue.timeZone)
  const today = todayIn(input.venue.timeZone)
  const date = input.date === undefined ? today : requireDay(input.date, { locale: ctx.locale, today })
  return resolveRecord(ctx.db, ctx.scope, {
    deviceAt,
    key: { kind: input.kind, venueId: input.venue.id, templateId: input.templateId, itemId: input.itemId, date, slot: input.slot ?? 0 },
    note: input.note,
    locale: ctx.locale,
    anyInChain: input.anyInChain,
  })
}
