import { useTranslation } from '../../lib/use-translation'
import { boundIn, boundShown, DEFAULT_RANGES } from '../../../server/temperatures/units'
import type { ServerForm } from '../../lib/forms'
import { Field, SelectField } from '../ui/field'
import { ChecksFields, checksDefaults } from '../templates/schedule-fields'
import { DaysCheckboxes, hintClasses, VenueCheckboxes } from '../templates/template-fields'
import { UNIT_KINDS, type TemperatureLog, type TemperatureUnit, type TemperatureUnitItem } from './types'
import type { DetailForms } from '../templates/template-detail'

type Venue = { id: string; name: string }

export function logDefaults(log?: TemperatureLog) {
  return {
    name: log?.name,
    venueIds: log?.venueIds ?? [],
    days: log?.days ?? [0, 1, 2, 3, 4, 5, 6],
    ...checksDefaults(log, 2),
  }
}

/** Name, venues, days, checks a day and the time of each check (only the first `checks` count). */
export function LogFields({ venues, form }: { venues: Venue[]; form: ServerForm }) {
  const { t } = useTranslation('org-settings')
  const venueIds = form.field('venueIds')
  const days = form.field('days')
  return (
    <>
      <Field label={t('temperatures.fields.name')} {...form.field('name')} required maxLength={100} autoComplete="off" hint={t('temperatures.fields.nameHint')} />
      <VenueCheckboxes venues={venues} selected={form.values('venueIds')} error={venueIds.errors} />
      <DaysCheckboxes selected={form.values('days').map(Number)} error={days.errors} />
      <ChecksFields form={form} keys="temperatures.fields" />
    </>
  )
}

export function unitDefaults(item: TemperatureUnitItem | undefined, unit: TemperatureUnit) {
  const show = (value: number | null) => (value === null ? '' : String(boundIn(value, unit)))
  return { label: item?.label, kind: item?.kind ?? 'fridge', min: item ? show(item.min) : '', max: item ? show(item.max) : '' }
}

/** "0 … 5 °C", "≤ −18 °C", "≥ 63 °C" or "No range" in the organisation's unit. */
export function rangeText(min: number | null, max: number | null, unit: TemperatureUnit, t: (key: string, vars?: Record<string, unknown>) => string): string {
  const lo = boundShown(min, unit, 'min')
  const hi = boundShown(max, unit, 'max')
  if (lo !== null && hi !== null) return t('temperatures.range.between', { min: lo, max: hi, unit })
  if (lo !== null) return t('temperatures.range.atLeast', { min: lo, unit })
  if (hi !== null) return t('temperatures.range.atMost', { max: hi, unit })
  return t('temperatures.range.none')
}

/** Label, kind and range of a unit; an empty bound when adding takes the kind's default. */
export function UnitFields({ form, unit, adding }: { form: ServerForm; unit: TemperatureUnit; adding: boolean }) {
  const { t } = useTranslation('org-settings')
  return (
    <>
      <Field label={t('temperatures.units.label')} {...form.field('label')} required maxLength={200} autoComplete="off" />
      <SelectField label={t('temperatures.units.kind')} {...form.field('kind')}>
        {UNIT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`temperatures.kinds.${kind}`)} ({rangeText(DEFAULT_RANGES[kind].min, DEFAULT_RANGES[kind].max, unit, t)})
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{t('temperatures.units.range', { unit })}</legend>
        <p className={hintClasses}>{adding ? t('temperatures.units.rangeHintNew') : t('temperatures.units.rangeHint')}</p>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('temperatures.units.min', { unit })} {...form.field('min')} inputMode="decimal" autoComplete="off" />
          <Field label={t('temperatures.units.max', { unit })} {...form.field('max')} inputMode="decimal" autoComplete="off" />
        </div>
      </fieldset>
    </>
  )
}

/** The log page's two forms (details, new unit) for TemplateDetailSections. */
export function logForms(log: TemperatureLog | undefined, venues: Venue[], unit: TemperatureUnit): DetailForms {
  return {
    details: { defaultValue: logDefaults(log), fields: (form) => <LogFields venues={venues} form={form} /> },
    add: { defaultValue: unitDefaults(undefined, unit), fields: (form) => <UnitFields form={form} unit={unit} adding /> },
  }
}
