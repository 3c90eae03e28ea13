/** Checklist templates as the API returns them (docs/api-contract-checklists.md, "Types"). */

export const ITEM_TYPES = ['check', 'yes_no', 'number', 'measure', 'choice', 'text', 'photo'] as const
/** The units of a measure item (a number with a unit), as server/checklists/schema.ts lists them. */
export const MEASURE_UNITS = ['°C', '°F', '%', 'ppm', 'pH', 'g', 'kg', 'ml', 'l', 'min', 's'] as const
/** The most answers a choice item has. */
export const MAX_CHOICE_OPTIONS = 12

export interface ChoiceOption {
  label: string
  fails: boolean
}
export type ItemType = (typeof ITEM_TYPES)[number]

export interface Checklist {
  id: string
  name: string
  description: string
  /** Empty = every venue. */
  venueIds: string[]
  /** 0 Sunday … 6 Saturday. */
  days: number[]
  /** Dates of the month it is due on instead of the weekdays; [] = by weekday. */
  monthDays: number[]
  /** 'HH:mm' in each venue's zone, or none (one check a day). */
  dueTime: string | null
  /** Checks a day, each with its time or none. */
  checksPerDay: number
  checkTimes: (string | null)[]
  /** Once complete, a manager signs the day off. */
  requiresSignOff: boolean
  position: number
  archivedAt: string | null
  itemCount: number
}

export interface ChecklistItem {
  id: string
  checklistId: string
  label: string
  instructions: string
  type: ItemType
  required: boolean
  min: number | null
  max: number | null
  /** Yes/no items: the answer that fails ("none": neither); null for other types. */
  failsOn: 'no' | 'yes' | 'none' | null
  /** Measure items: the unit read; null for other types. */
  unit: string | null
  /** Choice items: the answers, the failing ones marked; null for other types. */
  options: ChoiceOption[] | null
  /** A failing record must carry a photo / a note. */
  photoWhenFailing: boolean
  noteWhenFailing: boolean
  position: number
  archivedAt: string | null
}

export function isItemType(value: unknown): value is ItemType {
  return typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value)
}

/** Checkbox order on forms: Monday first, Sunday last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const
