import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/venues'
import { can } from '../../../server/auth/permissions'
import { buttonClasses } from '../../components/ui/button'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg, selectVenueCookie } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireOrg(args)
  return { venues: org.venues, currentId: venue?.id ?? null, canManage: can(org.role, 'venue.manage') }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const venue = org.venues.find((v) => v.id === form.get('venueId'))
  if (!venue) throw new Response('Not Found', { status: 404 })
  const t = translator(getLocale(args.request))
  return redirectWithToast('/', { type: 'success', title: t('org:venues.chosen', { name: venue.name }) }, { headers: new Headers({ 'Set-Cookie': selectVenueCookie(venue.id) }) })
}

export default function Venues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { venues, currentId, canManage } = loaderData
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{t('venues.title')}</h1>
      {venues.length ? (
        <>
          <p>{t('venues.intro')}</p>
          <ul className="space-y-2">
            {venues.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                <p className="mr-auto min-w-0 font-semibold break-words">
                  {v.name} {v.id === currentId ? <span className="ml-1 rounded bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-950 dark:text-green-100">{t('venues.current')}</span> : null}
                </p>
                <Form method="post">
                  <input type="hidden" name="venueId" value={v.id} />
                  <button type="submit" className={buttonClasses({ variant: v.id === currentId ? 'basic_border' : 'primary', size: 'md' })}>
                    {t('venues.choose', { name: v.name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t('venues.empty')}</p>
          <p className="text-stone-700 dark:text-stone-300">{canManage ? t('venues.emptyAdmin') : t('venues.emptyBasic')}</p>
        </div>
      )}
      {canManage ? (
        <Link to="/venues/create" className={buttonClasses({ variant: venues.length ? 'basic_border' : 'primary' })}>
          {t('venues.create')}
        </Link>
      ) : null}
    </div>
  )
}
