import { Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/organisations.create'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FormError } from '../../components/ui/field'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { selectOrgCookies } from '../../lib/selection.server'
import { timeZones } from '../../lib/time-zones'
import { redirectWithToast } from '../../lib/toast.server'

const FIELDS = ['name', 'timeZone', 'temperatureUnit'] as const

export function loader() {
  return { zones: timeZones() }
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const result = await client.post<{ organisation: { id: string; name: string } }>('/v1/orgs', formValues(form, FIELDS))
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') return unauthorizedRedirect(args.request)
    return formFailure(result.error, locale, FIELDS)
  }
  const headers = client.headers()
  for (const c of selectOrgCookies(result.data.organisation.id)) headers.append('Set-Cookie', c)
  const t = translator(locale)
  return redirectWithToast('/venues/create', { type: 'success', title: t('org:createOrg.done', { name: result.data.organisation.name }) }, { headers })
}

export default function CreateOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const errors = actionData?.fieldErrors ?? {}
  return (
    <AuthCard title={t('createOrg.title')} intro={t('createOrg.intro')}>
      <Form method="post" className="space-y-4">
        <FormError>{actionData?.formError}</FormError>
        <Field label={t('createOrg.name')} name="name" required maxLength={100} autoComplete="organization" error={errors.name} />
        <TimeZoneSelect label={t('createOrg.timeZone')} zones={loaderData.zones} defaultValue="Europe/London" error={errors.timeZone} />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('createOrg.unit')}</legend>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="temperatureUnit" value="C" defaultChecked /> {t('createOrg.celsius')}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="temperatureUnit" value="F" /> {t('createOrg.fahrenheit')}
          </label>
        </fieldset>
        <SubmitButton>{t('createOrg.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
