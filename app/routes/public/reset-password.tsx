import { data, Form, Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/reset-password'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'

const FIELDS = ['id', 'token', 'password'] as const

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const t = translator(locale)
  const values = formValues(form, FIELDS)
  if (values.password !== form.get('confirmPassword')) {
    return data({ fieldErrors: { confirmPassword: t('validation.passwordsDiffer') } as Record<string, string>, formError: undefined }, { status: 400 })
  }
  const client = api(args)
  const result = await client.post('/v1/auth/reset-password', values)
  if (!result.ok) {
    return formFailure(result.error, locale, ['password'])
  }
  return redirectWithToast('/login', { type: 'success', title: t('public:reset.done') }, { headers: client.headers() })
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const [params] = useSearchParams()
  const id = params.get('id')
  const token = params.get('token')
  const errors = actionData?.fieldErrors ?? {}
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
        actionData?.formError ? (
          <p>
            <Link className="underline" to="/forgot-password">
              {t('reset.again')}
            </Link>
          </p>
        ) : null
      }
    >
      <Form method="post" className="space-y-4">
        <FormError>{actionData?.formError}</FormError>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="token" value={token} />
        <Field
          label={t('fields.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('fields.passwordHint')}
          error={errors.password}
        />
        <Field
          label={t('fields.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          error={errors.confirmPassword}
        />
        <SubmitButton pendingLabel={t('reset.pending')}>{t('reset.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
