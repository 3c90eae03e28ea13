/** Temperature log and unit forms: their schemas, and parsed values → API request bodies. */
import { z } from 'zod'
import { createTemperatureBody, updateTemperatureBody } from '../../../server/temperatures/routes'
import { TEMPERATURE_ITEM_KINDS } from '../../../server/temperatures/schema'
import { parseReading, toCelsius, type TemperatureUnit } from '../../../server/temperatures/units'
import { optionalText, requiredText } from '../../lib/forms.server'
import { checksBody, checksShape } from '../templates/schedule-form.server'

export const LOG_FIELDS = ['name', 'venueIds', 'days', 'checksPerDay', 'checkTimes'] as const
export const UNIT_FIELDS = ['label', 'kind', 'min', 'max'] as const

/** A log form: venues and days as the API takes them; the checks a number; a time per check (as many as there are). */
export const logSchema = z.object({
  name: requiredText(100),
  venueIds: updateTemperatureBody.shape.venueIds.unwrap(),
  days: createTemperatureBody.shape.days.unwrap(),
  ...checksShape,
})

/** The body of POST/PUT {org}/temperatures: the times of the checks kept, the others dropped. */
export function logBody(values: z.output<typeof logSchema>) {
  return { name: values.name, venueIds: values.venueIds, days: values.days, ...checksBody(values) }
}

/** A unit form; min and max stay text (a comma is a decimal point), in the organisation's unit. */
export const unitSchema = z.object({
  label: requiredText(200),
  kind: z.enum(TEMPERATURE_ITEM_KINDS),
  min: optionalText(20),
  max: optionalText(20),
})

/**
 * The body of POST …/items or PUT temperature-items/{id} (bounds in °C), or the field errors found
 * before asking the API. An empty bound is left out when adding (the kind's default) and cleared
 * (null) when saving; `keepDefaults` leaves both out (a new kind takes its defaults).
 */
export function unitBody(values: z.output<typeof unitSchema>, unit: TemperatureUnit, messages: { number: string }) {
  const body: Record<string, unknown> = { label: values.label, kind: values.kind }
  const fieldErrors: Record<string, string> = {}
  for (const name of ['min', 'max'] as const) {
    const text = values[name]
    if (!text) continue
    const n = parseReading(text)
    if (Number.isFinite(n)) body[name] = toCelsius(n, unit)
    else fieldErrors[name] = messages.number
  }
  return { body, fieldErrors }
}
