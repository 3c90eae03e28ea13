import { useTranslation } from '../../lib/use-translation'

/** A small "Archived" badge (contrast ≥ 4.5:1 in both themes). */
export function ArchivedBadge() {
  const { t } = useTranslation('org-settings')
  return <span className="inline-block rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-900 dark:bg-stone-800 dark:text-stone-100">{t('checklists.archived')}</span>
}
