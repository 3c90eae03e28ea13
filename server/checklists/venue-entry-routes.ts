import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { isUuid, requirePermission } from '../api/middleware/org-scope.ts'
import { readQuery } from '../api/validate.ts'
import { serviceContext } from '../templates/routes.ts'
import { dayList, venueForWork } from './entries.ts'

export const dayListQuery = z.object({ date: line().max(40).optional() })

/** /v1/orgs/:orgId/venues/:venueId/checklist-entries — the venue's checklists for a day. */
export function venueChecklistEntryRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const venueId = c.req.param('venueId')
    if (!isUuid(venueId)) throw notFound()
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, venueId)
    const { date } = readQuery(c, dayListQuery)
    return c.json(await dayList(ctx, venue, date))
  })

  return app
}
