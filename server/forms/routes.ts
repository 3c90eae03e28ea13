import { Hono } from 'hono'
import { z } from 'zod'
import { nowOf, type AppEnv } from '../api/context.ts'
import { email, line, text, uuid } from '../api/contract.ts'
import { readJson } from '../api/validate.ts'
import { locales } from '../i18n.ts'
import { submitForm, type FormInput } from './service.ts'
import type { FormKind } from './schema.ts'

const name = line().trim().min(1).max(100)
const message = text().trim().min(1).max(5000)
const common = {
  name,
  email: email({ trim: true }),
  /** The sender's language for the acknowledgement; default: the request's. */
  locale: z.enum(locales).optional(),
  /** The honeypot: leave empty. */
  website: line().max(200).optional(),
  /** When the form was served, ms since the epoch (the time trap). */
  startedAt: z.number().int().nonnegative().optional(),
}

export const contactBody = z.strictObject({ ...common, company: line().trim().max(200).optional(), message })
export const earlyAccessBody = z.strictObject({
  ...common,
  company: line().trim().max(200).optional(),
  venues: z.number().int().min(1).max(10_000).optional(),
  message: text().trim().max(5000).optional(),
})
export const supportBody = z.strictObject({
  ...common,
  subject: line().trim().min(1).max(200),
  message,
  orgId: uuid().optional(),
  venueId: uuid('validation.venue').optional(),
  uploadId: uuid().optional(),
})

/** The fields kept beyond name and e-mail (and the form's own machinery). */
function fieldsOf(body: Record<string, unknown>): Record<string, string> {
  const skip = new Set(['name', 'email', 'locale', 'website', 'startedAt', 'orgId', 'venueId', 'uploadId'])
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key, value]) => !skip.has(key) && value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  )
}

/** /v1/forms — anyone may send; a signed-in member's support request carries their organisation. */
export function formRoutes() {
  const app = new Hono<AppEnv>()
  const handle = (kind: FormKind, schema: z.ZodType<Record<string, unknown>>) =>
    app.post(`/${kind}`, async (c) => {
      const body = (await readJson(c, schema)) as Omit<FormInput, 'fields'> & Record<string, unknown>
      const deps = c.get('deps')
      await submitForm(
        deps,
        kind,
        { ...body, fields: fieldsOf(body) },
        { ip: c.get('clientIp'), userId: c.get('auth')?.user.id ?? null, locale: c.get('locale') },
        nowOf(deps),
      )
      return c.json({ ok: true as const }, 202)
    })
  handle('contact', contactBody)
  handle('support', supportBody)
  handle('early-access', earlyAccessBody)
  return app
}
