import { data, Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/recipes'
import { can } from '../../../server/auth/permissions'
import type { RecipeCategory, RecipeSummary } from '../../components/recipes/types'
import { AllergenBadges } from '../../components/recipes/allergen-badges'
import { SubmitButton } from '../../components/submit-button'
import { ButtonLink } from '../../components/ui/button'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { Field, FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { failureMessages } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'
import { UploadImage } from '../../components/upload-image'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'recipes.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [recipes, categories] = await Promise.all([
    client.get<{ recipes: RecipeSummary[] }>(`/v1/orgs/${org.id}/recipes`),
    client.get<{ categories: RecipeCategory[] }>(`/v1/orgs/${org.id}/recipe-categories`),
  ])
  return { recipes: must(args.request, client, recipes).recipes, categories: must(args.request, client, categories).categories }
}

/** Category actions: add, rename, move up or down, delete (its recipes become uncategorised). */
export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('categoryId') ?? '')
  const base = `/v1/orgs/${org.id}/recipe-categories`
  let result
  let toast: string
  if (intent === 'add') {
    const name = String(form.get('name') ?? '')
    result = await client.post<{ category: RecipeCategory }>(base, { name })
    toast = t('org-settings:recipes.categoryAdded', { name: name.trim() })
  } else if (intent === 'rename') {
    result = await client.put(`${base}/${id}`, { name: String(form.get('name') ?? '') })
    toast = t('org-settings:recipes.categoryRenamed')
  } else if (intent === 'up' || intent === 'down') {
    const list = await client.get<{ categories: RecipeCategory[] }>(base)
    const ids = must(args.request, client, list).categories.map((c) => c.id)
    const from = ids.indexOf(id)
    const to = intent === 'up' ? from - 1 : from + 1
    if (from >= 0 && to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!]
    result = await client.post(`${base}/reorder`, { ids })
    toast = t('org-settings:recipes.categoryMoved')
  } else if (intent === 'delete') {
    result = await client.del(`${base}/${id}`)
    toast = t('org-settings:recipes.categoryDeleted')
  } else {
    throw new Response('Bad Request', { status: 400 })
  }
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    const failure = failureMessages(result.error, locale, ['name'])
    return data({ intent, categoryId: id, error: failure.fieldErrors.name ?? failure.formError ?? '' }, { status: 400, headers: client.headers() })
  }
  return redirectWithToast('/settings/recipes', { type: 'success', title: toast }, { headers: client.headers() })
}

export default function SettingsRecipes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { recipes, categories } = loaderData
  const groups = [
    ...categories.map((c) => ({ id: c.id, name: c.name, recipes: recipes.filter((r) => r.categoryId === c.id) })),
    { id: 'none', name: t('recipes.uncategorised'), recipes: recipes.filter((r) => r.categoryId === null) },
  ].filter((g) => g.recipes.length)
  const errorFor = (intent: string, id = '') => (actionData && actionData.intent === intent && actionData.categoryId === id ? actionData.error : undefined)
  return (
    <div className="max-w-3xl space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('recipes.title')}</h1>
        <ButtonLink to="/settings/recipes/new" variant="primary">
          {t('recipes.new')}
        </ButtonLink>
      </div>
      <p className="text-stone-700 dark:text-stone-300">{t('recipes.intro')}</p>

      <section aria-labelledby="recipes-list" className="space-y-4">
        <h2 id="recipes-list" className="text-lg font-semibold">
          {t('recipes.listTitle')}
        </h2>
        {groups.length ? (
          groups.map((g) => (
            <div key={g.id} className="space-y-2">
              <h3 className="font-semibold">{g.name}</h3>
              <ul className="divide-y divide-stone-300 rounded-md border border-stone-300 dark:divide-stone-600 dark:border-stone-600">
                {g.recipes.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <span className="flex min-w-0 items-center gap-3">
                      {r.imageUrl ? <UploadImage url={r.imageUrl} widths={[160, 320]} sizes="3rem" alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-md object-cover" /> : null}
                      <Link to={`/settings/recipes/${r.id}`} className="font-medium underline">
                        {r.name}
                      </Link>
                    </span>
                    <span className="flex flex-wrap items-center gap-2">
                      {!r.allergensConfirmed ? <span className="rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50">{t('recipes.unconfirmed')}</span> : null}
                      <AllergenBadges marks={r.allergenMarks} />
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))
        ) : (
          <p>{t('recipes.empty')}</p>
        )}
      </section>

      <section aria-labelledby="recipe-categories" className="space-y-4">
        <h2 id="recipe-categories" className="text-lg font-semibold">
          {t('recipes.categories')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('recipes.categoriesHelp')}</p>
        <ul className="space-y-3">
          {categories.map((c, i) => (
            <li key={c.id} className="flex flex-wrap items-end gap-2 rounded-md border border-stone-300 p-3 dark:border-stone-600">
              <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
                <input type="hidden" name="categoryId" value={c.id} />
                <Field label={t('recipes.categoryName', { n: i + 1 })} id={`category-${c.id}`} name="name" defaultValue={c.name} required maxLength={80} errors={errorFor('rename', c.id)} />
                <SubmitButton name="intent" value="rename" width="fit" variant="basic_border" pendingLabel={tc('actions.working')}>
                  {t('recipes.rename')}
                </SubmitButton>
              </Form>
              <Form method="post" preventScrollReset className="flex gap-1">
                <input type="hidden" name="categoryId" value={c.id} />
                <button type="submit" name="intent" value="up" disabled={i === 0} aria-label={t('recipes.categoryUp', { name: c.name })} className="rounded border border-stone-400 px-2 py-1 disabled:opacity-50">
                  ↑
                </button>
                <button type="submit" name="intent" value="down" disabled={i === categories.length - 1} aria-label={t('recipes.categoryDown', { name: c.name })} className="rounded border border-stone-400 px-2 py-1 disabled:opacity-50">
                  ↓
                </button>
              </Form>
              <span className="text-sm">{t('recipes.recipeCount', { count: c.recipeCount })}</span>
              <ConfirmForm
                dangerous
                intent="delete"
                hiddenFields={{ categoryId: c.id }}
                trigger={t('recipes.deleteCategory')}
                triggerLabel={t('recipes.deleteCategoryNamed', { name: c.name })}
                title={t('recipes.deleteCategoryTitle', { name: c.name })}
                description={t('recipes.deleteCategoryHelp', { count: c.recipeCount })}
                confirmLabel={t('recipes.deleteCategory')}
                cancelLabel={tc('actions.cancel')}
                defaultTitle={tc('confirm.defaultTitle')}
              />
            </li>
          ))}
        </ul>
        <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <Field label={t('recipes.newCategory')} id="new-category" name="name" required maxLength={80} errors={errorFor('add')} />
          <SubmitButton name="intent" value="add" width="fit" pendingLabel={tc('actions.working')}>
            {t('recipes.addCategory')}
          </SubmitButton>
        </Form>
        {actionData && !['add', 'rename'].includes(actionData.intent) ? <FormError errors={actionData.error} /> : null}
      </section>
    </div>
  )
}
