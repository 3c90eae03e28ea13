/** Checklist and item forms: their schemas, and parsed values → API request bodies (docs/api-contract-checklists.md). */
import { z } from 'zod'
import { createChecklistBody, updateChecklistBody } from '../../../server/checklists/routes'
import { CHECKLIST_ITEM_TYPES } from '../../../server/checklists/schema'
import { optionalText, requiredText } from '../../lib/forms.server'

export const CHECKLIST_FIELDS = ['name', 'description', 'venueIds', 'days', 'dueTime'] as const
export const ITEM_FIELDS = ['label', 'instructions', 'type', 'required', 'min', 'max'] as const

/**
 * A checklist form: the API's venues and days (no box ticked sends none: every venue, or "choose a
 * day"); a name of only spaces gets the web's message; an emptied description or due time clears it.
 */
export const checklistSchema = z.object({
  name: requiredText(100),
  description: z.string().trim().max(1000).default(''),
  venueIds: updateChecklistBody.shape.venueIds.unwrap(),
  days: createChecklistBody.shape.days.unwrap(),
  dueTime: optionalText(8),
})

/**
 * The body of POST/PUT {org}/checklists. An empty due time is left out when creating and sent as
 * null when editing (which clears it).
 */
export function checklistBody(values: z.output<typeof checklistSchema>, mode: 'create' | 'update') {
  const { dueTime, ...rest } = values
  const body: Record<string, unknown> = { ...rest }
  if (dueTime) body.dueTime = dueTime.slice(0, 5)
  else if (mode === 'update') body.dueTime = null
  return body
}

/** An item form; min and max stay text here (a comma is a decimal point) and are read by itemBody. */
export const itemSchema = z.object({
  label: requiredText(200),
  type: z.enum(CHECKLIST_ITEM_TYPES),
  instructions: z.string().trim().max(2000).default(''),
  required: z.boolean().default(false),
  min: optionalText(40),
  max: optionalText(40),
})

/**
 * The body of POST …/items or PUT checklist-items/{id}, or the field errors found before asking the
 * API. min/max go only with number items: left out when empty on create, null (cleared) on update.
 */
export function itemBody(
  values: z.output<typeof itemSchema>,
  mode: 'create' | 'update',
  messages: { number: string },
): { body: Record<string, unknown>; fieldErrors: Record<string, string> } {
  const { min, max, ...rest } = values
  const body: Record<string, unknown> = { ...rest }
  const fieldErrors: Record<string, string> = {}
  if (values.type === 'number') {
    for (const [name, text] of [['min', min], ['max', max]] as const) {
      if (!text) {
        if (mode === 'update') body[name] = null
        continue
      }
      const n = Number(text.replace(',', '.'))
      if (Number.isFinite(n)) body[name] = n
      else fieldErrors[name] = messages.number
    }
  }
  return { body, fieldErrors }
}
