import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { isUuid, requirePermission, type OrgScope } from '../api/middleware/org-scope.ts'
import { readJson } from '../api/validate.ts'
import { CHECKLIST_ITEM_TYPES } from './schema.ts'
import { deleteItem, findItem, setItemArchived, updateItem, type ChecklistContext } from './service.ts'

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

function context(c: Context<AppEnv>, scope: OrgScope): ChecklistContext {
  return { db: c.get('deps').db, scope, locale: c.get('locale') }
}

/** The item id of the path; malformed ids are 404 like unknown ones. */
function itemId(c: Context<AppEnv>): string {
  const id = c.req.param('itemId')
  if (!isUuid(id)) throw notFound()
  return id
}

/** /v1/orgs/:orgId/checklist-items */
export function checklistItemRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/:itemId', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const item = await findItem(c.get('deps').db, scope, itemId(c))
    if (!item) throw notFound()
    return c.json({ item })
  })

  app.put('/:itemId', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const id = itemId(c)
    const body = await readJson(c, updateItemBody)
    const item = await updateItem(context(c, scope), id, body)
    if (!item) throw notFound()
    return c.json({ item })
  })

  app.delete('/:itemId', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const result = await deleteItem(context(c, scope), itemId(c))
    if (!result) throw notFound()
    // An item with records is archived instead: its records are never destroyed.
    if ('archived' in result) return c.json({ item: result.archived, archived: true }, 200)
    return c.body(null, 204)
  })

  app.post('/:itemId/archive', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const item = await setItemArchived(context(c, scope), itemId(c), true)
    if (!item) throw notFound()
    return c.json({ item })
  })

  app.post('/:itemId/restore', async (c) => {
    const scope = requirePermission(c, 'checklists.manage')
    const item = await setItemArchived(context(c, scope), itemId(c), false)
    if (!item) throw notFound()
    return c.json({ item })
  })

  return app
}
