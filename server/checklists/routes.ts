import { z } from 'zod'
import { text } from '../api/contract.ts'
import { daysField, dueTimeField, templateItemRoutes, templateName, templateRoutes, venueIdsField } from '../templates/routes.ts'
import { createItemBody, updateItemBody } from './item-routes.ts'
import { checklistService } from './templates.ts'

export { listTemplatesQuery as listChecklistsQuery, reorderBody } from '../templates/routes.ts'

const description = text().trim().max(1000)

export const createChecklistBody = z.strictObject({
  name: templateName,
  description: description.optional(),
  venueIds: venueIdsField.optional(),
  days: daysField.optional(),
  dueTime: dueTimeField.optional(),
})

export const updateChecklistBody = z.strictObject({
  name: templateName.optional(),
  description: description.optional(),
  venueIds: venueIdsField.optional(),
  days: daysField.optional(),
  dueTime: dueTimeField.optional(),
})

const bodies = { create: createChecklistBody, update: updateChecklistBody, createItem: createItemBody, updateItem: updateItemBody }

/** /v1/orgs/:orgId/checklists */
export function checklistRoutes() {
  return templateRoutes(checklistService, bodies)
}

/** /v1/orgs/:orgId/checklist-items */
export function checklistItemRoutes() {
  return templateItemRoutes(checklistService, bodies)
}
