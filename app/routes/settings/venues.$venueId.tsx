import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/venues.$venueId'
import { can } from '../../../server/auth/permissions'
import { updateVenueBody } from '../../../server/venues/routes'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { DangerZone } from '../../components/ui/danger-zone'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { resultErrors, useServerForm } from '../../lib/forms'
import { invalidForm, noFields, parseForm, refusedForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { timeZones } from '../../lib/time-zones'
import { redirectWithToast } from '../../lib/toast.server'
import type { Venue } from './venues'

/** The API's address and time zone; a name of only spaces gets the web's message; an emptied address clears it. */
const schema = z.object({ ...updateVenueBody.shape, name: requiredText(100), address: updateVenueBody.shape.address.default(''), phone: updateVenueBody.shape.phone.default('') })

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'venue.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { venue } = must(args.request, client, await client.get<{ venue: Venue }>(`/v1/orgs/${org.id}/venues/${encodeURIComponent(args.params.venueId)}`))
  return { venue, zones: timeZones(getLocale(args.request)) }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const path = `/v1/orgs/${org.id}/venues/${encodeURIComponent(args.params.venueId)}`

  if (form.get('intent') === 'delete') {
    const submission = parseForm(form, noFields, locale)
    // The typed name is checked here too: without JavaScript the browser's pattern check is all there is.
    const { venue } = must(args.request, client, await client.get<{ venue: Venue }>(path))
    if (form.get('confirm') !== venue.name) {
      return refusedForm(submission, { formError: t('org-settings:confirmMismatch', { text: venue.name }) }, { intent: 'delete' })
    }
    const result = await client.del(path)
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return rejectedForm(submission, result.error, locale, { fields: [], extra: { intent: 'delete' } })
    }
    return redirectWithToast('/settings/venues', { type: 'success', title: t('org-settings:venues.deleted', { name: venue.name }) }, { headers: client.headers() })
  }

  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { intent: 'save' })
  const result = await client.put<{ venue: Venue }>(path, submission.value)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'address', 'phone', 'timeZone'], extra: { intent: 'save' } })
  }
  return redirectWithToast('/settings/venues', { type: 'success', title: t('org-settings:venues.saved', { name: result.data.venue.name }) }, { headers: client.headers() })
}

export default function EditVenue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { venue, zones } = loaderData
  const { field, formProps, formErrors } = useServerForm({
    id: 'venue-form',
    lastResult: actionData?.intent === 'save' ? actionData.result : undefined,
    defaultValue: { name: venue.name, address: venue.address ?? '', phone: venue.phone ?? '', timeZone: venue.timeZone },
  })
  const deleteErrors = resultErrors(actionData?.intent === 'delete' ? actionData.result : undefined)
  return (
    <div className="max-w-xl space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/settings/venues" className="text-sm underline">
            {t('venues.back')}
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{venue.name}</h1>
      </div>

      <section aria-labelledby="venue-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="venue-details" className="mb-3 text-lg font-semibold">
          {t('venues.details')}
        </h2>
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <Field label={t('venues.name')} {...field('name')} required maxLength={100} />
          <Field label={t('venues.address')} {...field('address')} maxLength={300} autoComplete="street-address" />
          <Field label={t('venues.phone')} hint={t('venues.phoneHint')} {...field('phone')} type="tel" maxLength={40} autoComplete="tel" />
          <TimeZoneSelect label={t('venues.timeZone')} zones={zones} {...field('timeZone')} />
          <SubmitButton name="intent" value="save" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      <DangerZone
        trigger={t('venues.delete')}
        title={t('venues.deleteTitle', { name: venue.name })}
        help={t('venues.deleteHelp')}
        confirmText={venue.name}
        confirmLabel={t('venues.deleteConfirm')}
        errors={deleteErrors}
      />
    </div>
  )
}
