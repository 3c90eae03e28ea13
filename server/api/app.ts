import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { alertPreferencesRoutes, alertSettingsRoutes, unsubscribeRoutes, venueAlertRoutes } from '../alerts/routes.ts'
import { authRoutes } from '../auth/routes.ts'
import { sessionMiddleware } from '../auth/sessions.ts'
import { isLocale, localeFromAcceptLanguage } from '../i18n.ts'
import { checklistEntryRoutes } from '../checklists/entry-routes.ts'
import { checklistItemRoutes, checklistRoutes, checklistStarterRoutes } from '../checklists/routes.ts'
import { deviceAuthRoutes } from '../devices/auth-routes.ts'
import { deviceRoutes } from '../devices/routes.ts'
import { deviceSessionMiddleware } from '../devices/sessions.ts'
import { venueChecklistEntryRoutes } from '../checklists/venue-entry-routes.ts'
import { onboardingRoutes } from '../onboarding/routes.ts'
import { overviewRoutes, venueDashboardRoutes } from '../dashboard/routes.ts'
import { orgRoutes } from '../orgs/routes.ts'
import { orgProfileRoutes } from '../profile/org-routes.ts'
import { profileRoutes } from '../profile/routes.ts'
import { inviteRoutes } from '../staff/invite-routes.ts'
import { staffRoutes } from '../staff/routes.ts'
import { uploadRoutes } from '../uploads/routes.ts'
import { signedPhotoRoutes } from '../records/photo-links.ts'
import { venueRoutes } from '../venues/routes.ts'
import { billingRoutes, billingWebhookRoutes } from '../billing/routes.ts'
import { formRoutes } from '../forms/routes.ts'
import { contactCategoryRoutes, contactRoutes, venueContactRoutes } from '../contacts/routes.ts'
import { orderRoutes, supplierRoutes, venueOrderRoutes } from '../orders/routes.ts'
import { recipeCategoryRoutes, recipeRoutes, venueRecipeRoutes } from '../recipes/routes.ts'
import { temperatureEntryRoutes, venueTemperatureEntryRoutes } from '../temperatures/entry-routes.ts'
import { temperatureItemRoutes, temperatureRoutes } from '../temperatures/routes.ts'
import { applySecurityHeaders, isHttps } from '../http/security-headers.ts'
import type { AppEnv, Deps } from './context.ts'
import { ApiError, errorCatalogue, notFound } from './errors.ts'
import { orgScope } from './middleware/org-scope.ts'
import { keepJsonTexts } from './in-process.ts'
import { originCheck } from './middleware/origin.ts'
import { openApiDocument } from './openapi.ts'

export const LOCALE_COOKIE = 'mise_lng'

/** The /v1 API as one Hono app. The host (server/main.ts, the dev plugin, tests) supplies its parts. */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()

  app.use('*', async (c, next) => {
    if (c.env?.inProcess) keepJsonTexts(c)
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID()
    c.set('deps', deps)
    c.set('requestId', requestId)
    let log: Deps['logger'] | undefined
    c.set('log', () => (log ??= deps.logger.child({ requestId })))
    const cookieLocale = getCookie(c, LOCALE_COOKIE)
    c.set('locale', isLocale(cookieLocale) ? cookieLocale : localeFromAcceptLanguage(c.req.header('accept-language')))
    c.set('clientIp', clientIp(c.req.raw, c.env?.clientIp, deps.config.TRUST_PROXY))
    c.header('X-Request-Id', requestId)
    c.header('Cache-Control', 'no-store')
    await next()
    // nosniff, no framing and a nothing-to-load CSP on every /v1 answer, errors included (ADR 013).
    applySecurityHeaders(c.res.headers, { https: isHttps(deps.config.appUrl), csp: { kind: 'api' } })
  })
  // Liveness answers without touching the database.
  app.get('/v1/health', (c) => c.json({ status: 'ok' }))
  app.use('*', originCheck())
  app.use('*', sessionMiddleware())
  app.use('*', deviceSessionMiddleware())
  // A signed-in person's saved language comes before the cookie and Accept-Language (messages,
  // exports and e-mails sent on their behalf follow their profile, whatever the browser says).
  app.use('*', async (c, next) => {
    const saved = c.get('auth')?.user.locale
    if (isLocale(saved)) c.set('locale', saved)
    await next()
  })

  app.get('/v1/ready', async (c) => {
    const ok = await deps.ready().catch(() => false)
    return c.json({ status: ok ? 'ready' : 'unavailable' }, ok ? 200 : 503)
  })
  app.get('/v1/openapi.json', (c) => c.json(openApiDocument(deps.config)))

  app.route('/v1/auth/invite', inviteRoutes())
  app.route('/v1/auth/device', deviceAuthRoutes())
  app.route('/v1/auth', authRoutes())
  app.route('/v1/profile', profileRoutes())
  app.route('/v1/billing', billingWebhookRoutes())
  app.route('/v1/forms', formRoutes())
  app.route('/v1/alerts/unsubscribe', unsubscribeRoutes())
  // A supplier's signed link to an order (issue #13): no session.
  app.route('/v1/supplier/orders', supplierRoutes())
  // An export's photo by its signed, expiring link (issue #39): no session.
  app.route('/v1/photos', signedPhotoRoutes())

  // Everything under an organisation: session → membership → role → venues, resolved once.
  // (Hono's '/x/*' also matches '/x' itself: one registration covers /v1/orgs/:orgId too.)
  app.use('/v1/orgs/:orgId/*', orgScope())
  app.route('/v1/orgs', orgRoutes())
  app.route('/v1/orgs/:orgId/venues', venueRoutes())
  app.route('/v1/orgs/:orgId/profile', orgProfileRoutes())
  app.route('/v1/orgs/:orgId/onboarding', onboardingRoutes())
  // The venue home's data and the group overview (issue #14)
  app.route('/v1/orgs/:orgId/venues/:venueId/dashboard', venueDashboardRoutes())
  app.route('/v1/orgs/:orgId/overview', overviewRoutes())
  app.route('/v1/orgs/:orgId/venues/:venueId/alerts', venueAlertRoutes())
  app.route('/v1/orgs/:orgId/alert-settings', alertSettingsRoutes())
  app.route('/v1/orgs/:orgId/alert-preferences', alertPreferencesRoutes())
  app.route('/v1/orgs/:orgId/staff', staffRoutes())
  // The starter library (ADR 049) before /checklists/:checklistId would take `starters` for an id.
  app.route('/v1/orgs/:orgId/checklists/starters', checklistStarterRoutes())
  app.route('/v1/orgs/:orgId/checklists', checklistRoutes())
  app.route('/v1/orgs/:orgId/checklist-items', checklistItemRoutes())
  app.route('/v1/orgs/:orgId/checklist-entries', checklistEntryRoutes())
  app.route('/v1/orgs/:orgId/venues/:venueId/checklist-entries', venueChecklistEntryRoutes())
  app.route('/v1/orgs/:orgId/temperatures', temperatureRoutes())
  app.route('/v1/orgs/:orgId/temperature-items', temperatureItemRoutes())
  app.route('/v1/orgs/:orgId/temperature-entries', temperatureEntryRoutes())
  app.route('/v1/orgs/:orgId/venues/:venueId/temperature-entries', venueTemperatureEntryRoutes())
  app.route('/v1/orgs/:orgId/uploads', uploadRoutes())
  app.route('/v1/orgs/:orgId/devices', deviceRoutes())
  app.route('/v1/orgs/:orgId/billing', billingRoutes())
  // Contacts and supplier orders (issue #13)
  app.route('/v1/orgs/:orgId/contacts', contactRoutes())
  app.route('/v1/orgs/:orgId/contact-categories', contactCategoryRoutes())
  app.route('/v1/orgs/:orgId/venues/:venueId/contacts', venueContactRoutes())
  app.route('/v1/orgs/:orgId/venues/:venueId/orders', venueOrderRoutes())
  app.route('/v1/orgs/:orgId/orders', orderRoutes())
  app.route('/v1/orgs/:orgId/recipes', recipeRoutes())
  app.route('/v1/orgs/:orgId/recipe-categories', recipeCategoryRoutes())
  app.route('/v1/orgs/:orgId/venues/:venueId/recipes', venueRecipeRoutes())

  app.notFound(() => {
    throw notFound()
  })

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v)
      return c.json(error.toBody(), error.code as 400)
    }
    c.get('log')?.().error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error')
    const { code, message } = errorCatalogue.ServerError
    return c.json({ error: { name: 'ServerError', code, message } }, 500)
  })

  return app
}

export type ApiApp = ReturnType<typeof createApp>

/**
 * The caller's address: the one the host bound (socket or in-process web call); X-Forwarded-For only
 * from a trusted proxy, or when no host bound one (tests calling app.request directly).
 */
function clientIp(request: Request, bound: string | undefined, trustProxy: boolean): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  if (forwarded && (trustProxy || !bound)) return forwarded
  return bound ?? 'unknown'
}
