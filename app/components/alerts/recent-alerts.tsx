import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { formatDay, formatInstant } from '../records/dates'
import type { recentAlerts } from '../../../server/alerts/scan'

/** An alert as GET …/venues/{venueId}/alerts lists it (type-only: nothing of the server reaches the browser). */
export type RecentAlert = Awaited<ReturnType<typeof recentAlerts>>[number]

/** The venue home's list of recent alerts (issue #14): what was e-mailed, when, and the page to fix it. */
export function RecentAlerts({ alerts, timeZone }: { alerts: RecentAlert[]; timeZone: string }) {
  const { t, i18n } = useTranslation('org')
  return (
    <section aria-labelledby="alerts-title" className="space-y-3">
      <h2 id="alerts-title" className="text-lg font-semibold">
        {t('alerts.title')}
      </h2>
      {alerts.length ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {alerts.map((a) => (
            <li key={a.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-baseline sm:justify-between">
              <span className="min-w-0 break-words">
                <Link to={a.href} className="font-medium underline">
                  {t(`alerts.kind.${a.kind}`, { name: a.templateName, label: a.label, time: a.dueTime ?? '', date: formatDay(a.date, i18n.language, 'medium') })}
                </Link>
              </span>
              <span className="shrink-0 text-sm text-stone-700 dark:text-stone-300">
                <time dateTime={a.createdAt}>{formatInstant(a.createdAt, { language: i18n.language, timeZone, style: 'dateTime' })}</time>
                {' · '}
                {t('alerts.emailed', { count: a.emailed })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-700 dark:text-stone-300">{t('alerts.none')}</p>
      )}
    </section>
  )
}
