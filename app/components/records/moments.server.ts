/**
 * The dates and times the record pages show, written by their loaders (ADR 061): the page's data
 * carries the text, so the browser needs none of server/dates.ts to show it, and the server's HTML and
 * the hydrated page read the same.
 */
import { formatDay, formatMoment, shiftDay, shownDeviceTime } from '../../../server/dates'
import type { DayTexts, RecordData, ShownMoment, ShownRecord } from './types'

/** When something was made (`at`, the server's time; `deviceAt`, the device's), for a page of `day`. */
export function momentOf(at: string, deviceAt: string | null | undefined, timeZone: string, language: string, day?: string): ShownMoment {
  const { text, sameDay } = formatMoment(at, timeZone, language, day)
  const device = shownDeviceTime(at, deviceAt)
  return device ? { text, sameDay, device: { at: device, text: formatMoment(device, timeZone, language, day).text } } : { text, sameDay }
}

/** A record with the moments of its making and of its corrective action. */
export function withMoments<R extends RecordData>(record: R, timeZone: string, language: string, day?: string): Omit<R, 'resolution'> & ShownRecord {
  const { resolution } = record
  return {
    ...record,
    moment: momentOf(record.recordedAt, record.deviceRecordedAt, timeZone, language, day),
    resolution: resolution && { ...resolution, moment: momentOf(resolution.resolvedAt, resolution.deviceResolvedAt, timeZone, language, day) },
  }
}

/** A day written out, with the days before and after it. */
export function dayTexts(date: string, language: string): DayTexts {
  const previous = shiftDay(date, -1)
  const next = shiftDay(date, 1)
  return { text: formatDay(date, language), previous, next, previousText: formatDay(previous, language), nextText: formatDay(next, language) }
}
