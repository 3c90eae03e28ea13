/**
 * When a template is due, for every kind (checklists, temperature logs): on days of the week, or on
 * chosen dates of the month instead; once a day or at several checks, each with its time (ADR 044).
 * Written once: the service stores it, the day list and entry decide "due" with it, the plan of due work
 * (exports' missed rows) counts its checks.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { dayOf, monthPlace, shiftDay } from '../dates.ts'
import { instantOf, weekdayOf } from '../records/service.ts'

/** What a template says about when it is due. */
export interface Schedule {
  days: number[]
  monthDays: number[]
}

/**
 * Is it due on this day? By its dates of the month when it has some (a date past the month's end, such
 * as the 31st, falls on the month's last day), else by its days of the week.
 */
export function dueOn(template: { days: number[]; monthDays?: number[] }, date: string): boolean {
  const monthDays = template.monthDays ?? []
  if (!monthDays.length) return template.days.includes(weekdayOf(date))
  const { dom, last } = monthPlace(date)
  return monthDays.includes(dom) || (dom === last && monthDays.some((d) => d > last))
}

/** Each row's first day and archive day in a zone, worked out once: a month of days asks for them again and again. */
const spans = new WeakMap<object, Map<string, { from: string; until: string | null }>>()

/**
 * Was it in place on the day in the venue's zone: created on or before it (by the day's end), and not
 * archived on or before it? Half of "due on a day" (ADR 085); `inPlaceSql` says the same in SQL.
 */
export function inPlaceOn(row: { createdAt: Date; archivedAt: Date | null }, day: string, timeZone: string): boolean {
  let byZone = spans.get(row)
  if (!byZone) spans.set(row, (byZone = new Map()))
  let span = byZone.get(timeZone)
  if (!span) byZone.set(timeZone, (span = { from: dayOf(row.createdAt, timeZone), until: row.archivedAt ? dayOf(row.archivedAt, timeZone) : null }))
  return span.from <= day && (span.until === null || span.until > day)
}

/**
 * The one definition of "due on a day" (ADR 085): a template is due at a venue on day D when it existed
 * then (`inPlaceOn`: created by the end of D in the venue's zone, not archived on or before D) and its
 * schedule includes D (`dueOn`). Day lists and entry pages (through `dueSql`), the dashboard, the group
 * overview, alerts and exports (through the plan's `dueCells`) all decide it here.
 */
export function dueAt(template: { days: number[]; monthDays?: number[]; createdAt: Date; archivedAt: Date | null }, day: string, timeZone: string): boolean {
  return dueOn(template, day) && inPlaceOn(template, day, timeZone)
}

/** The instant a day ends in a zone (the next day's midnight there), as SQL reads it: an ISO string. */
export function dayEndOf(day: string, timeZone: string): string {
  return instantOf(shiftDay(day, 1), '00:00', timeZone).toISOString()
}

/** What `dueSql` reads of a day at a venue: `dueOnParams` and the day's end there (`dayEnd`). */
export function dueParams(day: string, timeZone: string): { weekday: number; dom: number; last: number; dayEnd: string } {
  return { ...dueOnParams(day), dayEnd: dayEndOf(day, timeZone) }
}

/**
 * `inPlaceOn` as SQL on a table's `created_at` and `archived_at`, given the day's end (`dayEndOf`):
 * created before it, and not archived before it.
 */
export function inPlaceSql(table: { createdAt: PgColumn; archivedAt: PgColumn }, dayEnd: SqlValue | string): SQL {
  return sql`(${table.createdAt} < ${dayEnd}::timestamptz and (${table.archivedAt} is null or ${table.archivedAt} >= ${dayEnd}::timestamptz))`
}

/** `dueAt` as SQL (ADR 085), for a day's query: the placeholders `weekday`, `dom`, `last` and `dayEnd` (`dueParams`). */
export function dueSql(table: { days: PgColumn; monthDays: PgColumn; createdAt: PgColumn; archivedAt: PgColumn }): SQL {
  const p = sql.placeholder
  return sql`(${dueOnSql(table, { weekday: p('weekday'), dom: p('dom'), last: p('last') })} and ${inPlaceSql(table, p('dayEnd'))})`
}

/** What `dueOnSql` reads of a day: its weekday, day of the month and the month's last day. */
export function dueOnParams(date: string): { weekday: number; dom: number; last: number } {
  return { weekday: weekdayOf(date), ...monthPlace(date) }
}

type SqlValue = number | SQL | Placeholder

/**
 * dueOn as SQL on a template table's `days` and `month_days`, for the day's query: of a day, or of
 * its parts given as values or placeholders (a prepared query, `dueOnParams`).
 */
export function dueOnSql(table: { days: PgColumn; monthDays: PgColumn }, date: string | { weekday: SqlValue; dom: SqlValue; last: SqlValue }): SQL {
  const { weekday, dom, last } = typeof date === 'string' ? dueOnParams(date) : date
  return sql`(case when cardinality(${table.monthDays}) = 0 then ${weekday}::int = any(${table.days})
    else (${dom}::int = any(${table.monthDays}) or (${dom}::int = ${last}::int and exists (select 1 from unnest(${table.monthDays}) as d(n) where d.n > ${last}::int))) end)`
}

/** Each check's time (HH:mm) or null, exactly `checksPerDay` of them. */
export function checkTimesOf(row: { checksPerDay: number; checkTimes: string[] }): (string | null)[] {
  return Array.from({ length: row.checksPerDay }, (_, i) => row.checkTimes[i] || null)
}

/** Times beyond the checks are dropped; missing ones are none. Stored '' for none. */
export function storedTimes(checksPerDay: number, times: (string | null)[] | undefined): string[] {
  return Array.from({ length: checksPerDay }, (_, i) => times?.[i] ?? '')
}

export interface ChecksInput {
  checksPerDay?: number
  checkTimes?: (string | null)[]
}

/** The checks' columns of a new template (one check, no time, by default). */
export function checksValues(input: ChecksInput) {
  const checksPerDay = input.checksPerDay ?? 1
  return { checksPerDay, checkTimes: storedTimes(checksPerDay, input.checkTimes) }
}

/**
 * The checks' columns of an update: the number and times are written together (the times of removed
 * checks go with them); a change of times alone keeps the number of checks, read in SQL from the row.
 */
export function checksPatch(patch: ChecksInput, checksPerDayColumn: PgColumn): Record<string, unknown> {
  if (patch.checksPerDay !== undefined) return { checksPerDay: patch.checksPerDay, checkTimes: storedTimes(patch.checksPerDay, patch.checkTimes) }
  if (patch.checkTimes !== undefined) {
    const list = sql.join(
      storedTimes(MAX_TIMES, patch.checkTimes).map((v) => sql`${v}`),
      sql`, `,
    )
    return { checkTimes: sql`(array[${list}]::text[])[1:${checksPerDayColumn}]` }
  }
  return {}
}

const MAX_TIMES = 6
