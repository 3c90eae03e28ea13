/**
 * Form parts every kind of template shares (checklists, temperature logs): venues and days checkboxes
 * and a multi-line field (the archived badge and the lists' summaries are apart: the pages that show
 * them load no form).
 */
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from '../../lib/use-translation'
import { Field, FieldMessage, inputClasses, type FieldErrors } from '../ui/field'

type Venue = { id: string; name: string }

/** Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

export const hintClasses = 'text-sm text-stone-700 dark:text-stone-300'

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
export function CheckboxGroup({ legend, hint, error, children }: { legend: string; hint: string; error?: FieldErrors; children: ReactNode }) {
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

/** Where a template is used, as checkboxes; none ticked means every venue, including later ones. */
export function VenueCheckboxes({ venues, selected, error }: { venues: Venue[]; selected: readonly string[]; error?: FieldErrors }) {
  const { t } = useTranslation('org-settings')
  return (
    <CheckboxGroup legend={t('checklists.fields.venues')} hint={venues.length ? t('checklists.fields.venuesHint') : t('checklists.fields.venuesNone')} error={error}>
      {venues.map((v) => (
        <Field key={v.id} type="checkbox" name="venueIds" value={v.id} label={v.name} defaultChecked={selected.includes(v.id)} />
      ))}
    </CheckboxGroup>
  )
}

/** The days of the week a template is due, Monday first. */
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
