import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/temperatures'
import { can } from '../../../server/auth/permissions'
import { inUrgencyOrder, nextDueTime } from '../../../server/templates/urgency'
import { loadDay } from '../../components/records/day-loader.server'
import { dayTexts } from '../../components/records/moments.server'
import { BadDayNotice, DayListHeading, EmptyDay } from '../../components/records/day-page'
import { EntryStateBadges, type EntryProgress } from '../../components/records/entry-state'
import { checksSummary, type DayCheck } from '../../components/temperatures/checks'
import { api } from '../../lib/api.server'
import { getLocale } from '../../lib/i18n.server'
import { requireVenue } from '../../lib/selection.server'

export interface TemperatureDay {
  date: string
  today: string
  isToday: boolean
  isPast: boolean
  venue: { id: string; name: string; timeZone: string }
  unit: 'C' | 'F'
  temperatures: Array<{ entryId: string; id: string; name: string; checksPerDay: number; checks: DayCheck[]; complete: boolean; overdue: boolean; progress: EntryProgress }>
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const canCreate = can(org.role, 'temperatures.manage')
  const day = await loadDay<TemperatureDay>(api(args), args.request, `/v1/orgs/${org.id}/venues/${venue.id}/temperature-entries`)
  if (!day.ok) return { kind: 'badDate' as const, venue, future: day.future, canCreate }
  // Most urgent first, as the venue home orders them (overdue, failures open, to do, done).
  const sorted = { ...day.data, temperatures: inUrgencyOrder(day.data.temperatures, (l) => ({ ...l, dueTime: nextDueTime(l.checks) })) }
  return { kind: 'day' as const, day: sorted, texts: dayTexts(day.data.date, getLocale(args.request)), canCreate }
}

export default function Temperatures({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  if (loaderData.kind === 'badDate') {
    return <BadDayNotice title={t('temperatures.title')} venueName={loaderData.venue.name} future={loaderData.future} futureText={t('temperatures.futureDate')} todayTo="/temperatures" />
  }
  const { day, texts, canCreate } = loaderData
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <DayListHeading title={t('temperatures.title')} path="/temperatures" day={day} texts={texts} />
      {day.temperatures.length === 0 ? (
        <EmptyDay message={t('temperatures.empty')} createTo={canCreate ? '/settings/temperatures/new' : undefined} createLabel={t('temperatures.create')} />
      ) : (
        <TemperatureCards day={day} />
      )}
    </div>
  )
}

/** The day's logs as cards linking to each log's page (also on the venue home). */
export function TemperatureCards({ day, heading: Heading = 'h2' }: { day: Pick<TemperatureDay, 'date' | 'temperatures'>; heading?: 'h2' | 'h4' }) {
  const { t } = useTranslation('org')
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {day.temperatures.map((log) => (
        <li
          key={log.id}
          className={`relative space-y-2 rounded-lg border p-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 ${
            log.overdue || log.progress.unresolved > 0 ? 'border-red-700 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'
          }`}
        >
          <Heading className="text-lg font-semibold break-words">
            <Link to={`/temperatures/${log.id}?date=${day.date}`} className="underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-none">
              {log.name}
            </Link>
          </Heading>
          <EntryStateBadges checklist={log} />
          <p className="text-sm tabular-nums">{checksSummary(log.checks, t)}</p>
        </li>
      ))}
    </ul>
  )
}
