/**
 * The corrective action of a failed record (a checklist item, an out-of-range reading), one form for
 * every kind: an optional short pick list (a kind's usual actions, and "something else"), free text,
 * and the submit button (intent=resolve) that shows its pending label only for its own record.
 */
import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { useServerForm, type FormResult } from '../../lib/forms'
import { FormError, SelectField } from '../ui/field'
import { PendingButton, TextareaField } from './fields'

export interface ResolveChoices {
  /** The select's label. */
  label: string
  /** The empty option: the action is written in the text below. */
  other: string
  options: Array<{ value: string; label: string }>
}

export function ResolveForm({
  formId,
  hidden,
  label,
  failure,
  describedBy,
  intro,
  choices,
  noteLabel,
  noteRequired,
  submit,
  offline,
}: {
  formId: string
  /** The fields naming the record (item, day or check); they also pick the pending button. */
  hidden: Record<string, string>
  /** The record's label, added (for screen readers) to the button's name. */
  label?: string
  failure?: FormResult
  describedBy?: string
  intro?: string
  choices?: ResolveChoices
  noteLabel: string
  noteRequired: boolean
  submit: string
  /** What the offline queue needs to keep this form's submission (offline.tsx `offlineForm`). */
  offline?: Record<string, string>
}) {
  const { t } = useTranslation('org')
  const form = useServerForm({ id: formId, lastResult: failure, defaultValue: { action: '', note: '' } })
  return (
    <Form method="post" className="space-y-3 rounded-md border border-red-700 bg-white p-3 dark:border-red-400 dark:bg-stone-900" {...form.formProps} {...offline}>
      <input type="hidden" name="intent" value="resolve" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {intro ? <p className="font-medium text-red-800 dark:text-red-200">{intro}</p> : null}
      <FormError errors={form.formErrors} />
      {choices ? (
        <SelectField label={choices.label} {...form.field('action')}>
          <option value="">{choices.other}</option>
          {choices.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextareaField label={noteLabel} {...form.field('note')} required={noteRequired} maxLength={2000} rows={3} hint={t('records.resolve.hint')} />
      <PendingButton match={{ intent: 'resolve', ...hidden }} pendingLabel={t('records.resolve.saving')} variant="primary" width="full" className="sm:w-fit" aria-describedby={describedBy}>
        {submit}
        {label ? <span className="sr-only">: {label}</span> : null}
      </PendingButton>
    </Form>
  )
}
