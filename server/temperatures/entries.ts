/**
 * Daily temperature work: the venue's logs for a day (each an entry, created on first read), one
 * entry with every unit's readings per check and its chart, recording a reading and resolving an
 * out-of-range one. Built on the shared day machinery (server/templates/day.ts) and record store;
 * values are stored in °C and shown and entered in the organisation's unit. A re-check never hides an
 * unresolved failure (ADR 022).
 */
import { addDays, format, parse } from 'date-fns'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { notFound, validationError } from '../api/errors.ts'
import { t } from '../i18n.ts'
import { organisations } from '../orgs/schema.ts'
import { publicRecord, recordHistory, type StoredRecord } from '../records/service.ts'
import { isUuid, type ServiceContext } from '../scope.ts'
import {
  checkWorkable,
  dayInfo,
  dueOn,
  dueTemplates,
  isOverdue,
  progressOf,
  publicVenue,
  recordWork,
  resolveWork,
  venueForWork,
  type CellState,
  type WorkVenue,
} from '../templates/day.ts'
import { usedAtVenue } from '../templates/service.ts'
import { temperatureEntries, temperatureItems, temperatureLogs } from './schema.ts'
import { checkTimesOf, temperatureKind, type TemperatureLogRow } from './templates.ts'
import { boundIn, fromCelsius, inRange, parseReading, toCelsius, type TemperatureUnit } from './units.ts'

/** How many days the chart shows at most (the page offers 7 and 30). */
export const CHART_DAYS = 30

function shiftDay(day: string, days: number): string {
  return format(addDays(parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1)), days), 'yyyy-MM-dd')
}

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

const cellKey = (itemId: string, slot: number) => `${itemId}:${slot}`

/** Each cell's state from every record of the day: the current reading, and its open failures (ADR 022). */
function cellStates(rows: StoredRecord[]): Map<string, CellState> {
  const states = new Map<string, CellState>()
  for (const chain of Map.groupBy(rows, (r) => cellKey(r.itemId, r.slot)).values()) {
    const current = chain.find((r) => r.current)
    if (!current) continue
    const open = chain.filter((r) => r.status === 'failed' && r.resolvedAt === null).length
    states.set(cellKey(current.itemId, current.slot), { status: current.status, resolved: open === 0, open })
  }
  return states
}

/** Progress per check and for the day, and overdue (a check is overdue after its time, the day after its end). */
function logProgress(
  log: Pick<TemperatureLogRow, 'checksPerDay' | 'checkTimes'>,
  itemIds: string[],
  states: Map<string, CellState>,
  day: { date: string; today: string },
  now: Date,
  timeZone: string,
) {
  const times = checkTimesOf(log)
  const checks = times.map((time, slot) => {
    const cells = itemIds.map((id) => ({ id: cellKey(id, slot), required: true }))
    const { complete, progress } = progressOf(cells, states)
    return { slot, time, complete, overdue: isOverdue({ complete, ...day, now, timeZone, dueTime: time }), done: progress.done, total: progress.total, unresolved: progress.unresolved }
  })
  const cells = times.flatMap((_, slot) => itemIds.map((id) => ({ id: cellKey(id, slot), required: true })))
  const { complete, progress } = progressOf(cells, states)
  return { checks, complete, overdue: checks.some((c) => c.overdue), progress }
}

// ---------------------------------------------------------------------------------------------------
// The day list.

/**
 * The non-archived logs due at the venue on the day, each with its entry id and progress by check: a
 * constant number of queries (venue by the caller, logs, unit, entries, units, records) whatever the
 * number of logs, units and readings.
 */
export async function dayList(ctx: ServiceContext, venue: WorkVenue, date: string | undefined, now = new Date()) {
  const day = dayInfo(venue, date, ctx.locale, now)
  const [logs, unit] = await Promise.all([
    dueTemplates<Pick<TemperatureLogRow, 'id' | 'name' | 'checksPerDay' | 'checkTimes'>>(ctx, temperatureKind, venue.id, day.date, {
      id: temperatureLogs.id,
      name: temperatureLogs.name,
      checksPerDay: temperatureLogs.checksPerDay,
      checkTimes: temperatureLogs.checkTimes,
    }),
    orgUnit(ctx),
  ])
  const ids = logs.map((l) => l.id)
  const [entryIds, items, rows] = ids.length
    ? await Promise.all([
        ensureEntries(ctx, venue.id, day.date, ids),
        ctx.db
          .select({ id: temperatureItems.id, temperatureId: temperatureItems.temperatureId })
          .from(temperatureItems)
          .where(and(eq(temperatureItems.orgId, ctx.scope.orgId), inArray(temperatureItems.temperatureId, ids), isNull(temperatureItems.archivedAt))),
        recordHistory(ctx.db, ctx.scope, { kind: 'temperature', venueId: venue.id, date: day.date, templateIds: ids }),
      ])
    : [new Map<string, string>(), [], []]
  const itemsByLog = Map.groupBy(items, (i) => i.temperatureId)
  const rowsByLog = Map.groupBy(rows, (r) => r.templateId)
  return {
    ...day,
    venue: publicVenue(venue),
    unit,
    temperatures: logs.map((log) => ({
      entryId: entryIds.get(log.id)!,
      id: log.id,
      name: log.name,
      checksPerDay: log.checksPerDay,
      ...logProgress(
        log,
        (itemsByLog.get(log.id) ?? []).map((i) => i.id),
        cellStates(rowsByLog.get(log.id) ?? []),
        day,
        now,
        venue.timeZone,
      ),
    })),
  }
}

// ---------------------------------------------------------------------------------------------------
// One entry.

/** The entry of the organisation with its log (archived or not) and the organisation's unit: one query. */
async function findEntry(ctx: ServiceContext, entryId: string) {
  if (!isUuid(entryId)) return undefined
  const [row] = await ctx.db
    .select({ entry: temperatureEntries, log: temperatureLogs, unit: organisations.temperatureUnit })
    .from(temperatureEntries)
    .innerJoin(temperatureLogs, and(eq(temperatureLogs.orgId, temperatureEntries.orgId), eq(temperatureLogs.id, temperatureEntries.temperatureId)))
    .innerJoin(organisations, eq(organisations.id, temperatureEntries.orgId))
    .where(and(eq(temperatureEntries.orgId, ctx.scope.orgId), eq(temperatureEntries.id, entryId)))
  return row
}

/** A record as the API shows it for temperatures: value and limits in the organisation's unit, re-checks marked. */
function publicReading(orgId: string, record: StoredRecord, unit: TemperatureUnit, failedIds: Set<string>) {
  const view = publicRecord(orgId, record)
  const celsius = record.value === null ? null : Number(record.value)
  return {
    ...view,
    slot: record.slot,
    value: celsius === null ? null : String(fromCelsius(celsius, unit)),
    valueC: celsius,
    min: boundIn(record.min === null ? null : Number(record.min), unit),
    max: boundIn(record.max === null ? null : Number(record.max), unit),
    /** Taken after an out-of-range reading of the same unit and check (ADR 022). */
    recheck: record.supersedesId !== null && failedIds.has(record.supersedesId),
  }
}
export type PublicReading = ReturnType<typeof publicReading>

/**
 * The entry: the log at the venue on the day, every unit (non-archived, plus units archived since with
 * readings that day) with, per check, the current reading, the earlier ones and the open failures, and
 * the readings of the last 30 days for the chart. Five queries whatever the number of units and readings.
 */
export async function entryDetail(ctx: ServiceContext, entryId: string, now = new Date()) {
  const found = await findEntry(ctx, entryId)
  if (!found) throw notFound()
  const { entry, log, unit } = found
  const venue = await venueForWork(ctx, entry.venueId)
  const day = dayInfo(venue, entry.date, ctx.locale, now)
  const [items, rows] = await Promise.all([
    ctx.db
      .select()
      .from(temperatureItems)
      .where(and(eq(temperatureItems.orgId, ctx.scope.orgId), eq(temperatureItems.temperatureId, log.id)))
      .orderBy(asc(temperatureItems.position), asc(temperatureItems.createdAt), asc(temperatureItems.id)),
    recordHistory(ctx.db, ctx.scope, { kind: 'temperature', venueId: venue.id, from: shiftDay(day.date, -(CHART_DAYS - 1)), to: day.date, templateIds: [log.id] }),
  ])
  const todays = rows.filter((r) => r.date === day.date)
  if (!usedAtVenue(log, venue.id) && todays.length === 0) throw notFound()
  const failedIds = new Set(rows.filter((r) => r.status === 'failed').map((r) => r.id))
  const reading = (r: StoredRecord) => publicReading(ctx.scope.orgId, r, unit, failedIds)
  const byItem = Map.groupBy(todays, (r) => r.itemId)
  const chartByItem = Map.groupBy(
    rows.filter((r) => r.current || r.status === 'failed'),
    (r) => r.itemId,
  )
  const times = checkTimesOf(log)
  const shownItems = items.filter((item) => !item.archivedAt || byItem.has(item.id))
  const units = shownItems.map((item) => {
    const recorded = byItem.get(item.id) ?? []
    const kept = recorded[0]
    const min = item.archivedAt && kept ? (kept.min === null ? null : Number(kept.min)) : item.min === null ? null : Number(item.min)
    const max = item.archivedAt && kept ? (kept.max === null ? null : Number(kept.max)) : item.max === null ? null : Number(item.max)
    return {
      item: {
        id: item.id,
        label: item.archivedAt && kept ? kept.label : item.label,
        kind: item.kind,
        min: boundIn(min, unit),
        max: boundIn(max, unit),
        minC: min,
        maxC: max,
        archivedAt: item.archivedAt ? item.archivedAt.toISOString() : null,
      },
      checks: times.map((time, slot) => {
        const chain = recorded.filter((r) => r.slot === slot).sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())
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
        value: fromCelsius(Number(r.value), unit),
        inRange: r.status === 'done',
        recordedAt: r.recordedAt.toISOString(),
      })),
    }
  })
  const activeIds = items.filter((i) => !i.archivedAt).map((i) => i.id)
  const progress = logProgress(log, activeIds, cellStates(todays), day, now, venue.timeZone)
  return {
    id: entry.id,
    ...day,
    venue: publicVenue(venue),
    unit,
    temperature: {
      id: log.id,
      name: log.name,
      checksPerDay: log.checksPerDay,
      checkTimes: times,
      archivedAt: log.archivedAt ? log.archivedAt.toISOString() : null,
    },
    /** Is it due on this weekday? On other days nothing new can be recorded. */
    dueThatDay: dueOn(log, day.date),
    ...progress,
    items: units,
  }
}

// ---------------------------------------------------------------------------------------------------
// Recording and resolving.

/** The entry, its venue, and one unit of its log: undefined parts are 404. */
async function entryAndItem(ctx: ServiceContext, entryId: string, itemId: string) {
  const found = await findEntry(ctx, entryId)
  if (!found || !isUuid(itemId)) throw notFound()
  const venue = await venueForWork(ctx, found.entry.venueId)
  const [item] = await ctx.db
    .select()
    .from(temperatureItems)
    .where(and(eq(temperatureItems.orgId, ctx.scope.orgId), eq(temperatureItems.id, itemId), eq(temperatureItems.temperatureId, found.log.id)))
  if (!item) throw notFound()
  const rows = await recordHistory(ctx.db, ctx.scope, { kind: 'temperature', venueId: venue.id, date: found.entry.date, templateIds: [found.log.id], itemIds: [item.id] })
  return { ...found, venue, item, rows }
}

function checkSlot(ctx: ServiceContext, slot: number | undefined, checksPerDay: number): number | undefined {
  if (slot === undefined) return undefined
  if (!Number.isInteger(slot) || slot < 0 || slot >= checksPerDay) throw validationError({ slot: t(ctx.locale, 'records.slot', { count: checksPerDay }) })
  return slot
}

/** The check an open failure of the unit is in (the earliest), if any. */
function openFailureSlot(rows: StoredRecord[]): number | undefined {
  return rows.filter((r) => r.status === 'failed' && r.resolvedAt === null).sort((a, b) => a.slot - b.slot)[0]?.slot
}

/** The check whose current reading is out of range (resolved or not: a reading now is its re-check), if any. */
function failedCurrentSlot(rows: StoredRecord[]): number | undefined {
  return rows.filter((r) => r.current && r.status === 'failed').sort((a, b) => a.slot - b.slot)[0]?.slot
}

/**
 * Record a reading, given in the organisation's unit (a comma is a decimal separator), stored in °C
 * with one decimal. Without a check named: a re-check of the unit's open failure or of its current
 * out-of-range reading, else the first check without a reading. Out of range fails.
 */
export async function completeReading(ctx: ServiceContext, input: { entryId: string; itemId: string; value: string; note?: string | null; slot?: number }) {
  const { entry, log, venue, item, unit, rows } = await entryAndItem(ctx, input.entryId, input.itemId)
  const date = checkWorkable(ctx, { venue, template: log, item, date: entry.date })
  const typed = parseReading(input.value)
  if (!Number.isFinite(typed)) throw validationError({ value: t(ctx.locale, 'records.valueTemperature') })
  const celsius = toCelsius(typed, unit)
  let slot = checkSlot(ctx, input.slot, log.checksPerDay) ?? openFailureSlot(rows) ?? failedCurrentSlot(rows)
  if (slot === undefined) {
    const recorded = new Set(rows.map((r) => r.slot))
    slot = Array.from({ length: log.checksPerDay }, (_, i) => i).find((i) => !recorded.has(i))
    if (slot === undefined) throw validationError({ slot: t(ctx.locale, 'records.everyCheckRecorded') })
  }
  const min = item.min === null ? null : Number(item.min)
  const max = item.max === null ? null : Number(item.max)
  const stored = await recordWork(ctx, {
    kind: 'temperature',
    venue,
    template: log,
    item,
    date,
    slot,
    snapshot: { label: item.label, itemType: item.kind, min, max },
    value: String(celsius),
    status: inRange(celsius, min, max) ? 'done' : 'failed',
    note: input.note,
  })
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
  const slot = checkSlot(ctx, input.slot, log.checksPerDay) ?? openFailureSlot(rows) ?? 0
  const stored = await resolveWork(ctx, {
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
