import { Form, redirect, useRouteLoaderData } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { ThemeSwitch } from '../../components/theme-switch'
import type { Route } from './+types/device-settings'
import { SubmitButton } from '../../components/submit-button'
import { Button } from '../../components/ui/button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { SelectField } from '../../components/ui/field'
import { api } from '../../lib/api.server'
import { PIN_LENGTHS } from '../../lib/device'
import { getPinLength, isDevice, pinLengthCookie } from '../../lib/device.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { clearSelectionCookies } from '../../lib/selection.server'
import { requireUser } from '../../lib/session.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { loader as rootLoader } from '../../root'
import type { I18nHandle } from '../../lib/i18n'
import { LanguageOptions } from '../../components/language-options'

export const handle: I18nHandle = { i18n: ['authed'] }

/** A signed-in shared device's own page (original-spec §2): what it is, and this tablet's choices. */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireUser(args)
  // A person has a profile instead.
  if (!isDevice(me)) throw redirect('/')
  const org = me.orgs[0]
  return {
    deviceName: me.device?.name ?? me.user.name,
    organisation: org?.name ?? null,
    venue: org?.venues[0]?.name ?? null,
    version: me.webVersion,
    pinLength: getPinLength(args.request),
    title: { organisation: org?.name, venue: org?.venues[0]?.name },
  }
}

export async function action(args: Route.ActionArgs) {
  const me = await requireUser(args)
  if (!isDevice(me)) throw redirect('/')
  const form = await args.request.formData()
  const t = translator(getLocale(args.request))
  if (form.get('intent') === 'logout') {
    // This session only; the device and its other sessions stay (a manager's "Sign out everywhere" ends all).
    const client = api(args)
    await client.post('/v1/auth/logout')
    const headers = client.headers()
    for (const c of clearSelectionCookies()) headers.append('Set-Cookie', c)
    return redirectWithToast('/device-login', { type: 'success', title: t('authed:device.settings.signedOut') }, { headers })
  }
  // intent === 'pinLength'
  const value = Number(form.get('pinLength'))
  const length = (PIN_LENGTHS as readonly number[]).includes(value) ? value : null
  const headers = new Headers({ 'Set-Cookie': pinLengthCookie(length) })
  return redirectWithToast('/device-settings', { type: 'success', title: t('authed:device.settings.saved') }, { headers })
}

export default function DeviceSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('authed')
  const { t: tc } = useTranslation('common')
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const { deviceName, organisation, venue, version, pinLength } = loaderData
  const locale = root?.locale ?? 'en'
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <h1 className="text-2xl font-bold">{t('device.settings.title')}</h1>

      <section aria-labelledby="device-about" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="device-about" className="mb-3 text-lg font-semibold">
          {t('device.settings.about')}
        </h2>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t('device.settings.device')}</dt>
          <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{deviceName}</dd>
          <dt className="font-medium">{t('device.settings.organisation')}</dt>
          <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{organisation ?? '—'}</dd>
          <dt className="font-medium">{t('device.settings.venue')}</dt>
          <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{venue ?? '—'}</dd>
          <dt className="font-medium">{t('device.settings.version')}</dt>
          <dd className="min-w-0 font-mono break-words text-stone-700 dark:text-stone-300" translate="no">
            {version}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="device-display" className="space-y-4 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="device-display" className="text-lg font-semibold">
          {t('device.settings.display')}
        </h2>
        {/* The same targets as the header's forms: a tablet's language and theme live in its cookies. */}
        <Form method="post" action="/set-language" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="redirectTo" value="/device-settings" />
          <SelectField label={tc('language.label')} name="locale" defaultValue={locale} key={locale} className="min-w-48">
            <LanguageOptions />
          </SelectField>
          <Button type="submit" variant="basic_border">
            {tc('language.change')}
          </Button>
        </Form>
        <div className="flex flex-wrap items-center gap-2">
          <ThemeSwitch redirectTo="/device-settings" />
        </div>
      </section>

      <section aria-labelledby="device-pin" className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
        <h2 id="device-pin" className="mb-3 text-lg font-semibold">
          {t('device.settings.pinPad')}
        </h2>
        <Form method="post" className="space-y-3">
          <SelectField label={t('device.settings.pinLength')} name="pinLength" defaultValue={pinLength ? String(pinLength) : 'off'} hint={t('device.settings.pinLengthHint')}>
            <option value="off">{t('device.settings.pinLengthOff')}</option>
            {PIN_LENGTHS.map((n) => (
              <option key={n} value={String(n)}>
                {t('device.settings.pinLengthN', { count: n })}
              </option>
            ))}
          </SelectField>
          <SubmitButton name="intent" value="pinLength" width="fit" pendingLabel={tc('actions.working')}>
            {tc('actions.save')}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="device-signout" className="space-y-3 rounded-lg border border-red-700 p-4 dark:border-red-400">
        <h2 id="device-signout" className="text-lg font-semibold">
          {t('device.settings.signOutTitle')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('device.settings.signOutHelp')}</p>
        <ConfirmForm
          dangerous
          intent="logout"
          trigger={t('device.settings.signOut')}
          title={t('device.settings.signOutConfirmTitle')}
          description={t('device.settings.signOutHelp')}
          confirmLabel={t('device.settings.signOut')}
          cancelLabel={tc('actions.cancel')}
          defaultTitle={tc('confirm.defaultTitle')}
        />
      </section>
    </div>
  )
}
