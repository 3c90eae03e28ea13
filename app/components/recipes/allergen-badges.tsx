import { useTranslation } from '../../lib/use-translation'
import { ALLERGENS } from '../../../server/recipes/constants'
import { MARK_TEXT } from '../../../server/recipes/allergens'
import type { AllergenMarks } from './types'

/**
 * The allergens a recipe shows (ADR 084), as badges: "contains" filled, "may contain" outlined,
 * "may contain — check" dashed with its "!" mark and the words; and "Not confirmed" while nobody has
 * checked the list. Told apart by words and marks, never by colour alone.
 */
export function AllergenBadges({ marks, unconfirmed = false, size = 'sm' }: { marks: AllergenMarks; unconfirmed?: boolean; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('common')
  const held = ALLERGENS.filter((a) => marks[a])
  const text = size === 'lg' ? 'text-base px-3 py-1' : 'text-xs px-2 py-0.5'
  const flag = unconfirmed ? (
    <li className={`rounded-full border-2 border-amber-700 bg-amber-100 font-semibold text-amber-950 dark:border-amber-400 dark:bg-amber-900 dark:text-amber-50 ${text}`} data-testid="allergens-unconfirmed">
      {t('allergens.notConfirmed')}
    </li>
  ) : null
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('allergens.label')}>
      {flag}
      {held.length ? null : <li className="text-sm text-stone-700 dark:text-stone-300">{t('allergens.none')}</li>}
      {held.map((a) => {
        const mark = marks[a]!
        const name = t(`allergens.${a}`)
        return (
          <li
            key={a}
            data-mark={mark}
            className={`rounded-full font-semibold ${text} ${
              mark === 'contains'
                ? 'bg-red-800 text-white dark:bg-red-700'
                : mark === 'mayContain'
                  ? 'border-2 border-red-800 text-red-900 dark:border-red-400 dark:text-red-200'
                  : 'border-2 border-dashed border-amber-700 text-amber-950 dark:border-amber-400 dark:text-amber-50'
            }`}
          >
            {mark === 'contains' ? name : mark === 'mayContain' ? t('allergens.mayContainShort', { name }) : <>{`${MARK_TEXT.check} `}{t('allergens.checkShort', { name })}</>}
          </li>
        )
      })}
    </ul>
  )
}

/** What the sheet's marks mean, in words: shown beside every view of the marks. */
export function AllergenLegend() {
  const { t } = useTranslation('common')
  const rows: [string, string][] = [
    [MARK_TEXT.contains, t('allergens.markContains')],
    [MARK_TEXT.mayContain, t('allergens.markMayContain')],
    [MARK_TEXT.check, `${t('allergens.markCheck')}: ${t('allergens.markCheckHelp')}`],
    [t('allergens.notConfirmed'), t('allergens.notConfirmedHelp')],
  ]
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={t('allergens.legend')} data-testid="allergen-legend">
      {rows.map(([mark, meaning]) => (
        <div key={mark} className="flex gap-2">
          <dt className="font-bold">{mark}</dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  )
}
