/** Checklist templates as the API returns them (docs/api-contract-checklists.md, "Types"). */

export const ITEM_TYPES = ['check', 'yes_no', 'number', 'text', 'photo'] as const
export type ItemType = (typeof ITEM_TYPES)[number]

export interface Checklist {
  id: string
  name: string
  description: string
  /** Empty = every venue. */
  venueIds: string[]
  /** 0 Sunday … 6 Saturday. */
  days: number[]
  /** 'HH:mm' in each venue's zone, or none. */
  dueTime: string | null
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
  position: number
  archivedAt: string | null
}

export function isItemType(value: unknown): value is ItemType {
  return typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value)
}

/** Checkbox order on forms: Monday first, Sunday last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const
