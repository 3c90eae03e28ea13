import { Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Route } from './+types/venues.create'
import { can } from '../../../server/auth/permissions'
import { createVenueBody } from '../../../server/venues/routes'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FormError } from '../../components/ui/field'
import { PlanLimitNotice } from '../../components/plan-limit'
import { loadPlanSummary } from '../../lib/plan-limits.server'
import { api, must } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg, selectVenueCookie } from '../../lib/selection.server'
import { timeZones } from '../../lib/time-zones'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

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
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post<{ venue: { id: string; name: string } }>(`/v1/orgs/${org.id}/venues`, submission.value)
  if (!result.ok) return rejectedForm(submission, result.error, locale, { fields: ['name', 'address', 'timeZone'] })
  const headers = client.headers()
  headers.append('Set-Cookie', selectVenueCookie(result.data.venue.id))
  return redirectWithToast('/', { type: 'success', title: translator(locale)('org:createVenue.done', { name: result.data.venue.name }) }, { headers })
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
