import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/forgot-password'
import { forgotBody } from '../../../server/auth/routes'
import { AuthCard } from '../../components/auth-card'
import { HoneypotFields } from '../../components/honeypot'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { isSpam, spamMessage } from '../../lib/honeypot.server'
import { getLocale } from '../../lib/i18n.server'

/** The API's contract, without its refusal of other fields. */
const schema = z.object(forgotBody.shape)

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (await isSpam(form)) return refusedForm(submission, { formError: spamMessage(locale) }, { sent: false })
  if (submission.status !== 'success') return invalidForm(submission, { sent: false })
  const result = await api(args).post('/v1/auth/forgot-password', submission.value)
  if (!result.ok) {
    return rejectedForm(submission, result.error, locale, { fields: ['email'], extra: { sent: false } })
  }
  return { sent: true, result: undefined }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const { field, formProps, formErrors } = useServerForm({ id: 'forgot-password', lastResult: actionData?.result })
  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <p>
          <Link className="underline" to="/login">
            {t('forgot.back')}
          </Link>
        </p>
      }
    >
      {actionData?.sent ? (
        <p role="status" className="font-medium">
          {t('forgot.sent')}
        </p>
      ) : (
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <HoneypotFields />
          <Field label={t('fields.email')} {...field('email')} type="email" autoComplete="email" required />
          <SubmitButton pendingLabel={t('forgot.pending')}>{t('forgot.submit')}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  )
}
