import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { readJson } from '../api/validate.ts'
import { requireUser } from '../auth/sessions.ts'
import { TEMPERATURE_UNITS } from './schema.ts'
import { createOrg, deleteOrg, getOrg, updateOrg } from './service.ts'
import { timeZoneField } from './time-zone.ts'

const name = line().trim().min(1).max(100)

export const createOrgBody = z.strictObject({
  name,
  timeZone: timeZoneField.optional(),
  temperatureUnit: z.enum(TEMPERATURE_UNITS).optional(),
})

export const updateOrgBody = z.strictObject({
  name: name.optional(),
  timeZone: timeZoneField.optional(),
  temperatureUnit: z.enum(TEMPERATURE_UNITS).optional(),
  requirePinOnDevices: z.boolean().optional(),
})

/** /v1/orgs: create an organisation; read, change and delete one (the org scope middleware runs first). */
export function orgRoutes() {
  const app = new Hono<AppEnv>()

  app.post('/', async (c) => {
    const { user } = requireUser(c)
    const body = await readJson(c, createOrgBody)
    const organisation = await createOrg(c.get('deps').db, user, body)
    return c.json({ organisation }, 201)
  })

  app.get('/:orgId', async (c) => {
    const scope = requirePermission(c, 'org.read')
    const organisation = await getOrg(c.get('deps').db, scope)
    if (!organisation) throw notFound()
    return c.json({ organisation })
  })

  app.put('/:orgId', async (c) => {
    const scope = requirePermission(c, 'org.update')
    const body = await readJson(c, updateOrgBody)
    const organisation = await updateOrg(c.get('deps').db, scope, body)
    if (!organisation) throw notFound()
    return c.json({ organisation })
  })

  app.delete('/:orgId', async (c) => {
    const scope = requirePermission(c, 'org.delete')
    if (!(await deleteOrg(c.get('deps').db, scope))) throw notFound()
    return c.body(null, 204)
  })

  return app
}
