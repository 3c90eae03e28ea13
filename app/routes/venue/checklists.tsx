import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/checklists'
import { can } from '../../../server/auth/permissions'
import { formatDay, isDay } from '../../components/records/dates'
import { DayNav } from '../../components/records/day-nav'
import { EntryStateBadges, PastDayBanner, type EntryProgress } from '../../components/records/entry-state'
import { ProgressMeter } from '../../components/records/progress-meter'
import { ButtonLink } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

interface DayEntries {
  date: string
  today: string
  isToday: boolean
  isPast: boolean
  venue: { id: string; name: string; timeZone: string }
  checklists: Array<{
    id: string
    name: string
    description: string | null
    dueTime: string | null
    overdue: boolean
    complete: boolean
    progress: EntryProgress
  }>
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const requested = new URL(args.request.url).searchParams.get('date') || null
  const query = requested ? `?${new URLSearchParams({ date: requested })}` : ''
  const result = await client.get<DayEntries>(`/v1/orgs/${org.id}/venues/${venue.id}/checklist-entries${query}`)
  const canCreate = can(org.role, 'checklists.manage')
  // A future or malformed day: a friendly message and a way back to today, not an error page.
  if (!result.ok && result.error.name === 'ValidationError' && result.error.data?.date) {
    return { kind: 'badDate' as const, venue, future: isDay(requested), canCreate }
  }
  return { kind: 'day' as const, day: must(args.request, client, result), canCreate }
}

export default function Checklists({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org')
  if (loaderData.kind === 'badDate') {
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <div>
          <p className="text-sm text-stone-700 dark:text-stone-300">{loaderData.venue.name}</p>
          <h1 className="text-2xl font-bold">{t('checklists.title')}</h1>
        </div>
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {loaderData.future ? t('checklists.futureDate') : t('checklists.invalidDate')}
        </p>
        <ButtonLink to="/checklists" variant="primary">
          {t('checklists.goToToday')}
        </ButtonLink>
      </div>
    )
  }

  const { day, canCreate } = loaderData
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-3">
        <p className="text-sm text-stone-700 dark:text-stone-300">{day.venue.name}</p>
        <h1 className="text-2xl font-bold">
          {t('checklists.title')}
          <span className="block text-lg font-medium">
            <time dateTime={day.date}>{formatDay(day.date, i18n.language)}</time>
            {day.isToday ? <span className="text-stone-700 dark:text-stone-300"> · {t('checklists.today')}</span> : null}
          </span>
        </h1>
        <DayNav path="/checklists" date={day.date} today={day.today} />
      </div>

      {day.isPast ? <PastDayBanner /> : null}

      {day.checklists.length === 0 ? (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6 text-center dark:border-stone-600">
          <p className="text-lg font-medium">{day.isToday ? t('checklists.empty') : t('checklists.emptyPast')}</p>
          {canCreate ? (
            <ButtonLink to="/settings/checklists/new" variant="primary">
              {t('checklists.createChecklist')}
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {day.checklists.map((checklist) => (
            <li
              key={checklist.id}
              className={`relative space-y-3 rounded-lg border p-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:border-green-700 dark:hover:border-green-400 ${
                checklist.overdue || checklist.progress.unresolved > 0 ? 'border-red-700 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'
              }`}
            >
              <h2 className="text-lg font-semibold break-words">
                {/* The whole card is the link's target area (after:inset-0); the link's name stays the checklist's. */}
                <Link to={`/checklists/${checklist.id}?date=${day.date}`} className="underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-none">
                  {checklist.name}
                </Link>
              </h2>
              <EntryStateBadges checklist={checklist} />
              {checklist.dueTime ? <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.dueBy', { time: checklist.dueTime })}</p> : null}
              <ProgressMeter
                done={checklist.progress.done}
                total={checklist.progress.total}
                label={t('checklists.progressLabel', { name: checklist.name })}
                text={t('checklists.progress', { done: checklist.progress.done, total: checklist.progress.total })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
