import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { text } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { checksPerDay, checkTimes, daysField, dueTimeField, monthDaysField, serviceContext, templateItemRoutes, templateName, templateRoutes, timesFitChecks, venueIdsField } from '../templates/routes.ts'
import { createItemBody, updateItemBody } from './item-routes.ts'
import { copyStarter, findStarter, listStarters } from './starters.ts'
import { checklistService } from './templates.ts'

export { listTemplatesQuery as listChecklistsQuery, reorderBody } from '../templates/routes.ts'

const description = text().trim().max(1000)

/**
 * A checklist: due by weekday or on dates of the month (monthDays), once a day by `dueTime` or at
 * several checks (checksPerDay 2–6), each overdue after its time in `checkTimes` (ADR 044).
 */
const checklistShape = {
  name: templateName,
  description: description.optional(),
  venueIds: venueIdsField.optional(),
  days: daysField.optional(),
  monthDays: monthDaysField.optional(),
  dueTime: dueTimeField.optional(),
  checksPerDay: checksPerDay.optional(),
  checkTimes: checkTimes.optional(),
  requiresSignOff: z.boolean().optional(),
}

export const createChecklistBody = z
  .strictObject(checklistShape)
  .superRefine((body, ctx) => timesFitChecks({ checksPerDay: body.checksPerDay ?? 1, checkTimes: body.checkTimes }, ctx))

export const updateChecklistBody = z.strictObject({ ...checklistShape, name: templateName.optional() }).superRefine(timesFitChecks)

const bodies = { create: createChecklistBody, update: updateChecklistBody, createItem: createItemBody, updateItem: updateItemBody }

/** /v1/orgs/:orgId/checklists */
export function checklistRoutes() {
  return templateRoutes(checklistService, bodies)
}

/** /v1/orgs/:orgId/checklist-items */
export function checklistItemRoutes() {
  return templateItemRoutes(checklistService, bodies)
}

/**
 * /v1/orgs/:orgId/checklists/starters: the starter library in the caller's language, and copying one
 * into the organisation as an ordinary checklist (ADR 049). Mounted before the checklist routes.
 */
export function checklistStarterRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', (c) => {
    requirePermission(c, 'venue.read')
    return c.json({ starters: listStarters(c.get('locale')) })
  })

  app.post('/:starterId', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const starter = findStarter(c.req.param('starterId'))
    if (!starter) throw notFound()
    return c.json({ checklist: await copyStarter(serviceContext(c, scope), starter) }, 201)
  })

  return app
}
