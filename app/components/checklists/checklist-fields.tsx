import { useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { ServerForm } from '../../lib/forms'
import { Field, FieldMessage, inputClasses, SelectField, type FieldErrors } from '../ui/field'
import { ITEM_TYPES, isItemType, WEEK_ORDER, type Checklist, type ChecklistItem, type ItemType } from './types'

type Venue = { id: string; name: string }

const hintClasses = 'text-sm text-stone-700 dark:text-stone-300'

/** A labelled multi-line text box with optional hint and error. */
export function TextAreaField({
  label,
  hint,
  errors,
  id: givenId,
  ...props
}: { label: string; hint?: string; errors?: FieldErrors } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const autoId = useId()
  const id = givenId ?? autoId
  const error = errors?.length ? errors : undefined
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea {...props} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} className={`${inputClasses} min-h-20`} />
      {hint ? (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} errors={error} />
    </div>
  )
}

/** A group of checkboxes in a fieldset with a legend, a hint and an error. */
function CheckboxGroup({ legend, hint, error, children }: { legend: string; hint: string; error?: FieldErrors; children: ReactNode }) {
  const id = useId()
  return (
    <fieldset className="space-y-1" aria-describedby={`${id}-hint${error?.length ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={`${id}-hint`} className={hintClasses}>
        {hint}
      </p>
      {children}
      <FieldMessage id={`${id}-error`} errors={error} />
    </fieldset>
  )
}

/** Where a checklist is used, as checkboxes; none ticked means every venue, including later ones. */
export function ChecklistVenueCheckboxes({ venues, selected, error }: { venues: Venue[]; selected: readonly string[]; error?: FieldErrors }) {
  const { t } = useTranslation('org-settings')
  return (
    <CheckboxGroup legend={t('checklists.fields.venues')} hint={venues.length ? t('checklists.fields.venuesHint') : t('checklists.fields.venuesNone')} error={error}>
      {venues.map((v) => (
        <Field key={v.id} type="checkbox" name="venueIds" value={v.id} label={v.name} defaultChecked={selected.includes(v.id)} />
      ))}
    </CheckboxGroup>
  )
}

/** The days of the week a checklist is due, Monday first. */
export function DaysCheckboxes({ selected, error }: { selected: readonly number[]; error?: FieldErrors }) {
  const { t } = useTranslation('org-settings')
  return (
    <CheckboxGroup legend={t('checklists.fields.days')} hint={t('checklists.fields.daysHint')} error={error}>
      <div className="flex flex-wrap gap-x-5">
        {WEEK_ORDER.map((d) => (
          <Field key={d} type="checkbox" name="days" value={String(d)} label={t(`checklists.dayNames.${d}`)} defaultChecked={selected.includes(d)} />
        ))}
      </div>
    </CheckboxGroup>
  )
}

/** What a checklist form starts with: the checklist's values, or every day for a new one. */
export function checklistDefaults(checklist?: Checklist) {
  return {
    name: checklist?.name,
    description: checklist?.description ?? '',
    venueIds: checklist?.venueIds ?? [],
    days: checklist?.days ?? [0, 1, 2, 3, 4, 5, 6],
    dueTime: checklist?.dueTime ?? '',
  }
}

/** Name, description, venues, days and due time: the fields of a new or edited checklist. */
export function ChecklistFields({ venues, form }: { venues: Venue[]; form: ServerForm }) {
  const { t } = useTranslation('org-settings')
  return (
    <>
      <Field label={t('checklists.fields.name')} {...form.field('name')} required maxLength={100} autoComplete="off" hint={t('checklists.fields.nameHint')} />
      <TextAreaField label={t('checklists.fields.description')} {...form.field('description')} maxLength={1000} rows={3} hint={t('checklists.fields.descriptionHint')} />
      <ChecklistVenueCheckboxes venues={venues} selected={form.values('venueIds')} error={form.group('venueIds').errors} />
      <DaysCheckboxes selected={form.values('days').map(Number)} error={form.group('days').errors} />
      <Field label={t('checklists.fields.dueTime')} {...form.field('dueTime')} type="time" className="max-w-48" hint={t('checklists.fields.dueTimeHint')} />
    </>
  )
}

/** What an item form starts with: the item's values, or a required tick for a new one. */
export function itemDefaults(item?: ChecklistItem) {
  const number = (v: number | null | undefined) => (v == null ? '' : String(v))
  return {
    label: item?.label,
    type: item?.type ?? 'check',
    instructions: item?.instructions ?? '',
    required: item?.required ?? true,
    min: number(item?.min),
    max: number(item?.max),
  }
}

/**
 * Label, type, instructions, required, and min/max for number items. Without JavaScript min and
 * max are always shown (with a hint that they only apply to numbers); with it, only for numbers.
 */
export function ItemFields({ form }: { form: ServerForm }) {
  const { t } = useTranslation('org-settings')
  const hydrated = useHydrated()
  const { defaultValue: initial, ...typeField } = form.field('type')
  const [type, setType] = useState<ItemType>(isItemType(initial) ? initial : 'check')
  const showRange = !hydrated || type === 'number'
  return (
    <>
      <Field label={t('checklists.items.label')} {...form.field('label')} required maxLength={200} autoComplete="off" />
      <SelectField
        label={t('checklists.items.type')}
        {...typeField}
        required
        value={type}
        onChange={(e) => setType(isItemType(e.target.value) ? e.target.value : 'check')}
        hint={t('checklists.items.typeHint')}
      >
        {ITEM_TYPES.map((ty) => (
          <option key={ty} value={ty}>
            {t(`checklists.types.${ty}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('checklists.items.instructions')} {...form.field('instructions')} maxLength={1000} rows={2} hint={t('checklists.items.instructionsHint')} />
      <Field type="checkbox" {...form.checkbox('required')} label={t('checklists.items.required')} hint={t('checklists.items.requiredHint')} />
      {showRange ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('checklists.items.range')}</legend>
          <p className={hintClasses}>{hydrated ? t('checklists.items.rangeHint') : t('checklists.items.rangeHintNoJs')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field label={t('checklists.items.min')} {...form.field('min')} type="number" step="any" inputMode="decimal" />
            <Field label={t('checklists.items.max')} {...form.field('max')} type="number" step="any" inputMode="decimal" />
          </div>
        </fieldset>
      ) : null}
    </>
  )
}

/** A small "Archived" badge (contrast ≥ 4.5:1 in both themes). */
export function ArchivedBadge() {
  const { t } = useTranslation('org-settings')
  return <span className="inline-block rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-900 dark:bg-stone-800 dark:text-stone-100">{t('checklists.archived')}</span>
}

/** "Every day", "Monday to Friday", "Weekends" or the short names of the days, Monday first. */
export function daysSummary(days: readonly number[], t: (key: string) => string): string {
  const set = new Set(days)
  if (set.size === 7) return t('checklists.everyDay')
  if (set.size === 5 && [1, 2, 3, 4, 5].every((d) => set.has(d))) return t('checklists.mondayToFriday')
  if (set.size === 2 && set.has(0) && set.has(6)) return t('checklists.weekends')
  return WEEK_ORDER.filter((d) => set.has(d))
    .map((d) => t(`checklists.dayShort.${d}`))
    .join(', ')
}

/** The names of a checklist's venues, or "All venues" when the list is empty. */
export function checklistVenueNames(venueIds: readonly string[], venues: Venue[], allLabel: string): string {
  if (!venueIds.length) return allLabel
  const names = venues.filter((v) => venueIds.includes(v.id)).map((v) => v.name)
  return names.length ? names.join(', ') : '—'
}
