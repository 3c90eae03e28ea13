import { Hono } from 'hono'
import type { AppEnv } from '../api/context.ts'
import { notFound } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { getOnboarding, hideOnboarding } from './service.ts'

/** /v1/orgs/:orgId/onboarding */
export function onboardingRoutes() {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const scope = requirePermission(c, 'onboarding.read')
    const onboarding = await getOnboarding(c.get('deps').db, scope)
    if (!onboarding) throw notFound()
    return c.json(onboarding)
  })

  app.post('/hide', async (c) => {
    const scope = requirePermission(c, 'org.update')
    if (!(await hideOnboarding(c.get('deps').db, scope))) throw notFound()
    return c.body(null, 204)
  })

  return app
}
