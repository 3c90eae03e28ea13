import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text as multiLine, uuid } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { isUuid, requirePermission } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { exportResponse, recordsExportBody } from '../records/export-route.ts'
import { deviceTimeField, recordingCall, requireRecording } from '../records/offline.ts'
import type { RecordKind } from '../records/schema.ts'
import { MAX_CHECKS_PER_DAY } from '../templates/columns.ts'
import { checkQueryField, serviceContext } from '../templates/routes.ts'
import { completeItem, entryDetail, resolveItem, venueForWork } from './entries.ts'
import { signOff } from './sign-off.ts'

const uuidField = uuid()
const dayField = line().max(40)
const text = multiLine().max(2000)
/** A check of the day (0-based), for a checklist due several times a day. */
const slot = z.int().min(0).max(MAX_CHECKS_PER_DAY - 1)

export const completeBody = z.strictObject({
  venueId: uuidField,
  date: dayField.optional(),
  value: text.nullable().optional(),
  note: text.nullable().optional(),
  uploadId: uuidField.nullable().optional(),
  slot: slot.optional(),
  recordedAt: deviceTimeField(),
})

export const resolveBody = z.strictObject({
  venueId: uuidField,
  date: dayField.optional(),
  slot: slot.optional(),
  note: multiLine().trim().min(1).max(2000),
  recordedAt: deviceTimeField(),
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

/** POST /checklist-entries/:checklistId/sign-off: the venue and day (today at the venue by default). */
export const signOffBody = z.strictObject({ venueId: uuidField, date: dayField.optional() })

export const entryQuery = z.object({
  venueId: uuidField,
  date: dayField.optional(),
  slot: checkQueryField,
})

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
    const entry = await entryDetail(ctx, venue, checklistId, query.date, query.slot)
    if (!entry) throw notFound()
    return c.json(entry)
  })

  app.post('/:checklistId/sign-off', async (c) => {
    const scope = requirePermission(c, 'checklists.signOff')
    const checklistId = c.req.param('checklistId')
    if (!isUuid(checklistId)) throw notFound()
    const body = await readJson(c, signOffBody)
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, body.venueId)
    return c.json({ signOff: await signOff(ctx, venue, checklistId, body.date) }, 201)
  })

  app.post('/:checklistId/items/:itemId/complete', async (c) => {
    const scope = await requireRecording(c)
    const ids = pathIds(c)
    const body = await readJson(c, completeBody)
    return recordingCall(c, serviceContext(c, scope), body, async (ctx) => {
      const venue = await venueForWork(ctx, body.venueId)
      return { record: await completeItem(ctx, venue, { ...ids, ...body }) }
    })
  })

  app.post('/:checklistId/items/:itemId/resolve', async (c) => {
    const scope = await requireRecording(c)
    const ids = pathIds(c)
    const body = await readJson(c, resolveBody)
    return recordingCall(c, serviceContext(c, scope), body, async (ctx) => {
      const venue = await venueForWork(ctx, body.venueId)
      return { record: await resolveItem(ctx, venue, { ...ids, date: body.date, slot: body.slot, note: body.note }) }
    })
  })

  return app
}
