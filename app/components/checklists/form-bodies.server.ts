/** Checklist and item forms: their schemas, and parsed values → API request bodies (docs/api-contract-checklists.md). */
import { z } from 'zod'
import { createChecklistBody, updateChecklistBody } from '../../../server/checklists/routes'
import { CHECKLIST_ITEM_TYPES, MEASURE_UNITS, RANGED_TYPES, YES_NO_FAILS } from '../../../server/checklists/schema'
import { optionalText, requiredText } from '../../lib/forms.server'
import { checksBody, checksShape, monthDaysText } from '../templates/schedule-form.server'

export const CHECKLIST_FIELDS = ['name', 'description', 'venueIds', 'days', 'monthDays', 'dueTime', 'checksPerDay', 'checkTimes', 'requiresSignOff'] as const
export const ITEM_FIELDS = ['label', 'instructions', 'type', 'required', 'min', 'max', 'failsOn', 'unit', 'options', 'photoWhenFailing', 'noteWhenFailing'] as const

/** A field sent once or several times (rows of one name), as a list. */
const list = (item: z.ZodType<string>) => z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item.optional()).max(50))

/**
 * A checklist form: the API's venues and days (no box ticked sends none: every venue, or "choose a
 * day"); a name of only spaces gets the web's message; an emptied description or due time clears it.
 */
export const checklistSchema = z.object({
  name: requiredText(100),
  description: z.string().trim().max(1000).default(''),
  venueIds: updateChecklistBody.shape.venueIds.unwrap(),
  days: createChecklistBody.shape.days.unwrap(),
  monthDays: monthDaysText,
  dueTime: optionalText(8),
  ...checksShape,
  requiresSignOff: z.boolean().default(false),
})

/**
 * The body of POST/PUT {org}/checklists. An empty due time is left out when creating and sent as
 * null when editing (which clears it).
 */
export function checklistBody(values: z.output<typeof checklistSchema>, mode: 'create' | 'update') {
  const { name, description, venueIds, days, monthDays, dueTime, requiresSignOff } = values
  const body: Record<string, unknown> = { name, description, venueIds, days, monthDays, ...checksBody(values), requiresSignOff }
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
  failsOn: z.enum(YES_NO_FAILS).default('no'),
  /** Measure items: the unit ('' = none chosen). */
  unit: z.enum(MEASURE_UNITS).optional(),
  /** Choice items: one answer per row (empty rows left out) and the rows (by index) whose answer fails. */
  optionLabel: list(z.string().trim().max(100)),
  optionFails: list(z.string().max(3)),
  photoWhenFailing: z.boolean().default(false),
  noteWhenFailing: z.boolean().default(false),
})

/**
 * The body of POST …/items or PUT checklist-items/{id}, or the field errors found before asking the
 * API. min/max go only with number items: left out when empty on create, null (cleared) on update;
 * failsOn only with yes/no items.
 */
export function itemBody(
  values: z.output<typeof itemSchema>,
  mode: 'create' | 'update',
  messages: { number: string },
): { body: Record<string, unknown>; fieldErrors: Record<string, string> } {
  const { min, max, failsOn, unit, optionLabel, optionFails, photoWhenFailing, ...rest } = values
  const body: Record<string, unknown> = { ...rest, photoWhenFailing: values.type !== 'photo' && photoWhenFailing }
  // Without JavaScript every type's own fields are on the form: each goes only with its type.
  if (values.type === 'yes_no') body.failsOn = failsOn
  if (values.type === 'measure') body.unit = unit ?? null
  if (values.type === 'choice') {
    body.options = optionLabel.flatMap((label, i) => (label ? [{ label, fails: optionFails.includes(String(i)) }] : []))
  }
  const fieldErrors: Record<string, string> = {}
  if (RANGED_TYPES.includes(values.type)) {
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
