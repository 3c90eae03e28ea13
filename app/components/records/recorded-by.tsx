import { useTranslation } from '../../lib/use-translation'
import type { RecordPerson, ShownMoment } from './types'

const SLOT = '\u0001'
const SLOT2 = '\u0002'

/**
 * "By Ana at 14:32" (or "on 8 Apr 2026, 09:10" when it was another day), in the venue's time zone.
 * A record made offline whose device time is more than a few minutes from the time the server received
 * it shows both, as the export does: "By Ana: recorded 08:02 on the device, received 08:47".
 * The times come written by the page's loader (`moment`: moments.server.ts, in the venue's zone, the
 * time alone on the record's own day). The translation places the time; it is wrapped in <time> here
 * (cheaper than <Trans>, which would bring an HTML parser to the browser).
 */
export function RecordedBy({
  person,
  at,
  moment,
  className = 'text-sm text-stone-700 dark:text-stone-300',
}: {
  person: RecordPerson
  /** When the server received it (the <time> element's instant). */
  at: string
  moment: ShownMoment
  className?: string
}) {
  const { t } = useTranslation('org')
  // "Pablo Pin on Kitchen tablet"; the device alone when it recorded without a PIN.
  const name = person.device ? (person.name ? t('records.onDevice', { name: person.name, device: person.device.name }) : person.device.name) : person.name
  const device = moment.device
  if (device) {
    const [before = '', rest = ''] = t('records.byDeviceTime', { name, device: SLOT, received: SLOT2 }).split(SLOT)
    const [middle = '', after = ''] = rest.split(SLOT2)
    return (
      <p className={className}>
        {before}
        <time dateTime={device.at}>{device.text}</time>
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
