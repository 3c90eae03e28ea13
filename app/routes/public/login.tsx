import { clearSelectionCookies } from '../../lib/selection.server'
import { Form, Link, redirect, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/login'
import { loginBody } from '../../../server/auth/routes'
import { AuthCard } from '../../components/auth-card'
import { HoneypotFields } from '../../components/honeypot'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { isSpam, spamMessage } from '../../lib/honeypot.server'
import { getLocale } from '../../lib/i18n.server'
import { safeRedirect } from '../../lib/safe-redirect'

/** The API's contract, without its refusal of other fields (the form also sends where to go next). */
const schema = z.object(loginBody.shape)

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (await isSpam(form)) return refusedForm(submission, { formError: spamMessage(locale) })
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post('/v1/auth/login', submission.value)
  if (!result.ok) {
    // A wrong password is this form's own message, not a reason to send the user to /login.
    return rejectedForm(submission, result.error, locale, { fields: ['email', 'password'] })
  }
  const headers = client.headers()
  for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
  return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers })
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const [params] = useSearchParams()
  const redirectTo = params.get('redirectTo') ?? ''
  const { field, formProps, formErrors } = useServerForm({ id: 'login', lastResult: actionData?.result })
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
          <p>
            <Link className="underline" to="/contact">
              {t('contact.link')}
            </Link>
            {' · '}
            <Link className="underline" to="/early-access">
              {t('earlyAccess.link')}
            </Link>
          </p>
        </>
      }
    >
      <Form method="post" className="space-y-4" {...formProps} aria-describedby={formErrors?.length ? 'login-error' : undefined}>
        <FormError id="login-error" errors={formErrors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <HoneypotFields />
        <Field label={t('fields.email')} {...field('email')} type="email" autoComplete="email" required />
        <Field label={t('fields.password')} {...field('password')} type="password" autoComplete="current-password" required />
        <SubmitButton pendingLabel={t('login.pending')}>{t('login.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
