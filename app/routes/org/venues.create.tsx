import { Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/venues.create'
import { can } from '../../../server/auth/permissions'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FormError } from '../../components/ui/field'
import { api, must } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg, selectVenueCookie } from '../../lib/selection.server'
import { timeZones } from '../../lib/time-zones'
import { redirectWithToast } from '../../lib/toast.server'

const FIELDS = ['name', 'address', 'timeZone'] as const

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'venue.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { organisation } = must(args.request, client, await client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`))
  return { zones: timeZones(), defaultZone: organisation.timeZone }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const result = await client.post<{ venue: { id: string; name: string } }>(`/v1/orgs/${org.id}/venues`, formValues(form, FIELDS))
  if (!result.ok) return formFailure(result.error, locale, FIELDS)
  const headers = client.headers()
  headers.append('Set-Cookie', selectVenueCookie(result.data.venue.id))
  return redirectWithToast('/', { type: 'success', title: translator(locale)('org:createVenue.done', { name: result.data.venue.name }) }, { headers })
}

export default function CreateVenue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const errors = actionData?.fieldErrors ?? {}
  return (
    <AuthCard title={t('createVenue.title')} intro={t('createVenue.intro')}>
      <Form method="post" className="space-y-4">
        <FormError>{actionData?.formError}</FormError>
        <Field label={t('createVenue.name')} name="name" required maxLength={100} error={errors.name} />
        <Field label={t('createVenue.address')} name="address" maxLength={300} autoComplete="street-address" error={errors.address} />
        <TimeZoneSelect label={t('createVenue.timeZone')} zones={loaderData.zones} defaultValue={loaderData.defaultZone} error={errors.timeZone} />
        <SubmitButton>{t('createVenue.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
