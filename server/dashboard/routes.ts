import { Hono } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { readQuery } from '../api/validate.ts'
import { venueForWork } from '../templates/day.ts'
import { pathId, serviceContext } from '../templates/routes.ts'
import { groupOverview, venueDashboard } from './service.ts'

export const dashboardQuery = z.object({ date: line().max(40).optional() })

/** /v1/orgs/:orgId/venues/:venueId/dashboard — the venue home's data (every role with the venue, devices too). */
export function venueDashboardRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const ctx = serviceContext(c, scope)
    const venue = await venueForWork(ctx, pathId(c, 'venueId'))
    const { date } = readQuery(c, dashboardQuery)
    // Orders are read by a shared device only while a PIN is active (as GET …/orders): none without one.
    const device = scope.device
    const deliveries = !device || device.pin !== null || !device.pinRequired
    return c.json(await venueDashboard(ctx, venue, date, { now: nowOf(c.get('deps')), deliveries }))
  })

  return app
}

/** /v1/orgs/:orgId/overview — every venue side by side (ADMIN and up). */
export function overviewRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'overview.read')
    const { date } = readQuery(c, dashboardQuery)
    return c.json(await groupOverview(serviceContext(c, scope), date, nowOf(c.get('deps'))))
  })

  return app
}
