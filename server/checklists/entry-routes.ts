import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text as multiLine, uuid } from '../api/contract.ts'
import { notFound, validationError } from '../api/errors.ts'
import { isUuid, requirePermission, type OrgScope } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import type { Db } from '../db/client.ts'
import { t } from '../i18n.ts'
import { memberships } from '../orgs/schema.ts'
import { exportChecklistRecords } from '../records/export.ts'
import { daysBetween, requireDay } from '../records/service.ts'
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

export const exportBody = z.strictObject({
  venueId: uuidField,
  from: dayField,
  to: dayField,
  format: z.enum(['csv', 'pdf']),
})

/** The longest export range, in days (inclusive). */
export const EXPORT_MAX_DAYS = 366

export const entryQuery = z.object({ venueId: uuidField, date: dayField.optional() })

function pathIds(c: Context<AppEnv>) {
  const checklistId = c.req.param('checklistId')
  const itemId = c.req.param('itemId')
  if (!isUuid(checklistId) || !isUuid(itemId)) throw notFound()
  return { checklistId, itemId }
}

async function memberName(db: Db, scope: OrgScope): Promise<string> {
  if (!scope.membershipId) return ''
  const [row] = await db
    .select({ name: memberships.name })
    .from(memberships)
    .where(and(eq(memberships.orgId, scope.orgId), eq(memberships.id, scope.membershipId)))
  return row?.name ?? ''
}

/** A header-safe file name for Content-Disposition (ASCII, no quotes). */
function attachmentName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_')
}

/** /v1/orgs/:orgId/checklist-entries — one checklist's day, completing and resolving items, exports. */
export function checklistEntryRoutes() {
  const app = new Hono<AppEnv>()

  app.post('/export', async (c) => {
    const scope = requirePermission(c, 'records.export')
    const locale = c.get('locale')
    const body = await readJson(c, exportBody)
    const from = requireDay(body.from, { locale, field: 'from', allowFuture: true })
    const to = requireDay(body.to, { locale, field: 'to', allowFuture: true })
    if (to < from) throw validationError({ to: t(locale, 'records.rangeOrder') })
    if (daysBetween(from, to) + 1 > EXPORT_MAX_DAYS) throw validationError({ to: t(locale, 'records.rangeTooLong', { days: EXPORT_MAX_DAYS }) })
    const { db } = c.get('deps')
    await venueForWork({ db, scope }, body.venueId)
    const file = await exportChecklistRecords(c.get('deps'), scope, { venueId: body.venueId, from, to, format: body.format }, locale, await memberName(db, scope))
    c.header('Content-Type', file.contentType)
    c.header('Content-Disposition', `attachment; filename="${attachmentName(file.fileName)}"`)
    c.header('X-Content-SHA256', file.sha256)
    return c.body(typeof file.body === 'string' ? file.body : new Uint8Array(file.body))
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
