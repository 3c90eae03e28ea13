import { Hono } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv } from '../api/context.ts'
import { line, uuid } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { readJson } from '../api/validate.ts'
import { createDevice, deleteDevice, findDevice, generateLoginLink, listDevices, signOutEverywhere, updateDevice } from './service.ts'

const name = line().trim().min(1).max(100)
const venueId = uuid('validation.venue')

export const createDeviceBody = z.strictObject({ name, venueId })
export const updateDeviceBody = z.strictObject({ name: name.optional(), venueId: venueId.optional() })

/** /v1/orgs/:orgId/devices — the shared devices of the organisation (ADMIN and up). */
export function deviceRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'devices.manage')
    const deps = c.get('deps')
    return c.json({ devices: await listDevices(deps.db, scope, nowOf(deps)) })
  })

  app.post('/', async (c) => {
    const scope = requirePermission(c, 'devices.manage')
    const body = await readJson(c, createDeviceBody)
    const deps = c.get('deps')
    return c.json({ device: await createDevice(deps.db, scope, body, c.get('locale'), nowOf(deps)) }, 201)
  })

  app.get('/:deviceId', async (c) => {
    const scope = requirePermission(c, 'devices.manage')
    const deps = c.get('deps')
    const device = await findDevice(deps.db, scope, c.req.param('deviceId'), nowOf(deps))
    if (!device) throw notFound()
    return c.json({ device })
  })

  app.put('/:deviceId', async (c) => {
    const scope = requirePermission(c, 'devices.manage')
    const deps = c.get('deps')
    const deviceId = c.req.param('deviceId')
    if (!(await findDevice(deps.db, scope, deviceId, nowOf(deps)))) throw notFound()
    const body = await readJson(c, updateDeviceBody)
    const device = await updateDevice(deps.db, scope, deviceId, body, c.get('locale'), nowOf(deps))
    if (!device) throw notFound()
    return c.json({ device })
  })

  app.delete('/:deviceId', async (c) => {
    const scope = requirePermission(c, 'devices.manage')
    if (!(await deleteDevice(c.get('deps').db, scope, c.req.param('deviceId')))) throw notFound()
    return c.body(null, 204)
  })

  app.post('/:deviceId/login/generate', async (c) => {
    const scope = requirePermission(c, 'devices.manage')
    const deps = c.get('deps')
    const link = await generateLoginLink(deps.db, scope, c.req.param('deviceId'), deps.config.appUrl, nowOf(deps))
    if (!link) throw notFound()
    return c.json(link, 201)
  })

  app.post('/:deviceId/logout', async (c) => {
    const scope = requirePermission(c, 'devices.manage')
    const deps = c.get('deps')
    const sessionsEnded = await signOutEverywhere(deps.db, scope, c.req.param('deviceId'), nowOf(deps))
    if (sessionsEnded === undefined) throw notFound()
    return c.json({ sessionsEnded })
  })

  return app
}
