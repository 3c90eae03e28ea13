import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/overview'
import type { OverviewColumn } from '../../components/dashboard/overview'
import { loadOverview } from '../../components/dashboard/overview.server'
import { Badge } from '../../components/records/badges'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

/** Every venue side by side (ADMIN and up; a BASIC member gets the 403 screen). ADR 048. */
export async function loader(args: Route.LoaderArgs) {
  return loadOverview(args)
}

const HEADERS: Array<{ column: OverviewColumn; key: string }> = [
  { column: 'name', key: 'overview.venue' },
  { column: 'score7', key: 'overview.score7' },
  { column: 'score30', key: 'overview.score30' },
  { column: 'overdue', key: 'overview.overdue' },
  { column: 'unresolved', key: 'overview.unresolved' },
  { column: 'missed7', key: 'overview.missed7' },
  { column: 'missed30', key: 'overview.missed30' },
]

const score = (n: number | null) => (n === null ? '—' : `${n}%`)

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { rows, sort, dir } = loaderData
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t('overview.title')}</h1>
      <p>{t('overview.intro')}</p>
      <p>
        {/* A file, not a page: a plain link the browser downloads (reloadDocument: no client navigation). */}
        <Link to={`/overview.csv?sort=${sort}&dir=${dir}`} reloadDocument className="inline-flex min-h-11 items-center underline">
          {t('overview.csv')}
        </Link>
      </p>
      {rows.length ? (
        // Focusable so a keyboard can scroll it sideways on a phone.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('overview.title')}>
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{t('overview.title')}</caption>
            <thead>
              <tr className="border-b border-stone-300 dark:border-stone-700">
                {HEADERS.map(({ column, key }) => {
                  const active = sort === column
                  const next = active && dir === 'asc' ? 'desc' : 'asc'
                  return (
                    <th key={column} scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined} className="p-2 text-start align-bottom">
                      <Link to={`?sort=${column}&dir=${next}`} className="inline-flex min-h-11 items-center gap-1 underline">
                        {t(key)}
                        {active ? <span aria-hidden="true">{dir === 'asc' ? '▲' : '▼'}</span> : null}
                        <span className="sr-only">{active ? ` (${t(dir === 'asc' ? 'overview.sortedAsc' : 'overview.sortedDesc')})` : ''}</span>
                      </Link>
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.venue.id} className="border-b border-stone-200 dark:border-stone-800">
                  <th scope="row" className="p-2 text-start font-semibold break-words">
                    {r.venue.name}
                    <span className="block text-xs font-normal text-stone-700 dark:text-stone-300">
                      {t('overview.dayProgress')}: {t('overview.of', { done: r.day.complete, total: r.day.due })}
                    </span>
                  </th>
                  <td className="p-2">{score(r.last7.score)}</td>
                  <td className="p-2">{score(r.last30.score)}</td>
                  <td className="p-2">{r.day.overdue > 0 ? <Badge tone="danger">{r.day.overdue}</Badge> : 0}</td>
                  <td className="p-2">{r.unresolved > 0 ? <Badge tone="danger">{r.unresolved}</Badge> : 0}</td>
                  <td className="p-2">{r.last7.missedLogs}</td>
                  <td className="p-2">{r.last30.missedLogs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('overview.none')}</p>
      )}
    </div>
  )
}

