import { Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { PendingButton } from '../records/fields'
import { RecordedBy } from '../records/recorded-by'
import type { ShownMoment } from '../records/types'
import { FormError } from '../ui/field'

export interface SignOffEntry {
  date: string
  complete: boolean
  signOff: { signedBy: { membershipId: string | null; name: string }; signedAt: string; moment: ShownMoment } | null
}

/**
 * The manager's sign-off of the day: who and when once given; the button for a manager once complete.
 * Only checklists that require a sign-off show it, so the page loads it when it does (ADR 061).
 */
export function SignOffSection({ entry, canSignOff, errors }: { entry: SignOffEntry; canSignOff: boolean; errors?: string[] }) {
  const { t } = useTranslation('org')
  return (
    <section id="sign-off" aria-labelledby="sign-off-title" className="scroll-mt-4 space-y-3 rounded-lg border border-stone-300 p-3 sm:p-4 dark:border-stone-700">
      <h2 id="sign-off-title" className="text-lg font-semibold">
        {t('checklists.signOff.title')}
      </h2>
      {entry.signOff ? (
        <>
          <p className="font-medium">{t('checklists.signOff.done')}</p>
          <RecordedBy person={entry.signOff.signedBy} at={entry.signOff.signedAt} moment={entry.signOff.moment} className="" />
        </>
      ) : !entry.complete ? (
        <p className="text-stone-700 dark:text-stone-300">{t('checklists.signOff.waiting')}</p>
      ) : canSignOff ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="signOff" />
          <input type="hidden" name="date" value={entry.date} />
          <p className="text-stone-700 dark:text-stone-300">{t('checklists.signOff.help')}</p>
          <FormError errors={errors} />
          <PendingButton match={{ intent: 'signOff' }} pendingLabel={t('checklists.item.saving')} variant="primary" width="full" className="sm:w-fit sm:min-w-40">
            {t('checklists.signOff.submit')}
          </PendingButton>
        </Form>
      ) : (
        <p className="text-stone-700 dark:text-stone-300">{t('checklists.signOff.manager')}</p>
      )}
    </section>
  )
}
