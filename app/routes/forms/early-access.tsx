import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/early-access'
import { earlyAccessBody } from '../../../server/forms/routes'
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

/** The API's e-mail and number of venues; texts of only spaces get the web's message. */
const schema = z.object({
  name: requiredText(100),
  email: earlyAccessBody.shape.email,
  company: optionalText(200),
  venues: z.coerce.number().int().min(1).max(10_000).optional(),
  message: optionalText(5000),
})

export const loader = (args: Route.LoaderArgs) => publicFormLoader(args)

export const action = (args: Route.ActionArgs) => publicFormAction(args, schema, '/v1/forms/early-access')

export default function EarlyAccess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('public')
  const { field, formProps, formErrors } = useServerForm({ id: 'early-access', lastResult: actionData?.result, defaultValue: loaderData.person ?? undefined })
  return (
    <AuthCard
      title={t('earlyAccess.title')}
      intro={t('earlyAccess.intro')}
      footer={
        <p>
          <Link className="underline" to="/contact">
            {t('earlyAccess.contact')}
          </Link>
        </p>
      }
    >
      {actionData?.sent ? (
        <p role="status" className="font-medium">
          {t('earlyAccess.sent')}
        </p>
      ) : (
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <HoneypotFields inputProps={loaderData.honeypot} />
          <Field label={t('fields.name')} {...field('name')} autoComplete="name" required maxLength={100} />
          <Field label={t('fields.email')} {...field('email')} type="email" autoComplete="email" required />
          <Field label={t('earlyAccess.company')} {...field('company')} autoComplete="organization" maxLength={200} />
          <Field label={t('earlyAccess.venues')} {...field('venues')} type="number" inputMode="numeric" min={1} max={10000} />
          <TextareaField label={t('earlyAccess.message')} {...field('message')} maxLength={5000} rows={4} />
          <SubmitButton pendingLabel={t('earlyAccess.pending')}>{t('earlyAccess.submit')}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  )
}
