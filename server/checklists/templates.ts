/**
 * Checklists as one kind of template (server/templates): their tables, their API shapes and their own
 * rules (descriptions, a due time, item types with limits for numbers). The shared machinery does the rest.
 */
import { sql } from 'drizzle-orm'
import { validationError } from '../api/errors.ts'
import { t } from '../i18n.ts'
import type { ServiceContext } from '../scope.ts'
import { checkRangeOrder, kindTables, publicItemBase, publicTemplateBase, type TemplateKind } from '../templates/kind.ts'
import { checksPatch, checksValues, checkTimesOf } from '../templates/schedule.ts'
import { registerTemplateKind, registerTemplateOnboardingStep, templateService } from '../templates/service.ts'
import { checklistItems, checklists, RANGED_TYPES, type ChecklistItemType, type ChoiceOption, type MeasureUnit, type YesNoFails } from './schema.ts'

export type ChecklistRow = typeof checklists.$inferSelect
export type ChecklistItemRow = typeof checklistItems.$inferSelect

/** `Checklist` of docs/api-contract-checklists.md (field order as documented). */
export function publicChecklist(row: ChecklistRow & { itemCount: number }) {
  const { id, name, ...rest } = publicTemplateBase(row)
  return { id, name, description: row.description, ...rest, dueTime: row.dueTime, checksPerDay: row.checksPerDay, checkTimes: checkTimesOf(row), requiresSignOff: row.requiresSignOff }
}
export type PublicChecklist = ReturnType<typeof publicChecklist>

/** `Item` of docs/api-contract-checklists.md. */
export function publicItem(row: ChecklistItemRow) {
  const { id, label, ...rest } = publicItemBase(row)
  return {
    id,
    checklistId: row.checklistId,
    label,
    instructions: row.instructions,
    type: row.type,
    required: row.required,
    /** Yes/no items: the answer that fails ("no", "yes" or "none"); null for other types. */
    failsOn: row.type === 'yes_no' ? row.failsOn : null,
    /** Measure items: the unit read; null for other types. */
    unit: row.type === 'measure' ? row.unit : null,
    /** Choice items: the answers, the failing ones marked; null for other types. */
    options: row.type === 'choice' ? row.options : null,
    photoWhenFailing: row.photoWhenFailing,
    noteWhenFailing: row.noteWhenFailing,
    ...rest,
  }
}
export type PublicItem = ReturnType<typeof publicItem>

export interface ChecklistInput {
  name: string
  description?: string
  venueIds?: string[]
  days?: number[]
  monthDays?: number[]
  dueTime?: string | null
  checksPerDay?: number
  checkTimes?: (string | null)[]
  requiresSignOff?: boolean
}

export interface ItemInput {
  label: string
  instructions?: string
  type: ChecklistItemType
  required?: boolean
  min?: number | null
  max?: number | null
  failsOn?: YesNoFails
  unit?: MeasureUnit | null
  options?: ChoiceOption[]
  photoWhenFailing?: boolean
  noteWhenFailing?: boolean
}

/** failsOn belongs to yes/no items only (data.failsOn). */
function checkFailsOn(ctx: ServiceContext, type: ChecklistItemType, failsOn: YesNoFails | undefined): void {
  if (failsOn !== undefined && type !== 'yes_no') throw validationError({ failsOn: t(ctx.locale, 'validation.yesNoOnly') })
}

/** A unit belongs to (and is needed by) measure items; options to (and by) choice items. */
function checkTypeFields(ctx: ServiceContext, type: ChecklistItemType, unit: MeasureUnit | null, options: ChoiceOption[]): void {
  const errors: Record<string, string> = {}
  if (type === 'measure' && !unit) errors.unit = t(ctx.locale, 'validation.unit')
  if (type !== 'measure' && unit) errors.unit = t(ctx.locale, 'validation.measureOnly')
  if (type === 'choice' && options.length < 2) errors.options = t(ctx.locale, 'validation.optionsCount')
  if (Object.keys(errors).length) throw validationError(errors)
}

/** min/max belong to `number` and `measure` items only, and min ≤ max (data.min / data.max). */
function checkLimits(ctx: ServiceContext, type: ChecklistItemType, min: number | null, max: number | null): void {
  if (!RANGED_TYPES.includes(type)) {
    const errors: Record<string, string> = {}
    if (min !== null) errors.min = t(ctx.locale, 'validation.numberOnly')
    if (max !== null) errors.max = t(ctx.locale, 'validation.numberOnly')
    if (Object.keys(errors).length) throw validationError(errors)
    return
  }
  checkRangeOrder(ctx, min, max)
}

export const checklistKind: TemplateKind<PublicChecklist, PublicItem, ChecklistInput, ItemInput> = {
  ...kindTables('checklist', 'checklists', checklists, checklistItems, checklistItems.checklistId),
  publicTemplate: publicChecklist,
  publicItem,
  templateValues: (input) => ({ description: input.description ?? '', dueTime: input.dueTime ?? null, requiresSignOff: input.requiresSignOff ?? false, ...checksValues(input) }),
  templatePatch: (patch) => ({
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.dueTime !== undefined ? { dueTime: patch.dueTime } : {}),
    ...(patch.requiresSignOff !== undefined ? { requiresSignOff: patch.requiresSignOff } : {}),
    ...checksPatch(patch, checklists.checksPerDay),
  }),
  copyTemplate: (row: ChecklistRow) => ({ description: row.description, dueTime: row.dueTime, checksPerDay: row.checksPerDay, checkTimes: row.checkTimes, requiresSignOff: row.requiresSignOff }),
  itemValues: (ctx, input) => {
    const min = input.min ?? null
    const max = input.max ?? null
    checkLimits(ctx, input.type, min, max)
    checkFailsOn(ctx, input.type, input.failsOn)
    const unit = input.unit ?? null
    const options = input.options ?? []
    checkTypeFields(ctx, input.type, unit, options)
    return {
      label: input.label,
      instructions: input.instructions ?? '',
      type: input.type,
      required: input.required ?? true,
      min,
      max,
      failsOn: input.failsOn ?? 'no',
      unit,
      options,
      // A photo item always carries its photo.
      photoWhenFailing: input.type !== 'photo' && (input.photoWhenFailing ?? false),
      noteWhenFailing: input.noteWhenFailing ?? false,
    }
  },
  // The limits are judged on the result: a type other than `number` clears them (giving them is an error).
  itemPatch: (ctx, current: ChecklistItemRow, patch) => {
    const type = patch.type ?? current.type
    let min = patch.min === undefined ? current.min : patch.min
    let max = patch.max === undefined ? current.max : patch.max
    if (!RANGED_TYPES.includes(type)) {
      checkLimits(ctx, type, patch.min ?? null, patch.max ?? null)
      min = null
      max = null
    } else checkLimits(ctx, type, min, max)
    checkFailsOn(ctx, type, patch.failsOn)
    // Another type than yes/no goes back to the default, so a later change to yes/no starts from "no".
    const failsOn = type === 'yes_no' ? (patch.failsOn ?? current.failsOn) : 'no'
    // A unit given for another type is refused; a type other than measure clears it (and options likewise).
    if (type !== 'measure' && patch.unit) throw validationError({ unit: t(ctx.locale, 'validation.measureOnly') })
    if (type !== 'choice' && patch.options) throw validationError({ options: t(ctx.locale, 'validation.choiceOnly') })
    const unit = type === 'measure' ? (patch.unit === undefined ? current.unit : patch.unit) : null
    const options = type === 'choice' ? (patch.options ?? current.options) : []
    checkTypeFields(ctx, type, unit, options)
    return {
      failsOn,
      unit,
      options,
      ...(patch.photoWhenFailing !== undefined ? { photoWhenFailing: type !== 'photo' && patch.photoWhenFailing } : type === 'photo' ? { photoWhenFailing: false } : {}),
      ...(patch.noteWhenFailing !== undefined ? { noteWhenFailing: patch.noteWhenFailing } : {}),
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.instructions !== undefined ? { instructions: patch.instructions } : {}),
      ...(patch.required !== undefined ? { required: patch.required } : {}),
      type,
      min,
      max,
    }
  },
  plan: {
    label: checklistItems.label,
    itemType: checklistItems.type,
    required: checklistItems.required,
    min: checklistItems.min,
    max: checklistItems.max,
    failsOn: checklistItems.failsOn,
    unit: checklistItems.unit,
    options: checklistItems.options,
    checksPerDay: checklists.checksPerDay,
    // One check: its due time; several: each check's time (as checklistTimes in entries.ts, ADR 044).
    dueTimes: sql`case when ${checklists.checksPerDay} > 1 then ${checklists.checkTimes} else array[${checklists.dueTime}]::text[] end`,
  },
  copyItem: (item: ChecklistItemRow) => ({
    label: item.label,
    instructions: item.instructions,
    type: item.type,
    required: item.required,
    min: item.min,
    max: item.max,
    failsOn: item.failsOn,
    unit: item.unit,
    options: item.options,
    photoWhenFailing: item.photoWhenFailing,
    noteWhenFailing: item.noteWhenFailing,
  }),
}

export const checklistService = templateService(checklistKind)
registerTemplateKind(checklistKind)

registerTemplateOnboardingStep(checklistKind, { key: 'checklist', href: '/settings/checklists/new', position: 20 })
