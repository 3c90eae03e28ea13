import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/organisations.create'
import { createOrgBody } from '../../../server/orgs/routes'
import { AuthCard } from '../../components/auth-card'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { Field, FieldMessage, FormError } from '../../components/ui/field'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { selectOrgCookies } from '../../lib/selection.server'
import { timeZones } from '../../lib/time-zones'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

/** The API's time zone and unit; a name of only spaces gets the web's message. */
const schema = z.object({ ...createOrgBody.shape, name: requiredText(100) })

export function loader(args: Route.LoaderArgs) {
  return { zones: timeZones(getLocale(args.request)) }
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post<{ organisation: { id: string; name: string } }>('/v1/orgs', submission.value)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') return unauthorizedRedirect(args.request)
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'timeZone', 'temperatureUnit'] })
  }
  const headers = client.headers()
  for (const c of selectOrgCookies(result.data.organisation.id)) headers.append('Set-Cookie', c)
  const t = translator(locale)
  return redirectWithToast('/venues/create', { type: 'success', title: t('org:createOrg.done', { name: result.data.organisation.name }) }, { headers })
}

export default function CreateOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { field, group, checked, formProps, formErrors } = useServerForm({
    id: 'create-organisation',
    lastResult: actionData?.result,
    defaultValue: { timeZone: 'Europe/London', temperatureUnit: 'C' },
  })
  const unit = group('temperatureUnit')
  return (
    <AuthCard title={t('createOrg.title')} intro={t('createOrg.intro')}>
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={formErrors} />
        <Field label={t('createOrg.name')} {...field('name')} required maxLength={100} autoComplete="organization" />
        <TimeZoneSelect label={t('createOrg.timeZone')} zones={loaderData.zones} {...field('timeZone')} />
        <fieldset className="space-y-1" aria-describedby={unit.errors ? unit.errorId : undefined}>
          <legend className="text-sm font-medium">{t('createOrg.unit')}</legend>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="temperatureUnit" value="C" defaultChecked={checked('temperatureUnit', 'C')} /> {t('createOrg.celsius')}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="temperatureUnit" value="F" defaultChecked={checked('temperatureUnit', 'F')} /> {t('createOrg.fahrenheit')}
          </label>
          <FieldMessage id={unit.errorId} errors={unit.errors} />
        </fieldset>
        <SubmitButton>{t('createOrg.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  )
}
