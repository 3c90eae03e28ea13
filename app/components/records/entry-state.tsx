import { useTranslation } from '../../lib/use-translation'
import { Badge } from './badges'
import { ProgressMeter } from './progress-meter'

/** The API's progress of one checklist (or log) on one day. */
export interface EntryProgress {
  /** Required items settled (recorded, failures resolved) of all required items: the server's one definition. */
  done: number
  total: number
  /** Optional items recorded, counted apart. */
  optional: { done: number; total: number }
  failed: number
  unresolved: number
}

/** Complete / overdue / N left / failures to resolve. */
export function EntryStateBadges({ checklist }: { checklist: { complete: boolean; overdue: boolean; progress: EntryProgress } }) {
  const { t } = useTranslation('org')
  const left = checklist.progress.total - checklist.progress.done
  return (
    <p className="flex flex-wrap items-center gap-2">
      {checklist.complete ? (
        <Badge tone="success" icon="✓">
          {t('records.state.complete')}
        </Badge>
      ) : (
        <>
          {checklist.overdue ? (
            <Badge tone="danger" icon="!">
              {t('records.state.overdue')}
            </Badge>
          ) : null}
          {left > 0 ? <Badge tone="neutral">{t('records.state.left', { count: left })}</Badge> : null}
        </>
      )}
      {checklist.progress.unresolved > 0 ? (
        <Badge tone="danger" icon="✗">
          {t('records.state.unresolved', { count: checklist.progress.unresolved })}
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
      {t('records.day.pastBanner')}
    </p>
  )
}

/**
 * The day's progress as one meter: required items settled of all required ("3 of 4 done"), optional
 * items apart ("optional: 1 of 2"), so the bar, the text and the badges never disagree.
 */
export function EntryProgressMeter({ name, progress }: { name: string; progress: EntryProgress }) {
  const { t } = useTranslation('org')
  const text = [
    t('checklists.progress', { done: progress.done, total: progress.total }),
    progress.optional.total > 0 ? t('checklists.progressOptional', { done: progress.optional.done, total: progress.optional.total }) : null,
  ]
    .filter(Boolean)
    .join(' · ')
  return <ProgressMeter done={progress.done} total={progress.total} label={t('checklists.progressLabel', { name })} text={text} />
}
