import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/general'
import { can } from '../../../server/auth/permissions'
import { updateOrgBody } from '../../../server/orgs/routes'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { DangerZone } from '../../components/ui/danger-zone'
import { Field, FieldMessage, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { resultErrors, useServerForm } from '../../lib/forms'
import { invalidForm, noFields, parseForm, refusedForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { clearSelectionCookies, requireOrg } from '../../lib/selection.server'
import { timeZones } from '../../lib/time-zones'
import { redirectWithToast } from '../../lib/toast.server'

interface Organisation {
  id: string
  name: string
  timeZone: string
  temperatureUnit: 'C' | 'F'
  requirePinOnDevices: boolean
}

/** The API's time zone and unit; a name of only spaces gets the web's message; an unticked box is not sent. */
const schema = z.object({
  name: requiredText(100),
  timeZone: updateOrgBody.shape.timeZone,
  temperatureUnit: updateOrgBody.shape.temperatureUnit,
  requirePinOnDevices: z.boolean().optional(),
})

/** Owners only: an admin sees the 403 screen. */
export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'org.update')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { organisation } = must(args.request, client, await client.get<{ organisation: Organisation }>(`/v1/orgs/${org.id}`))
  return { organisation, zones: timeZones(getLocale(args.request)) }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'org.update')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const path = `/v1/orgs/${org.id}`

  if (form.get('intent') === 'delete') {
    const submission = parseForm(form, noFields, locale)
    // The typed name is checked here too: without JavaScript the browser's pattern check is all there is.
    const { organisation } = must(args.request, client, await client.get<{ organisation: Organisation }>(path))
    if (form.get('confirm') !== organisation.name) {
      return refusedForm(submission, { formError: t('org-settings:confirmMismatch', { text: organisation.name }) }, { intent: 'delete' })
    }
    const result = await client.del(path)
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return rejectedForm(submission, result.error, locale, { fields: [], extra: { intent: 'delete' } })
    }
    const headers = client.headers()
    for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
    return redirectWithToast('/organisations', { type: 'success', title: t('org-settings:general.deleted', { name: organisation.name }) }, { headers })
  }

  // intent === 'save'
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { intent: 'save' })
  const values = { ...submission.value, requirePinOnDevices: submission.value.requirePinOnDevices ?? false }
  const result = await client.put<{ organisation: Organisation }>(path, values)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: ['name', 'timeZone', 'temperatureUnit', 'requirePinOnDevices'], extra: { intent: 'save' } })
  }
  return redirectWithToast('/settings/general', { type: 'success', title: t('org-settings:general.saved') }, { headers: client.headers() })
}

export default function GeneralSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { organisation, zones } = loaderData
  const { field, checkbox, group, checked, formProps, formErrors } = useServerForm({
    id: 'general-form',
    lastResult: actionData?.intent === 'save' ? actionData.result : undefined,
    defaultValue: { name: organisation.name, timeZone: organisation.timeZone, temperatureUnit: organisation.temperatureUnit, requirePinOnDevices: organisation.requirePinOnDevices },
  })
  const deleteErrors = resultErrors(actionData?.intent === 'delete' ? actionData.result : undefined)
  return (
    <div className="max-w-xl space-y-8">
      <h1 className="text-2xl font-bold">{t('general.title')}</h1>

      <section aria-labelledby="general-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="general-details" className="mb-3 text-lg font-semibold">
          {t('general.details')}
        </h2>
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <Field label={t('general.name')} {...field('name')} required maxLength={100} autoComplete="organization" />
          <TimeZoneSelect label={t('general.timeZone')} zones={zones} {...field('timeZone')} />
          <fieldset className="space-y-1" aria-describedby={group('temperatureUnit').errors ? group('temperatureUnit').errorId : undefined}>
            <legend className="text-sm font-medium">{t('general.unit')}</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="temperatureUnit" value="C" defaultChecked={checked('temperatureUnit', 'C')} className="size-5" /> {t('general.celsius')}
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="temperatureUnit" value="F" defaultChecked={checked('temperatureUnit', 'F')} className="size-5" /> {t('general.fahrenheit')}
            </label>
            <FieldMessage id={group('temperatureUnit').errorId} errors={group('temperatureUnit').errors} />
          </fieldset>
          <Field
            type="checkbox"
            label={t('general.requirePin')}
            {...checkbox('requirePinOnDevices')}
            hint={t('general.requirePinHint')}
          />
          <SubmitButton name="intent" value="save" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      <DangerZone
        trigger={t('general.delete')}
        title={t('general.deleteTitle', { name: organisation.name })}
        help={t('general.deleteHelp')}
        confirmText={organisation.name}
        confirmLabel={t('general.deleteConfirm')}
        errors={deleteErrors}
      />
    </div>
  )
}
