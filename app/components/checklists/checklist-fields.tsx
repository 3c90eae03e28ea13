import { useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '../ui/confirm-dialog'
import { Field, inputClasses, SelectField } from '../ui/field'
import { ITEM_TYPES, isItemType, WEEK_ORDER, type Checklist, type ChecklistItem, type ItemType } from './types'

type Errors = Record<string, string | undefined>
type Venue = { id: string; name: string }

const hintClasses = 'text-sm text-stone-700 dark:text-stone-300'
const errorClasses = 'text-sm font-medium text-red-700 dark:text-red-400'

/** A labelled multi-line text box with optional hint and error. */
export function TextAreaField({
  label,
  hint,
  error,
  ...props
}: { label: string; hint?: string; error?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'id'>) {
  const id = useId()
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
      {error ? (
        <p id={`${id}-error`} className={errorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A group of checkboxes in a fieldset with a legend, a hint and an error. */
function CheckboxGroup({ legend, hint, error, children }: { legend: string; hint: string; error?: string; children: ReactNode }) {
  const id = useId()
  return (
    <fieldset className="space-y-1" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={`${id}-hint`} className={hintClasses}>
        {hint}
      </p>
      {children}
      {error ? (
        <p id={`${id}-error`} className={errorClasses}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Where a checklist is used, as checkboxes; none ticked means every venue, including later ones. */
export function ChecklistVenueCheckboxes({ venues, selected, error }: { venues: Venue[]; selected: readonly string[]; error?: string }) {
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
export function DaysCheckboxes({ selected, error }: { selected: readonly number[]; error?: string }) {
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

export interface ChecklistFormValues {
  name?: string
  description?: string
  venueIds?: string[]
  days?: number[]
  dueTime?: string
}

/** Name, description, venues, days and due time: the fields of a new or edited checklist. */
export function ChecklistFields({ venues, checklist, values, errors }: { venues: Venue[]; checklist?: Checklist; values?: ChecklistFormValues; errors: Errors }) {
  const { t } = useTranslation('org-settings')
  return (
    <>
      <Field
        label={t('checklists.fields.name')}
        name="name"
        required
        maxLength={100}
        autoComplete="off"
        defaultValue={values?.name ?? checklist?.name}
        hint={t('checklists.fields.nameHint')}
        error={errors.name}
      />
      <TextAreaField
        label={t('checklists.fields.description')}
        name="description"
        maxLength={1000}
        rows={3}
        defaultValue={values?.description ?? checklist?.description ?? ''}
        hint={t('checklists.fields.descriptionHint')}
        error={errors.description}
      />
      <ChecklistVenueCheckboxes venues={venues} selected={values?.venueIds ?? checklist?.venueIds ?? []} error={errors.venueIds} />
      <DaysCheckboxes selected={values?.days ?? checklist?.days ?? [0, 1, 2, 3, 4, 5, 6]} error={errors.days} />
      <Field
        label={t('checklists.fields.dueTime')}
        name="dueTime"
        type="time"
        className="max-w-48"
        defaultValue={values?.dueTime ?? checklist?.dueTime ?? ''}
        hint={t('checklists.fields.dueTimeHint')}
        error={errors.dueTime}
      />
    </>
  )
}

/**
 * Label, type, instructions, required, and min/max for number items. Without JavaScript min and
 * max are always shown (with a hint that they only apply to numbers); with it, only for numbers.
 */
export function ItemFields({ item, values, errors }: { item?: ChecklistItem; values?: Record<string, string | undefined>; errors: Errors }) {
  const { t } = useTranslation('org-settings')
  const hydrated = useHydrated()
  const initial = values?.type ?? item?.type
  const [type, setType] = useState<ItemType>(isItemType(initial) ? initial : 'check')
  const showRange = !hydrated || type === 'number'
  const number = (v: number | null | undefined) => (v == null ? '' : String(v))
  return (
    <>
      <Field label={t('checklists.items.label')} name="label" required maxLength={200} autoComplete="off" defaultValue={values?.label ?? item?.label} error={errors.label} />
      <SelectField
        label={t('checklists.items.type')}
        name="type"
        required
        value={type}
        onChange={(e) => setType(isItemType(e.target.value) ? e.target.value : 'check')}
        hint={t('checklists.items.typeHint')}
        error={errors.type}
      >
        {ITEM_TYPES.map((ty) => (
          <option key={ty} value={ty}>
            {t(`checklists.types.${ty}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('checklists.items.instructions')}
        name="instructions"
        maxLength={1000}
        rows={2}
        defaultValue={values?.instructions ?? item?.instructions ?? ''}
        hint={t('checklists.items.instructionsHint')}
        error={errors.instructions}
      />
      <Field
        type="checkbox"
        name="required"
        label={t('checklists.items.required')}
        defaultChecked={values ? values.required === 'on' : (item?.required ?? true)}
        hint={t('checklists.items.requiredHint')}
        error={errors.required}
      />
      {showRange ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('checklists.items.range')}</legend>
          <p className={hintClasses}>{hydrated ? t('checklists.items.rangeHint') : t('checklists.items.rangeHintNoJs')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field label={t('checklists.items.min')} name="min" type="number" step="any" inputMode="decimal" defaultValue={values?.min ?? number(item?.min)} error={errors.min} />
            <Field label={t('checklists.items.max')} name="max" type="number" step="any" inputMode="decimal" defaultValue={values?.max ?? number(item?.max)} error={errors.max} />
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
