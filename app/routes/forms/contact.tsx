import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/contact'
import { contactBody } from '../../../server/forms/routes'
import { AuthCard } from '../../components/auth-card'
import { HoneypotFields } from '../../components/honeypot'
import { TextareaField } from '../../components/records/fields'
import { SubmitButton } from '../../components/submit-button'
import { Field, FormError } from '../../components/ui/field'
import { useServerForm } from '../../lib/forms'
import { optionalText, requiredText } from '../../lib/forms.server'
import { publicFormAction, publicFormLoader } from './shared.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['public'] }

/** The API's e-mail; names and texts of only spaces get the web's message. */
const schema = z.object({ name: requiredText(100), email: contactBody.shape.email, company: optionalText(200), message: requiredText(5000) })

export const loader = (args: Route.LoaderArgs) => publicFormLoader(args)

export const action = (args: Route.ActionArgs) => publicFormAction(args, schema, '/v1/forms/contact')

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const { field, formProps, formErrors } = useServerForm({ id: 'contact', lastResult: actionData?.result, defaultValue: loaderData.person ?? undefined })
  return (
    <AuthCard
      title={t('contact.title')}
      intro={t('contact.intro')}
      footer={
        <p>
          <Link className="underline" to="/early-access">
            {t('contact.earlyAccess')}
          </Link>
        </p>
      }
    >
      {actionData?.sent ? (
        <p role="status" className="font-medium">
          {t('contact.sent')}
        </p>
      ) : (
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <HoneypotFields inputProps={loaderData.honeypot} />
          <Field label={t('fields.name')} {...field('name')} autoComplete="name" required maxLength={100} />
          <Field label={t('fields.email')} {...field('email')} type="email" autoComplete="email" required />
          <Field label={t('contact.company')} {...field('company')} autoComplete="organization" maxLength={200} />
          <TextareaField label={t('contact.message')} {...field('message')} required maxLength={5000} rows={6} />
          <SubmitButton pendingLabel={t('contact.pending')}>{t('contact.submit')}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  )
}
