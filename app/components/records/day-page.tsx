/**
 * The parts of the daily work pages every kind shares (checklists, temperature logs): the friendly
 * notice for a future or malformed day, and the day list's heading with its navigation.
 */
import { useTranslation } from '../../lib/use-translation'
import { ButtonLink } from '../ui/button'
import { DayNav } from './day-nav'
import { PastDayBanner } from './entry-state'
import type { DayTexts } from './types'

/** A future or malformed `?date=`: a message and a way back to today, not an error page. */
export function BadDayNotice({ title, venueName, future, futureText, todayTo }: { title: string; venueName?: string; future: boolean; futureText: string; todayTo: string }) {
  const { t } = useTranslation('org')
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div>
        {venueName ? <p className="text-sm text-stone-700 dark:text-stone-300">{venueName}</p> : null}
        <h1 className="text-2xl font-bold">{title}</h1>
      </div>
      <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
        {future ? futureText : t('records.day.invalidDate')}
      </p>
      <ButtonLink to={todayTo} variant="primary">
        {t('records.day.goToToday')}
      </ButtonLink>
    </div>
  )
}

/** The day list's heading: venue, title with the day ("· Today"), the day navigation and, for a past day, its banner. */
export function DayListHeading({ title, path, day, texts }: { title: string; path: string; day: { date: string; today: string; isToday: boolean; isPast: boolean; venue: { name: string } }; texts: DayTexts }) {
  const { t } = useTranslation('org')
  return (
    <>
      <div className="space-y-3">
        <p className="text-sm text-stone-700 dark:text-stone-300">{day.venue.name}</p>
        <h1 className="text-2xl font-bold">
          {title}
          <span className="block text-lg font-medium">
            <time dateTime={day.date}>{texts.text}</time>
            {day.isToday ? <span className="text-stone-700 dark:text-stone-300"> · {t('records.day.today')}</span> : null}
          </span>
        </h1>
        <DayNav path={path} date={day.date} today={day.today} texts={texts} />
      </div>
      {day.isPast ? <PastDayBanner /> : null}
    </>
  )
}

/** No log or checklist due that day, with a way to create one for those who may. */
export function EmptyDay({ message, createTo, createLabel }: { message: string; createTo?: string; createLabel: string }) {
  return (
    <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6 text-center dark:border-stone-600">
      <p className="text-lg font-medium">{message}</p>
      {createTo ? (
        <ButtonLink to={createTo} variant="primary">
          {createLabel}
        </ButtonLink>
      ) : null}
    </div>
  )
}
