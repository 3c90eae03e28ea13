import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/devices'
import { can } from '../../../server/auth/permissions'
import { Badge } from '../../components/records/badges'
import { formatMoment } from '../../components/records/dates'
import { ButtonLink } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
import type { PinHolder } from '../../lib/device'
import { requireOrg } from '../../lib/selection.server'

/** A shared device as the API describes it (docs/api-contract-devices.md). */
export interface Device {
  id: string
  name: string
  venue: { id: string; name: string }
  lastSeenAt: string | null
  signedIn: boolean
  sessions: number
  pinHolder: PinHolder | null
  loginLink: { expiresAt: string } | null
  createdAt: string
}

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'devices.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [devices, organisation] = await Promise.all([
    client.get<{ devices: Device[] }>(`/v1/orgs/${org.id}/devices`),
    client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`),
  ])
  return { devices: must(args.request, client, devices).devices, timeZone: must(args.request, client, organisation).organisation.timeZone }
}

export default function SettingsDevices({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org-settings')
  const { devices, timeZone } = loaderData
  const when = (iso: string) => formatMoment(iso, timeZone, i18n.language).text
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('devices.title')}</h1>
        {devices.length ? (
          <ButtonLink to="/settings/devices/new" variant="primary">
            {t('devices.add')}
          </ButtonLink>
        ) : null}
      </div>
      <p className="text-stone-700 dark:text-stone-300">{t('devices.intro')}</p>
      {devices.length ? (
        <ul className="space-y-2">
          {devices.map((d) => (
            <li key={d.id} aria-labelledby={`device-${d.id}`} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
              <div className="flex flex-wrap items-center gap-2">
                <Link id={`device-${d.id}`} to={`/settings/devices/${d.id}`} className="mr-auto min-w-0 font-semibold break-words underline">
                  {d.name}
                </Link>
                {d.signedIn ? <Badge tone="success">{t('devices.signedIn')}</Badge> : <Badge tone="neutral">{t('devices.notSignedIn')}</Badge>}
              </div>
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium">{t('devices.venue')}</dt>
                <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{d.venue.name}</dd>
                <dt className="font-medium">{t('devices.lastSeen')}</dt>
                <dd className="text-stone-700 dark:text-stone-300">{d.lastSeenAt ? <time dateTime={d.lastSeenAt}>{when(d.lastSeenAt)}</time> : t('devices.never')}</dd>
                <dt className="font-medium">{t('devices.pinHolder')}</dt>
                <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{d.pinHolder ? d.pinHolder.name : t('devices.nobody')}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t('devices.empty')}</p>
          <p className="text-stone-700 dark:text-stone-300">{t('devices.emptyHelp')}</p>
          <ButtonLink to="/settings/devices/new" variant="primary">
            {t('devices.addFirst')}
          </ButtonLink>
        </div>
      )}
    </div>
  )
}
