import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/venues.create'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FormError } from '../../components/ui/field'
import { PlanLimitNotice } from '../../components/plan-limit'
import { useServerForm } from '../../lib/forms'
import { translator } from '../../lib/i18n.server'
import { createVenue, newVenueLoader } from '../../lib/new-venue.server'
import { selectVenueCookie } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

export const loader = (args: Route.LoaderArgs) => newVenueLoader(args)

export async function action(args: Route.ActionArgs) {
  const created = await createVenue(args)
  if ('failure' in created) return created.failure
  created.headers.append('Set-Cookie', selectVenueCookie(created.venue.id))
  return redirectWithToast('/', { type: 'success', title: translator(created.locale)('org:createVenue.done', { name: created.venue.name }) }, { headers: created.headers })
}

export default function CreateVenue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { field, formProps, formErrors } = useServerForm({ id: 'create-venue', lastResult: actionData?.result, defaultValue: { timeZone: loaderData.defaultZone } })
  return (
    <AuthCard title={t('createVenue.title')} intro={t('createVenue.intro')}>
      <PlanLimitNotice summary={loaderData.planSummary} kind="venues" billingLink={loaderData.billingLink} />
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={formErrors} />
        <Field label={t('createVenue.name')} {...field('name')} required maxLength={100} />
        <Field label={t('createVenue.address')} {...field('address')} maxLength={300} autoComplete="street-address" />
        <TimeZoneSelect label={t('createVenue.timeZone')} zones={loaderData.zones} {...field('timeZone')} />
        <SubmitButton>{t('createVenue.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
