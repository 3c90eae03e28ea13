import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/forgot-password'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale } from '../../lib/i18n.server'

const FIELDS = ['email'] as const

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const result = await api(args).post('/v1/auth/forgot-password', formValues(form, FIELDS))
  if (!result.ok) {
    return formFailure(result.error, getLocale(args.request), FIELDS, { sent: false })
  }
  return { sent: true, fieldErrors: {} as Record<string, string>, formError: undefined }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const errors = actionData?.fieldErrors ?? {}
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
        <Form method="post" className="space-y-4">
          <FormError>{actionData?.formError}</FormError>
          <Field label={t('fields.email')} name="email" type="email" autoComplete="email" required error={errors.email} />
          <SubmitButton pendingLabel={t('forgot.pending')}>{t('forgot.submit')}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  )
}
