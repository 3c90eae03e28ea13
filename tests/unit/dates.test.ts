import { describe, expect, test } from 'vitest'
import { dayOf, formatDay, formatInstant, formatMoment, isDay, monthPlace, shiftDay } from '../../server/dates.ts'
import { TZDate, tz } from '@date-fns/tz'
import { format, getDate, getDaysInMonth, parse } from 'date-fns'
import { todayIn } from '../../server/records/service.ts'
import { isDay as webIsDay, shiftDay as webShiftDay } from '../../app/components/records/dates.ts'

describe('isDay: a real calendar day, on the server and in the web alike', () => {
  test.each(['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '1899-12-31', '2026-2-3', '2026-02-03T00:00', ''])('%s is refused', (value) => {
    expect(isDay(value)).toBe(false)
    expect(webIsDay(value)).toBe(false)
  })
  test.each(['2026-02-28', '2024-02-29', '2026-12-31', '1900-01-01'])('%s is a day', (value) => {
    expect(isDay(value)).toBe(true)
    expect(webIsDay(value)).toBe(true)
  })
})

describe('one formatting helper by language and time zone', () => {
  const at = '2026-04-07T22:30:00Z'
  test('days read the same whatever the zone; in English and Spanish', () => {
    expect(formatDay('2026-04-07', 'en')).toMatch(/Tuesday,? 7 April 2026/)
    expect(formatDay('2026-04-07', 'es')).toMatch(/martes, 7 de abril de 2026/)
    expect(formatDay('2026-04-07', 'en', 'medium')).toBe('7 Apr 2026')
    expect(formatDay('2026-04-07', 'en', 'stamp')).toBe('2026-04-07')
  })
  test('instants are shown in the zone given, 24-hour, with one medium date form', () => {
    expect(formatInstant(at, { language: 'en', timeZone: 'Europe/Madrid' })).toBe('8 Apr 2026, 00:30')
    expect(formatInstant(at, { language: 'en', timeZone: 'America/New_York' })).toBe('7 Apr 2026, 18:30')
    expect(formatInstant(at, { language: 'es', timeZone: 'Europe/Madrid', style: 'time' })).toBe('0:30')
    expect(formatInstant(at, { language: 'es', timeZone: 'Europe/Madrid', style: 'stamp' })).toBe('2026-04-08 00:30')
  })
  test('a moment on the day shows the time alone, otherwise the date and time', () => {
    expect(formatMoment(at, 'Europe/Madrid', 'en', '2026-04-08')).toEqual({ text: '00:30', sameDay: true })
    expect(formatMoment(at, 'Europe/Madrid', 'en', '2026-04-07')).toEqual({ text: '8 Apr 2026, 00:30', sameDay: false })
  })
})

describe('without a date library (ADR 056): the same days and wall clocks as date-fns gave', () => {
  test('dayOf and the stamp follow the zone across midnight and daylight-saving changes', () => {
    // 2026-03-29 01:30 UTC: Madrid has just moved to summer time (03:30), Mexico City is on the 28th.
    const at = new Date('2026-03-29T01:30:00Z')
    expect(dayOf(at, 'Europe/Madrid')).toBe('2026-03-29')
    expect(dayOf(at.toISOString(), 'America/Mexico_City')).toBe('2026-03-28')
    expect(formatInstant(at, { language: 'en', timeZone: 'Europe/Madrid', style: 'stamp' })).toBe('2026-03-29 03:30')
    expect(formatInstant(at, { language: 'en', timeZone: 'America/Mexico_City', style: 'stamp' })).toBe('2026-03-28 19:30')
    // Midnight is 00, not 24.
    expect(formatInstant('2026-04-07T22:00:00Z', { language: 'es', timeZone: 'Europe/Madrid', style: 'stamp' })).toBe('2026-04-08 00:00')
  })

  test('dayOf remembers each instant per zone: asked again, the same day; in another zone, that zone’s', () => {
    const at = new Date('2026-03-29T01:30:00Z')
    for (let i = 0; i < 3; i++) {
      expect(dayOf(new Date(at), 'Europe/Madrid')).toBe('2026-03-29')
      expect(dayOf(new Date(at), 'America/Mexico_City')).toBe('2026-03-28')
      expect(dayOf(at.toISOString(), 'Pacific/Kiritimati')).toBe('2026-03-29')
      expect(dayOf(new Date(at.getTime() - 2 * 3600_000), 'Europe/Madrid')).toBe('2026-03-29')
      expect(dayOf(new Date(at.getTime() - 3 * 3600_000), 'Europe/Madrid')).toBe('2026-03-28')
    }
  })

  test('todayIn gives the day date-fns gave, across midnight and daylight-saving changes (ADR 066)', () => {
    const zones = ['Europe/Madrid', 'America/Mexico_City', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'Asia/Kolkata']
    // Every half hour of two days around Madrid's change to summer time, and a year's end.
    const starts = [Date.parse('2026-03-28T00:00:00Z'), Date.parse('2026-12-31T00:00:00Z')]
    for (const start of starts) {
      for (let step = 0; step < 96; step++) {
        const now = new Date(start + step * 30 * 60_000)
        for (const zone of zones) expect(todayIn(zone, now)).toBe(format(now, 'yyyy-MM-dd', { in: tz(zone) }))
      }
    }
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01')
    expect(todayIn('Pacific/Pago_Pago', new Date('2027-01-01T10:00:00Z'))).toBe('2026-12-31')
  })

  test('todayIn keeps each zone’s day for the rest of its minute: every second around midnight, in zones with 30- and 45-minute offsets', () => {
    const zones = ['Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Eucla', 'Europe/Madrid', 'America/St_Johns']
    for (const zone of zones) {
      // The minutes around the zone's midnight of 2026-06-15, asked second by second, each zone in turn.
      const midnight = Date.parse('2026-06-15T00:00:00Z') - tzOffsetMs(zone, Date.parse('2026-06-15T00:00:00Z'))
      for (let t = midnight - 90_000; t < midnight + 90_000; t += 1000) {
        const now = new Date(t)
        expect(todayIn(zone, now)).toBe(format(now, 'yyyy-MM-dd', { in: tz(zone) }))
        expect(todayIn('UTC', now)).toBe(now.toISOString().slice(0, 10))
      }
    }
  })

  test('formatDay remembers each answer by language, style and day', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDay('2026-04-07', 'en', 'medium')).toBe('7 Apr 2026')
      expect(formatDay('2026-04-07', 'es', 'medium')).toMatch(/^7 abr 2026$/)
      expect(formatDay('2026-04-07', 'en')).toMatch(/Tuesday,? 7 April 2026/)
      expect(formatDay('2026-04-08', 'en', 'medium')).toBe('8 Apr 2026')
      expect(formatDay('2026-02-30', 'en', 'medium')).toBe('2026-02-30')
    }
  })

  test('formatInstant remembers each answer by language, zone, style and instant', () => {
    const at = '2026-04-07T22:30:00Z'
    for (let i = 0; i < 2; i++) {
      expect(formatInstant(at, { language: 'en', timeZone: 'Europe/Madrid', style: 'time' })).toBe('00:30')
      expect(formatInstant(at, { language: 'es', timeZone: 'Europe/Madrid', style: 'time' })).toBe('0:30')
      expect(formatInstant(at, { language: 'en', timeZone: 'America/New_York', style: 'time' })).toBe('18:30')
      expect(formatInstant(new Date(at), { language: 'en', timeZone: 'Europe/Madrid', style: 'stamp' })).toBe('2026-04-08 00:30')
      expect(formatInstant('2026-04-07T22:31:00Z', { language: 'en', timeZone: 'Europe/Madrid', style: 'time' })).toBe('00:31')
    }
    expect(() => formatInstant('not a date', { language: 'en', timeZone: 'Europe/Madrid' })).toThrow(RangeError)
  })

  test('shiftDay steps calendar days over month, year and leap-day ends', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29')
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDay('2026-04-07', -30)).toBe('2026-03-08')
    expect(webShiftDay('2026-10-25', 1)).toBe('2026-10-26')
    // Remembered: asked again, the same day; the same day shifted otherwise, its own.
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
    expect(shiftDay('2026-03-01', -2)).toBe('2026-02-27')
    expect(() => shiftDay('not-a-day', 1)).toThrow(RangeError)
  })

  test('monthPlace gives the day of the month and the month’s last day that date-fns gave, every day of 2027 and 2028', () => {
    for (let day = '2027-01-01'; day < '2029-01-01'; day = shiftDay(day, 1)) {
      const parsed = parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1))
      expect(monthPlace(day)).toEqual({ dom: getDate(parsed), last: getDaysInMonth(parsed) })
    }
    expect(monthPlace('2028-02-29')).toEqual({ dom: 29, last: 29 })
    expect(monthPlace('2027-02-28')).toEqual({ dom: 28, last: 28 })
    expect(monthPlace('2026-12-31')).toEqual({ dom: 31, last: 31 })
    expect(monthPlace('1900-02-01')).toEqual({ dom: 1, last: 28 })
  })

  test('isDay refuses impossible days and years before 1900', () => {
    for (const value of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '1899-12-31', '2026-4-07']) expect(isDay(value)).toBe(false)
    for (const value of ['2028-02-29', '1900-01-01', '9999-12-31']) expect(isDay(value)).toBe(true)
  })
})

/** A zone's offset from UTC at an instant, in ms (from date-fns' TZDate, the reference these tests use). */
function tzOffsetMs(zone: string, at: number): number {
  return -new TZDate(at, zone).getTimezoneOffset() * 60_000
}
