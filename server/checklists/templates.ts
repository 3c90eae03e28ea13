/**
 * Checklists as one kind of template (server/templates): their tables, their API shapes and their own
 * rules (descriptions, a due time, item types with limits for numbers). The shared machinery does the rest.
 */
import { validationError } from '../api/errors.ts'
import { t } from '../i18n.ts'
import type { ServiceContext } from '../scope.ts'
import type { TemplateKind } from '../templates/kind.ts'
import { registerTemplateKind, registerTemplateOnboardingStep, templateService } from '../templates/service.ts'
import { checklistItems, checklists, type ChecklistItemType } from './schema.ts'

export type ChecklistRow = typeof checklists.$inferSelect
export type ChecklistItemRow = typeof checklistItems.$inferSelect

/** `Checklist` of docs/api-contract-checklists.md. */
export function publicChecklist(row: ChecklistRow & { itemCount: number }) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    venueIds: row.venueIds,
    days: row.days,
    dueTime: row.dueTime,
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    itemCount: row.itemCount,
  }
}
export type PublicChecklist = ReturnType<typeof publicChecklist>

/** `Item` of docs/api-contract-checklists.md. */
export function publicItem(row: ChecklistItemRow) {
  return {
    id: row.id,
    checklistId: row.checklistId,
    label: row.label,
    instructions: row.instructions,
    type: row.type,
    required: row.required,
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    position: row.position,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  }
}
export type PublicItem = ReturnType<typeof publicItem>

export interface ChecklistInput {
  name: string
  description?: string
  venueIds?: string[]
  days?: number[]
  dueTime?: string | null
}

export interface ItemInput {
  label: string
  instructions?: string
  type: ChecklistItemType
  required?: boolean
  min?: number | null
  max?: number | null
}

/** min/max belong to `number` items only, and min ≤ max (data.min / data.max). */
function checkLimits(ctx: ServiceContext, type: ChecklistItemType, min: number | null, max: number | null): void {
  if (type !== 'number') {
    const errors: Record<string, string> = {}
    if (min !== null) errors.min = t(ctx.locale, 'validation.numberOnly')
    if (max !== null) errors.max = t(ctx.locale, 'validation.numberOnly')
    if (Object.keys(errors).length) throw validationError(errors)
    return
  }
  if (min !== null && max !== null && min > max) throw validationError({ max: t(ctx.locale, 'validation.maxBelowMin') })
}

export const checklistKind: TemplateKind<PublicChecklist, PublicItem, ChecklistInput, ItemInput> = {
  kind: 'checklist',
  templates: checklists,
  items: checklistItems,
  itemParent: checklistItems.checklistId,
  names: { templates: 'checklists', items: 'checklist_items', parent: 'checklist_id' },
  manage: 'checklists.manage',
  json: { one: 'checklist', many: 'checklists' },
  param: 'checklistId',
  publicTemplate: publicChecklist,
  publicItem,
  templateValues: (input) => ({ description: input.description ?? '', dueTime: input.dueTime ?? null }),
  templatePatch: (patch) => ({
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.dueTime !== undefined ? { dueTime: patch.dueTime } : {}),
  }),
  copyTemplate: (row: ChecklistRow) => ({ description: row.description, dueTime: row.dueTime }),
  itemValues: (ctx, input) => {
    const min = input.min ?? null
    const max = input.max ?? null
    checkLimits(ctx, input.type, min, max)
    return { label: input.label, instructions: input.instructions ?? '', type: input.type, required: input.required ?? true, min, max }
  },
  // The limits are judged on the result: a type other than `number` clears them (giving them is an error).
  itemPatch: (ctx, current: ChecklistItemRow, patch) => {
    const type = patch.type ?? current.type
    let min = patch.min === undefined ? current.min : patch.min
    let max = patch.max === undefined ? current.max : patch.max
    if (type !== 'number') {
      checkLimits(ctx, type, patch.min ?? null, patch.max ?? null)
      min = null
      max = null
    } else checkLimits(ctx, type, min, max)
    return {
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.instructions !== undefined ? { instructions: patch.instructions } : {}),
      ...(patch.required !== undefined ? { required: patch.required } : {}),
      type,
      min,
      max,
    }
  },
  copyItem: (item: ChecklistItemRow) => ({
    label: item.label,
    instructions: item.instructions,
    type: item.type,
    required: item.required,
    min: item.min,
    max: item.max,
  }),
}

export const checklistService = templateService(checklistKind)
registerTemplateKind(checklistKind)

registerTemplateOnboardingStep(checklistKind, { key: 'checklist', href: '/settings/checklists/new', position: 20 })
