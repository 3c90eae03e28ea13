import { Link, useRouteLoaderData } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { loader } from './layout'

export default function SettingsIndex() {
  const { t } = useTranslation('org-settings')
  // The areas the member's role opens, as the layout's loader picked them.
  const areas = (useRouteLoaderData<typeof loader>('routes/settings/layout')?.areas ?? []).filter((a) => a.to !== '/settings')
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
