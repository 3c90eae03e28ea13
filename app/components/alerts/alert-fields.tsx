import { useTranslation } from '../../lib/use-translation'
import type { useServerForm } from '../../lib/forms'
import { Field } from '../ui/field'

type FormApi = ReturnType<typeof useServerForm>

/**
 * Which alerts, and quiet hours: the same fields for the organisation (/settings/alerts) and for a
 * member's own choices (the profile). `quietHint` says whose quiet hours an empty pair means.
 */
export function AlertChoiceFields({ form, quietHint, delays }: { form: FormApi; quietHint: string; delays?: boolean }) {
  const { t } = useTranslation('common')
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('alertFields.which')}</legend>
        <Field type="checkbox" label={t('alertFields.overdue')} {...form.checkbox('overdue')} />
        {delays ? (
          <Field label={t('alertFields.overdueDelay')} {...form.field('overdueDelayMinutes')} type="number" min={0} max={1440} step={1} required className="max-w-48 ps-8" />
        ) : null}
        <Field type="checkbox" label={t('alertFields.failures')} {...form.checkbox('failures')} />
        {delays ? (
          <Field label={t('alertFields.failureDelay')} {...form.field('failureDelayMinutes')} type="number" min={0} max={1440} step={1} required className="max-w-48 ps-8" />
        ) : null}
        <Field type="checkbox" label={t('alertFields.digest')} {...form.checkbox('digest')} />
        {delays ? <Field label={t('alertFields.digestTime')} {...form.field('digestTime')} type="time" required className="max-w-48 ps-8" /> : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('alertFields.quiet')}</legend>
        <p className="text-sm text-stone-700 dark:text-stone-300">{quietHint}</p>
        <div className="flex flex-wrap gap-4">
          <Field label={t('alertFields.quietStart')} {...form.field('quietStart')} type="time" className="w-40" />
          <Field label={t('alertFields.quietEnd')} {...form.field('quietEnd')} type="time" className="w-40" />
        </div>
      </fieldset>
    </>
  )
}
