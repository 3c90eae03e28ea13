import { clearSelectionCookies } from '../../lib/selection.server'
import { Form, Link, redirect, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/login'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale } from '../../lib/i18n.server'
import { safeRedirect } from '../../lib/safe-redirect'

const FIELDS = ['email', 'password'] as const

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const client = api(args)
  const result = await client.post('/v1/auth/login', formValues(form, FIELDS))
  if (!result.ok) {
    // A wrong password is this form's own message, not a reason to send the user to /login.
    return formFailure(result.error, getLocale(args.request), FIELDS)
  }
  const headers = client.headers()
  for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
  return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers })
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const [params] = useSearchParams()
  const redirectTo = params.get('redirectTo') ?? ''
  const errors = actionData?.fieldErrors ?? {}
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''
  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <>
          <p>
            <Link className="underline" to={`/forgot-password`}>
              {t('login.forgot')}
            </Link>
          </p>
          <p>
            {t('login.noAccount')}{' '}
            <Link className="underline" to={`/register${query}`}>
              {t('login.register')}
            </Link>
          </p>
        </>
      }
    >
      <Form method="post" className="space-y-4" aria-describedby={actionData?.formError ? 'login-error' : undefined}>
        <FormError id="login-error">{actionData?.formError}</FormError>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={t('fields.email')} name="email" type="email" autoComplete="email" required error={errors.email} />
        <Field label={t('fields.password')} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <SubmitButton pendingLabel={t('login.pending')}>{t('login.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
