import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { isUuid, requirePermission } from '../api/middleware/org-scope.ts'
import { readQuery } from '../api/validate.ts'
import { dayList, venueForWork } from './entries.ts'

export const dayListQuery = z.object({ date: line().max(40).optional() })

/** /v1/orgs/:orgId/venues/:venueId/checklist-entries — the venue's checklists for a day. */
export function venueChecklistEntryRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const venueId = c.req.param('venueId')
    if (!isUuid(venueId)) throw notFound()
    const { db } = c.get('deps')
    const venue = await venueForWork(db, scope, venueId)
    const { date } = readQuery(c, dayListQuery)
    return c.json(await dayList(db, scope, venue, date, c.get('locale')))
  })

  return app
}
