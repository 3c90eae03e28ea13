import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/recipes'
import { can } from '../../../server/auth/permissions'
import { AllergenBadges } from '../../components/recipes/allergen-badges'
import type { RecipeCategory, RecipeSummary } from '../../components/recipes/types'
import { ButtonLink, buttonClasses } from '../../components/ui/button'
import { UploadImage } from '../../components/upload-image'
import { Field } from '../../components/ui/field'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

interface RecipeBook {
  venue: { id: string; name: string }
  categories: RecipeCategory[]
  uncategorisedCount: number
  recipes: RecipeSummary[]
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const url = new URL(args.request.url)
  const category = url.searchParams.get('category') ?? ''
  const search = url.searchParams.get('search') ?? ''
  const query = new URLSearchParams()
  if (category) query.set('category', category)
  if (search) query.set('search', search)
  const book = must(args.request, client, await client.get<RecipeBook>(`/v1/orgs/${org.id}/venues/${venue.id}/recipes?${query}`))
  return { book, category, search, canManage: can(org.role, 'recipes.manage') }
}

export default function Recipes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('org')
  const { book, category, search, canManage } = loaderData
  const groups = category
    ? [{ id: category, name: category === 'none' ? t('recipes.uncategorised') : (book.categories.find((c) => c.id === category)?.name ?? ''), recipes: book.recipes }]
    : [
        ...book.categories.map((c) => ({ id: c.id, name: c.name, recipes: book.recipes.filter((r) => r.categoryId === c.id) })),
        { id: 'none', name: t('recipes.uncategorised'), recipes: book.recipes.filter((r) => r.categoryId === null) },
      ].filter((g) => g.recipes.length)
  const tab = (id: string, label: string, count?: number) => {
    const current = category === id
    const to = id ? `/recipes?category=${id}` : '/recipes'
    return (
      <li key={id || 'all'}>
        <Link to={to} aria-current={current ? 'page' : undefined} className={`block rounded-full border px-3 py-1 text-sm ${current ? 'border-blue-700 bg-blue-700 text-white' : 'border-stone-400 hover:bg-stone-100 dark:hover:bg-stone-800'}`}>
          {label}
          {count !== undefined ? ` (${count})` : ''}
        </Link>
      </li>
    )
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-stone-700 dark:text-stone-300">{book.venue.name}</p>
        <h1 className="text-2xl font-bold">{t('recipes.title')}</h1>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <Field label={t('recipes.search')} id="recipe-search" name="search" type="search" defaultValue={search} />
        <button type="submit" className={buttonClasses({ variant: 'primary', width: 'fit' })}>
          {t('recipes.searchButton')}
        </button>
      </Form>
      <nav aria-label={t('recipes.categories')}>
        <ul className="flex flex-wrap gap-2">
          {tab('', t('recipes.all'))}
          {book.categories.filter((c) => c.recipeCount > 0).map((c) => tab(c.id, c.name, c.recipeCount))}
          {book.uncategorisedCount ? tab('none', t('recipes.uncategorised'), book.uncategorisedCount) : null}
        </ul>
      </nav>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to="/recipes/allergens" className="underline">
          {t('recipes.allergenSheet')}
        </Link>
        <a href={`/recipes/allergens.pdf`} className="underline" download>
          {t('recipes.allergenSheetPdf')}
        </a>
      </p>
      {groups.length ? (
        groups.map((g) => (
          <section key={g.id} aria-labelledby={`cat-${g.id}`} className="space-y-2">
            <h2 id={`cat-${g.id}`} className="text-lg font-semibold">
              {g.name}
            </h2>
            <ul className="space-y-2">
              {g.recipes.map((r) => (
                <li key={r.id} className="relative flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-300 p-3 hover:border-green-700 dark:border-stone-700">
                  <span className="flex min-w-0 items-center gap-3">
                    {r.imageUrl ? <UploadImage url={r.imageUrl} widths={[160, 320]} sizes="4rem" alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-md object-cover" /> : null}
                    <Link to={`/recipes/${r.id}`} className="text-lg font-semibold underline-offset-4 after:absolute after:inset-0 hover:underline">
                      {r.name}
                    </Link>
                  </span>
                  <AllergenBadges marks={r.allergenMarks} unconfirmed={!r.allergensConfirmed} />
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6 text-center">
          <p className="text-lg font-medium">{search ? t('recipes.noMatch') : t('recipes.empty')}</p>
          {canManage ? (
            <ButtonLink to="/settings/recipes/new" variant="primary">
              {t('recipes.add')}
            </ButtonLink>
          ) : null}
        </div>
      )}
    </div>
  )
}
