/**
 * The HTTP routes of templates and their items for any kind, and the contract pieces they share
 * (name, venues, days, reorder, list query). Checklists and temperature logs mount them with their
 * own bodies: /v1/orgs/:orgId/<templates> and /v1/orgs/:orgId/<template>-items.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { ApiError, notFound, validationError } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { isUuid, type OrgScope, type ServiceContext } from '../scope.ts'
import { MAX_CHECKS_PER_DAY } from './columns.ts'
import type { TemplateService } from './service.ts'

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

export const templateName = line().trim().min(1).max(100)
/** The org's venues where it is used; empty = every venue. Checked against the database (data.venueIds). */
export const venueIdsField = z
  .array(line({ error: 'validation.venues' }).max(64, 'validation.venues'), { error: 'validation.venues' })
  .max(200)
/** Days of the week it is due, 0 = Sunday … 6 = Saturday: each once, at least one. Stored sorted. */
export const daysField = z
  .array(z.int({ error: 'validation.days' }).min(0, 'validation.days').max(6, 'validation.days'), { error: 'validation.days' })
  .min(1, 'validation.daysRequired')
  .refine((list) => new Set(list).size === list.length, 'validation.days')
  .transform((list) => [...list].sort((a, b) => a - b))
/**
 * Dates of the month it is due on instead of the days of the week (1–31; the 29th–31st fall on a
 * shorter month's last day): each once; [] = by weekday. Stored sorted.
 */
export const monthDaysField = z
  .array(z.int({ error: 'validation.monthDays' }).min(1, 'validation.monthDays').max(31, 'validation.monthDays'), { error: 'validation.monthDays' })
  .max(31, 'validation.monthDays')
  .refine((list) => new Set(list).size === list.length, 'validation.monthDays')
  .transform((list) => [...list].sort((a, b) => a - b))

/** Checks a day (1–6). */
export const checksPerDay = z.int({ error: 'validation.checksPerDay' }).min(1, 'validation.checksPerDay').max(MAX_CHECKS_PER_DAY, 'validation.checksPerDay')
/** Each check's time (HH:mm), or null / "" for none; at most one per check. */
export const checkTimes = z
  .array(
    line({ error: 'validation.dueTime' })
      .trim()
      .refine((value) => value === '' || HH_MM.test(value), 'validation.dueTime')
      .nullable(),
    { error: 'validation.dueTime' },
  )
  .max(MAX_CHECKS_PER_DAY, 'validation.checkTimes')
  .transform((list) => list.map((v) => v || null))

/** No more times than checks (when both are given; an update of times alone is cut to the row's checks). */
export function timesFitChecks(body: { checksPerDay?: number; checkTimes?: (string | null)[] }, ctx: z.RefinementCtx) {
  if (body.checkTimes && body.checksPerDay !== undefined && body.checkTimes.length > body.checksPerDay) {
    ctx.addIssue({ code: 'custom', path: ['checkTimes'], message: 'validation.checkTimes' })
  }
}

/** A local time (HH:mm) after which work not done is overdue; null (or "") for none. */
/** `?slot=`: the check of the day a page shows (0-based); the first not complete by default. */
export const checkQueryField = line()
  .regex(/^[0-5]$/, 'validation.invalid')
  .transform(Number)
  .optional()

export const dueTimeField = line({ error: 'validation.dueTime' })
  .trim()
  .refine((value) => value === '' || HH_MM.test(value), 'validation.dueTime')
  .transform((value) => value || null)
  .nullable()

/** POST …/reorder: every non-archived id, each once, in the new order. */
export const reorderBody = z.strictObject({
  ids: z.array(line({ error: 'validation.reorderIds' }).max(64, 'validation.reorderIds'), { error: 'validation.reorderIds' }).max(1000),
})

export const listTemplatesQuery = z.object({
  search: line().trim().max(100).optional(),
  venueId: line().optional(),
  showArchived: z.enum(['true', 'false']).optional(),
})

/** Read a body; an error about one element of a list (`days.2`) is reported on the list (`days`). */
export async function readListBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  try {
    return await readJson(c, schema)
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'ValidationError' || !error.data) throw error
    const data: Record<string, string> = {}
    for (const [key, message] of Object.entries(error.data)) data[key.replace(/\.\d+(\..*)?$/, '')] ??= message
    throw validationError(data)
  }
}

/** The service context of a request (one calling convention for every service). */
export function serviceContext(c: Context<AppEnv>, scope: OrgScope): ServiceContext {
  return { db: c.get('deps').db, scope, locale: c.get('locale') }
}

/** A uuid path parameter; malformed ids are 404 like unknown ones. */
export function pathId(c: Context<AppEnv>, name: string): string {
  const id = c.req.param(name)
  if (!isUuid(id)) throw notFound()
  return id
}

export interface TemplateBodies {
  create: z.ZodType<any>
  update: z.ZodType<any>
  createItem: z.ZodType<any>
  updateItem: z.ZodType<any>
}

/** /v1/orgs/:orgId/<templates>: list, create, reorder, read, update, delete, archive, restore, duplicate, items. */
export function templateRoutes(service: TemplateService, bodies: TemplateBodies) {
  const { kind } = service
  const { one, many } = kind.json
  const app = new Hono<AppEnv>()
  const id = (c: Context<AppEnv>) => pathId(c, kind.param)

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const query = readQuery(c, listTemplatesQuery)
    const list = await service.list(serviceContext(c, scope), {
      search: query.search || undefined,
      venueId: query.venueId || undefined,
      showArchived: query.showArchived === 'true',
    })
    return c.json({ [many]: list })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, kind.manage)
    const body = await readListBody(c, bodies.create)
    return c.json({ [one]: await service.create(serviceContext(c, scope), body) }, 201)
  })

  app.post('/reorder', async (c) => {
    const scope = requirePermission(c, kind.manage)
    const { ids } = await readListBody(c, reorderBody)
    await service.reorder(serviceContext(c, scope), ids)
    return c.body(null, 204)
  })

  app.get(`/:${kind.param}`, async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const result = await service.get(serviceContext(c, scope), id(c))
    if (!result) throw notFound()
    return c.json({ [one]: result.template, items: result.items })
  })

  app.put(`/:${kind.param}`, async (c) => {
    const scope = requirePermission(c, kind.manage)
    const templateId = id(c)
    const body = await readListBody(c, bodies.update)
    const template = await service.update(serviceContext(c, scope), templateId, body)
    if (!template) throw notFound()
    return c.json({ [one]: template })
  })

  app.delete(`/:${kind.param}`, async (c) => {
    const scope = requirePermission(c, kind.manage)
    const result = await service.remove(serviceContext(c, scope), id(c))
    if (!result) throw notFound()
    // A template with records is archived instead: its records are never destroyed.
    if ('archived' in result) return c.json({ [one]: result.archived, archived: true }, 200)
    return c.body(null, 204)
  })

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(`/:${kind.param}/${action}`, async (c) => {
      const scope = requirePermission(c, kind.manage)
      const template = await service.setArchived(serviceContext(c, scope), id(c), archived)
      if (!template) throw notFound()
      return c.json({ [one]: template })
    })
  }

  app.post(`/:${kind.param}/duplicate`, async (c) => {
    const scope = requirePermission(c, kind.manage)
    const template = await service.duplicate(serviceContext(c, scope), id(c))
    if (!template) throw notFound()
    return c.json({ [one]: template }, 201)
  })

  app.get(`/:${kind.param}/items`, async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const items = await service.listItems(serviceContext(c, scope), id(c))
    if (!items) throw notFound()
    return c.json({ items })
  })

  app.post(`/:${kind.param}/items`, async (c) => {
    const scope = requirePermission(c, kind.manage)
    const templateId = id(c)
    const body = await readListBody(c, bodies.createItem)
    const item = await service.createItem(serviceContext(c, scope), templateId, body)
    if (!item) throw notFound()
    return c.json({ item }, 201)
  })

  app.post(`/:${kind.param}/items/reorder`, async (c) => {
    const scope = requirePermission(c, kind.manage)
    const templateId = id(c)
    const { ids } = await readListBody(c, reorderBody)
    if (!(await service.reorderItems(serviceContext(c, scope), templateId, ids))) throw notFound()
    return c.body(null, 204)
  })

  return app
}

/** /v1/orgs/:orgId/<template>-items: read, update, delete, archive, restore one item. */
export function templateItemRoutes(service: TemplateService, bodies: TemplateBodies) {
  const { kind } = service
  const app = new Hono<AppEnv>()
  const id = (c: Context<AppEnv>) => pathId(c, 'itemId')

  app.get('/:itemId', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    const item = await service.findItem(c.get('deps').db, scope, id(c))
    if (!item) throw notFound()
    return c.json({ item })
  })

  app.put('/:itemId', async (c) => {
    const scope = requirePermission(c, kind.manage)
    const itemId = id(c)
    const body = await readListBody(c, bodies.updateItem)
    const item = await service.updateItem(serviceContext(c, scope), itemId, body)
    if (!item) throw notFound()
    return c.json({ item })
  })

  app.delete('/:itemId', async (c) => {
    const scope = requirePermission(c, kind.manage)
    const result = await service.deleteItem(serviceContext(c, scope), id(c))
    if (!result) throw notFound()
    // An item with records is archived instead: its records are never destroyed.
    if ('archived' in result) return c.json({ item: result.archived, archived: true }, 200)
    return c.body(null, 204)
  })

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(`/:itemId/${action}`, async (c) => {
      const scope = requirePermission(c, kind.manage)
      const item = await service.setItemArchived(serviceContext(c, scope), id(c), archived)
      if (!item) throw notFound()
      return c.json({ item })
    })
  }

  return app
}
