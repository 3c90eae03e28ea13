import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { CheckProgress } from './types'

/**
 * The check a day page's address asks for, `?check=2` (1-based, as people read it), as the API's
 * `slot` (0-based); undefined when there is none or it is not a check (the API then picks one).
 */
export function requestedSlot(search: URLSearchParams): number | undefined {
  const check = Number(search.get('check'))
  return Number.isInteger(check) && check >= 1 && check <= 6 ? check - 1 : undefined
}

/**
 * The checks of a day page (a checklist or a temperature log due several times a day) as links, the
 * one shown marked, each with its time and progress: `?check=2` shows the second check.
 */
export function ChecksNav({
  path,
  date,
  today,
  checks,
  current,
  keep = {},
}: {
  path: string
  date: string
  today: string
  checks: CheckProgress[]
  current: number
  /** Other choices of the page the links keep (a log's 30-day chart). */
  keep?: Record<string, string>
}) {
  const { t } = useTranslation('org')
  const href = (slot: number) => `${path}?${new URLSearchParams({ ...(date !== today ? { date } : {}), check: String(slot + 1), ...keep })}`
  return (
    <nav aria-label={t('records.checks.nav')}>
      <ul className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:flex sm:flex-wrap">
        {checks.map((check) => {
          const here = check.slot === current
          return (
            <li key={check.slot}>
              <Link
                to={href(check.slot)}
                aria-current={here ? 'page' : undefined}
                className={`flex min-h-11 flex-col justify-center rounded-md border px-3 py-1 ${here ? 'border-2 border-stone-900 bg-stone-100 font-semibold dark:border-stone-100 dark:bg-stone-800' : 'border-stone-400 underline dark:border-stone-600'}`}
              >
                <span>{check.time ? t('records.checks.checkAt', { number: check.slot + 1, time: check.time }) : t('records.checks.check', { number: check.slot + 1 })}</span>
                <span className="text-sm font-normal">
                  {check.complete ? t('records.state.complete') : check.overdue ? t('records.state.overdue') : t('records.checks.progress', { done: check.done, total: check.total })}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
