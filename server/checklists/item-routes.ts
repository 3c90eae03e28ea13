import { z } from 'zod'
import { line, text } from '../api/contract.ts'
import { CHECKLIST_ITEM_TYPES } from './schema.ts'

const label = line().trim().min(1).max(200)
const instructions = text().trim().max(2000)
const type = z.enum(CHECKLIST_ITEM_TYPES)
const limit = z.number().min(-1_000_000).max(1_000_000).nullable()

/** POST /checklists/:id/items. min/max only for `number` items (data.min/data.max); min ≤ max (data.max). */
export const createItemBody = z
  .strictObject({
    label,
    instructions: instructions.optional(),
    type,
    required: z.boolean().optional(),
    min: limit.optional(),
    max: limit.optional(),
  })
  .superRefine((body, ctx) => {
    const min = body.min ?? null
    const max = body.max ?? null
    if (body.type !== 'number') {
      if (min !== null) ctx.addIssue({ code: 'custom', path: ['min'], message: 'validation.numberOnly' })
      if (max !== null) ctx.addIssue({ code: 'custom', path: ['max'], message: 'validation.numberOnly' })
    } else if (min !== null && max !== null && min > max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'validation.maxBelowMin' })
    }
  })

/** PUT /checklist-items/:itemId: the fields of POST, all optional (the limits are judged on the result). */
export const updateItemBody = z.strictObject({
  label: label.optional(),
  instructions: instructions.optional(),
  type: type.optional(),
  required: z.boolean().optional(),
  min: limit.optional(),
  max: limit.optional(),
})
