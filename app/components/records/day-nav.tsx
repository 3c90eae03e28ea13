import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { buttonClasses } from '../ui/button'
import { inputClasses } from '../ui/field'
import type { DayTexts } from './types'

/**
 * Previous day / next day links (no "next" on today), a "today" link on other days, and a date picker
 * that is a plain GET form (works without JavaScript; `picker={false}` leaves it out). `path` is the page the day applies to;
 * `texts`, the days before and after, written by the page's loader (moments.server.ts).
 */
export function DayNav({ path, date, today, texts, picker = true }: { path: string; date: string; today: string; texts: DayTexts; picker?: boolean }) {
  const { t } = useTranslation('org')
  const isToday = date === today
  const { previous, next } = texts
  const link = buttonClasses({ variant: 'basic_border', size: 'lg' })
  return (
    <nav aria-label={t('records.day.dayNav')} className="flex flex-wrap items-end gap-2">
      <Link to={`${path}?date=${previous}`} className={link} aria-label={t('records.day.previousDayLabel', { date: texts.previousText })}>
        <span aria-hidden="true">←</span> {t('records.day.previousDay')}
      </Link>
      {!isToday ? (
        <>
          <Link to={`${path}?date=${next}`} className={link} aria-label={t('records.day.nextDayLabel', { date: texts.nextText })}>
            {t('records.day.nextDay')} <span aria-hidden="true">→</span>
          </Link>
          <Link to={path} className={link}>
            {t('records.day.goToToday')}
          </Link>
        </>
      ) : null}
      {picker ? (
        <Form method="get" action={path} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="day-nav-date" className="block text-sm font-medium">
              {t('records.day.pickDate')}
            </label>
            <input key={date} id="day-nav-date" type="date" name="date" defaultValue={date} max={today} required className={inputClasses.replace('w-full', 'w-auto')} />
          </div>
          <button type="submit" className={buttonClasses({ variant: 'basic', size: 'lg' })}>
            {t('records.day.show')}
          </button>
        </Form>
      ) : null}
    </nav>
  )
}
