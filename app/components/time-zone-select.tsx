import { SelectField, type FieldErrors } from './ui/field'

/** A labelled select of IANA time zones; the list comes from the loader. */
export function TimeZoneSelect({
  label,
  zones,
  name = 'timeZone',
  ...props
}: {
  label: string
  zones: string[]
  defaultValue?: string
  error?: FieldErrors
  errors?: FieldErrors
  name?: string
  id?: string
  autoFocus?: boolean
}) {
  return (
    <SelectField label={label} name={name} {...props}>
      {zones.map((z) => (
        <option key={z} value={z}>
          {z.replaceAll('_', ' ')}
        </option>
      ))}
    </SelectField>
  )
}
