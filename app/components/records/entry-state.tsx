import { useTranslation } from 'react-i18next'
import { Badge } from './badges'

/** The API's progress of one checklist (or log) on one day. */
export interface EntryProgress {
  done: number
  total: number
  required: number
  requiredDone: number
  failed: number
  unresolved: number
}

/** Complete / overdue / N left / failures to resolve. */
export function EntryStateBadges({ checklist }: { checklist: { complete: boolean; overdue: boolean; progress: EntryProgress } }) {
  const { t } = useTranslation('org')
  const left = Math.max(0, checklist.progress.required - checklist.progress.requiredDone)
  return (
    <p className="flex flex-wrap items-center gap-2">
      {checklist.complete ? (
        <Badge tone="success" icon="✓">
          {t('checklists.complete')}
        </Badge>
      ) : (
        <>
          {checklist.overdue ? (
            <Badge tone="danger" icon="!">
              {t('checklists.overdue')}
            </Badge>
          ) : null}
          {left > 0 ? <Badge tone="neutral">{t('checklists.left', { count: left })}</Badge> : null}
        </>
      )}
      {checklist.progress.unresolved > 0 ? (
        <Badge tone="danger" icon="✗">
          {t('checklists.unresolved', { count: checklist.progress.unresolved })}
        </Badge>
      ) : null}
    </p>
  )
}

/** On a past day every new record is marked late. */
export function PastDayBanner() {
  const { t } = useTranslation('org')
  return (
    <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
      {t('checklists.pastBanner')}
    </p>
  )
}
