import { z } from 'zod'
import { line } from '../api/contract.ts'
import { checksPerDay, checkTimes, daysField, monthDaysField, templateItemRoutes, templateName, templateRoutes, timesFitChecks, venueIdsField } from '../templates/routes.ts'
import { TEMPERATURE_ITEM_KINDS } from './schema.ts'
import { temperatureService } from './templates.ts'

export const createTemperatureBody = z
  .strictObject({
    name: templateName,
    venueIds: venueIdsField.optional(),
    days: daysField.optional(),
    monthDays: monthDaysField.optional(),
    checksPerDay: checksPerDay.optional(),
    checkTimes: checkTimes.optional(),
  })
  .superRefine((body, ctx) => timesFitChecks({ checksPerDay: body.checksPerDay ?? 1, checkTimes: body.checkTimes }, ctx))

export const updateTemperatureBody = z
  .strictObject({
    name: templateName.optional(),
    venueIds: venueIdsField.optional(),
    days: daysField.optional(),
    monthDays: monthDaysField.optional(),
    checksPerDay: checksPerDay.optional(),
    checkTimes: checkTimes.optional(),
  })
  .superRefine(timesFitChecks)

const label = line().trim().min(1).max(200)
/** A bound of the range in °C; null for none. */
const bound = z.number().min(-100).max(400).nullable()

/** POST /temperatures/:id/items: min/max in °C, pre-filled by kind when left out; min ≤ max (data.max). */
export const createTemperatureItemBody = z
  .strictObject({ label, kind: z.enum(TEMPERATURE_ITEM_KINDS), min: bound.optional(), max: bound.optional() })
  .superRefine((body, ctx) => {
    if (body.min != null && body.max != null && body.min > body.max) ctx.addIssue({ code: 'custom', path: ['max'], message: 'validation.maxBelowMin' })
  })

/** PUT /temperature-items/:itemId: the fields of POST, all optional (the range is judged on the result). */
export const updateTemperatureItemBody = z.strictObject({
  label: label.optional(),
  kind: z.enum(TEMPERATURE_ITEM_KINDS).optional(),
  min: bound.optional(),
  max: bound.optional(),
})

const bodies = {
  create: createTemperatureBody,
  update: updateTemperatureBody,
  createItem: createTemperatureItemBody,
  updateItem: updateTemperatureItemBody,
}

/** /v1/orgs/:orgId/temperatures */
export function temperatureRoutes() {
  return templateRoutes(temperatureService, bodies)
}

/** /v1/orgs/:orgId/temperature-items */
export function temperatureItemRoutes() {
  return templateItemRoutes(temperatureService, bodies)
}
