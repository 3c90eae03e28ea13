import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/temperatures'
import { can } from '../../../server/auth/permissions'
import { formatDay, isDay } from '../../components/records/dates'
import { DayNav } from '../../components/records/day-nav'
import { EntryStateBadges, PastDayBanner, type EntryProgress } from '../../components/records/entry-state'
import { checksSummary, type DayCheck } from '../../components/temperatures/checks'
import { ButtonLink } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
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
  const client = api(args)
  const requested = new URL(args.request.url).searchParams.get('date') || null
  const query = requested ? `?${new URLSearchParams({ date: requested })}` : ''
  const result = await client.get<TemperatureDay>(`/v1/orgs/${org.id}/venues/${venue.id}/temperature-entries${query}`)
  const canCreate = can(org.role, 'temperatures.manage')
  if (!result.ok && result.error.name === 'ValidationError' && result.error.data?.date) {
    return { kind: 'badDate' as const, venue, future: isDay(requested), canCreate }
  }
  return { kind: 'day' as const, day: must(args.request, client, result), canCreate }
}

export default function Temperatures({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org')
  if (loaderData.kind === 'badDate') {
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <h1 className="text-2xl font-bold">{t('temperatures.title')}</h1>
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {loaderData.future ? t('checklists.futureDate') : t('checklists.invalidDate')}
        </p>
        <ButtonLink to="/temperatures" variant="primary">
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
          {t('temperatures.title')}
          <span className="block text-lg font-medium">
            <time dateTime={day.date}>{formatDay(day.date, i18n.language)}</time>
            {day.isToday ? <span className="text-stone-700 dark:text-stone-300"> · {t('checklists.today')}</span> : null}
          </span>
        </h1>
        <DayNav path="/temperatures" date={day.date} today={day.today} />
      </div>
      {day.isPast ? <PastDayBanner /> : null}
      {day.temperatures.length === 0 ? (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6 text-center dark:border-stone-600">
          <p className="text-lg font-medium">{t('temperatures.empty')}</p>
          {canCreate ? (
            <ButtonLink to="/settings/temperatures/new" variant="primary">
              {t('temperatures.create')}
            </ButtonLink>
          ) : null}
        </div>
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
