/** Submitted checklist and item forms → API request bodies (docs/api-contract-checklists.md). */
import { isItemType } from './types'

export const CHECKLIST_FIELDS = ['name', 'description', 'venueIds', 'days', 'dueTime'] as const
export const ITEM_FIELDS = ['label', 'instructions', 'type', 'required', 'min', 'max'] as const

function text(form: FormData, name: string): string {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

/** What a checklist form sent, as the form redisplays it after an error. */
export function checklistValues(form: FormData) {
  return {
    name: text(form, 'name'),
    description: text(form, 'description'),
    venueIds: form.getAll('venueIds').filter((v): v is string => typeof v === 'string' && v !== ''),
    days: [...new Set(form.getAll('days').map((v) => Number(v)))].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort((a, b) => a - b),
    dueTime: text(form, 'dueTime').trim(),
  }
}

/**
 * The body of POST/PUT {org}/checklists. An empty due time is left out when creating and sent as
 * null when editing (which clears it).
 */
export function checklistBody(values: ReturnType<typeof checklistValues>, mode: 'create' | 'update') {
  const body: Record<string, unknown> = {
    name: values.name,
    description: values.description,
    venueIds: values.venueIds,
    days: values.days,
  }
  if (values.dueTime) body.dueTime = values.dueTime.slice(0, 5)
  else if (mode === 'update') body.dueTime = null
  return body
}

/** What an item form sent, as strings (for redisplay after an error). */
export function itemValues(form: FormData) {
  return {
    label: text(form, 'label'),
    type: text(form, 'type'),
    instructions: text(form, 'instructions'),
    required: form.get('required') === 'on' ? 'on' : undefined,
    min: text(form, 'min').trim(),
    max: text(form, 'max').trim(),
  }
}

/**
 * The body of POST …/items or PUT checklist-items/{id}, or the field errors found before asking the
 * API. min/max go only with number items: left out when empty on create, null (cleared) on update.
 */
export function itemBody(
  values: ReturnType<typeof itemValues>,
  mode: 'create' | 'update',
  messages: { number: string },
): { body: Record<string, unknown>; fieldErrors: Record<string, string> } {
  const body: Record<string, unknown> = {
    label: values.label,
    instructions: values.instructions,
    type: isItemType(values.type) ? values.type : values.type || 'check',
    required: values.required === 'on',
  }
  const fieldErrors: Record<string, string> = {}
  if (body.type === 'number') {
    for (const name of ['min', 'max'] as const) {
      const raw = values[name].replace(',', '.')
      if (raw === '') {
        if (mode === 'update') body[name] = null
        continue
      }
      const n = Number(raw)
      if (Number.isFinite(n)) body[name] = n
      else fieldErrors[name] = messages.number
    }
  }
  return { body, fieldErrors }
}
