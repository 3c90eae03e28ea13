import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Route } from './+types/venues.new'
import { can } from '../../../server/auth/permissions'
import { createVenueBody } from '../../../server/venues/routes'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FormError } from '../../components/ui/field'
import { PlanLimitNotice } from '../../components/plan-limit'
import { loadPlanSummary } from '../../lib/plan-limits.server'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { timeZones } from '../../lib/time-zones'
import { redirectWithToast } from '../../lib/toast.server'

/** The API's address and time zone; a name of only spaces gets the web's message. */
const schema = z.object({ ...createVenueBody.shape, name: requiredText(100) })

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'venue.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { organisation } = must(args.request, client, await client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`))
  return { zones: timeZones(), defaultZone: organisation.timeZone, planSummary: await loadPlanSummary(args, org.id), billingLink: can(org.role, 'billing.manage') }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const result = await client.post<{ venue: { id: string; name: string } }>(`/v1/orgs/${org.id}/venues`, submission.value)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'address', 'timeZone'] })
  }
  const t = translator(locale)
  return redirectWithToast('/settings/venues', { type: 'success', title: t('org-settings:venues.created', { name: result.data.venue.name }) }, { headers: client.headers() })
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
