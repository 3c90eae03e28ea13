/**
 * Public forms (docs/decisions/033-public-forms-and-support.md): contact, support and early access.
 * Each accepted submission is stored (kind, fields, sender, time, language, IP hash), e-mailed to
 * SUPPORT_EMAIL, and acknowledged to the sender in their language.
 *
 * Refusals, in order: an invalid body (ValidationError, field by field; nothing counted); the
 * honeypot filled or the form sent faster than a person could (answered like a success, so a bot
 * learns nothing, but nothing is stored or sent); too many from one IP or one address (429).
 */
import { createHmac } from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Deps } from '../api/context.ts'
import { validationError } from '../api/errors.ts'
import { hit } from '../api/middleware/rate-limit.ts'
import type { Db } from '../db/client.ts'
import { memberships, venues } from '../orgs/schema.ts'
import { requireBodyVenues } from '../scope.ts'
import { t, type Locale } from '../i18n.ts'
import { formAckMail, formToSupportMail } from '../mail/templates.ts'
import { uploads } from '../uploads/schema.ts'
import { formSubmissions, type FormKind } from './schema.ts'

/** A person needs at least this long between the page being served and sending it. */
export const MIN_FILL_MS = 3_000
/** Per kind of form: per IP address, and per sender address. */
export const FORM_LIMITS = { ip: { max: 10, windowSeconds: 3600 }, email: { max: 5, windowSeconds: 3600 } }

export interface FormInput {
  name: string
  email: string
  /** The fields beyond name and e-mail, as the sender typed them. */
  fields: Record<string, string>
  locale?: Locale
  /** The honeypot: hidden from people, so anything in it means a bot. */
  website?: string
  /** When the form was served (ms since the epoch), for the time trap. */
  startedAt?: number
  /** Support requests of a signed-in member: attached automatically by the page. */
  orgId?: string
  venueId?: string
  uploadId?: string
}

export interface Sender {
  ip: string
  userId: string | null
  locale: Locale
}

export function ipHash(ip: string, secret: string | undefined): string {
  return createHmac('sha256', secret ?? 'mise-forms').update(ip).digest('hex').slice(0, 32)
}

/** The organisation, venue and upload a support request names must be the signed-in member's own. */
async function checkAttachments(db: Db, input: FormInput, sender: Sender, locale: Locale) {
  if (!input.orgId) {
    if (input.venueId) throw validationError({ venueId: t(locale, 'validation.venue') })
    if (input.uploadId) throw validationError({ uploadId: t(locale, 'validation.invalid') })
    return
  }
  const [member] = sender.userId
    ? await db
        .select({ id: memberships.id, venueIds: memberships.venueIds })
        .from(memberships)
        .where(and(eq(memberships.orgId, input.orgId), eq(memberships.userId, sender.userId), eq(memberships.status, 'active')))
    : []
  if (!member) throw validationError({ orgId: t(locale, 'validation.invalid') })
  // The member's venue limits hold here as under /v1/orgs (server/scope.ts): another venue is 403.
  requireBodyVenues({ venueIds: member.venueIds.length ? member.venueIds : null }, input)
  if (input.venueId) {
    const [venue] = await db
      .select({ id: venues.id })
      .from(venues)
      .where(and(eq(venues.orgId, input.orgId), eq(venues.id, input.venueId), isNull(venues.archivedAt)))
    if (!venue) throw validationError({ venueId: t(locale, 'validation.venue') })
  }
  if (input.uploadId) {
    const [upload] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.orgId, input.orgId), eq(uploads.id, input.uploadId), eq(uploads.uploadedByMembershipId, member.id)))
    if (!upload) throw validationError({ uploadId: t(locale, 'validation.invalid') })
  }
}

export async function submitForm(deps: Deps, kind: FormKind, input: FormInput, sender: Sender, now: Date): Promise<{ stored: boolean }> {
  const { db, config } = deps
  const locale = input.locale ?? sender.locale
  if (kind === 'support') await checkAttachments(db, input, sender, locale)
  if (input.website?.trim()) return { stored: false }
  if (input.startedAt !== undefined && now.getTime() - input.startedAt < MIN_FILL_MS) return { stored: false }
  const hash = ipHash(sender.ip, config.SESSION_SECRET)
  await hit(db, { key: `forms:${kind}:ip:${hash}`, ...FORM_LIMITS.ip })
  await hit(db, { key: `forms:${kind}:email:${input.email.toLowerCase()}`, ...FORM_LIMITS.email })
  const [row] = await db
    .insert(formSubmissions)
    .values({
      kind,
      fields: input.fields,
      senderName: input.name,
      senderEmail: input.email,
      locale,
      ipHash: hash,
      userId: sender.userId,
      orgId: input.orgId ?? null,
      venueId: input.venueId ?? null,
      uploadId: input.uploadId ?? null,
      createdAt: now,
    })
    .returning({ id: formSubmissions.id })
  const submission = { id: row!.id, kind, name: input.name, email: input.email, fields: input.fields, locale, orgId: input.orgId, venueId: input.venueId, uploadId: input.uploadId }
  try {
    await deps.mailer.send(formToSupportMail({ to: config.SUPPORT_EMAIL, appName: config.APP_NAME, appUrl: config.appUrl, submission }))
    await deps.mailer.send(formAckMail({ to: input.email, appName: config.APP_NAME, locale, kind, name: input.name }))
  } catch (error) {
    // Stored all the same: the operator reads it with `npm run forms -- list`.
    deps.logger.error({ err: error, submissionId: row!.id }, 'could not e-mail a form submission')
  }
  return { stored: true }
}

/** For the command line (`npm run forms -- list`). */
export async function listSubmissions(db: Db, opts: { kind?: FormKind; limit?: number } = {}) {
  return db
    .select()
    .from(formSubmissions)
    .where(opts.kind ? eq(formSubmissions.kind, opts.kind) : undefined)
    .orderBy(desc(formSubmissions.createdAt))
    .limit(opts.limit ?? 50)
}
