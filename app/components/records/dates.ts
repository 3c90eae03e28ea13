/**
 * Day and time formatting for record pages, in the UI language. Only the two locales the app speaks are
 * imported, and date-fns functions one by one, so the browser bundle stays small. Times are shown in the
 * venue's zone (TZDate), so the server and the browser render the same text.
 */
import { TZDate } from '@date-fns/tz'
import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import { parseISO } from 'date-fns/parseISO'
import type { Locale as DateLocale } from 'date-fns/locale'
import { enGB } from 'date-fns/locale/en-GB'
import { es } from 'date-fns/locale/es'

export function dateLocale(language: string | undefined): DateLocale {
  return language?.startsWith('es') ? es : enGB
}

/** "Monday, 7 April 2026" / "lunes, 7 de abril de 2026" for a `yyyy-MM-dd` day. */
export function formatDay(day: string, language: string | undefined): string {
  return format(parseISO(day), 'PPPP', { locale: dateLocale(language) })
}

/** The `yyyy-MM-dd` day `days` away from `day`. */
export function shiftDay(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd')
}

/** `yyyy-MM-dd` as the API writes days. */
export function isDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
}

/**
 * When something was recorded, in the venue's zone: the time alone ("14:32") when it happened on `day`,
 * else the date and time ("8 Apr 2026, 09:10"), e.g. for a late record.
 */
export function formatMoment(iso: string, timeZone: string, language: string | undefined, day?: string): { text: string; sameDay: boolean } {
  const at = new TZDate(iso, timeZone)
  const locale = dateLocale(language)
  const sameDay = day !== undefined && format(at, 'yyyy-MM-dd') === day
  return { text: format(at, sameDay ? 'p' : 'PPp', { locale }), sameDay }
}
