/**
 * The one place dates and times are checked and written for people (ADR 039), imported by the API,
 * the web pages (server and browser), e-mails and exports alike, so one screen never shows a date in
 * two formats. Days are `yyyy-MM-dd` calendar dates (architecture.md rule 8); instants are shown in the
 * venue's (or organisation's) time zone, in the reader's language, through `Intl.DateTimeFormat`.
 * Pure: no database, no Node-only module, and no date library: the pages' browser code imports it, and
 * `Intl` and `Date.UTC` do all of it (date-fns with its default locale was ~10 KB of first-load
 * JavaScript on the record pages, ADR 056).
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day written yyyy-MM-dd (years 1900–9999): 2026-02-30 is not one. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  if (y < 1900) return false
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** The `yyyy-MM-dd` day `days` away from `day` (a calendar day: no time zone applies). */
export function shiftDay(day: string, days: number): string {
  // A page asks the same few shifts for each of its cards and charts (the chart's first day, the day
  // before and after): remembered.
  const key = `${day}|${days}`
  let shifted = shifts.get(key)
  if (shifted === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number]
    remember(shifts, key, (shifted = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)))
  }
  return shifted
}
const shifts = new Map<string, string>()

/**
 * A `yyyy-MM-dd` day's place in its month: the day of the month and the month's last day (a calendar
 * day: no time zone applies). Asked by the schedules for every day list and entry page.
 */
export function monthPlace(day: string): { dom: number; last: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  // Day 0 of the next month is this month's last day.
  return { dom: d, last: new Date(Date.UTC(y, m, 0)).getUTCDate() }
}

/** The BCP 47 tag dates are written in for a UI language (British English, Spanish of Spain). */
export function dateLocaleTag(language: string | undefined): string {
  return language?.startsWith('es') ? 'es-ES' : 'en-GB'
}

/**
 * How a date reads: `long` "Monday 7 April 2026", `medium` "7 Apr 2026", `dateTime` "7 Apr 2026, 14:32",
 * `time` "14:32", and `stamp` "2026-04-07 14:32" — the one fixed form, for exports' cells, which
 * spreadsheets sort and inspectors read in any language.
 */
export type DateStyle = 'long' | 'medium' | 'dateTime' | 'time' | 'stamp'

const OPTIONS: Record<Exclude<DateStyle, 'stamp'>, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'full' },
  medium: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
}

// Building a DateTimeFormat costs far more than using one: keep one per language, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(language: string | undefined, timeZone: string, style: Exclude<DateStyle, 'stamp'>): Intl.DateTimeFormat {
  const tag = dateLocaleTag(language)
  const key = `${tag}|${timeZone}|${style}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(tag, { ...OPTIONS[style], hourCycle: style === 'long' || style === 'medium' ? undefined : 'h23', timeZone })
    formatters.set(key, found)
  }
  return found
}

/** A `yyyy-MM-dd` day as people read it (a calendar date: no time zone applies). Anything else is returned as is. */
export function formatDay(day: string, language: string | undefined, style: 'long' | 'medium' | 'stamp' = 'long'): string {
  if (style === 'stamp' || !isDay(day)) return day
  // A page writes the same few days on every request (the day shown, its neighbours): remembered.
  const key = `${dateLocaleTag(language)}|${style}|${day}`
  let text = days.get(key)
  if (text === undefined) {
    const [y, m, d] = day.split('-').map(Number)
    remember(days, key, (text = formatter(language, 'UTC', style).format(new Date(Date.UTC(y!, m! - 1, d!)))))
  }
  return text
}
const days = new Map<string, string>()

// The wall-clock fields of an instant in a zone, for the fixed `yyyy-MM-dd HH:mm` forms.
const fieldFormatters = new Map<string, Intl.DateTimeFormat>()
function wallClock(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let found = fieldFormatters.get(timeZone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    fieldFormatters.set(timeZone, found)
  }
  const out = { year: '', month: '', day: '', hour: '', minute: '' }
  for (const part of found.formatToParts(date)) if (part.type in out) out[part.type as keyof typeof out] = part.value
  out.year = out.year.padStart(4, '0')
  return out
}

/** An instant (Date or ISO string) in a time zone, as people read it. */
export function formatInstant(at: Date | string, opts: { language: string | undefined; timeZone: string; style?: DateStyle }): string {
  const date = typeof at === 'string' ? new Date(at) : at
  const style = opts.style ?? 'dateTime'
  // A page shows the same records' times on every request: remembered.
  const key = `${dateLocaleTag(opts.language)}|${opts.timeZone}|${style}|${date.getTime()}`
  let text = instants.get(key)
  if (text === undefined) {
    if (style === 'stamp') {
      const f = wallClock(date, opts.timeZone)
      text = `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}`
    } else text = formatter(opts.language, opts.timeZone, style).format(date)
    remember(instants, key, text)
  }
  return text
}
const instants = new Map<string, string>()

/** The `yyyy-MM-dd` day an instant falls on in a time zone. */
export function dayOf(at: Date | string, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at
  // The same instants come back on every request (the plan's templates and items, ADR 058): remembered.
  const key = `${timeZone}|${date.getTime()}`
  let day = daysOf.get(key)
  if (day === undefined) remember(daysOf, key, (day = dayInZone(date, timeZone)))
  return day
}
const daysOf = new Map<string, string>()

/**
 * The `yyyy-MM-dd` day an instant falls on in a time zone, for `now` (new on every call): one call to a
 * kept Intl formatter, where date-fns' TZDate costs ~0.1 ms on a page's first call. The last answer of
 * each zone is kept for the rest of its minute: since 1972 every zone's offset from UTC is a whole number
 * of minutes, so a day starts and ends on a minute, and every request of that minute asks the same.
 */
export function dayInZone(date: Date, timeZone: string): string {
  const minute = Math.floor(date.getTime() / 60_000)
  const last = todays.get(timeZone)
  if (last && last.minute === minute && minute >= SINCE_1972) return last.day
  const f = wallClock(date, timeZone)
  const day = `${f.year}-${f.month}-${f.day}`
  if (todays.size >= REMEMBERED) todays.clear()
  todays.set(timeZone, { minute, day })
  return day
}
const todays = new Map<string, { minute: number; day: string }>()
const SINCE_1972 = Date.UTC(1972, 0, 1) / 60_000

/** Answers kept by the date helpers: at most REMEMBERED each, emptied when full. */
const REMEMBERED = 20_000
export function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= REMEMBERED) map.clear()
  map.set(key, value)
}

/**
 * When something happened, in a time zone: the time alone ("14:32") when it happened on `day`, else the
 * date and time ("8 Apr 2026, 09:10"), e.g. for a late record.
 */
export function formatMoment(at: Date | string, timeZone: string, language: string | undefined, day?: string): { text: string; sameDay: boolean } {
  const sameDay = day !== undefined && dayOf(at, timeZone) === day
  return { text: formatInstant(at, { language, timeZone, style: sameDay ? 'time' : 'dateTime' }), sameDay }
}

/** A record's device time and server time further apart than this are both shown (exports, record cards: ADR 052). */
export const DEVICE_TIME_SHOWN_AFTER_MS = 5 * 60 * 1000

/** The device's time of a record when it is to be shown beside the time the server received it, else null. */
export function shownDeviceTime<T extends Date | string>(received: T, device: T | null | undefined): T | null {
  if (device === null || device === undefined) return null
  return Math.abs(new Date(received).getTime() - new Date(device).getTime()) > DEVICE_TIME_SHOWN_AFTER_MS ? device : null
}
