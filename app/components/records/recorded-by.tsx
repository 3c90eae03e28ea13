import { useTranslation } from '../../lib/use-translation'
import { formatMoment, shownDeviceTime } from './dates'
import type { RecordPerson } from './types'

const SLOT = '\u0001'
const SLOT2 = '\u0002'

/**
 * "By Ana at 14:32" (or "on 8 Apr 2026, 09:10" when it was another day), in the venue's time zone.
 * A record made offline whose device time is more than a few minutes from the time the server received
 * it shows both, as the export does: "By Ana: recorded 08:02 on the device, received 08:47".
 * `day` is the day the record belongs to. The translation places the time; it is wrapped in <time>
 * here (cheaper than <Trans>, which would bring an HTML parser to the browser).
 */
export function RecordedBy({
  person,
  at,
  deviceAt,
  timeZone,
  day,
  className = 'text-sm text-stone-700 dark:text-stone-300',
}: {
  person: RecordPerson
  at: string
  /** When the device said it made the record (made offline), if it did. */
  deviceAt?: string | null
  timeZone: string
  day?: string
  className?: string
}) {
  const { t, i18n } = useTranslation('org')
  const moment = formatMoment(at, timeZone, i18n.language, day)
  // "Pablo Pin on Kitchen tablet"; the device alone when it recorded without a PIN.
  const name = person.device ? (person.name ? t('records.onDevice', { name: person.name, device: person.device.name }) : person.device.name) : person.name
  const device = shownDeviceTime(at, deviceAt)
  if (device) {
    const made = formatMoment(device, timeZone, i18n.language, day)
    const [before = '', rest = ''] = t('records.byDeviceTime', { name, device: SLOT, received: SLOT2 }).split(SLOT)
    const [middle = '', after = ''] = rest.split(SLOT2)
    return (
      <p className={className}>
        {before}
        <time dateTime={device}>{made.text}</time>
        {middle}
        <time dateTime={at}>{moment.text}</time>
        {after}
      </p>
    )
  }
  const [before = '', after = ''] = t(moment.sameDay ? 'records.byAt' : 'records.byOn', { name, time: SLOT }).split(SLOT)
  return (
    <p className={className}>
      {before}
      <time dateTime={at}>{moment.text}</time>
      {after}
    </p>
  )
}
