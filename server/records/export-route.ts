import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv } from '../api/context.ts'
import { line, uuid } from '../api/contract.ts'
import { validationError } from '../api/errors.ts'
import { requirePermission } from '../api/middleware/org-scope.ts'
import type { Db } from '../db/client.ts'
import { t } from '../i18n.ts'
import { memberships, organisations } from '../orgs/schema.ts'
import type { OrgScope } from '../scope.ts'
import { venueForWork } from '../templates/day.ts'
import { exportRecords } from './export.ts'
import type { RecordKind } from './schema.ts'
import { daysBetween, requireDay } from './service.ts'

const dayField = line().max(40)

/** The body of every records export: a venue, a range of days and a format. */
export const recordsExportBody = z.strictObject({
  venueId: uuid(),
  from: dayField,
  to: dayField,
  format: z.enum(['csv', 'pdf']),
})

/** The longest export range, in days (inclusive). */
export const EXPORT_MAX_DAYS = 366

async function actor(db: Db, scope: OrgScope): Promise<{ name: string; unit: 'C' | 'F' }> {
  const [row] = await db
    .select({ name: memberships.name, unit: organisations.temperatureUnit })
    .from(organisations)
    .leftJoin(memberships, and(eq(memberships.orgId, organisations.id), eq(memberships.id, scope.membershipId ?? '00000000-0000-0000-0000-000000000000')))
    .where(eq(organisations.id, scope.orgId))
  return { name: row?.name ?? '', unit: row?.unit ?? 'C' }
}

/** A header-safe file name for Content-Disposition (ASCII, no quotes). */
function attachmentName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_')
}

/** Answer an export of these kinds of records (ADMIN and up) as a file, with its SHA-256 in a header. */
export async function exportResponse(c: Context<AppEnv>, kinds: RecordKind[], body: z.infer<typeof recordsExportBody>) {
  const scope = requirePermission(c, 'records.export')
  const locale = c.get('locale')
  const from = requireDay(body.from, { locale, field: 'from', allowFuture: true })
  const to = requireDay(body.to, { locale, field: 'to', allowFuture: true })
  if (to < from) throw validationError({ to: t(locale, 'records.rangeOrder') })
  if (daysBetween(from, to) + 1 > EXPORT_MAX_DAYS) throw validationError({ to: t(locale, 'records.rangeTooLong', { days: EXPORT_MAX_DAYS }) })
  const { db } = c.get('deps')
  await venueForWork({ db, scope }, body.venueId)
  const who = await actor(db, scope)
  const deps = c.get('deps')
  const file = await exportRecords(kinds, deps, scope, { venueId: body.venueId, from, to, format: body.format }, locale, who.name, {
    unit: who.unit,
    appUrl: deps.config.appUrl,
    now: nowOf(deps),
  })
  c.header('Content-Type', file.contentType)
  c.header('Content-Disposition', `attachment; filename="${attachmentName(file.fileName)}"`)
  c.header('X-Content-SHA256', file.sha256)
  return c.body(typeof file.body === 'string' ? file.body : new Uint8Array(file.body))
}
