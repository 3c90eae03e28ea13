import { Hono } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv } from '../api/context.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { badRequest } from '../api/errors.ts'
import { JSON_LIMIT_BYTES, readJson } from '../api/validate.ts'
import { PLANS } from '../orgs/schema.ts'
import { planSummary } from './limits.ts'
import { billingOverview, handleWebhook, openPortal, startCheckout, switchPlan } from './service.ts'

export const planBody = z.strictObject({ plan: z.enum(PLANS) })

/** /v1/orgs/:orgId/billing — OWNER only, except the limits the create pages show (ADMIN and up). */
export function billingRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'billing.manage')
    return c.json({ billing: await billingOverview(c.get('deps'), scope.orgId) })
  })

  app.get('/limits', async (c) => {
    const scope = requirePermission(c, 'settings.access')
    return c.json(await planSummary(c.get('deps').db, scope.orgId))
  })

  app.put('/plan', async (c) => {
    const scope = requirePermission(c, 'billing.manage')
    const { plan } = await readJson(c, planBody)
    await switchPlan(c.get('deps'), scope.orgId, plan, c.get('locale'))
    return c.json({ billing: await billingOverview(c.get('deps'), scope.orgId) })
  })

  app.post('/checkout', async (c) => {
    const scope = requirePermission(c, 'billing.manage')
    const auth = c.get('auth')!
    return c.json(await startCheckout(c.get('deps'), scope.orgId, { email: auth.user.email }, c.get('locale')))
  })

  app.post('/portal', async (c) => {
    const scope = requirePermission(c, 'billing.manage')
    return c.json(await openPortal(c.get('deps'), scope.orgId, c.get('locale')))
  })

  return app
}

/** POST /v1/billing/webhook — Stripe's calls, authenticated by their signature only. */
export function billingWebhookRoutes() {
  const app = new Hono<AppEnv>()
  app.post('/webhook', async (c) => {
    const deps = c.get('deps')
    const buffer = await c.req.arrayBuffer()
    if (buffer.byteLength > JSON_LIMIT_BYTES) throw badRequest('Request body too large (limit 1 MB)')
    const payload = new TextDecoder().decode(buffer)
    const result = await handleWebhook(deps, payload, c.req.header('stripe-signature'), nowOf(deps))
    return c.json({ received: true, duplicate: result.duplicate })
  })
  return app
}
