import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../api/context.ts'
import { email, line } from '../api/contract.ts'
import { notFound } from '../api/errors.ts'
import { hit } from '../api/middleware/rate-limit.ts'
import { isUuid, requirePermission } from '../api/middleware/org-scope.ts'
import { readJson } from '../api/validate.ts'
import { generateUnusedPin, isValidPin, limitPinAnswers } from '../auth/pin.ts'
import { requireUser } from '../auth/sessions.ts'
import { ROLES } from '../orgs/schema.ts'
import { createStaff, getStaff, listStaff, removeStaff, resendInvite, updateStaff, type Actor, type StaffContext } from './service.ts'

const name = line().trim().min(1).max(100)
const role = z.enum(ROLES)
/** Checked against the organisation's venues by the service (ValidationError data.venueIds). */
const venueIds = z.array(line().max(100)).max(500)
const pin = line().refine(isValidPin, 'validation.pinFormat')

export const createStaffBody = z.strictObject({
  name,
  email: email({ trim: true }).nullish(),
  role,
  venueIds: venueIds.optional(),
  pin: pin.optional(),
})
export const updateStaffBody = z.strictObject({
  name: name.optional(),
  role: role.optional(),
  venueIds: venueIds.optional(),
  pin: pin.optional(),
})

function staffContext(c: Context<AppEnv>, action: 'staff.read' | 'staff.manage'): StaffContext {
  return { deps: c.get('deps'), scope: requirePermission(c, action), locale: c.get('locale') }
}

function actor(c: Context<AppEnv>): Actor {
  const { user } = requireUser(c)
  return { name: user.name, emailVerified: user.emailVerifiedAt !== null, locale: user.locale }
}

/** /v1/orgs/:orgId/staff — mounted behind orgScope (401 signed out, 404 for non-members). */
export function staffRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const { deps, scope } = staffContext(c, 'staff.read')
    return c.json({ staff: await listStaff(deps.db, scope) })
  })

  app.post('/', async (c) => {
    const ctx = staffContext(c, 'staff.manage')
    const body = await readJson(c, createStaffBody)
    const result = await createStaff(ctx, actor(c), body)
    return c.json(result, 201)
  })

  // Before the '/:staffId' handlers so 'generate-pin' is never taken for an id.
  app.post('/generate-pin', async (c) => {
    const scope = requirePermission(c, 'profile.own')
    const { db } = c.get('deps')
    // A generated PIN is one that nobody uses: counted like any PIN answer (ADR 016).
    await limitPinAnswers(db, scope, c.get('locale'))
    return c.json({ pin: await generateUnusedPin(db, scope.orgId) })
  })

  app.get('/:staffId', async (c) => {
    const { deps, scope } = staffContext(c, 'staff.read')
    return c.json({ member: await getStaff(deps.db, scope, c.req.param('staffId')) })
  })

  app.put('/:staffId', async (c) => {
    const ctx = staffContext(c, 'staff.manage')
    const body = await readJson(c, updateStaffBody)
    return c.json({ member: await updateStaff(ctx, c.req.param('staffId'), body) })
  })

  app.delete('/:staffId', async (c) => {
    const ctx = staffContext(c, 'staff.manage')
    await removeStaff(ctx, c.req.param('staffId'))
    return c.body(null, 204)
  })

  app.post('/:staffId/resend-invite', async (c) => {
    const ctx = staffContext(c, 'staff.manage')
    const staffId = c.req.param('staffId')
    // Junk never reaches the rate-limit key (U+0000 in text is a database error).
    if (!isUuid(staffId)) throw notFound()
    await hit(ctx.deps.db, { key: `resend-invite:${ctx.scope.orgId}:${staffId}`, max: 10, windowSeconds: 60 * 60 })
    await resendInvite(ctx, actor(c), staffId)
    return c.json({ ok: true }, 202)
  })

  return app
}
