/** The shapes of the API's records (docs/api-contract-checklists.md, Types), shared by checklists and temperature logs. */

export type RecordStatus = 'done' | 'failed'

export interface RecordPerson {
  membershipId: string | null
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
  recordedBy: RecordPerson
  recordedAt: string
  supersedesId: string | null
  resolution: RecordResolution | null
}
