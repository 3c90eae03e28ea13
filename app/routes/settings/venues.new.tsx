import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/venues.new'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FormError } from '../../components/ui/field'
import { PlanLimitNotice } from '../../components/plan-limit'
import { useServerForm } from '../../lib/forms'
import { translator } from '../../lib/i18n.server'
import { createVenue, newVenueLoader } from '../../lib/new-venue.server'
import { redirectWithToast } from '../../lib/toast.server'

export const loader = (args: Route.LoaderArgs) => newVenueLoader(args)

export async function action(args: Route.ActionArgs) {
  const created = await createVenue(args)
  if ('failure' in created) return created.failure
  const t = translator(created.locale)
  return redirectWithToast('/settings/venues', { type: 'success', title: t('org-settings:venues.created', { name: created.venue.name }) }, { headers: created.headers })
}

export default function NewVenue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { field, formProps, formErrors } = useServerForm({ id: 'new-venue', lastResult: actionData?.result, defaultValue: { timeZone: loaderData.defaultZone } })
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/venues" className="text-sm underline">
          {t('venues.back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('venues.newTitle')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('venues.newIntro')}</p>
      <PlanLimitNotice summary={loaderData.planSummary} kind="venues" billingLink={loaderData.billingLink} />
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={formErrors} />
        <Field label={t('venues.name')} {...field('name')} required maxLength={100} />
        <Field label={t('venues.address')} {...field('address')} maxLength={300} autoComplete="street-address" />
        <TimeZoneSelect label={t('venues.timeZone')} zones={loaderData.zones} {...field('timeZone')} />
        <SubmitButton width="fit" pendingLabel={t('common:actions.working')}>
          {t('venues.create')}
        </SubmitButton>
      </Form>
    </div>
  )
}
