import { NavLink, Outlet } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/layout'
import { can } from '../../../server/auth/permissions'
import { requireOrg } from '../../lib/selection.server'
import { settingsAreas } from './areas'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org-settings'] }

/**
 * Settings: ADMIN and up; a BASIC member gets the 403 screen. The areas this member's role opens are
 * picked here, on the server: the browser gets the list, not the table of areas and actions.
 */
export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'settings.access')) throw new Response('Forbidden', { status: 403 })
  const areas = settingsAreas.filter((a) => can(org.role, a.action)).map(({ to, labelKey, descriptionKey }) => ({ to, labelKey, descriptionKey }))
  return { role: org.role, areas }
}

export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { areas } = loaderData
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label={t('nav.label')} className="md:w-48 md:shrink-0">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {areas.map((a) => (
            <li key={a.to}>
              <NavLink
                to={a.to}
                end={a.to === '/settings'}
                className={({ isActive }) =>
                  `block rounded px-3 py-2 text-sm ${isActive ? 'bg-green-100 font-semibold text-green-900 dark:bg-green-950 dark:text-green-100' : 'hover:bg-stone-100 dark:hover:bg-stone-800'}`
                }
              >
                {t(a.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'
