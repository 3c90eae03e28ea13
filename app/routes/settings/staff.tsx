import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { I18nHandle } from '../../lib/i18n'
import type { Route } from './+types/staff'
import { can } from '../../../server/auth/permissions'
import { ButtonLink } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
import { requireOrg } from '../../lib/selection.server'
import { StatusBadge, venueNames, type Member } from './staff-fields'

/** The role names (`org:roles.*`) are the organisation namespace's: the settings layout sends only its own. */
export const handle: I18nHandle = { i18n: ['org'] }

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'staff.read')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { staff } = must(args.request, client, await client.get<{ staff: Member[] }>(`/v1/orgs/${org.id}/staff`))
  return { staff, venues: org.venues, canInvite: can(org.role, 'staff.manage') }
}

export default function Staff({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { staff, venues, canInvite } = loaderData
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('staff.title')}</h1>
        {canInvite ? (
          <ButtonLink to="/settings/staff/invite" variant="primary">
            {t('staff.invite')}
          </ButtonLink>
        ) : null}
      </div>
      <p className="text-stone-700 dark:text-stone-300">{t('staff.intro')}</p>
      {staff.length ? (
        <ul className="space-y-2">
          {staff.map((m) => (
            <li key={m.id} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={`/settings/staff/${m.id}`} className="mr-auto min-w-0 font-semibold break-words underline">
                  {m.name}
                </Link>
                <StatusBadge status={m.status} />
              </div>
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium">{t('staff.email')}</dt>
                <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{m.email ?? t('staff.pinOnly')}</dd>
                <dt className="font-medium">{t('staff.role')}</dt>
                <dd className="text-stone-700 dark:text-stone-300">{t(`org:roles.${m.role}`)}</dd>
                <dt className="font-medium">{t('staff.venues')}</dt>
                <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{venueNames(m.venueIds, venues, t('staff.allVenues'))}</dd>
                <dt className="font-medium">{t('staff.pin')}</dt>
                <dd className="text-stone-700 dark:text-stone-300">{m.hasPin ? t('staff.pinSet') : t('staff.pinNotSet')}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t('staff.empty')}</p>
        </div>
      )}
    </div>
  )
}
