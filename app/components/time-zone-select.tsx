import { SelectField } from './ui/field'

/** A labelled select of IANA time zones; the list comes from the loader. */
export function TimeZoneSelect({ label, zones, defaultValue, error, name = 'timeZone' }: { label: string; zones: string[]; defaultValue: string; error?: string; name?: string }) {
  return (
    <SelectField label={label} name={name} defaultValue={defaultValue} error={error}>
      {zones.map((z) => (
        <option key={z} value={z}>
          {z.replaceAll('_', ' ')}
        </option>
      ))}
    </SelectField>
  )
}
