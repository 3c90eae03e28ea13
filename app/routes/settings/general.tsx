import { data, Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/general'
import { can } from '../../../server/auth/permissions'
import { SubmitButton } from '../../components/submit-button'
import { TimeZoneSelect } from '../../components/time-zone-select'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { formFailure, formValues } from '../../lib/forms.server'
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

const FIELDS = ['name', 'timeZone', 'temperatureUnit', 'requirePinOnDevices'] as const

/** Owners only: an admin sees the 403 screen. */
export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'org.update')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { organisation } = must(args.request, client, await client.get<{ organisation: Organisation }>(`/v1/orgs/${org.id}`))
  return { organisation, zones: timeZones() }
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
    // The typed name is checked here too: without JavaScript the browser's pattern check is all there is.
    const { organisation } = must(args.request, client, await client.get<{ organisation: Organisation }>(path))
    if (form.get('confirm') !== organisation.name) {
      return data({ intent: 'delete', fieldErrors: {} as Record<string, string>, formError: t('org-settings:confirmMismatch', { text: organisation.name }) }, { status: 400 })
    }
    const result = await client.del(path)
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      return formFailure(result.error, locale, [], { intent: 'delete' })
    }
    const headers = client.headers()
    for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
    return redirectWithToast('/organisations', { type: 'success', title: t('org-settings:general.deleted', { name: organisation.name }) }, { headers })
  }

  // intent === 'save'; an unticked checkbox is not sent at all.
  const values = { ...formValues(form, ['name', 'timeZone', 'temperatureUnit']), requirePinOnDevices: form.get('requirePinOnDevices') === 'on' }
  const result = await client.put<{ organisation: Organisation }>(path, values)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return formFailure(result.error, locale, FIELDS, { intent: 'save' })
  }
  return redirectWithToast('/settings/general', { type: 'success', title: t('org-settings:general.saved') }, { headers: client.headers() })
}

export default function GeneralSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { organisation, zones } = loaderData
  const saveErrors = actionData?.intent === 'save' ? actionData : undefined
  const deleteErrors = actionData?.intent === 'delete' ? actionData : undefined
  const errors = saveErrors?.fieldErrors ?? {}
  return (
    <div className="max-w-xl space-y-8">
      <h1 className="text-2xl font-bold">{t('general.title')}</h1>

      <section aria-labelledby="general-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="general-details" className="mb-3 text-lg font-semibold">
          {t('general.details')}
        </h2>
        <Form method="post" className="space-y-4">
          <FormError>{saveErrors?.formError}</FormError>
          <Field label={t('general.name')} name="name" required maxLength={100} autoComplete="organization" defaultValue={organisation.name} error={errors.name} />
          <TimeZoneSelect label={t('general.timeZone')} zones={zones} defaultValue={organisation.timeZone} error={errors.timeZone} />
          <fieldset className="space-y-1" aria-describedby={errors.temperatureUnit ? 'unit-error' : undefined}>
            <legend className="text-sm font-medium">{t('general.unit')}</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="temperatureUnit" value="C" defaultChecked={organisation.temperatureUnit === 'C'} className="size-5" /> {t('general.celsius')}
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="temperatureUnit" value="F" defaultChecked={organisation.temperatureUnit === 'F'} className="size-5" /> {t('general.fahrenheit')}
            </label>
            {errors.temperatureUnit ? (
              <p id="unit-error" className="text-sm font-medium text-red-700 dark:text-red-400">
                {errors.temperatureUnit}
              </p>
            ) : null}
          </fieldset>
          <Field
            type="checkbox"
            label={t('general.requirePin')}
            name="requirePinOnDevices"
            defaultChecked={organisation.requirePinOnDevices}
            hint={t('general.requirePinHint')}
            error={errors.requirePinOnDevices}
          />
          <SubmitButton name="intent" value="save" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="general-danger" className="space-y-3 rounded-lg border border-red-700 p-4 dark:border-red-400">
        <h2 id="general-danger" className="text-lg font-semibold">
          {t('dangerZone')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('general.deleteHelp')}</p>
        <FormError>{deleteErrors?.formError}</FormError>
        <ConfirmForm
          dangerous
          intent="delete"
          trigger={t('general.delete')}
          title={t('general.deleteTitle', { name: organisation.name })}
          description={t('general.deleteHelp')}
          confirmText={organisation.name}
          typeLabel={tc('confirm.typeToConfirm', { text: organisation.name })}
          confirmLabel={t('general.deleteConfirm')}
          cancelLabel={tc('actions.cancel')}
          defaultTitle={tc('confirm.defaultTitle')}
        />
      </section>
    </div>
  )
}
