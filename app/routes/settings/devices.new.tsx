import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/devices.new'
import { can } from '../../../server/auth/permissions'
import { createDeviceBody } from '../../../server/devices/routes'
import { SubmitButton } from '../../components/submit-button'
import { ButtonLink } from '../../components/ui/button'
import { Field, FormError, SelectField } from '../../components/ui/field'
import { PlanLimitNotice } from '../../components/plan-limit'
import { loadPlanSummary } from '../../lib/plan-limits.server'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { Device } from './devices'

/** The API's venue; a name of only spaces gets the web's message. */
const schema = z.object({ ...createDeviceBody.shape, name: requiredText(100) })

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireOrg(args)
  if (!can(org.role, 'devices.manage')) throw new Response('Forbidden', { status: 403 })
  // The venue being worked in comes first; a member limited to some venues sees only those.
  return { venues: org.venues, defaultVenueId: venue?.id ?? org.venues[0]?.id ?? '', planSummary: await loadPlanSummary(args, org.id), billingLink: can(org.role, 'billing.manage') }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const result = await client.post<{ device: Device }>(`/v1/orgs/${org.id}/devices`, submission.value)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'venueId'] })
  }
  const { device } = result.data
  const t = translator(locale)
  // Next step: its sign-in link, on the device's own page.
  return redirectWithToast(`/settings/devices/${device.id}`, { type: 'success', title: t('org-settings:devices.created', { name: device.name }) }, { headers: client.headers() })
}

export default function NewDevice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { venues, defaultVenueId } = loaderData
  const { field, formProps, formErrors } = useServerForm({ id: 'new-device', lastResult: actionData?.result, defaultValue: { venueId: defaultVenueId } })
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/devices" className="text-sm underline">
          {t('devices.back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('devices.newTitle')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('devices.newIntro')}</p>
      <PlanLimitNotice summary={loaderData.planSummary} kind="devices" billingLink={loaderData.billingLink} />
      {venues.length ? (
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <Field label={t('devices.name')} {...field('name')} required maxLength={100} autoComplete="off" hint={t('devices.nameHint')} />
          <SelectField label={t('devices.venue')} {...field('venueId')} required hint={t('devices.venueHint')}>
            {venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <SubmitButton width="fit" pendingLabel={tc('actions.working')}>
            {t('devices.create')}
          </SubmitButton>
        </Form>
      ) : (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t('devices.noVenues')}</p>
          <ButtonLink to="/settings/venues/new" variant="primary">
            {t('venues.addFirst')}
          </ButtonLink>
        </div>
      )}
    </div>
  )
}
