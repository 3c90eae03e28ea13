import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text } from '../api/contract.ts'
import { ApiError, notFound, validationError } from '../api/errors.ts'
import { isUuid, requirePermission, type OrgScope } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { createItemBody } from './item-routes.ts'
import {
  createChecklist,
  createItem,
  deleteChecklist,
  duplicateChecklist,
  getChecklist,
  listChecklists,
  listItems,
  reorderChecklists,
  reorderItems,
  setChecklistArchived,
  updateChecklist,
  type ChecklistContext,
} from './service.ts'

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

const name = line().trim().min(1).max(100)
const description = text().trim().max(1000)
/** The org's venues where it is used; empty = every venue. Checked against the database (data.venueIds). */
const venueIds = z.array(line({ error: 'validation.venues' }).max(64, 'validation.venues'), { error: 'validation.venues' }).max(200)
/** Days of the week it is due, 0 = Sunday … 6 = Saturday: each once, at least one. Stored sorted. */
const days = z
  .array(z.int({ error: 'validation.days' }).min(0, 'validation.days').max(6, 'validation.days'), { error: 'validation.days' })
  .min(1, 'validation.daysRequired')
  .refine((list) => new Set(list).size === list.length, 'validation.days')
  .transform((list) => [...list].sort((a, b) => a - b))
/** Local time after which an incomplete checklist is overdue; null (or "") for none. */
const dueTime = line({ error: 'validation.dueTime' })
  .trim()
  .refine((value) => value === '' || HH_MM.test(value), 'validation.dueTime')
  .transform((value) => value || null)
  .nullable()

export const createChecklistBody = z.strictObject({
  name,
  description: description.optional(),
  venueIds: venueIds.optional(),
  days: days.optional(),
  dueTime: dueTime.optional(),
})

export const updateChecklistBody = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  venueIds: venueIds.optional(),
  days: days.optional(),
  dueTime: dueTime.optional(),
})

/** POST /checklists/reorder and /checklists/:id/items/reorder: every non-archived id, each once, in the new order. */
export const reorderBody = z.strictObject({
  ids: z.array(line({ error: 'validation.reorderIds' }).max(64, 'validation.reorderIds'), { error: 'validation.reorderIds' }).max(1000),
})

export const listChecklistsQuery = z.object({
  search: line().trim().max(100).optional(),
  venueId: line().optional(),
  showArchived: z.enum(['true', 'false']).optional(),
})

/** Read a body; an error about one element of a list (`days.2`) is reported on the list (`days`). */
async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  try {
    return await readJson(c, schema)
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'ValidationError' || !error.data) throw error
    const data: Record<string, string> = {}
    for (const [key, message] of Object.entries(error.data)) data[key.replace(/\.\d+(\..*)?$/, '')] ??= message
    throw validationError(data)
  }
}

function context(c: Context<AppEnv>, scope: OrgScope): ChecklistContext {
  return { db: c.get('deps').db, scope, locale: c.get('locale') }
}

/** The checklist id of the path; malformed ids are 404 like unknown ones. */
function checklistId(c: Context<AppEnv>): string {
  const id = c.req.param('checklistId')
  if (!isUuid(id)) throw notFound()
  return id
}

/** /v1/orgs/:orgId/checklists */
export function checklistRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const query = readQuery(c, listChecklistsQuery)
    const checklists = await listChecklists(context(c, scope), {
      search: query.search || undefined,
      venueId: query.venueId || undefined,
      showArchived: query.showArchived === 'true',
    })
    return c.json({ checklists })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const body = await readBody(c, createChecklistBody)
    return c.json({ checklist: await createChecklist(context(c, scope), body) }, 201)
  })

  app.post('/reorder', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const { ids } = await readBody(c, reorderBody)
    await reorderChecklists(context(c, scope), ids)
    return c.body(null, 204)
  })

  app.get('/:checklistId', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const result = await getChecklist(context(c, scope), checklistId(c))
    if (!result) throw notFound()
    return c.json(result)
  })

  app.put('/:checklistId', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const id = checklistId(c)
    const body = await readBody(c, updateChecklistBody)
    const checklist = await updateChecklist(context(c, scope), id, body)
    if (!checklist) throw notFound()
    return c.json({ checklist })
  })

  app.delete('/:checklistId', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const result = await deleteChecklist(context(c, scope), checklistId(c))
    if (!result) throw notFound()
    // A checklist with records is archived instead: its records are never destroyed.
    if ('archived' in result) return c.json({ checklist: result.archived, archived: true }, 200)
    return c.body(null, 204)
  })

  app.post('/:checklistId/archive', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const checklist = await setChecklistArchived(context(c, scope), checklistId(c), true)
    if (!checklist) throw notFound()
    return c.json({ checklist })
  })

  app.post('/:checklistId/restore', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const checklist = await setChecklistArchived(context(c, scope), checklistId(c), false)
    if (!checklist) throw notFound()
    return c.json({ checklist })
  })

  app.post('/:checklistId/duplicate', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const checklist = await duplicateChecklist(context(c, scope), checklistId(c))
    if (!checklist) throw notFound()
    return c.json({ checklist }, 201)
  })

  app.get('/:checklistId/items', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const items = await listItems(context(c, scope), checklistId(c))
    if (!items) throw notFound()
    return c.json({ items })
  })

  app.post('/:checklistId/items', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const id = checklistId(c)
    const body = await readJson(c, createItemBody)
    const item = await createItem(context(c, scope), id, body)
    if (!item) throw notFound()
    return c.json({ item }, 201)
  })

  app.post('/:checklistId/items/reorder', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const id = checklistId(c)
    const { ids } = await readBody(c, reorderBody)
    if (!(await reorderItems(context(c, scope), id, ids))) throw notFound()
    return c.body(null, 204)
  })

  return app
}
