/**
 * The shared record machinery (ADR 011): dates in a venue's zone, current records and their history,
 * appending a record (a correction supersedes the current one) and resolving a failure. Checklists
 * use it with kind 'checklist'; temperature logs with kind 'temperature'.
 */
import { tz } from '@date-fns/tz'
import { getDay, parse } from 'date-fns'
import { dayInZone, isDay, remember } from '../dates.ts'
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { badRequest, validationError } from '../api/errors.ts'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import { manyRowsOf, nestedRowsOf, preparedByKey, preparedOnce, type Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { t, type Locale } from '../i18n.ts'
import { memberships } from '../orgs/schema.ts'
import { uploads } from '../uploads/schema.ts'
import { uploadUrl } from '../uploads/service.ts'
import { RECORD_KINDS, recordResolutions, records, type RecordKind, type RecordStatus } from './schema.ts'

// ---------------------------------------------------------------------------------------------------
// Dates: yyyy-MM-dd strings, "today" in the venue's time zone.

const DAY_FORMAT = 'yyyy-MM-dd'
const REFERENCE = new Date(2000, 0, 1)

export { isDay }

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayInZone(now, timeZone)
}

/** 0 = Sunday … 6 = Saturday, for a yyyy-MM-dd day. */
export function weekdayOf(day: string): number {
  // Asked for each template on each day of a month (the dashboard's plan): remembered per day.
  let weekday = weekdays.get(day)
  if (weekday === undefined) remember(weekdays, day, (weekday = getDay(parse(day, DAY_FORMAT, REFERENCE))))
  return weekday
}
const weekdays = new Map<string, number>()

/** The instant a local time (HH:mm) of a day is reached in a time zone. */
export function instantOf(day: string, time: string, timeZone: string): Date {
  return parse(`${day} ${time}`, `${DAY_FORMAT} HH:mm`, REFERENCE, { in: tz(timeZone) })
}

/** The day `days` calendar days after `day` (before when negative), yyyy-MM-dd: the one date helper's. */
export { shiftDay } from '../dates.ts'

/** Calendar days from `from` to `to` (both yyyy-MM-dd; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parse(from, DAY_FORMAT, REFERENCE)
  const b = parse(to, DAY_FORMAT, REFERENCE)
  return Math.round((Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) / 86_400_000)
}

/**
 * Check a day field: a real yyyy-MM-dd date (else ValidationError on `field`), not after `today`
 * unless `allowFuture`. Returns the day.
 */
export function requireDay(
  value: unknown,
  opts: { locale: Locale; today?: string; field?: string; allowFuture?: boolean },
): string {
  const field = opts.field ?? 'date'
  if (!isDay(value)) throw validationError({ [field]: t(opts.locale, 'records.invalidDate') })
  if (!opts.allowFuture && opts.today && value > opts.today) {
    throw validationError({ [field]: t(opts.locale, 'records.futureDate') })
  }
  return value
}

// ---------------------------------------------------------------------------------------------------
// Reading records.

/** Which records: one venue and kind, one day or a range, optionally some templates / items / slot. */
export interface RecordFilter {
  kind: RecordKind
  venueId: string
  date?: string
  from?: string
  to?: string
  templateIds?: string[]
  itemIds?: string[]
  slot?: number
}

/** The key of one chain of records: a correction supersedes the current record of the same key. */
export interface RecordKey {
  kind: RecordKind
  venueId: string
  templateId: string
  itemId: string
  date: string
  slot?: number
}

/** "Not superseded by any record of the organisation." */
const isCurrent = sql`not exists (select 1 from ${records} as s where s.org_id = ${records.orgId} and s.supersedes_id = ${records.id})`

/** The records that may supersede a record read, in `currentAmong` (the alias's name is said in its SQL too). */
const SUPERSEDING = 'superseding'
const superseding = alias(records, SUPERSEDING)

/**
 * "Not superseded by any record matching `among`", for a read whose conditions are on the records' key
 * alone (organisation, venue, kind, template, item, day, check: `among` is them said of `superseding`).
 * A correction or re-check supersedes a record of the same key, so it matches the read's conditions
 * whenever the record it supersedes does: the answer is `isCurrent`'s. Postgres answers `isCurrent` by
 * hashing every `supersedes_id` of the organisation when its estimates favour that (a day page's 20
 * records read the whole table); here it hashes only the read's records (ADR 069).
 */
function currentAmong(among: SQL | undefined): SQL {
  return sql`not exists (select 1 from ${records} as ${sql.identifier(SUPERSEDING)} where ${among} and ${superseding.supersedesId} = ${records.id})`
}

const storedColumns = {
  id: records.id,
  venueId: records.venueId,
  kind: records.kind,
  templateId: records.templateId,
  itemId: records.itemId,
  date: records.date,
  slot: records.slot,
  templateName: records.templateName,
  label: records.label,
  itemType: records.itemType,
  min: records.min,
  max: records.max,
  failsOn: records.failsOn,
  unit: records.unit,
  options: records.options,
  value: records.value,
  enteredValue: records.enteredValue,
  enteredUnit: records.enteredUnit,
  note: records.note,
  uploadId: records.uploadId,
  uploadContentType: uploads.contentType,
  status: records.status,
  late: records.late,
  supersedesId: records.supersedesId,
  recordedByMembershipId: records.recordedByMembershipId,
  recordedByName: records.recordedByName,
  recordedByDeviceId: records.recordedByDeviceId,
  recordedByDeviceName: records.recordedByDeviceName,
  recordedAt: records.recordedAt,
  deviceRecordedAt: records.deviceRecordedAt,
  resolutionNote: recordResolutions.note,
  resolvedByMembershipId: recordResolutions.resolvedByMembershipId,
  resolvedByName: recordResolutions.resolvedByName,
  resolvedByDeviceId: recordResolutions.resolvedByDeviceId,
  resolvedByDeviceName: recordResolutions.resolvedByDeviceName,
  resolvedAt: recordResolutions.resolvedAt,
  deviceResolvedAt: recordResolutions.deviceResolvedAt,
}

/**
 * A filter as it is read: one template as `templateId`. Postgres re-plans `template_id = any($n)` on
 * every call (it keeps a plan made without the values only when that plan looks no dearer, and an
 * array's length it cannot know makes it look dearer), where `template_id = $n` keeps its plan: a
 * checklist's or log's records for a day, 0.96 → 0.50 ms a call on PGlite (ADR 066).
 */
type ReadFilter = Omit<RecordFilter, 'templateIds'> & { templateId?: string; templateIds?: string[] }

function readFilter(filter: RecordFilter): ReadFilter {
  const { templateIds, ...rest } = filter
  return templateIds?.length === 1 ? { ...rest, templateId: templateIds[0] } : filter
}

/** The filter's optional parts, in a fixed order: which of them a filter has is its shape. */
const FILTER_PARTS = ['date', 'from', 'to', 'templateId', 'templateIds', 'itemIds', 'slot'] as const

/**
 * The filter's conditions with its values as placeholders (named as the filter's fields, and `orgId`),
 * said of `table` (the records, or `superseding`). Every condition is on the records' key, and must stay
 * so: `currentAmong` relies on it (ADR 069).
 */
function filterWhere(filter: ReadFilter, table: typeof records | typeof superseding = records): SQL | undefined {
  const p = sql.placeholder
  return and(
    eq(table.orgId, p('orgId')),
    eq(table.venueId, p('venueId')),
    eq(table.kind, p('kind')),
    filter.date !== undefined ? eq(table.date, p('date')) : undefined,
    filter.from !== undefined ? gte(table.date, p('from')) : undefined,
    filter.to !== undefined ? lte(table.date, p('to')) : undefined,
    filter.templateId !== undefined ? eq(table.templateId, p('templateId')) : undefined,
    filter.templateIds ? sql`${table.templateId} = any(${p('templateIds')}::uuid[])` : undefined,
    filter.itemIds ? sql`${table.itemId} = any(${p('itemIds')}::uuid[])` : undefined,
    filter.slot !== undefined ? eq(table.slot, p('slot')) : undefined,
  )
}

interface Prepared<T> {
  execute(params: Record<string, unknown>): Promise<T>
}
const filterQueries = preparedByKey<Prepared<unknown>>()

/**
 * Run a read of the records matching a filter, prepared once per database and filter shape (which of
 * the filter's optional parts it has): the pages read records with a handful of shapes, and building a
 * query's SQL anew each time costs more than running it.
 */
function byFilter<T>(
  db: Db,
  scope: OrgScope,
  asked: RecordFilter,
  name: string,
  build: (where: SQL | undefined, current: SQL) => { prepare(name: string): Prepared<T> },
): Promise<T> {
  const filter = readFilter(asked)
  const params: Record<string, unknown> = { orgId: scope.orgId, venueId: filter.venueId, kind: filter.kind }
  let shape = ''
  for (const part of FILTER_PARTS) {
    const given = filter[part] !== undefined
    shape += given ? '1' : '0'
    if (given) params[part] = filter[part]
  }
  const key = `mise_records_${name}_${shape}`
  const prepared = filterQueries(db, key, () => build(filterWhere(filter), currentAmong(filterWhere(filter, superseding))).prepare(key)) as Prepared<T>
  return manyRowsOf(() => prepared.execute(params))
}

function keyWhere(scope: OrgScope, key: RecordKey): SQL | undefined {
  return and(
    eq(records.orgId, scope.orgId),
    eq(records.kind, key.kind),
    eq(records.venueId, key.venueId),
    eq(records.templateId, key.templateId),
    eq(records.itemId, key.itemId),
    eq(records.date, key.date),
    eq(records.slot, key.slot ?? 0),
  )
}

/** A record's corrective action, when it has one (the join record queries make). */
const resolutionOfRecord = and(eq(recordResolutions.orgId, records.orgId), eq(recordResolutions.recordId, records.id))

/** Records with their resolution and upload type; `current` says whether each is (`currentAmong` of a filtered read's conditions). */
function selectStored(db: Db, where: SQL | undefined, current: SQL = isCurrent) {
  return db
    .select({ ...storedColumns, current: sql<boolean>`${current}`.mapWith(Boolean) })
    .from(records)
    .leftJoin(recordResolutions, resolutionOfRecord)
    .leftJoin(uploads, and(eq(uploads.orgId, records.orgId), eq(uploads.id, records.uploadId)))
    .where(where)
}

/** A record as read, with its resolution, upload type and whether it is current. */
export type StoredRecord = Awaited<ReturnType<typeof selectStored>>[number]

/** The current (not superseded) records matching the filter, in one query. */
export async function currentRecords(db: Db, scope: OrgScope, filter: RecordFilter): Promise<StoredRecord[]> {
  if (filter.templateIds?.length === 0 || filter.itemIds?.length === 0) return []
  return byFilter(db, scope, filter, 'current', (where, current) => selectStored(db, and(where, current), current).orderBy(asc(records.date), asc(records.recordedAt), asc(records.id)))
}

/**
 * What a chart draws of the records matching the filter: the current ones and every failure (a failed
 * reading stays a point after its re-check), only the columns a point needs, oldest first, in one query
 * served by the (organisation, template, date) index, without the joins of a full record.
 */
export async function chartRecords(db: Db, scope: OrgScope, filter: RecordFilter) {
  if (filter.templateIds?.length === 0 || filter.itemIds?.length === 0) return []
  return byFilter(db, scope, filter, 'chart', (where, current) => selectChart(db, where, current))
}

function selectChart(db: Db, where: SQL | undefined, current: SQL) {
  return db
    .select({
      itemId: records.itemId,
      date: records.date,
      slot: records.slot,
      value: records.value,
      enteredValue: records.enteredValue,
      enteredUnit: records.enteredUnit,
      status: records.status,
      recordedAt: records.recordedAt,
    })
    .from(records)
    .where(and(where, or(eq(records.status, 'failed'), current)))
    .orderBy(asc(records.date), asc(records.recordedAt), asc(records.id))
}
export type ChartRecord = Awaited<ReturnType<typeof chartRecords>>[number]

// ---------------------------------------------------------------------------------------------------
// One template's records, read with the template (an entry page's one statement, ADR 075).

/** The shape of a template's day: one kind, venue, template and day; or the days from … to for a chart. */
const templateDay: ReadFilter = { kind: 'checklist', venueId: '', date: '', templateId: '' }
const templateDays: ReadFilter = { kind: 'checklist', venueId: '', from: '', to: '', templateId: '' }

/**
 * `recordHistory` of one template at a venue on a day (every record, current and superseded, oldest
 * first) as a select to nest in the query that reads the template (db/client.ts `nestedRows`): its
 * placeholders are `orgId`, `venueId`, `kind`, `date` and `templateId`. `templateDayRecordsOf` reads it.
 */
export const templateDayRecords = preparedOnce((db) => selectHistory(db, filterWhere(templateDay), currentAmong(filterWhere(templateDay, superseding))))
export function templateDayRecordsOf(db: Db, value: unknown): StoredRecord[] {
  return nestedRowsOf<StoredRecord>(templateDayRecords(db), value)
}

/**
 * `chartRecords` of one template at a venue from one day to another, as a select to nest in the query
 * that reads the template: its placeholders are `orgId`, `venueId`, `kind`, `from`, `to` and
 * `templateId`. `templateChartOf` reads it.
 */
export const templateChart = preparedOnce((db) => selectChart(db, filterWhere(templateDays), currentAmong(filterWhere(templateDays, superseding))))
export function templateChartOf(db: Db, value: unknown): ChartRecord[] {
  return nestedRowsOf<ChartRecord>(templateChart(db), value)
}

/** Which records a compliance count reads: these venues, both kinds, between two days. */
export interface StateFilter {
  venueIds: string[]
  from: string
  to: string
}

/** The filter's conditions, said of `table` (the records, or `superseding`): all on the records' key, as `currentAmong` needs (ADR 069). */
function stateWhere(scope: OrgScope, filter: StateFilter, table: typeof records | typeof superseding = records): SQL | undefined {
  return and(
    eq(table.orgId, scope.orgId),
    inArray(table.venueId, filter.venueIds),
    inArray(table.kind, [...RECORD_KINDS]),
    gte(table.date, filter.from),
    lte(table.date, filter.to),
  )
}

/**
 * The state of the records of these venues on some days (`days`), and of every unresolved failure
 * between `from` and `to`: each record's cell, status, lateness, whether it is current and whether its
 * failure is resolved. One query whatever the number of venues, templates and days (the dashboard and
 * the group overview, issue #14); the other days are counted by `recordCounts`.
 */
export async function venueRecordStates(db: Db, scope: OrgScope, filter: StateFilter & { days: string[] }) {
  if (!filter.venueIds.length) return []
  const { venueId, kind, templateId, itemId, date, slot, status, late } = storedColumns
  return manyRowsOf(() =>
    db
      .select({
        venueId,
        kind,
        templateId,
        itemId,
        date,
        slot,
        status,
        late,
        current: sql<boolean>`${currentAmong(stateWhere(scope, filter, superseding))}`.mapWith(Boolean),
        resolved: sql<boolean>`${recordResolutions.id} is not null`.mapWith(Boolean),
      })
      .from(records)
      .leftJoin(recordResolutions, resolutionOfRecord)
      .where(
        and(
          stateWhere(scope, filter),
          // Said on the records alone too, so that the days' index and the failures' partial index
          // (records_org_venue_failed_idx) find them without reading the window's other records.
          or(inArray(records.date, filter.days), eq(records.status, 'failed')),
          or(inArray(records.date, filter.days), and(eq(records.status, 'failed'), isNull(recordResolutions.id))),
        ),
      ),
  )
}

export type VenueRecordState = Awaited<ReturnType<typeof venueRecordStates>>[number]

/**
 * The organisation's failed records still without a corrective action (current ones, and superseded
 * ones of the kinds in `failuresOutlive`, ADR 022), recorded between two instants and/or of days from
 * `fromDate`, for alerts (server/alerts): one query.
 */
export async function unresolvedFailures(
  db: Db,
  scope: OrgScope,
  filter: { failuresOutlive: RecordKind[]; venueIds?: string[]; recordedFrom?: Date; recordedTo?: Date; fromDate?: string },
) {
  if (filter.venueIds?.length === 0) return []
  const counted = filter.failuresOutlive.length ? or(isCurrent, inArray(records.kind, filter.failuresOutlive)) : isCurrent
  const { id, venueId, kind, templateId, itemId, date, slot, templateName, label, recordedAt } = storedColumns
  return db
    .select({ id, venueId, kind, templateId, itemId, date, slot, templateName, label, recordedAt })
    .from(records)
    .leftJoin(recordResolutions, resolutionOfRecord)
    .where(
      and(
        eq(records.orgId, scope.orgId),
        eq(records.status, 'failed'),
        isNull(recordResolutions.id),
        counted,
        filter.venueIds ? inArray(records.venueId, filter.venueIds) : undefined,
        filter.recordedFrom ? gte(records.recordedAt, filter.recordedFrom) : undefined,
        filter.recordedTo ? lte(records.recordedAt, filter.recordedTo) : undefined,
        filter.fromDate ? gte(records.date, filter.fromDate) : undefined,
      ),
    )
    .orderBy(asc(records.recordedAt), asc(records.id))
}

/** Every record matching the filter, current and superseded, oldest first, in one query. */
export async function recordHistory(db: Db, scope: OrgScope, filter: RecordFilter): Promise<StoredRecord[]> {
  if (filter.templateIds?.length === 0 || filter.itemIds?.length === 0) return []
  return byFilter(db, scope, filter, 'history', (where, current) => selectHistory(db, where, current))
}

/** Every record matching `where`, current and superseded, oldest first. */
function selectHistory(db: Db, where: SQL | undefined, current: SQL) {
  return selectStored(db, where, current).orderBy(asc(records.date), asc(records.recordedAt), asc(records.id))
}

/** One record of the organisation by id. */
export async function findRecord(db: Db, scope: OrgScope, recordId: string): Promise<StoredRecord | undefined> {
  const [row] = await selectStored(db, and(eq(records.orgId, scope.orgId), eq(records.id, recordId)))
  return row
}

/**
 * Split the records of one key into the current record and its history (the records it superseded,
 * newest first, following the chain).
 */
export function splitHistory(rows: StoredRecord[]): { record: StoredRecord | null; history: StoredRecord[] } {
  const current = rows.filter((r) => r.current).sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())[0] ?? null
  const byId = new Map(rows.map((r) => [r.id, r]))
  const history: StoredRecord[] = []
  const seen = new Set<string>()
  if (current) seen.add(current.id)
  for (let r = current; r?.supersedesId; ) {
    const previous = byId.get(r.supersedesId)
    if (!previous || seen.has(previous.id)) break
    history.push(previous)
    seen.add(previous.id)
    r = previous
  }
  // Anything off the chain (never expected: the indexes keep one chain per key) still shows, newest first.
  const rest = rows.filter((r) => !seen.has(r.id)).sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())
  return { record: current, history: [...history, ...rest] }
}

/** The shared device a record was made on (its name then), if any (docs/api-contract-devices.md). */
function deviceRef(id: string | null, name: string | null): { id: string; name: string } | null {
  return id ? { id, name: name ?? '' } : null
}

/** The API shape of a record (docs/api-contract-checklists.md, `Record`). */
export function publicRecord(orgId: string, r: StoredRecord) {
  return {
    id: r.id,
    value: r.value,
    note: r.note,
    upload: r.uploadId && r.uploadContentType ? { id: r.uploadId, url: uploadUrl(orgId, r.uploadId), contentType: r.uploadContentType } : null,
    status: r.status,
    late: r.late,
    label: r.label,
    itemType: r.itemType,
    min: r.min,
    max: r.max,
    failsOn: r.failsOn,
    unit: r.unit,
    options: r.options,
    recordedBy: { membershipId: r.recordedByMembershipId, name: r.recordedByName, device: deviceRef(r.recordedByDeviceId, r.recordedByDeviceName) },
    recordedAt: r.recordedAt.toISOString(),
    /** When the device made it, if it said so (made offline, synced later); recordedAt is when the server received it. */
    deviceRecordedAt: r.deviceRecordedAt ? r.deviceRecordedAt.toISOString() : null,
    supersedesId: r.supersedesId,
    resolution:
      r.resolvedAt && r.resolutionNote !== null
        ? {
            note: r.resolutionNote,
            resolvedBy: {
              membershipId: r.resolvedByMembershipId,
              name: r.resolvedByName ?? '',
              device: deviceRef(r.resolvedByDeviceId, r.resolvedByDeviceName),
            },
            resolvedAt: r.resolvedAt.toISOString(),
            deviceResolvedAt: r.deviceResolvedAt ? r.deviceResolvedAt.toISOString() : null,
          }
        : null,
  }
}
export type PublicRecord = ReturnType<typeof publicRecord>

// ---------------------------------------------------------------------------------------------------
// Writing records.

/** What the template said when the record was made: kept on the record so later edits never rewrite it. */
export interface RecordSnapshot {
  templateName: string
  label: string
  itemType: string
  min: number | null
  max: number | null
  /** A yes/no item's failing answer ("no", "yes", "none"). */
  failsOn?: string | null
  /** A measure item's unit. */
  unit?: string | null
  /** A choice item's answers, the failing ones marked. */
  options?: { label: string; fails: boolean }[] | null
  /** A temperature as typed and the unit typed in (the value is kept in °C). */
  enteredValue?: string | null
  enteredUnit?: string | null
}

export interface NewRecord {
  key: RecordKey
  snapshot: RecordSnapshot
  value: string | null
  note: string | null
  uploadId: string | null
  status: RecordStatus
  /** The venue's time zone: a record for a day before today there is late. */
  timeZone: string
  /** When the device made it (a record synced after being made offline; ADR 052): kept, and "late" is judged by it. */
  deviceAt?: Date
}

/** The acting member's name, read inside the insert (a snapshot: renaming them later changes nothing). */
function memberName(scope: OrgScope) {
  return sql<string>`coalesce((select ${memberships.name} from ${memberships} where ${memberships.orgId} = ${scope.orgId} and ${memberships.id} = ${scope.membershipId}), '')`
}

const ATTEMPTS = 8

/**
 * Append a record. When the key already has a current record the new one supersedes it (a correction;
 * the old one stays as history). Unique indexes keep one chain per key: when two writers race, the
 * loser's insert fails and is retried against the new current record.
 */
export async function addRecord(db: Db, scope: OrgScope, input: NewRecord): Promise<StoredRecord> {
  let id: string | undefined
  for (let attempt = 1; !id; attempt++) {
    try {
      id = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: records.id })
          .from(records)
          .where(and(keyWhere(scope, input.key), isCurrent))
          .orderBy(sql`${records.recordedAt} desc`)
          .limit(1)
        const late = input.key.date < todayIn(input.timeZone, input.deviceAt)
        const [row] = await tx
          .insert(records)
          .values({
            orgId: scope.orgId,
            venueId: input.key.venueId,
            kind: input.key.kind,
            templateId: input.key.templateId,
            itemId: input.key.itemId,
            date: input.key.date,
            slot: input.key.slot ?? 0,
            ...input.snapshot,
            value: input.value,
            note: input.note,
            uploadId: input.uploadId,
            status: input.status,
            late,
            supersedesId: current?.id ?? null,
            recordedByMembershipId: scope.membershipId,
            recordedByName: memberName(scope),
            // Made on a shared device: the device (its name now, kept) beside the PIN holder.
            recordedByDeviceId: scope.device?.deviceId ?? null,
            recordedByDeviceName: scope.device?.deviceName ?? null,
            deviceRecordedAt: input.deviceAt ?? null,
          })
          .returning({ id: records.id })
        return row!.id
      })
    } catch (error) {
      if (attempt < ATTEMPTS && isUniqueViolation(error)) continue
      throw error
    }
  }
  return (await findRecord(db, scope, id))!
}

/**
 * Record the corrective action for the current record of a key. Only a current, failed, unresolved
 * record can be resolved; anything else is a 400 with a message saying why.
 */
export async function resolveRecord(
  db: Db,
  scope: OrgScope,
  input: { key: RecordKey; note: string; locale: Locale; anyInChain?: boolean; deviceAt?: Date },
): Promise<StoredRecord> {
  const id = await db.transaction(async (tx) => {
    // ADR 022: where failures outlive later records, the newest open failure of the key anywhere in its
    // chain is resolved (a re-check in range does not close it); otherwise only the current record.
    const newest = (where: SQL | undefined) =>
      selectStored(tx as unknown as Db, and(keyWhere(scope, input.key), where))
        .orderBy(sql`${records.recordedAt} desc`)
        .limit(1)
    const [open] = input.anyInChain ? await newest(and(eq(records.status, 'failed'), isNull(recordResolutions.id))) : []
    // Nothing open: the current record says why (not failed, already resolved, nothing recorded).
    const [current] = open ? [open] : await newest(isCurrent)
    if (!current) throw badRequest(t(input.locale, 'records.nothingToResolve'))
    if (current.status !== 'failed') throw badRequest(t(input.locale, 'records.notFailed'))
    if (current.resolvedAt) throw badRequest(t(input.locale, 'records.alreadyResolved'))
    await tx.insert(recordResolutions).values({
      orgId: scope.orgId,
      recordId: current.id,
      note: input.note,
      resolvedByMembershipId: scope.membershipId,
      resolvedByName: memberName(scope),
      resolvedByDeviceId: scope.device?.deviceId ?? null,
      resolvedByDeviceName: scope.device?.deviceName ?? null,
      deviceResolvedAt: input.deviceAt ?? null,
    })
    return current.id
  }).catch((error: unknown) => {
    // Someone else resolved it in the same moment.
    if (isUniqueViolation(error)) throw badRequest(t(input.locale, 'records.alreadyResolved'))
    throw error
  })
  return (await findRecord(db, scope, id))!
}
