import { and, eq, ne } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv } from '../api/context.ts'
import { line } from '../api/contract.ts'
import { ApiError, notFound } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import { readJson, readQuery } from '../api/validate.ts'
import { t } from '../i18n.ts'
import { memberships, organisations } from '../orgs/schema.ts'
import { venueForWork } from '../templates/day.ts'
import { pathId } from '../templates/routes.ts'
import { recentAlerts } from './scan.ts'
import type { AlertKind } from './schema.ts'
import {
  alertPreferencesBody,
  alertSettingsBody,
  getAlertPreferences,
  getAlertSettings,
  setPreferences,
  updateAlertPreferences,
  updateAlertSettings,
  type AlertPreferences,
} from './settings.ts'
import { readUnsubscribeToken } from './unsubscribe.ts'

/** /v1/orgs/:orgId/alert-settings — the organisation's alerts (ADMIN and up). */
export function alertSettingsRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const scope = requirePermission(c, 'settings.access')
    return c.json({ settings: await getAlertSettings(c.get('deps').db, scope) })
  })
  app.put('/', async (c) => {
    const scope = requirePermission(c, 'settings.access')
    const body = await readJson(c, alertSettingsBody)
    return c.json({ settings: await updateAlertSettings(c.get('deps').db, scope, body, c.get('locale')) })
  })
  return app
}

/** /v1/orgs/:orgId/alert-preferences — the member's own alerts in this organisation. */
export function alertPreferencesRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const scope = requirePermission(c, 'profile.own')
    const preferences = await getAlertPreferences(c.get('deps').db, scope)
    if (!preferences) throw notFound()
    return c.json({ preferences })
  })
  app.put('/', async (c) => {
    const scope = requirePermission(c, 'profile.own')
    const body = await readJson(c, alertPreferencesBody)
    const { membershipId } = scope
    if (!membershipId) throw notFound()
    return c.json({ preferences: await updateAlertPreferences(c.get('deps').db, { ...scope, membershipId }, body, c.get('locale')) })
  })
  return app
}

/** /v1/orgs/:orgId/venues/:venueId/alerts — the venue's recent alerts (the venue home). */
export function venueAlertRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const scope = requirePermission(c, 'venue.work')
    const { db } = c.get('deps')
    const venue = await venueForWork({ db, scope }, pathId(c, 'venueId'))
    return c.json({ alerts: await recentAlerts(db, scope, venue.id) })
  })
  return app
}

export const unsubscribeQuery = z.strictObject({ token: line().min(1).max(300) })
export const unsubscribeBody = z.strictObject({ token: line().min(1).max(300) })

const PREFERENCE_OF: Record<AlertKind, keyof Pick<AlertPreferences, 'overdue' | 'failures' | 'digest'>> = { overdue: 'overdue', failure: 'failures', digest: 'digest' }

/**
 * /v1/alerts/unsubscribe — the e-mail's link, no session (ADR 051): GET says what the token stops
 * (and whether it is already stopped), POST stops it. An unknown or altered token → 404, an expired one → 400.
 */
export function unsubscribeRoutes() {
  const app = new Hono<AppEnv>()

  async function claimOf(c: Context<AppEnv>, token: string) {
    const deps = c.get('deps')
    const locale = c.get('locale')
    const claim = await readUnsubscribeToken(deps.db, token, nowOf(deps))
    if (claim === 'expired') throw new ApiError('BadRequestError', t(locale, 'alerts.unsubscribe.expired'))
    const [member] =
      claim === 'invalid'
        ? []
        : await deps.db
            .select({ orgId: memberships.orgId, orgName: organisations.name })
            .from(memberships)
            .innerJoin(organisations, eq(organisations.id, memberships.orgId))
            .where(and(eq(memberships.id, claim.membershipId), ne(memberships.status, 'removed')))
    if (claim === 'invalid' || !member) throw notFound(t(locale, 'alerts.unsubscribe.invalid'))
    const prefs = (await getAlertPreferences(deps.db, { orgId: member.orgId, membershipId: claim.membershipId, userId: null, role: null, venueIds: null, readOnly: false }))!
    return { claim, member, prefs }
  }

  app.get('/', async (c) => {
    const { token } = readQuery(c, unsubscribeQuery)
    const { claim, member, prefs } = await claimOf(c, token)
    return c.json({ kind: claim.kind, orgName: member.orgName, subscribed: prefs[PREFERENCE_OF[claim.kind]] })
  })

  app.post('/', async (c) => {
    const { token } = await readJson(c, unsubscribeBody)
    const { claim, member, prefs } = await claimOf(c, token)
    await setPreferences(c.get('deps').db, member.orgId, claim.membershipId, { ...prefs, [PREFERENCE_OF[claim.kind]]: false })
    return c.json({ kind: claim.kind, orgName: member.orgName, subscribed: false })
  })
  return app
}
