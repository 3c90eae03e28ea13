import type { LoaderFunctionArgs, ActionFunctionArgs } from 'react-router'
import type { z } from 'zod'
import { api } from '../../lib/api.server'
import { invalidForm, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { honeypotInputProps, isSpam, spamMessage } from '../../lib/honeypot.server'
import { getLocale } from '../../lib/i18n.server'
import { getMe } from '../../lib/session.server'
import { FORM_MIN_SECONDS } from './shared'

/**
 * Open to everyone, signed in or not (docs/decisions/033): the time trap's fields, and a signed-in
 * person's name and address filled in.
 */
export async function publicFormLoader(args: LoaderFunctionArgs) {
  const { me } = await getMe(args)
  const person = me && me.user.type !== 'device' ? { name: me.user.name, email: me.user.email ?? '' } : null
  return { honeypot: await honeypotInputProps({ minSeconds: FORM_MIN_SECONDS }), person }
}

/** Spam refused, the web's checks, then the API call with the reader's language; `sent` once it went. */
export async function publicFormAction(args: ActionFunctionArgs, schema: z.ZodObject, path: string) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (await isSpam(form)) return refusedForm(submission, { formError: spamMessage(locale) }, { sent: false })
  if (submission.status !== 'success') return invalidForm(submission, { sent: false })
  const result = await api(args).post(path, { ...submission.value, locale })
  if (!result.ok) return rejectedForm(submission, result.error, locale, { fields: Object.keys(schema.shape), extra: { sent: false } })
  return { sent: true as const, result: undefined }
}
