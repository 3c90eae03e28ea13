import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/venues'
import { can } from '../../../server/auth/permissions'
import { ButtonLink } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
import { requireOrg } from '../../lib/selection.server'

export interface Venue {
  id: string
  name: string
  address: string | null
  phone?: string
  timeZone: string
  archivedAt: string | null
}

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'venue.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { venues } = must(args.request, client, await client.get<{ venues: Venue[] }>(`/v1/orgs/${org.id}/venues`))
  return { venues }
}

export default function SettingsVenues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { venues } = loaderData
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('venues.title')}</h1>
        {venues.length ? (
          <ButtonLink to="/settings/venues/new" variant="primary">
            {t('venues.add')}
          </ButtonLink>
        ) : null}
      </div>
      {venues.length ? (
        <ul className="space-y-2">
          {venues.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
              <div className="mr-auto min-w-0">
                <p className="font-semibold break-words">{v.name}</p>
                {v.address ? <p className="text-sm break-words text-stone-700 dark:text-stone-300">{v.address}</p> : null}
                <p className="text-sm text-stone-700 dark:text-stone-300">{t('venues.timeZoneValue', { zone: v.timeZone.replaceAll('_', ' ') })}</p>
              </div>
              <Link
                to={`/settings/venues/${v.id}`}
                className="inline-flex min-h-10 items-center rounded-md border border-stone-500 px-3 text-sm font-medium hover:bg-stone-100 dark:border-stone-400 dark:hover:bg-stone-800"
              >
                {t('venues.edit')}
                <span className="sr-only">: {v.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t('venues.empty')}</p>
          <p className="text-stone-700 dark:text-stone-300">{t('venues.emptyHelp')}</p>
          <ButtonLink to="/settings/venues/new" variant="primary">
            {t('venues.addFirst')}
          </ButtonLink>
        </div>
      )}
    </div>
  )
}
