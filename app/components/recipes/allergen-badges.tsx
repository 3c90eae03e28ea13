import { useTranslation } from '../../lib/use-translation'
import { ALLERGENS } from '../../../server/recipes/constants'
import type { AllergenMap } from './types'

/** The allergens a recipe holds, as badges: "contains" filled, "may contain" outlined. */
export function AllergenBadges({ allergens, size = 'sm' }: { allergens: AllergenMap; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('common')
  const held = ALLERGENS.filter((a) => allergens[a])
  if (!held.length) return <span className="text-sm text-stone-700 dark:text-stone-300">{t('allergens.none')}</span>
  const text = size === 'lg' ? 'text-base px-3 py-1' : 'text-xs px-2 py-0.5'
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('allergens.label')}>
      {held.map((a) => (
        <li
          key={a}
          className={`rounded-full font-semibold ${text} ${
            allergens[a] === 'contains' ? 'bg-red-800 text-white dark:bg-red-700' : 'border-2 border-red-800 text-red-900 dark:border-red-400 dark:text-red-200'
          }`}
        >
          {allergens[a] === 'contains' ? t(`allergens.${a}`) : t('allergens.mayContainShort', { name: t(`allergens.${a}`) })}
        </li>
      ))}
    </ul>
  )
}
