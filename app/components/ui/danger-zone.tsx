import { useId } from 'react'
import { useTranslation } from '../../lib/use-translation'
import { ConfirmForm } from './confirm-dialog'
import { FormError, type FieldErrors } from './field'

export interface DangerZoneProps {
  /** What the button says, e.g. "Delete venue". */
  trigger: string
  /** The dialog's title, e.g. "Delete Kitchen?". */
  title: string
  /** Why this cannot be undone: shown above the button and in the dialog. */
  help: string
  /** The dialog's confirm button; the trigger's text when left out. */
  confirmLabel?: string
  /** A name the person must type before the confirm button works. */
  confirmText?: string
  /** The action's `intent` value. */
  intent?: string
  /** Errors from the last try, shown above the button. */
  errors?: FieldErrors
  /** The section's heading; "Danger zone" when left out. */
  heading?: string
}

/** The red section at the foot of a settings page: one destructive action behind the confirm dialog. */
export function DangerZone({ trigger, title, help, confirmLabel, confirmText, intent = 'delete', errors, heading }: DangerZoneProps) {
  const { t } = useTranslation('common')
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-red-700 p-4 dark:border-red-400">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading ?? t('confirm.dangerZone')}
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">{help}</p>
      <FormError errors={errors} />
      <ConfirmForm
        dangerous
        intent={intent}
        trigger={trigger}
        title={title}
        description={help}
        confirmText={confirmText}
        typeLabel={confirmText ? t('confirm.typeToConfirm', { text: confirmText }) : undefined}
        confirmLabel={confirmLabel ?? trigger}
        cancelLabel={t('actions.cancel')}
        defaultTitle={t('confirm.defaultTitle')}
      />
    </section>
  )
}
