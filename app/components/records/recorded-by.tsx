import { useTranslation } from 'react-i18next'
import { formatMoment } from './dates'
import type { RecordPerson } from './types'

const SLOT = '\u0001'

/**
 * "By Ana at 14:32" (or "on 8 Apr 2026, 09:10" when it was another day), in the venue's time zone.
 * `day` is the day the record belongs to. The translation places the time; it is wrapped in <time>
 * here (cheaper than <Trans>, which would bring an HTML parser to the browser).
 */
export function RecordedBy({
  person,
  at,
  timeZone,
  day,
  className = 'text-sm text-stone-700 dark:text-stone-300',
}: {
  person: RecordPerson
  at: string
  timeZone: string
  day?: string
  className?: string
}) {
  const { t, i18n } = useTranslation('org')
  const moment = formatMoment(at, timeZone, i18n.language, day)
  // "Pablo Pin on Kitchen tablet"; the device alone when it recorded without a PIN.
  const name = person.device ? (person.name ? t('checklists.record.onDevice', { name: person.name, device: person.device.name }) : person.device.name) : person.name
  const [before = '', after = ''] = t(moment.sameDay ? 'checklists.record.byAt' : 'checklists.record.byOn', { name, time: SLOT }).split(SLOT)
  return (
    <p className={className}>
      {before}
      <time dateTime={at}>{moment.text}</time>
      {after}
    </p>
  )
}
