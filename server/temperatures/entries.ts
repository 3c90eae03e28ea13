/**
 * Daily temperature work: the venue's logs for a day (each an entry, created on first read), one
 * entry with every unit's readings per check and its chart, recording a reading and resolving an
 * out-of-range one. Built on the shared day machinery (server/templates/day.ts) and record store;
 * values are stored in °C and shown and entered in the organisation's unit. A re-check never hides an
 * unresolved failure (ADR 022).
 */
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import { notFound, validationError } from '../api/errors.ts'
import { t } from '../i18n.ts'
import { organisations } from '../orgs/schema.ts'
import { nestedRows, preparedOnce } from '../db/client.ts'
import { chartRecords, publicRecord, recordHistory, shiftDay, templateChart, templateChartOf, templateDayRecords, templateDayRecordsOf, todayIn, type ChartRecord, type StoredRecord } from '../records/service.ts'
import { isUuid, type ServiceContext } from '../scope.ts'
import * as work from '../templates/day.ts'
import { usedAtVenue } from '../templates/service.ts'
import { temperatureEntries, temperatureItems, temperatureLogs } from './schema.ts'
import { checkTimesOf, temperatureKind, type TemperatureLogRow } from './templates.ts'
import { boundShown, inRange, parseReading, readingIn, toCelsius, type TemperatureUnit } from './units.ts'

/** How many days the chart shows at most (the page offers 7 and 30). */
export const CHART_DAYS = 30

/** The organisation's unit. */
async function orgUnit(ctx: ServiceContext): Promise<TemperatureUnit> {
  const [row] = await ctx.db.select({ unit: organisations.temperatureUnit }).from(organisations).where(eq(organisations.id, ctx.scope.orgId))
  return row?.unit ?? 'C'
}

/** The entries of these logs at the venue on the day, created when missing: one statement. */
async function ensureEntries(ctx: ServiceContext, venueId: string, date: string, logIds: string[]): Promise<Map<string, string>> {
  if (!logIds.length) return new Map()
  const rows = await ctx.db
    .insert(temperatureEntries)
    .values(logIds.map((temperatureId) => ({ orgId: ctx.scope.orgId, venueId, temperatureId, date })))
    .onConflictDoUpdate({
      target: [temperatureEntries.orgId, temperatureEntries.venueId, temperatureEntries.temperatureId, temperatureEntries.date],
      set: { date: sql`excluded.date` },
    })
    .returning({ id: temperatureEntries.id, temperatureId: temperatureEntries.temperatureId })
  return new Map(rows.map((r) => [r.temperatureId, r.id]))
}

// ---------------------------------------------------------------------------------------------------
// Cells: one unit at one check.

const { cellKey } = work

/** Each cell's state from every record of the day: the current reading, and its open failures (ADR 022). */
function cellStates(rows: (Pick<StoredRecord, 'itemId' | 'slot' | 'status'> & { current: boolean; resolved: boolean })[]): Map<string, work.CellState> {
  const states = new Map<string, work.CellState>()
  for (const chain of Map.groupBy(rows, (r) => cellKey(r.itemId, r.slot)).values()) {
    const current = chain.find((r) => r.current)
    if (!current) continue
    const open = chain.filter((r) => r.status === 'failed' && !r.resolved).length
    states.set(cellKey(current.itemId, current.slot), { status: current.status, resolved: open === 0, open })
  }
  return states
}

/** Progress per check and for the day (templates/day.ts): every unit is read at every check. */
function logProgress(
  log: Pick<TemperatureLogRow, 'checksPerDay' | 'checkTimes'>,
  itemIds: string[],
  states: Map<string, work.CellState>,
  day: { date: string; today: string },
  now: Date,
  timeZone: string,
) {
  return work.checksProgress(
    checkTimesOf(log),
    itemIds.map((id) => ({ id, required: true })),
    states,
    day,
    now,
    timeZone,
  )
}

// ---------------------------------------------------------------------------------------------------
// The day list.

/**
 * What a log due that day reads beside its own columns: the organisation's unit and the log's entry at
 * the venue on the day (null until made). Qualified by hand, as the checklists' day list does: the
 * subqueries would read drizzle's unqualified columns as their own.
 */
const dayColumns = {
  unit: sql<TemperatureUnit>`(select o.temperature_unit from ${organisations} o where o.id = "temperature_logs"."org_id")`,
  entryId: sql<string | null>`(select e.id from ${temperatureEntries} e where e.org_id = "temperature_logs"."org_id" and e.venue_id = ${sql.placeholder('venueId')}::uuid and e.temperature_id = "temperature_logs"."id" and e.date = ${sql.placeholder('date')}::date)`,
}

/**
 * The logs due at the venue on the day (ADR 085), each with its entry id and progress by check: a
 * constant number of queries whatever the number of logs, units and readings — venue by the caller; one
 * statement for the logs with what else the page needs of each read as columns (the organisation's unit,
 * the day's entry) and what their units and readings count (templates/day.ts dueTemplatesWithCounts,
 * ADR 075) — and, once a day, one insert of the
 * entries not yet there; after a write to the day's readings or the logs' units, one update storing what
 * was counted again (ADR 071).
 */
export async function dayList(ctx: ServiceContext, venue: work.WorkVenue, date: string | undefined, now = new Date()) {
  const day = work.dayInfo(venue, date, ctx.locale, now)
  // Every unit is read at every check; a re-check never hides an unresolved failure (ADR 022).
  const { templates: logs, counts } = await work.dueTemplatesWithCounts<Pick<TemperatureLogRow, 'id' | 'name' | 'checksPerDay' | 'checkTimes'> & { unit: TemperatureUnit; entryId: string | null }>(
    ctx,
    {
      kind: temperatureKind,
      venueId: venue.id,
      timeZone: venue.timeZone,
      date: day.date,
      columns: { id: temperatureLogs.id, name: temperatureLogs.name, checksPerDay: temperatureLogs.checksPerDay, checkTimes: temperatureLogs.checkTimes, ...dayColumns },
      name: 'day_list',
    },
    { required: sql`true`, openFailures: 'all' },
  )
  const missing = logs.filter((l) => !l.entryId).map((l) => l.id)
  const [unit, made] = await Promise.all([logs.length ? logs[0]!.unit : orgUnit(ctx), ensureEntries(ctx, venue.id, day.date, missing)])
  const countsOf = new Map(counts.map((c) => [`${c.templateId}:${c.slot ?? 'units'}`, c]))
  return {
    ...day,
    venue: work.publicVenue(venue),
    unit,
    temperatures: logs.map((log) => ({
      entryId: log.entryId ?? made.get(log.id)!,
      id: log.id,
      name: log.name,
      checksPerDay: log.checksPerDay,
      ...work.checksProgressOfCounts(
        checkTimesOf(log),
        { required: countsOf.get(`${log.id}:units`)?.done ?? 0, optional: 0 },
        (slot) => countsOf.get(`${log.id}:${slot}`),
        day,
        now,
        venue.timeZone,
      ),
    })),
  }
}

// ---------------------------------------------------------------------------------------------------
// One entry.

/** The entry of the organisation with its log (archived or not), the log's units and the organisation's unit: one query. */
async function findEntry(ctx: ServiceContext, entryId: string) {
  if (!isUuid(entryId)) return undefined
  const [row] = await entryQuery(ctx.db).execute({ orgId: ctx.scope.orgId, entryId })
  return row
}
const entryQuery = preparedOnce((db) =>
  db
    .select({ entry: temperatureEntries, log: temperatureLogs, unit: organisations.temperatureUnit, items: work.entryItemsSql(db, temperatureKind) })
    .from(temperatureEntries)
    .innerJoin(temperatureLogs, and(eq(temperatureLogs.orgId, temperatureEntries.orgId), eq(temperatureLogs.id, temperatureEntries.temperatureId)))
    .innerJoin(organisations, eq(organisations.id, temperatureEntries.orgId))
    .where(and(eq(temperatureEntries.orgId, sql.placeholder('orgId')), eq(temperatureEntries.id, sql.placeholder('entryId'))))
    .prepare('mise_temperature_entry'),
)

/** A record as the API shows it for temperatures: value and limits in the organisation's unit, re-checks marked. */
function publicReading(orgId: string, record: StoredRecord, unit: TemperatureUnit, failedIds: Set<string>) {
  const view = publicRecord(orgId, record)
  const celsius = record.value === null ? null : Number(record.value)
  return {
    ...view,
    slot: record.slot,
    // What was typed, in the unit it was typed in (ADR 085); else converted from °C.
    value: celsius === null ? null : String(readingIn(celsius, unit, record)),
    valueC: celsius,
    min: boundShown(record.min === null ? null : Number(record.min), unit, 'min'),
    max: boundShown(record.max === null ? null : Number(record.max), unit, 'max'),
    /** Taken after an out-of-range reading of the same unit and check (ADR 022). */
    recheck: record.supersedesId !== null && failedIds.has(record.supersedesId),
  }
}
export type PublicReading = ReturnType<typeof publicReading>

/**
 * The entry: the log at the venue on the day, every unit (non-archived, plus units archived since with
 * readings that day) with, per check, the current reading, the earlier ones and the open failures, and
 * the readings of the last 30 days for the chart (only what a point needs). Three queries whatever the
 * number of units and readings (the entry with its log and units; the day's readings; the chart's), and
 * the venue's when the session did not read it; a log's page (`logEntryDetail`) reads it all in one.
 */
export async function entryDetail(ctx: ServiceContext, entryId: string, now = new Date()) {
  const found = await findEntry(ctx, entryId)
  if (!found) throw notFound()
  const { items, ...rest } = found
  return entryView(ctx, { ...rest, read: { items: work.entryItemsOf<TemperatureItemRow>(ctx.db, temperatureKind, items) } }, await work.venueForWork(ctx, found.entry.venueId), now)
}

/**
 * A log's entry at the venue on the day (today by default), created on first read, as `entryDetail`
 * answers it: what the page of one log reads, without the whole day list. 404 unless the log is one the
 * day list shows (not archived, used at the venue, due that day).
 */
export async function logEntryDetail(
  ctx: ServiceContext,
  venue: work.WorkVenue,
  temperatureId: string,
  date: string | undefined,
  { slot, chartDays = CHART_DAYS }: { slot?: number; chartDays?: number } = {},
  now = new Date(),
) {
  const day = work.dayInfo(venue, date, ctx.locale, now)
  const { db } = ctx
  // The log with its entry, units, the day's readings and the chart's: one statement (ADR 075).
  const [row] = await work.dueTemplates<TemperatureLogRow & { unit: TemperatureUnit; entryId: string | null; items: unknown; readings: unknown; chart: unknown }>(
    ctx,
    temperatureKind,
    venue,
    day.date,
    { ...getTableColumns(temperatureLogs), ...dayColumns, items: work.entryItemsSql(db, temperatureKind), readings: nestedRows(templateDayRecords(db)), chart: nestedRows(templateChart(db)) },
    'entry',
    temperatureId,
    { from: shiftDay(day.date, -(chartDays - 1)), to: day.date },
  )
  if (!row) throw notFound()
  const { unit, entryId, items, readings, chart, ...log } = row
  work.checkSlot(ctx, slot, log.checksPerDay) // a check the log does not have changes nothing
  const id = entryId ?? (await ensureEntries(ctx, venue.id, day.date, [log.id])).get(log.id)!
  const read = { items: work.entryItemsOf<TemperatureItemRow>(db, temperatureKind, items), todays: templateDayRecordsOf(db, readings), charted: templateChartOf(db, chart) }
  return entryView(ctx, { entry: { id, venueId: venue.id, date: day.date }, log, unit, read }, venue, now, { slot }, chartDays)
}

type TemperatureItemRow = typeof temperatureItems.$inferSelect

/**
 * The entry as the API shows it (`entryDetail`), from the entry, its log and the organisation's unit:
 * every check of each unit, or with `oneCheck` the check asked for (else the first not complete), as a
 * checklist's entry shows one check (`slot` says which).
 */
async function entryView(
  ctx: ServiceContext,
  {
    entry,
    log,
    unit,
    read,
  }: {
    entry: Pick<typeof temperatureEntries.$inferSelect, 'id' | 'venueId' | 'date'>
    log: TemperatureLogRow
    unit: TemperatureUnit
    /** The units, the day's readings and the chart's, as read with the log; or the units alone, the readings read here. */
    read: { items: TemperatureItemRow[]; todays?: StoredRecord[]; charted?: ChartRecord[] }
  },
  venue: work.WorkVenue,
  now: Date,
  oneCheck?: { slot?: number },
  chartDays = CHART_DAYS,
) {
  const times = checkTimesOf(log)
  const day = work.dayInfo(venue, entry.date, ctx.locale, now)
  const { items } = read
  const [todays, charted] = await Promise.all([
    read.todays ?? recordHistory(ctx.db, ctx.scope, { kind: 'temperature', venueId: venue.id, date: day.date, templateIds: [log.id] }),
    read.charted ?? chartRecords(ctx.db, ctx.scope, { kind: 'temperature', venueId: venue.id, from: shiftDay(day.date, -(chartDays - 1)), to: day.date, templateIds: [log.id] }),
  ])
  if (!usedAtVenue(log, venue.id) && todays.length === 0) throw notFound()
  // A re-check supersedes a failure of the same unit, check and day: today's records tell them all.
  const failedIds = new Set(todays.filter((r) => r.status === 'failed').map((r) => r.id))
  const reading = (r: StoredRecord) => publicReading(ctx.scope.orgId, r, unit, failedIds)
  const byItem = Map.groupBy(todays, (r) => r.itemId)
  const chartByItem = Map.groupBy(charted, (r) => r.itemId)
  const activeIds = items.filter((i) => !i.archivedAt).map((i) => i.id)
  const dueThatDay = work.dueAt(log, day.date, venue.timeZone)
  const progress = work.progressIfDue(dueThatDay, logProgress(log, activeIds, cellStates(todays.map((r) => ({ itemId: r.itemId, slot: r.slot, status: r.status, current: r.current, resolved: r.resolvedAt !== null }))), day, now, venue.timeZone))
  const shownSlot = oneCheck ? work.shownCheck(ctx, oneCheck.slot, progress.checks) : undefined
  const slots = shownSlot === undefined ? times.map((_, slot) => slot) : [shownSlot]
  const shownItems = items.filter((item) => !item.archivedAt || byItem.has(item.id))
  const units = shownItems.map((item) => {
    const recorded = byItem.get(item.id) ?? []
    const bySlot = Map.groupBy(recorded, (r) => r.slot)
    const kept = recorded[0]
    const min = item.archivedAt && kept ? (kept.min === null ? null : Number(kept.min)) : item.min === null ? null : Number(item.min)
    const max = item.archivedAt && kept ? (kept.max === null ? null : Number(kept.max)) : item.max === null ? null : Number(item.max)
    return {
      item: {
        id: item.id,
        label: item.archivedAt && kept ? kept.label : item.label,
        kind: item.kind,
        min: boundShown(min, unit, 'min'),
        max: boundShown(max, unit, 'max'),
        minC: min,
        maxC: max,
        archivedAt: item.archivedAt ? item.archivedAt.toISOString() : null,
      },
      checks: slots.map((slot) => {
        const time = times[slot]!
        const chain = (bySlot.get(slot) ?? []).sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())
        const current = chain.find((r) => r.current) ?? null
        return {
          slot,
          time,
          record: current && reading(current),
          history: chain.filter((r) => r !== current).map(reading),
          openFailures: chain.filter((r) => r.status === 'failed' && r.resolvedAt === null).length,
        }
      }),
      chart: (chartByItem.get(item.id) ?? []).map((r) => ({
        date: r.date,
        slot: r.slot,
        value: readingIn(Number(r.value), unit, r),
        inRange: r.status === 'done',
        recordedAt: r.recordedAt.toISOString(),
      })),
    }
  })
  return {
    id: entry.id,
    ...day,
    venue: work.publicVenue(venue),
    unit,
    temperature: {
      id: log.id,
      name: log.name,
      checksPerDay: log.checksPerDay,
      checkTimes: times,
      archivedAt: log.archivedAt ? log.archivedAt.toISOString() : null,
    },
    /** Is it due on this day (ADR 085)? On other days nothing new can be recorded. */
    dueThatDay,
    ...progress,
    ...(shownSlot === undefined ? {} : { slot: shownSlot }),
    items: units,
  }
}

// ---------------------------------------------------------------------------------------------------
// Recording and resolving.

/** The entry, its venue, and one unit of its log: undefined parts are 404. */
async function entryAndItem(ctx: ServiceContext, entryId: string, itemId: string) {
  const found = await findEntry(ctx, entryId)
  if (!found || !isUuid(itemId)) throw notFound()
  const venue = await work.venueForWork(ctx, found.entry.venueId)
  const [item] = await ctx.db
    .select()
    .from(temperatureItems)
    .where(and(eq(temperatureItems.orgId, ctx.scope.orgId), eq(temperatureItems.id, itemId), eq(temperatureItems.temperatureId, found.log.id)))
  if (!item) throw notFound()
  const rows = await recordHistory(ctx.db, ctx.scope, { kind: 'temperature', venueId: venue.id, date: found.entry.date, templateIds: [found.log.id], itemIds: [item.id] })
  return { ...found, venue, item, rows }
}

/** The check an open failure of the unit is in (the earliest), if any. */
function openFailureSlot(rows: StoredRecord[]): number | undefined {
  return rows.filter((r) => r.status === 'failed' && r.resolvedAt === null).sort((a, b) => a.slot - b.slot)[0]?.slot
}

/** The check whose current reading is out of range (resolved or not: a reading now is its re-check), if any. */
function failedCurrentSlot(rows: StoredRecord[]): number | undefined {
  return rows.filter((r) => r.current && r.status === 'failed').sort((a, b) => a.slot - b.slot)[0]?.slot
}

/** Write one reading (°C) of a unit's check: out of its range, it fails. The unit's label, kind and range are snapshotted. */
async function writeReading(
  ctx: ServiceContext,
  input: {
    venue: work.WorkVenue
    log: TemperatureLogRow
    item: typeof temperatureItems.$inferSelect
    date: string
    slot: number
    celsius: number
    note?: string | null
    /** What was typed and in which unit, kept with the record (ADR 085). */
    entered?: { value: number; unit: TemperatureUnit }
  },
) {
  const { venue, log, item, date, slot, celsius } = input
  const min = item.min === null ? null : Number(item.min)
  const max = item.max === null ? null : Number(item.max)
  const status = inRange(celsius, min, max) ? ('done' as const) : ('failed' as const)
  const stored = await work.recordWork(ctx, {
    kind: 'temperature',
    venue,
    template: log,
    item,
    date,
    slot,
    snapshot: {
      label: item.label,
      itemType: item.kind,
      min,
      max,
      ...(input.entered ? { enteredValue: String(input.entered.value), enteredUnit: input.entered.unit } : {}),
    },
    value: String(celsius),
    status,
    note: input.note,
  })
  return { stored, status }
}

/**
 * Record a reading, given in the organisation's unit (a comma is a decimal separator), stored in °C
 * with one decimal and as typed, with its unit (shown as typed in that unit, ADR 085). Without a check named: a re-check of the unit's open failure or of its current
 * out-of-range reading, else the first check without a reading. Out of range fails.
 */
export async function completeReading(ctx: ServiceContext, input: { entryId: string; itemId: string; value: string; note?: string | null; slot?: number }) {
  const { entry, log, venue, item, unit, rows } = await entryAndItem(ctx, input.entryId, input.itemId)
  const date = work.checkWorkable(ctx, { venue, template: log, item, date: entry.date })
  const typed = parseReading(input.value)
  if (!Number.isFinite(typed)) throw validationError({ value: t(ctx.locale, 'records.valueTemperature') })
  const celsius = toCelsius(typed, unit)
  let slot = work.checkSlot(ctx, input.slot, log.checksPerDay) ?? openFailureSlot(rows) ?? failedCurrentSlot(rows)
  if (slot === undefined) {
    const recorded = new Set(rows.map((r) => r.slot))
    slot = Array.from({ length: log.checksPerDay }, (_, i) => i).find((i) => !recorded.has(i))
    if (slot === undefined) throw validationError({ slot: t(ctx.locale, 'records.everyCheckRecorded') })
  }
  const { stored } = await writeReading(ctx, { venue, log, item, date, slot, celsius, note: input.note, entered: { value: typed, unit } })
  const failed = new Set(rows.filter((r) => r.status === 'failed').map((r) => r.id))
  return publicReading(ctx.scope.orgId, stored, unit, failed)
}

/**
 * Resolve the unit's open failure (in the check named, else the earliest with one) with a corrective
 * action: the newest open failure of that check, even when a re-check reading came after it (ADR 022).
 * Allowed on archived logs and units: an old failure can still be closed.
 */
export async function resolveReading(ctx: ServiceContext, input: { entryId: string; itemId: string; note: string; slot?: number }) {
  const { entry, log, venue, item, unit, rows } = await entryAndItem(ctx, input.entryId, input.itemId)
  const slot = work.checkSlot(ctx, input.slot, log.checksPerDay) ?? openFailureSlot(rows) ?? 0
  const stored = await work.resolveWork(ctx, {
    kind: 'temperature',
    venue,
    templateId: log.id,
    itemId: item.id,
    date: entry.date,
    slot,
    note: input.note,
    anyInChain: true,
  })
  const failed = new Set(rows.filter((r) => r.status === 'failed').map((r) => r.id))
  return publicReading(ctx.scope.orgId, stored, unit, failed)
}

// ---------------------------------------------------------------------------------------------------
// Deliveries: a temperature taken when an order is received.

/**
 * Put a delivery temperature (°C) taken on receiving an order into the venue's delivery log: the first
 * log due at the venue today (by position) with an active unit of kind `delivery`. The reading goes in
 * the unit's first check without one; when every check of the day already has one, it is a new reading
 * of the last check (records are append-only: the earlier reading stays in the history). Out of range
 * fails like any reading, so an unresolved failure shows on the log. Undefined when the venue has no
 * delivery log due today: the temperature then stays on the order only. `ctx.db` may be a transaction.
 */
export async function recordDeliveryReading(
  ctx: ServiceContext,
  input: { venueId: string; celsius: number; note: string; now?: Date },
): Promise<{ entryId: string; temperatureId: string; date: string; name: string; status: 'done' | 'failed' } | undefined> {
  const venue = await work.venueForWork(ctx, input.venueId)
  const date = todayIn(venue.timeZone, input.now)
  const logs = await work.dueTemplates<TemperatureLogRow>(ctx, temperatureKind, venue, date, getTableColumns(temperatureLogs), 'rows')
  if (!logs.length) return undefined
  const items = await ctx.db
    .select()
    .from(temperatureItems)
    .where(
      and(
        eq(temperatureItems.orgId, ctx.scope.orgId),
        inArray(
          temperatureItems.temperatureId,
          logs.map((l) => l.id),
        ),
        eq(temperatureItems.kind, 'delivery'),
        isNull(temperatureItems.archivedAt),
      ),
    )
    .orderBy(asc(temperatureItems.position), asc(temperatureItems.createdAt), asc(temperatureItems.id))
  const log = logs.find((l) => items.some((i) => i.temperatureId === l.id))
  const item = log && items.find((i) => i.temperatureId === log.id)
  if (!log || !item) return undefined
  const entryId = (await ensureEntries(ctx, venue.id, date, [log.id])).get(log.id)!
  const rows = await recordHistory(ctx.db, ctx.scope, { kind: 'temperature', venueId: venue.id, date, templateIds: [log.id], itemIds: [item.id] })
  const recorded = new Set(rows.map((r) => r.slot))
  const slot = Array.from({ length: log.checksPerDay }, (_, i) => i).find((i) => !recorded.has(i)) ?? log.checksPerDay - 1
  const { status } = await writeReading(ctx, { venue, log, item, date, slot, celsius: toCelsius(input.celsius, 'C'), note: input.note })
  return { entryId, temperatureId: log.id, date, name: log.name, status }
}
