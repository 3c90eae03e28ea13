import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text as multiLine, uuid } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { isUuid, requirePermission } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { exportResponse, recordsExportBody } from '../records/export-route.ts'
import type { RecordKind } from '../records/schema.ts'
import { serviceContext } from '../templates/routes.ts'
import { completeItem, entryDetail, resolveItem, venueForWork } from './entries.ts'

const uuidField = uuid()
const dayField = line().max(40)
const text = multiLine().max(2000)

export const completeBody = z.strictObject({
  venueId: uuidField,
  date: dayField.optional(),
  value: text.nullable().optional(),
  note: text.nullable().optional(),
  uploadId: uuidField.nullable().optional(),
})

export const resolveBody = z.strictObject({
  venueId: uuidField,
  date: dayField.optional(),
  note: multiLine().trim().min(1).max(2000),
})

/** POST /checklist-entries/export: checklists by default; `include` asks for temperatures too, or instead. */
export const exportBody = recordsExportBody.extend({
  include: z
    .array(z.enum(['checklists', 'temperatures']))
    .min(1)
    .max(2)
    .transform((list) => [...new Set(list)])
    .optional(),
})

export const entryQuery = z.object({ venueId: uuidField, date: dayField.optional() })

function pathIds(c: Context<AppEnv>) {
  const checklistId = c.req.param('checklistId')
  const itemId = c.req.param('itemId')
  if (!isUuid(checklistId) || !isUuid(itemId)) throw notFound()
  return { checklistId, itemId }
}

/** /v1/orgs/:orgId/checklist-entries — one checklist's day, completing and resolving items, exports. */
export function checklistEntryRoutes() {
  const app = new Hono<AppEnv>()

  app.post('/export', async (c) => {
    requirePermission(c, 'records.export')
    const body = await readJson(c, exportBody)
    const kinds = (body.include ?? ['checklists']).map((k): RecordKind => (k === 'checklists' ? 'checklist' : 'temperature'))
    return exportResponse(c, kinds, body)
  })

  app.get('/:checklistId', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const checklistId = c.req.param('checklistId')
    if (!isUuid(checklistId)) throw notFound()
    const query = readQuery(c, entryQuery)
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, query.venueId)
    const entry = await entryDetail(ctx, venue, checklistId, query.date)
    if (!entry) throw notFound()
    return c.json(entry)
  })

  app.post('/:checklistId/items/:itemId/complete', async (c) => {
    const scope = requirePermission(c, 'records.write')
    const ids = pathIds(c)
    const body = await readJson(c, completeBody)
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, body.venueId)
    const record = await completeItem(ctx, venue, { ...ids, ...body })
    return c.json({ record }, 201)
  })

  app.post('/:checklistId/items/:itemId/resolve', async (c) => {
    const scope = requirePermission(c, 'records.write')
    const ids = pathIds(c)
    const body = await readJson(c, resolveBody)
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, body.venueId)
    const record = await resolveItem(ctx, venue, { ...ids, date: body.date, note: body.note })
    return c.json({ record }, 201)
  })

  return app
}
