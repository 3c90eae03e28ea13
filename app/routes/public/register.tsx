import { clearSelectionCookies } from '../../lib/selection.server'
import { Form, Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/register'
import { registerBody } from '../../../server/auth/routes'
import { AuthCard } from '../../components/auth-card'
import { HoneypotFields } from '../../components/honeypot'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, refusedForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale } from '../../lib/i18n.server'
import { isSpam, spamMessage } from '../../lib/honeypot.server'
import { safeRedirect } from '../../lib/safe-redirect'
import { redirectWithToast } from '../../lib/toast.server'
import { translator } from '../../lib/i18n.server'

/** The API's own rules for e-mail and password; a name of only spaces gets the web's message. */
const schema = z.object({ ...registerBody.pick({ email: true, password: true }).shape, name: requiredText(100) })

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (await isSpam(form)) return refusedForm(submission, { formError: spamMessage(locale) })
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post('/v1/auth/register', { ...submission.value, locale })
  if (!result.ok) {
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'email', 'password'] })
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
  const { field, formProps, formErrors } = useServerForm({ id: 'register', lastResult: actionData?.result })
  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <>
          <p>
            {t('register.haveAccount')}{' '}
            <Link className="underline" to="/login">
              {t('register.login')}
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
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={formErrors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <HoneypotFields />
        <Field label={t('fields.name')} {...field('name')} autoComplete="name" required maxLength={100} />
        <Field label={t('fields.email')} {...field('email')} type="email" autoComplete="email" required />
        <Field
          label={t('fields.password')}
          {...field('password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('fields.passwordHint')}
        />
        <SubmitButton pendingLabel={t('register.pending')}>{t('register.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
