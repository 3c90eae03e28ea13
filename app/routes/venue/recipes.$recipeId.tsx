import { useState, type FormEvent } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/recipes.$recipeId'
import { can } from '../../../server/auth/permissions'
import { formatQuantity, scaleFactor, scaleLine, tidy, type ScaleRequest } from '../../../server/recipes/scale'
import { AllergenBadges } from '../../components/recipes/allergen-badges'
import type { Recipe } from '../../components/recipes/types'
import { buttonClasses } from '../../components/ui/button'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'
import { PrintButton } from '../../components/recipes/print-button'
import { UploadImage } from '../../components/upload-image'
import { formatInstant } from '../../components/records/dates'

/** The scale asked for in the query string (`by` and its values), or none. */
function scaleRequest(params: URLSearchParams): ScaleRequest | null {
  const n = (key: string) => Number((params.get(key) ?? '').trim().replace(',', '.'))
  switch (params.get('by')) {
    case 'factor':
      return { by: 'factor', factor: n('factor') }
    case 'portions':
      return { by: 'portions', portions: n('portions') }
    case 'yield':
      return { by: 'yield', quantity: n('quantity'), unit: params.get('unit') ?? '' }
    case 'ingredient':
      return { by: 'ingredient', index: n('index'), quantity: n('quantity'), unit: params.get('unit') ?? '' }
    default:
      return null
  }
}

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const [recipeResult, venueResult] = await Promise.all([
    client.get<{ recipe: Recipe }>(`/v1/orgs/${org.id}/recipes/${args.params.recipeId}`),
    // The venue's zone: when allergens were confirmed reads the same on the server and in the browser.
    client.get<{ venue: { timeZone: string } }>(`/v1/orgs/${org.id}/venues/${venue.id}`),
  ])
  const { recipe } = must(args.request, client, recipeResult)
  const params = new URL(args.request.url).searchParams
  return { recipe, timeZone: must(args.request, client, venueResult).venue.timeZone, query: Object.fromEntries(params), canManage: can(org.role, 'recipes.manage') }
}

export default function RecipePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('org')
  const { t: tc } = useTranslation('common')
  const { recipe, canManage } = loaderData
  // Live with JavaScript: what is typed in a scaler form applies at once; without it, the GET form does.
  const [query, setQuery] = useState<Record<string, string>>(loaderData.query)
  const [seen, setSeen] = useState(loaderData.query)
  if (seen !== loaderData.query) {
    setSeen(loaderData.query)
    setQuery(loaderData.query)
  }
  const request = scaleRequest(new URLSearchParams(query))
  const factor = request ? scaleFactor(recipe, request) : 1
  const applied = factor ?? 1
  const invalid = request !== null && factor === null
  const live = (event: FormEvent<HTMLFormElement>) => setQuery(Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>)
  const q = (quantity: number, unit: string) => formatQuantity(quantity, unit, i18n.language)
  const lines = recipe.ingredients.map((line) => (line.type === 'section' ? line : scaleLine(line, applied)))
  const portions = recipe.portions ? Math.round(recipe.portions * applied * 100) / 100 : null
  const yieldScaled = recipe.yieldQuantity ? tidy(recipe.yieldQuantity * applied, recipe.yieldUnit) : null
  const ingredientChoices = recipe.ingredients.map((l, i) => ({ l, i })).filter(({ l }) => l.type === 'ingredient' && l.quantity)
  const field = 'rounded-md border border-stone-400 bg-white px-2 py-1 text-lg dark:bg-stone-900'

  return (
    <article className="mx-auto max-w-3xl space-y-6 text-lg print:max-w-none print:space-y-3 print:text-[11pt]">
      <p className="flex flex-wrap gap-4 text-base print:hidden">
        <Link to="/recipes" className="underline">
          {t('recipes.back')}
        </Link>
        {canManage ? (
          <Link to={`/settings/recipes/${recipe.id}`} className="underline">
            {t('recipes.edit')}
          </Link>
        ) : null}
      </p>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold print:text-2xl">{recipe.name}</h1>
        {recipe.description ? <p>{recipe.description}</p> : null}
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-base">
          {portions ? (
            <div>
              <dt className="inline font-semibold">{t('recipes.portions')}: </dt>
              <dd className="inline" data-testid="portions">
                {q(portions, '')}
              </dd>
            </div>
          ) : null}
          {yieldScaled ? (
            <div>
              <dt className="inline font-semibold">{t('recipes.yield')}: </dt>
              <dd className="inline" data-testid="yield">
                {q(yieldScaled.quantity, yieldScaled.unit)} {yieldScaled.unit}
              </dd>
            </div>
          ) : null}
          {recipe.prepMinutes !== null ? (
            <div>
              <dt className="inline font-semibold">{t('recipes.prep')}: </dt>
              <dd className="inline">{t('recipes.minutes', { count: recipe.prepMinutes })}</dd>
            </div>
          ) : null}
          {recipe.cookMinutes !== null ? (
            <div>
              <dt className="inline font-semibold">{t('recipes.cook')}: </dt>
              <dd className="inline">{t('recipes.minutes', { count: recipe.cookMinutes })}</dd>
            </div>
          ) : null}
        </dl>
      </header>

      <section aria-labelledby="allergens" className="space-y-2 rounded-lg border-4 border-red-800 p-4 dark:border-red-400 print:border-2 print:p-2">
        <h2 id="allergens" className="text-xl font-bold">
          {tc('allergens.label')}
        </h2>
        <AllergenBadges marks={recipe.allergenMarks} unconfirmed={!recipe.allergensConfirmed} size="lg" />
        <p className="text-sm">
          {recipe.allergensConfirmedAt
            ? t('recipes.allergensConfirmed', { date: formatInstant(recipe.allergensConfirmedAt, { language: i18n.language, timeZone: loaderData.timeZone, style: 'medium' }), name: recipe.allergensConfirmedBy ?? '—' })
            : t('recipes.allergensUnconfirmed')}
        </p>
      </section>

      {recipe.imageUrl ? (
        <UploadImage url={recipe.imageUrl} widths={[640, 960, 1200]} sizes="(min-width: 48rem) 48rem, 100vw" alt="" width={1200} height={675} className="h-auto max-h-72 w-full rounded-lg object-cover print:max-h-40" />
      ) : null}

      <section aria-labelledby="scale" className="space-y-3 rounded-lg bg-stone-100 p-4 text-base dark:bg-stone-800 print:hidden">
        <h2 id="scale" className="text-xl font-bold">
          {t('recipes.scale')}
        </h2>
        {request && factor !== null ? (
          <p role="status" className="font-semibold">
            {t('recipes.scaledBy', { factor: q(Math.round(factor * 1000) / 1000, 'kg') })}{' '}
            <Link to={`/recipes/${recipe.id}`} className="underline" onClick={() => setQuery({})}>
              {t('recipes.resetScale')}
            </Link>
          </p>
        ) : null}
        {invalid ? (
          <p role="alert" className="font-semibold text-red-800 dark:text-red-300">
            {t('recipes.cannotScale')}
          </p>
        ) : null}
        <Form method="get" className="flex flex-wrap items-end gap-2" onChange={live}>
          <input type="hidden" name="by" value="factor" />
          <label className="flex flex-col">
            <span>{t('recipes.multiplyBy')}</span>
            <input name="factor" inputMode="decimal" defaultValue={query.by === 'factor' ? query.factor : ''} className={`${field} w-24`} />
          </label>
          <button type="submit" className={buttonClasses({ variant: 'primary', width: 'fit' })}>
            {t('recipes.apply')}
          </button>
        </Form>
        {recipe.portions ? (
          <Form method="get" className="flex flex-wrap items-end gap-2" onChange={live}>
            <input type="hidden" name="by" value="portions" />
            <label className="flex flex-col">
              <span>{t('recipes.forPortions')}</span>
              <input name="portions" inputMode="numeric" defaultValue={query.by === 'portions' ? query.portions : ''} className={`${field} w-24`} />
            </label>
            <button type="submit" className={buttonClasses({ variant: 'primary', width: 'fit' })}>
              {t('recipes.apply')}
            </button>
          </Form>
        ) : null}
        {recipe.yieldQuantity ? (
          <Form method="get" className="flex flex-wrap items-end gap-2" onChange={live}>
            <input type="hidden" name="by" value="yield" />
            <label className="flex flex-col">
              <span>{t('recipes.toYield')}</span>
              <input name="quantity" inputMode="decimal" defaultValue={query.by === 'yield' ? query.quantity : ''} className={`${field} w-24`} />
            </label>
            <label className="flex flex-col">
              <span>{t('recipes.unit')}</span>
              <input name="unit" defaultValue={query.by === 'yield' ? query.unit : recipe.yieldUnit} className={`${field} w-20`} />
            </label>
            <button type="submit" className={buttonClasses({ variant: 'primary', width: 'fit' })}>
              {t('recipes.apply')}
            </button>
          </Form>
        ) : null}
        {ingredientChoices.length ? (
          <Form method="get" className="flex flex-wrap items-end gap-2" onChange={live}>
            <input type="hidden" name="by" value="ingredient" />
            <label className="flex flex-col">
              <span>{t('recipes.iHave')}</span>
              <input name="quantity" inputMode="decimal" defaultValue={query.by === 'ingredient' ? query.quantity : ''} className={`${field} w-24`} />
            </label>
            <label className="flex flex-col">
              <span>{t('recipes.unit')}</span>
              <input name="unit" defaultValue={query.by === 'ingredient' ? query.unit : ''} className={`${field} w-20`} />
            </label>
            <label className="flex flex-col">
              <span>{t('recipes.ofIngredient')}</span>
              <select name="index" defaultValue={query.by === 'ingredient' ? query.index : String(ingredientChoices[0]!.i)} className={field}>
                {ingredientChoices.map(({ l, i }) => (
                  <option key={i} value={i}>
                    {l.type === 'ingredient' ? l.name : ''}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClasses({ variant: 'primary', width: 'fit' })}>
              {t('recipes.apply')}
            </button>
          </Form>
        ) : null}
      </section>

      <div className="grid gap-6 md:grid-cols-[2fr_3fr] print:grid-cols-[2fr_3fr] print:gap-4">
        <section aria-labelledby="ingredients" className="space-y-2">
          <h2 id="ingredients" className="text-xl font-bold">
            {t('recipes.ingredients')}
          </h2>
          <ul className="space-y-1" data-testid="ingredients">
            {lines.map((line, i) =>
              line.type === 'section' ? (
                <li key={i} className="pt-2 font-semibold">
                  {line.name}
                </li>
              ) : (
                <li key={i}>
                  {line.quantity !== null ? (
                    <strong className="tabular-nums">
                      {q(line.quantity, line.unit)}
                      {line.quantityMax !== null ? `–${q(line.quantityMax, line.unit)}` : ''}
                      {line.unit ? ` ${line.unit}` : ''}
                    </strong>
                  ) : null}{' '}
                  {line.name}
                  {line.note ? <span className="text-stone-700 dark:text-stone-300">, {line.note}</span> : null}
                </li>
              ),
            )}
          </ul>
        </section>
        <section aria-labelledby="method" className="space-y-2">
          <h2 id="method" className="text-xl font-bold">
            {t('recipes.method')}
          </h2>
          <ol className="list-decimal space-y-3 ps-6">
            {recipe.steps.map((step, i) => (
              <li key={i} className="whitespace-pre-line">
                {step}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <PrintButton label={t('recipes.print')} hint={t('recipes.printHint')} />
    </article>
  )
}
