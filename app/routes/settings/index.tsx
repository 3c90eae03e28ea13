import { Link, useRouteLoaderData } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { can, type Role } from '../../../server/auth/permissions'
import { settingsAreas } from './areas'

export default function SettingsIndex() {
  const { t } = useTranslation('org-settings')
  const parent = useRouteLoaderData('routes/settings/layout') as { role: Role } | undefined
  const areas = settingsAreas.filter((a) => a.to !== '/settings' && can(parent?.role, a.action))
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold">{t('index.title')}</h1>
      <ul className="grid gap-3 sm:grid-cols-2">
        {areas.map((a) => (
          <li key={a.to}>
            <Link to={a.to} className="block h-full rounded-lg border border-stone-200 p-4 hover:border-green-700 dark:border-stone-800">
              <span className="block font-semibold">{t(a.labelKey)}</span>
              <span className="block text-sm text-stone-700 dark:text-stone-300">{t(a.descriptionKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
