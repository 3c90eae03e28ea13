import { useTranslation } from '../../lib/use-translation'
import type { ServerForm } from '../../lib/forms'
import { Field, SelectField } from '../ui/field'
import { hintClasses } from './template-fields'

/** The check slots a form offers (a template has 1–6 checks a day). */
export const CHECK_SLOTS = [0, 1, 2, 3, 4, 5] as const

/** What the checks' fields start with: the number of checks and one `time<slot>` per slot. */
export function checksDefaults(template: { checksPerDay: number; checkTimes: (string | null)[] } | undefined, checksPerDay: number) {
  const times = Object.fromEntries(CHECK_SLOTS.map((slot) => [`time${slot}`, template?.checkTimes[slot] ?? '']))
  return { checksPerDay: String(template?.checksPerDay ?? checksPerDay), ...times }
}

/**
 * Checks a day and the time of each check (only the first `checks` count), for any kind of template;
 * `keys` names its strings' group in org-settings (`temperatures.fields`, `checklists.fields`).
 */
export function ChecksFields({ form, keys }: { form: ServerForm; keys: 'temperatures.fields' | 'checklists.fields' }) {
  const { t } = useTranslation('org-settings')
  return (
    <>
      <SelectField label={t(`${keys}.checksPerDay`)} {...form.field('checksPerDay')} hint={t(`${keys}.checksPerDayHint`)} className="max-w-48">
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t(`${keys}.checkTimes`)}</legend>
        <p className={hintClasses}>{t(`${keys}.checkTimesHint`)}</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {CHECK_SLOTS.map((slot) => (
            <Field key={slot} label={t(`${keys}.checkTime`, { number: slot + 1 })} {...form.field(`time${slot}`)} type="time" />
          ))}
        </div>
      </fieldset>
    </>
  )
}

/** Dates of the month as text ("1, 15"): when given, the template is due on them instead of the weekdays. */
export function MonthDaysField({ form }: { form: ServerForm }) {
  const { t } = useTranslation('org-settings')
  return <Field label={t('schedule.monthDays')} {...form.field('monthDays')} inputMode="numeric" autoComplete="off" maxLength={100} hint={t('schedule.monthDaysHint')} className="max-w-sm" />
}
