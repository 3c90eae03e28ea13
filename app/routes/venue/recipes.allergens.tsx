import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/recipes.allergens'
import { ALLERGENS } from '../../../server/recipes/constants'
import { MARK_TEXT } from '../../../server/recipes/allergens'
import type { AllergenMark, RecipeSummary } from '../../components/recipes/types'
import { AllergenLegend } from '../../components/recipes/allergen-badges'
import { PrintButton } from '../../components/recipes/print-button'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const book = must(args.request, client, await client.get<{ venue: { id: string; name: string }; recipes: RecipeSummary[] }>(`/v1/orgs/${org.id}/venues/${venue.id}/recipes`))
  return { venue: book.venue, recipes: book.recipes }
}

const MARK_ORDER: readonly AllergenMark[] = ['contains', 'mayContain', 'check']
const MARK_LABEL: Record<AllergenMark, string> = { contains: 'allergens.markContains', mayContain: 'allergens.markMayContain', check: 'allergens.markCheck' }

/**
 * The venue's allergen sheet: every recipe × the 14 allergens, to print and pin on the wall. Below
 * 1024 px each dish is a card listing what it contains, may contain, should be checked for and is
 * free of — every allergen readable at 320 px without sideways scrolling, JavaScript or not; wider
 * (and on paper) the table, its dish column kept in view (ADR 084).
 */
export default function AllergenSheet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { t: tc } = useTranslation('common')
  const { venue, recipes } = loaderData
  const title = t('recipes.sheetTitle', { venue: venue.name })
  const unconfirmed = (
    <span className="ms-2 inline-block rounded border-2 border-amber-700 bg-amber-100 px-1.5 text-xs font-bold uppercase text-amber-950 dark:border-amber-400 dark:bg-amber-900 dark:text-amber-50">
      {tc('allergens.notConfirmed')}
    </span>
  )
  return (
    <div className="allergen-sheet space-y-4 print:space-y-2">
      <p className="flex flex-wrap gap-4 print:hidden">
        <Link to="/recipes" className="underline">
          {t('recipes.back')}
        </Link>
        <a href="/recipes/allergens.pdf" download className="underline">
          {t('recipes.allergenSheetPdf')}
        </a>
      </p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <AllergenLegend />

      <ul className="space-y-3 lg:hidden print:hidden" aria-label={title} data-testid="allergen-cards">
        {recipes.map((r) => (
          <li key={r.id} className="space-y-2 rounded-lg border border-stone-400 p-3 dark:border-stone-600" data-recipe={r.name}>
            <h2 className="text-lg font-semibold">
              {r.name}
              {r.allergensConfirmed ? null : unconfirmed}
            </h2>
            <dl className="space-y-1 text-base">
              {MARK_ORDER.map((mark) => {
                const held = ALLERGENS.filter((a) => r.allergenMarks[a] === mark)
                return held.length ? (
                  <div key={mark} data-mark={mark}>
                    <dt className="inline font-semibold">
                      <span aria-hidden="true">{MARK_TEXT[mark]} </span>
                      {tc(MARK_LABEL[mark])}:{' '}
                    </dt>
                    <dd className="inline">{held.map((a) => tc(`allergens.${a}`)).join(', ')}</dd>
                  </div>
                ) : null
              })}
              <div data-mark="free" className="text-stone-700 dark:text-stone-300">
                <dt className="inline font-semibold">{tc('allergens.freeOf')}: </dt>
                <dd className="inline">
                  {ALLERGENS.filter((a) => !r.allergenMarks[a])
                    .map((a) => tc(`allergens.${a}`))
                    .join(', ') || '—'}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-x-auto lg:block print:block print:overflow-visible" tabIndex={0} role="region" aria-label={title}>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky start-0 border border-stone-400 bg-white p-1 text-start dark:bg-stone-950">
                {t('recipes.recipe')}
              </th>
              {ALLERGENS.map((a) => (
                <th key={a} scope="col" className="border border-stone-400 p-1 align-bottom text-xs">
                  {tc(`allergens.${a}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {recipes.map((r) => (
              <tr key={r.id}>
                <th scope="row" className="sticky start-0 border border-stone-400 bg-white p-1 text-start font-medium dark:bg-stone-950">
                  {r.name}
                  {r.allergensConfirmed ? null : unconfirmed}
                </th>
                {ALLERGENS.map((a) => {
                  const mark = r.allergenMarks[a]
                  return (
                    <td key={a} className={`border border-stone-400 p-1 text-center font-bold ${mark === 'check' ? 'border-dashed' : ''}`} data-mark={mark}>
                      {mark ? (
                        <span title={`${tc(MARK_LABEL[mark])}: ${tc(`allergens.${a}`)}`}>
                          <span aria-hidden="true">{MARK_TEXT[mark]}</span>
                          <span className="sr-only">{tc(MARK_LABEL[mark])}</span>
                        </span>
                      ) : null}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {recipes.length ? null : <p>{t('recipes.empty')}</p>}
      <PrintButton label={t('recipes.printSheet')} hint={t('recipes.printSheetHint')} />
    </div>
  )
}
