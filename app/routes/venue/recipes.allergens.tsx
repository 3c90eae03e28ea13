import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/recipes.allergens'
import { ALLERGENS } from '../../../server/recipes/constants'
import type { RecipeSummary } from '../../components/recipes/types'
import { PrintButton } from '../../components/recipes/print-button'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const book = must(args.request, client, await client.get<{ venue: { id: string; name: string }; recipes: RecipeSummary[] }>(`/v1/orgs/${org.id}/venues/${venue.id}/recipes`))
  return { venue: book.venue, recipes: book.recipes }
}

/** The venue's allergen sheet: every recipe × the 14 allergens, to print and pin on the wall. */
export default function AllergenSheet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { t: tc } = useTranslation('common')
  const { venue, recipes } = loaderData
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
      <h1 className="text-2xl font-bold">{t('recipes.sheetTitle', { venue: venue.name })}</h1>
      <p className="text-sm">{t('recipes.sheetLegend')}</p>
      <div className="overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label={t('recipes.sheetTitle', { venue: venue.name })}>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t('recipes.sheetTitle', { venue: venue.name })}</caption>
          <thead>
            <tr>
              <th scope="col" className="border border-stone-400 p-1 text-start">
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
                <th scope="row" className="border border-stone-400 p-1 text-start font-medium">
                  {r.name}
                </th>
                {ALLERGENS.map((a) => (
                  <td key={a} className="border border-stone-400 p-1 text-center font-bold">
                    {r.allergens[a] === 'contains' ? (
                      <span title={tc(`allergens.${a}`)}>
                        X<span className="sr-only"> {t('recipes.contains')}</span>
                      </span>
                    ) : r.allergens[a] === 'mayContain' ? (
                      <span>
                        ?<span className="sr-only"> {t('recipes.mayContain')}</span>
                      </span>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PrintButton label={t('recipes.print')} hint={t('recipes.printHint')} />
    </div>
  )
}
