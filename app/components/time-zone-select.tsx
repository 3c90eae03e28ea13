import type { TimeZoneGroup } from '../lib/time-zones'
import { SelectField, type FieldErrors } from './ui/field'

/** A labelled select of time zones, common ones first, then by region; the groups come from the loader. */
export function TimeZoneSelect({
  label,
  zones,
  name = 'timeZone',
  ...props
}: {
  label: string
  zones: TimeZoneGroup[]
  defaultValue?: string
  error?: FieldErrors
  errors?: FieldErrors
  name?: string
  id?: string
  autoFocus?: boolean
}) {
  return (
    <SelectField label={label} name={name} {...props}>
      {zones.map((group) => (
        <optgroup key={group.region} label={group.label}>
          {group.zones.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  )
}
