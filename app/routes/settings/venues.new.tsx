import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/venues.new'
import { can } from '../../../server/auth/permissions'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
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
  const values = formValues(form, FIELDS)
  const result = await client.post<{ venue: { id: string; name: string } }>(`/v1/orgs/${org.id}/venues`, values)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return formFailure(result.error, locale, FIELDS, { values })
  }
  const t = translator(locale)
  return redirectWithToast('/settings/venues', { type: 'success', title: t('org-settings:venues.created', { name: result.data.venue.name }) }, { headers: client.headers() })
}

export default function NewVenue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/venues" className="text-sm underline">
          {t('venues.back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('venues.newTitle')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('venues.newIntro')}</p>
      <Form method="post" className="space-y-4">
        <FormError>{actionData?.formError}</FormError>
        <Field label={t('venues.name')} name="name" required maxLength={100} defaultValue={values?.name} error={errors.name} />
        <Field label={t('venues.address')} name="address" maxLength={300} autoComplete="street-address" defaultValue={values?.address} error={errors.address} />
        <TimeZoneSelect label={t('venues.timeZone')} zones={loaderData.zones} defaultValue={values?.timeZone ?? loaderData.defaultZone} error={errors.timeZone} />
        <SubmitButton width="fit" pendingLabel={t('common:actions.working')}>
          {t('venues.create')}
        </SubmitButton>
      </Form>
    </div>
  )
}
