import { badRequest } from '../api/errors.ts'
import { t } from '../i18n.ts'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line, text } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { isUuid, requirePermission, requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import { readJson } from '../api/validate.ts'
import { createWithinLimit } from '../billing/limits.ts'
import { syncVenueQuantity } from '../billing/service.ts'
import { timeZoneField } from '../orgs/time-zone.ts'
import { createVenue, deleteVenue, findVenue, listVenues, updateVenue } from './service.ts'

const name = line().trim().min(1).max(100)
const address = text().trim().max(500)
/** The venue's phone for suppliers delivering there (shown on orders). */
const phone = line().trim().max(40)

export const createVenueBody = z.strictObject({ name, address: address.optional(), phone: phone.optional(), timeZone: timeZoneField.optional() })
export const updateVenueBody = z.strictObject({
  name: name.optional(),
  address: address.optional(),
  phone: phone.optional(),
  timeZone: timeZoneField.optional(),
})

/**
 * The venue named in the path, checked in order: not a venue of this organisation → 404;
 * a member limited to other venues → 403.
 */
async function venueInScope(c: Context<AppEnv>, scope: OrgScope) {
  const venueId = c.req.param('venueId')
  if (!isUuid(venueId)) throw notFound()
  const venue = await findVenue(c.get('deps').db, scope, venueId)
  if (!venue) throw notFound()
  requireVenueAccess(scope, venue.id)
  return venue
}

/** /v1/orgs/:orgId/venues */
export function venueRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    return c.json({ venues: await listVenues(c.get('deps').db, scope) })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, 'venue.manage')
    const body = await readJson(c, createVenueBody)
    const deps = c.get('deps')
    const venue = await createWithinLimit(deps.db, scope.orgId, 'venues', c.get('locale'), (tx) => createVenue(tx, scope, body))
    await syncVenueQuantity(deps, scope.orgId)
    return c.json({ venue }, 201)
  })

  app.get('/:venueId', async (c) => {
    const scope = requirePermission(c, 'venue.read')
    return c.json({ venue: await venueInScope(c, scope) })
  })

  app.put('/:venueId', async (c) => {
    const scope = requirePermission(c, 'venue.manage')
    const { id } = await venueInScope(c, scope)
    const body = await readJson(c, updateVenueBody)
    const venue = await updateVenue(c.get('deps').db, scope, id, body)
    if (!venue) throw notFound()
    return c.json({ venue })
  })

  app.delete('/:venueId', async (c) => {
    const scope = requirePermission(c, 'venue.manage')
    const { id } = await venueInScope(c, scope)
    const result = await deleteVenue(c.get('deps').db, scope, id)
    if (!result) throw notFound()
    if (result !== true) {
      // Their venue list would become empty, which means "all venues": refuse instead.
      throw badRequest(t(c.get('locale'), 'venues.onlyVenueOf', { names: result.onlyVenueOf.join(', ') }))
    }
    await syncVenueQuantity(c.get('deps'), scope.orgId)
    return c.body(null, 204)
  })

  return app
}
