import { z } from 'zod'
import { line, text } from '../api/contract.ts'
import { CHECKLIST_ITEM_TYPES, MAX_CHOICE_OPTIONS, MEASURE_UNITS, RANGED_TYPES, YES_NO_FAILS } from './schema.ts'

const label = line().trim().min(1).max(200)
const instructions = text().trim().max(2000)
const type = z.enum(CHECKLIST_ITEM_TYPES)
const limit = z.number().min(-1_000_000).max(1_000_000).nullable()
const failsOn = z.enum(YES_NO_FAILS)
const unit = z.enum(MEASURE_UNITS, { error: 'validation.unit' })
/** A choice item's answers: 2–12, each label once (case aside), the failing ones marked. */
export const optionsField = z
  .array(z.strictObject({ label: line().trim().min(1).max(100), fails: z.boolean().default(false) }), { error: 'validation.options' })
  .min(2, 'validation.optionsCount')
  .max(MAX_CHOICE_OPTIONS, 'validation.optionsCount')
  .refine((list) => new Set(list.map((o) => o.label.toLowerCase())).size === list.length, 'validation.optionsUnique')


/**
 * POST /checklists/:id/items. min/max only for `number` and `measure` items (data.min/data.max); min ≤
 * max (data.max); failsOn only for `yes_no` items (default "no"); unit required for and only for
 * `measure`; options required for and only for `choice`. photoWhenFailing / noteWhenFailing: a failing
 * record must carry a photo / a note (not for photo items, which always carry one).
 */
export const createItemBody = z
  .strictObject({
    label,
    instructions: instructions.optional(),
    type,
    required: z.boolean().optional(),
    min: limit.optional(),
    max: limit.optional(),
    failsOn: failsOn.optional(),
    unit: unit.nullable().optional(),
    options: optionsField.optional(),
    photoWhenFailing: z.boolean().optional(),
    noteWhenFailing: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.failsOn !== undefined && body.type !== 'yes_no') ctx.addIssue({ code: 'custom', path: ['failsOn'], message: 'validation.yesNoOnly' })
    if (body.type === 'measure' && !body.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'validation.unit' })
    if (body.type !== 'measure' && body.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'validation.measureOnly' })
    if (body.type === 'choice' && !body.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'validation.optionsCount' })
    if (body.type !== 'choice' && body.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'validation.choiceOnly' })
    const min = body.min ?? null
    const max = body.max ?? null
    if (!RANGED_TYPES.includes(body.type)) {
      if (min !== null) ctx.addIssue({ code: 'custom', path: ['min'], message: 'validation.numberOnly' })
      if (max !== null) ctx.addIssue({ code: 'custom', path: ['max'], message: 'validation.numberOnly' })
    } else if (min !== null && max !== null && min > max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'validation.maxBelowMin' })
    }
  })

/** PUT /checklist-items/:itemId: the fields of POST, all optional (judged on the result). */
export const updateItemBody = z.strictObject({
  label: label.optional(),
  instructions: instructions.optional(),
  type: type.optional(),
  required: z.boolean().optional(),
  min: limit.optional(),
  max: limit.optional(),
  failsOn: failsOn.optional(),
  unit: unit.nullable().optional(),
  options: optionsField.optional(),
  photoWhenFailing: z.boolean().optional(),
  noteWhenFailing: z.boolean().optional(),
})
