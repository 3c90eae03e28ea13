import { data, Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/devices.$deviceId'
import { can } from '../../../server/auth/permissions'
import { updateDeviceBody } from '../../../server/devices/routes'
import { Badge } from '../../components/records/badges'
import { formatMoment } from '../../components/records/dates'
import { SubmitButton } from '../../components/submit-button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { DangerZone } from '../../components/ui/danger-zone'
import { Field, FormError, SelectField } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { invalidForm, noFields, parseForm, refusedForm, rejectedForm, requiredText } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { qrSvg } from '../../lib/qr.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { Device } from './devices'

/** The API's venue; a name of only spaces gets the web's message. */
const schema = z.object({ ...updateDeviceBody.shape, name: requiredText(100), venueId: updateDeviceBody.shape.venueId.unwrap() })
const NO_STORE = { 'Cache-Control': 'no-store' }

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'devices.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [device, organisation] = await Promise.all([
    client.get<{ device: Device }>(`/v1/orgs/${org.id}/devices/${encodeURIComponent(args.params.deviceId)}`),
    client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`),
  ])
  return {
    device: must(args.request, client, device).device,
    timeZone: must(args.request, client, organisation).organisation.timeZone,
    venues: org.venues,
  }
}

type Intent = 'save' | 'generate' | 'logout' | 'delete'
type Failure = { intent: Intent; result: FormResult }

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const path = `/v1/orgs/${org.id}/devices/${encodeURIComponent(args.params.deviceId)}`
  const here = `/settings/devices/${encodeURIComponent(args.params.deviceId)}`
  const intent = form.get('intent') as Intent | null
  const buttons = parseForm(form, noFields, locale)
  const failed = (error: Parameters<typeof rejectedForm>[1], submission: Parameters<typeof rejectedForm>[0] = buttons, fields: readonly string[] = []) => {
    if (error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, error, locale, { fields, extra: { intent: intent ?? 'save' } })
  }

  if (intent === 'generate') {
    // The link is shown once, in this answer only: never in a URL, never cached.
    const result = await client.post<{ url: string; expiresAt: string }>(`${path}/login/generate`)
    if (!result.ok) return failed(result.error)
    const { url, expiresAt } = result.data
    return data({ intent, link: { url, expiresAt, svg: await qrSvg(url) } }, { headers: client.headers(NO_STORE) })
  }

  if (intent === 'logout') {
    const result = await client.post<{ sessionsEnded: number }>(`${path}/logout`)
    if (!result.ok) return failed(result.error)
    return redirectWithToast(here, { type: 'success', title: t('org-settings:devices.signedOutEverywhere', { count: result.data.sessionsEnded }) }, { headers: client.headers() })
  }

  if (intent === 'delete') {
    // The typed name is checked here too: without JavaScript the browser's pattern check is all there is.
    const { device } = must(args.request, client, await client.get<{ device: Device }>(path))
    if (form.get('confirm') !== device.name) {
      return refusedForm(buttons, { formError: t('org-settings:confirmMismatch', { text: device.name }) }, { intent })
    }
    const result = await client.del(path)
    if (!result.ok) return failed(result.error)
    return redirectWithToast('/settings/devices', { type: 'success', title: t('org-settings:devices.deleted', { name: device.name }) }, { headers: client.headers() })
  }

  // intent === 'save'
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return invalidForm(submission, { intent: 'save' as const })
  const result = await client.put<{ device: Device }>(path, submission.value)
  if (!result.ok) return failed(result.error, submission, ['name', 'venueId'])
  return redirectWithToast(here, { type: 'success', title: t('org-settings:devices.saved', { name: result.data.device.name }) }, { headers: client.headers() })
}

export default function EditDevice({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { device, timeZone, venues } = loaderData
  const when = (iso: string) => formatMoment(iso, timeZone, i18n.language).text
  const answer = actionData as (Failure & { link?: undefined }) | { intent: 'generate'; link: { url: string; expiresAt: string; svg: string } } | undefined
  const link = answer && 'link' in answer ? answer.link : undefined
  const failure = answer && 'result' in answer ? answer : undefined
  const resultFor = (intent: Intent) => (failure?.intent === intent ? failure.result : undefined)
  const details = useServerForm({ id: 'device-details', lastResult: resultFor('save'), defaultValue: { name: device.name, venueId: device.venue.id } })
  return (
    <div className="max-w-2xl space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/settings/devices" className="text-sm underline">
            {t('devices.back')}
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{device.name}</h1>
        <p className="flex flex-wrap gap-2">
          {device.signedIn ? <Badge tone="success">{t('devices.signedIn')}</Badge> : <Badge tone="neutral">{t('devices.notSignedIn')}</Badge>}
        </p>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t('devices.venue')}</dt>
          <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{device.venue.name}</dd>
          <dt className="font-medium">{t('devices.lastSeen')}</dt>
          <dd className="text-stone-700 dark:text-stone-300">{device.lastSeenAt ? <time dateTime={device.lastSeenAt}>{when(device.lastSeenAt)}</time> : t('devices.never')}</dd>
          <dt className="font-medium">{t('devices.pinHolder')}</dt>
          <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{device.pinHolder ? device.pinHolder.name : t('devices.nobody')}</dd>
          <dt className="font-medium">{t('devices.sessions')}</dt>
          <dd className="text-stone-700 dark:text-stone-300">{device.sessions}</dd>
        </dl>
      </div>

      <section aria-labelledby="device-link" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="device-link" className="text-lg font-semibold">
          {t('devices.linkTitle')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('devices.linkHelp')}</p>
        {link ? (
          <div className="space-y-3 rounded-md border-2 border-green-700 p-3 dark:border-green-400" role="status">
            <p className="font-semibold">{t('devices.linkReady', { time: when(link.expiresAt) })}</p>
            <p className="text-sm">{t('devices.linkOnce')}</p>
            <p>
              <span className="block text-sm font-medium">{t('devices.linkLabel')}</span>
              <code className="block rounded bg-stone-100 p-2 text-sm break-all dark:bg-stone-800" data-testid="device-login-link" translate="no">
                {link.url}
              </code>
            </p>
            <div
              role="img"
              aria-label={t('devices.qrLabel', { name: device.name })}
              className="w-full max-w-64 border border-stone-300 bg-white dark:border-stone-600"
              // SVG drawn by the server (app/lib/qr.server.ts) from the link above: no script, no style.
              dangerouslySetInnerHTML={{ __html: link.svg }}
            />
          </div>
        ) : device.loginLink ? (
          <p className="text-sm">{t('devices.linkWaiting', { time: when(device.loginLink.expiresAt) })}</p>
        ) : null}
        <FormError errors={resultErrors(resultFor('generate'))} />
        <Form method="post">
          <SubmitButton name="intent" value="generate" width="fit" variant={link ? 'basic_border' : 'primary'} pendingLabel={tc('actions.working')}>
            {link || device.loginLink ? t('devices.generateAgain') : t('devices.generate')}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="device-details" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="device-details" className="mb-3 text-lg font-semibold">
          {t('devices.details')}
        </h2>
        <Form method="post" className="space-y-4" {...details.formProps}>
          <FormError errors={details.formErrors} />
          <Field label={t('devices.name')} {...details.field('name')} required maxLength={100} autoComplete="off" />
          <SelectField label={t('devices.venue')} {...details.field('venueId')} required hint={t('devices.moveHint')}>
            {venues.some((v) => v.id === device.venue.id) ? null : <option value={device.venue.id}>{device.venue.name}</option>}
            {venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <SubmitButton name="intent" value="save" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="device-signout" className="space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="device-signout" className="text-lg font-semibold">
          {t('devices.signOutTitle')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('devices.signOutHelp')}</p>
        <FormError errors={resultErrors(resultFor('logout'))} />
        <ConfirmForm
          intent="logout"
          trigger={t('devices.signOut')}
          title={t('devices.signOutConfirmTitle', { name: device.name })}
          description={t('devices.signOutHelp')}
          confirmLabel={t('devices.signOut')}
          cancelLabel={tc('actions.cancel')}
          defaultTitle={tc('confirm.defaultTitle')}
        />
      </section>

      <DangerZone
        trigger={t('devices.delete')}
        title={t('devices.deleteTitle', { name: device.name })}
        help={t('devices.deleteHelp')}
        confirmText={device.name}
        confirmLabel={t('devices.deleteConfirm')}
        errors={resultErrors(resultFor('delete'))}
      />
    </div>
  )
}
