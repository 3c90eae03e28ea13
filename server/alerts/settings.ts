/**
 * What the organisation and each member chose about alerts (ADR 051): which alerts, after how long,
 * the daily digest and its local time, quiet hours, and the members who get alerts besides managers.
 * No row means the defaults; a PUT writes the whole row (upsert).
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import { z } from 'zod'
import { line, uuid } from '../api/contract.ts'
import { validationError } from '../api/errors.ts'
import type { Db } from '../db/client.ts'
import { t, type Locale } from '../i18n.ts'
import { memberships } from '../orgs/schema.ts'
import type { OrgScope } from '../scope.ts'
import { HH_MM } from '../templates/routes.ts'
import { alertPreferences, alertSettings } from './schema.ts'

/** A local time HH:mm (each venue's zone); "" or null for none. */
const localTime = (message: string) =>
  line({ error: message })
    .trim()
    .refine((value) => value === '' || HH_MM.test(value), message)
    .transform((value) => value || null)
    .nullable()

const delay = z.int({ error: 'validation.alertDelay' }).min(0, 'validation.alertDelay').max(24 * 60, 'validation.alertDelay')

/** Quiet hours come in pairs: both times or neither. */
function quietPair(body: { quietStart?: string | null; quietEnd?: string | null }, ctx: z.RefinementCtx) {
  if (body.quietStart === undefined && body.quietEnd === undefined) return
  if (!body.quietStart !== !body.quietEnd) ctx.addIssue({ code: 'custom', path: [body.quietStart ? 'quietEnd' : 'quietStart'], message: 'validation.quietHours' })
  else if (body.quietStart && body.quietStart === body.quietEnd) ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: 'validation.quietHours' })
}

/** PUT {org}/alert-settings: every field optional; what is left out keeps its value. */
export const alertSettingsBody = z
  .strictObject({
    overdue: z.boolean().optional(),
    overdueDelayMinutes: delay.optional(),
    failures: z.boolean().optional(),
    failureDelayMinutes: delay.optional(),
    digest: z.boolean().optional(),
    digestTime: line({ error: 'validation.dueTime' }).trim().regex(HH_MM, 'validation.dueTime').optional(),
    quietStart: localTime('validation.quietHours').optional(),
    quietEnd: localTime('validation.quietHours').optional(),
    recipientIds: z.array(uuid('validation.alertRecipients'), { error: 'validation.alertRecipients' }).max(200, 'validation.alertRecipients').optional(),
  })
  .superRefine(quietPair)

/** PUT {org}/alert-preferences: the member's own. */
export const alertPreferencesBody = z
  .strictObject({
    overdue: z.boolean().optional(),
    failures: z.boolean().optional(),
    digest: z.boolean().optional(),
    quietStart: localTime('validation.quietHours').optional(),
    quietEnd: localTime('validation.quietHours').optional(),
  })
  .superRefine(quietPair)

export interface AlertSettings {
  overdue: boolean
  overdueDelayMinutes: number
  failures: boolean
  failureDelayMinutes: number
  digest: boolean
  digestTime: string
  quietStart: string | null
  quietEnd: string | null
  recipientIds: string[]
}

export interface AlertPreferences {
  overdue: boolean
  failures: boolean
  digest: boolean
  quietStart: string | null
  quietEnd: string | null
}

export const DEFAULT_SETTINGS: AlertSettings = {
  overdue: true,
  overdueDelayMinutes: 30,
  failures: true,
  failureDelayMinutes: 30,
  digest: true,
  digestTime: '07:00',
  quietStart: null,
  quietEnd: null,
  recipientIds: [],
}

export const DEFAULT_PREFERENCES: AlertPreferences = { overdue: true, failures: true, digest: true, quietStart: null, quietEnd: null }

const settingsColumns = {
  overdue: alertSettings.overdue,
  overdueDelayMinutes: alertSettings.overdueDelayMinutes,
  failures: alertSettings.failures,
  failureDelayMinutes: alertSettings.failureDelayMinutes,
  digest: alertSettings.digest,
  digestTime: alertSettings.digestTime,
  quietStart: alertSettings.quietStart,
  quietEnd: alertSettings.quietEnd,
  recipientIds: alertSettings.recipientIds,
}

const preferenceColumns = {
  overdue: alertPreferences.overdue,
  failures: alertPreferences.failures,
  digest: alertPreferences.digest,
  quietStart: alertPreferences.quietStart,
  quietEnd: alertPreferences.quietEnd,
}

/** Settings of many organisations at once (the scan); defaults for those without a row. */
export async function settingsOf(db: Db, orgIds: string[]): Promise<Map<string, AlertSettings>> {
  const rows = orgIds.length ? await db.select({ orgId: alertSettings.orgId, ...settingsColumns }).from(alertSettings).where(inArray(alertSettings.orgId, orgIds)) : []
  const found = new Map(rows.map(({ orgId, ...s }) => [orgId, s]))
  return new Map(orgIds.map((id) => [id, found.get(id) ?? DEFAULT_SETTINGS]))
}

export async function getAlertSettings(db: Db, scope: OrgScope): Promise<AlertSettings> {
  return (await settingsOf(db, [scope.orgId])).get(scope.orgId)!
}

/** The members chosen as recipients must be active members of the organisation (ValidationError otherwise). */
async function checkRecipients(db: Db, scope: OrgScope, ids: string[], locale: Locale): Promise<string[]> {
  const unique = [...new Set(ids)]
  if (!unique.length) return unique
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.orgId, scope.orgId), inArray(memberships.id, unique), ne(memberships.status, 'removed')))
  if (rows.length !== unique.length) throw validationError({ recipientIds: t(locale, 'validation.alertRecipients') })
  return unique
}

/** Quiet hours after a patch: a pair given replaces both; one of them alone is paired with the stored other. */
function quietAfter(current: { quietStart: string | null; quietEnd: string | null }, patch: { quietStart?: string | null; quietEnd?: string | null }, locale: Locale) {
  const quietStart = patch.quietStart !== undefined ? patch.quietStart : current.quietStart
  const quietEnd = patch.quietEnd !== undefined ? patch.quietEnd : current.quietEnd
  if (!quietStart !== !quietEnd || (quietStart && quietStart === quietEnd)) throw validationError({ [quietStart ? 'quietEnd' : 'quietStart']: t(locale, 'validation.quietHours') })
  return { quietStart, quietEnd }
}

export async function updateAlertSettings(db: Db, scope: OrgScope, patch: z.infer<typeof alertSettingsBody>, locale: Locale): Promise<AlertSettings> {
  const current = await getAlertSettings(db, scope)
  const next: AlertSettings = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    ...quietAfter(current, patch, locale),
  }
  if (patch.recipientIds) next.recipientIds = await checkRecipients(db, scope, patch.recipientIds, locale)
  const values = { ...next, updatedAt: new Date() }
  await db
    .insert(alertSettings)
    .values({ orgId: scope.orgId, ...values })
    .onConflictDoUpdate({ target: alertSettings.orgId, set: values })
  return next
}

/** The member's own preferences (defaults without a row); null for a caller who is not a member (a super admin). */
export async function getAlertPreferences(db: Db, scope: OrgScope): Promise<AlertPreferences | null> {
  if (!scope.membershipId) return null
  const [row] = await db
    .select(preferenceColumns)
    .from(alertPreferences)
    .where(and(eq(alertPreferences.orgId, scope.orgId), eq(alertPreferences.membershipId, scope.membershipId)))
  return row ?? DEFAULT_PREFERENCES
}

export async function updateAlertPreferences(db: Db, scope: OrgScope & { membershipId: string }, patch: z.infer<typeof alertPreferencesBody>, locale: Locale): Promise<AlertPreferences> {
  const current = (await getAlertPreferences(db, scope))!
  const next: AlertPreferences = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    ...quietAfter(current, patch, locale),
  }
  await setPreferences(db, scope.orgId, scope.membershipId, next)
  return next
}

/** Write a member's preferences (the profile page, and the unsubscribe link). */
export async function setPreferences(db: Db, orgId: string, membershipId: string, prefs: AlertPreferences): Promise<void> {
  const values = { ...prefs, updatedAt: new Date() }
  await db
    .insert(alertPreferences)
    .values({ membershipId, orgId, ...values })
    .onConflictDoUpdate({ target: alertPreferences.membershipId, set: values })
}

/** Is `now` (a local HH:mm) inside quiet hours start–end (which may span midnight)? */
export function inQuietHours(localTime: string, quiet: { quietStart: string | null; quietEnd: string | null }): boolean {
  const { quietStart: start, quietEnd: end } = quiet
  if (!start || !end) return false
  return start < end ? localTime >= start && localTime < end : localTime >= start || localTime < end
}
