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
