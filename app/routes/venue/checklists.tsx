import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/checklists'
import { can } from '../../../server/auth/permissions'
import { inUrgencyOrder } from '../../../server/templates/urgency'
import { loadDay } from '../../components/records/day-loader.server'
import { dayTexts } from '../../components/records/moments.server'
import { BadDayNotice, DayListHeading, EmptyDay } from '../../components/records/day-page'
import { EntryProgressMeter, EntryStateBadges, type EntryProgress } from '../../components/records/entry-state'
import { api } from '../../lib/api.server'
import { getLocale } from '../../lib/i18n.server'
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
    /** Checks a day: with several, each check is recorded apart. */
    checksPerDay: number
    /** A manager signs the day off once complete; whether they have. */
    requiresSignOff: boolean
    signedOff: boolean
    overdue: boolean
    complete: boolean
    progress: EntryProgress
  }>
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const canCreate = can(org.role, 'checklists.manage')
  const day = await loadDay<DayEntries>(api(args), args.request, `/v1/orgs/${org.id}/venues/${venue.id}/checklist-entries`)
  if (!day.ok) return { kind: 'badDate' as const, venue, future: day.future, canCreate }
  // Most urgent first, as the venue home orders them (overdue, failures open, to do, done).
  const sorted = { ...day.data, checklists: inUrgencyOrder(day.data.checklists, (c) => c) }
  return { kind: 'day' as const, day: sorted, texts: dayTexts(day.data.date, getLocale(args.request)), canCreate }
}

export default function Checklists({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  if (loaderData.kind === 'badDate') {
    return <BadDayNotice title={t('checklists.title')} venueName={loaderData.venue.name} future={loaderData.future} futureText={t('checklists.futureDate')} todayTo="/checklists" />
  }

  const { day, texts, canCreate } = loaderData
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <DayListHeading title={t('checklists.title')} path="/checklists" day={day} texts={texts} />

      {day.checklists.length === 0 ? (
        <EmptyDay message={day.isToday ? t('checklists.empty') : t('checklists.emptyPast')} createTo={canCreate ? '/settings/checklists/new' : undefined} createLabel={t('checklists.createChecklist')} />
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
              {checklist.requiresSignOff && checklist.complete ? (
                <p className="text-sm font-medium">{checklist.signedOff ? t('checklists.signOff.badge') : t('checklists.signOff.needed')}</p>
              ) : null}
              {checklist.checksPerDay > 1 ? (
                <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.checks.perDay', { n: checklist.checksPerDay })}</p>
              ) : checklist.dueTime ? (
                <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.dueBy', { time: checklist.dueTime })}</p>
              ) : null}
              <EntryProgressMeter name={checklist.name} progress={checklist.progress} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
