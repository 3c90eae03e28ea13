import { Form, Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/reset-password'
import { resetBody } from '../../../server/auth/routes'
import { AuthCard } from '../../components/auth-card'
import { HoneypotFields } from '../../components/honeypot'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { isSpam, spamMessage } from '../../lib/honeypot.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'

/** The API's contract, and the repeated password (a check only the web needs). */
const schema = z
  .object({ ...resetBody.shape, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'validation.passwordsDiffer' })

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const t = translator(locale)
  const submission = parseForm(form, schema, locale)
  if (await isSpam(form)) return refusedForm(submission, { formError: spamMessage(locale) })
  if (submission.status !== 'success') return invalidForm(submission)
  const { id, token, password } = submission.value
  const client = api(args)
  const result = await client.post('/v1/auth/reset-password', { id, token, password })
  if (!result.ok) {
    return rejectedForm(submission, result.error, locale, { fields: ['password'] })
  }
  return redirectWithToast('/login', { type: 'success', title: t('public:reset.done') }, { headers: client.headers() })
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const [params] = useSearchParams()
  const id = params.get('id')
  const token = params.get('token')
  const { field, formProps, formErrors } = useServerForm({ id: 'reset-password', lastResult: actionData?.result })
  // The link is used only when both values are present.
  if (!id || !token) {
    return (
      <AuthCard title={t('reset.title')}>
        <p role="alert" className="mb-3">
          {t('reset.missing')}
        </p>
        <Link className="underline" to="/forgot-password">
          {t('reset.again')}
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={t('reset.title')}
      intro={t('reset.intro')}
      footer={
        formErrors?.length ? (
          <p>
            <Link className="underline" to="/forgot-password">
              {t('reset.again')}
            </Link>
          </p>
        ) : null
      }
    >
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={formErrors} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="token" value={token} />
        <HoneypotFields />
        <Field
          label={t('fields.newPassword')}
          {...field('password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('fields.passwordHint')}
        />
        <Field
          label={t('fields.confirmPassword')}
          {...field('confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
        <SubmitButton pendingLabel={t('reset.pending')}>{t('reset.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
