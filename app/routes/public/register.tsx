import { clearSelectionCookies } from '../../lib/selection.server'
import { Form, Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/register'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale } from '../../lib/i18n.server'
import { safeRedirect } from '../../lib/safe-redirect'
import { redirectWithToast } from '../../lib/toast.server'
import { translator } from '../../lib/i18n.server'

const FIELDS = ['name', 'email', 'password'] as const

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const client = api(args)
  const result = await client.post('/v1/auth/register', { ...formValues(form, FIELDS), locale })
  if (!result.ok) {
    return formFailure(result.error, locale, FIELDS)
  }
  const t = translator(locale)
  const headers = client.headers()
  for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
  return redirectWithToast(safeRedirect(form.get('redirectTo'), '/'), { type: 'success', title: t('public:register.done') }, { headers })
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const [params] = useSearchParams()
  const redirectTo = params.get('redirectTo') ?? ''
  const errors = actionData?.fieldErrors ?? {}
  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <p>
          {t('register.haveAccount')}{' '}
          <Link className="underline" to="/login">
            {t('register.login')}
          </Link>
        </p>
      }
    >
      <Form method="post" className="space-y-4">
        <FormError>{actionData?.formError}</FormError>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={t('fields.name')} name="name" autoComplete="name" required maxLength={100} error={errors.name} />
        <Field label={t('fields.email')} name="email" type="email" autoComplete="email" required error={errors.email} />
        <Field
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('fields.passwordHint')}
          error={errors.password}
        />
        <SubmitButton pendingLabel={t('register.pending')}>{t('register.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
