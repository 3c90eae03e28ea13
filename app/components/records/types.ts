/** The shapes of the API's records (docs/api-contract-checklists.md, Types), shared by checklists and temperature logs. */

export type RecordStatus = 'done' | 'failed'

export interface RecordPerson {
  /** Sent by the API; pages leave it out of their loader data (nothing shows it). */
  membershipId?: string | null
  name: string
  /** The shared device it was recorded on, if any (docs/api-contract-devices.md). */
  device?: { id: string; name: string } | null
}

export interface RecordUpload {
  id: string
  url: string
  contentType: string
}

export interface RecordResolution {
  note: string
  resolvedBy: RecordPerson
  resolvedAt: string
  /** When the device made it, if it said so (made offline: ADR 052). */
  deviceResolvedAt?: string | null
}

export interface RecordData {
  id: string
  value: string | null
  note: string | null
  upload: RecordUpload | null
  status: RecordStatus
  late: boolean
  label: string
  itemType: string
  min: number | null
  max: number | null
  /** A measure item's unit when recorded. */
  unit?: string | null
  /** A choice item's answers when recorded, the failing ones marked. */
  options?: { label: string; fails: boolean }[] | null
  recordedBy: RecordPerson
  recordedAt: string
  /** When the device made it, if it said so (made offline, synced later: ADR 052); recordedAt is when the server received it. */
  deviceRecordedAt?: string | null
  /** Sent by the API; pages leave it out of their loader data (nothing shows it). */
  supersedesId?: string | null
  resolution: RecordResolution | null
}

/** One check of a day (a template due several times a day has one per time): its own progress. */
export interface CheckProgress {
  slot: number
  time: string | null
  complete: boolean
  overdue: boolean
  done: number
  total: number
}

/**
 * When a record (or its corrective action, or a sign-off) was made, as the page shows it: in the
 * venue's zone, the time alone on the record's own day; and the device's time when it was made offline
 * and differs (ADR 052). Written by the page's loader (moments.server.ts), so the browser loads no date
 * code for it.
 */
export interface ShownMoment {
  text: string
  sameDay: boolean
  device?: { at: string; text: string }
}

/** A corrective action with its moment. */
export interface ShownResolution extends RecordResolution {
  moment: ShownMoment
}

/** A record as the record cards show it: with its moment and its corrective action's. */
export interface ShownRecord extends Omit<RecordData, 'resolution'> {
  moment: ShownMoment
  resolution: ShownResolution | null
}

/** A day as the day pages write it, with the days before and after for their navigation (moments.server.ts). */
export interface DayTexts {
  /** The day, written out ("Thursday 26 November 2026"). */
  text: string
  previous: string
  next: string
  previousText: string
  nextText: string
}
