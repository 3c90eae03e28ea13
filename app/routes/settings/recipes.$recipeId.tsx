import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/recipes.$recipeId'
import { can } from '../../../server/auth/permissions'
import { draftFrom } from '../../components/recipes/draft'
import { submitEditor } from '../../components/recipes/editor.server'
import { RecipeEditor } from '../../components/recipes/recipe-editor'
import type { Recipe, RecipeCategory } from '../../components/recipes/types'
import { ConfirmForm } from '../../components/ui/confirm-dialog'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'recipes.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const [recipe, categories, organisation] = await Promise.all([
    client.get<{ recipe: Recipe }>(`/v1/orgs/${org.id}/recipes/${args.params.recipeId}`),
    client.get<{ categories: RecipeCategory[] }>(`/v1/orgs/${org.id}/recipe-categories`),
    // The organisation's zone: when allergens were confirmed reads the same on the server and in the browser.
    client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`),
  ])
  return {
    recipe: must(args.request, client, recipe).recipe,
    categories: must(args.request, client, categories).categories,
    venues: org.venues,
    timeZone: must(args.request, client, organisation).organisation.timeZone,
  }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const path = `/v1/orgs/${org.id}/recipes/${args.params.recipeId}`
  if (form.get('intent') === 'delete') {
    const result = await client.del(path)
    if (!result.ok && result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return redirectWithToast('/settings/recipes', { type: 'success', title: t('org-settings:recipes.deleted') }, { headers: client.headers() })
  }
  const outcome = await submitEditor(args.request, form, client, locale, org.id, (body) => client.put<{ recipe: Recipe }>(path, body))
  if ('edited' in outcome) return outcome.edited
  if ('failed' in outcome) return outcome.failed
  return redirectWithToast(`/settings/recipes/${outcome.saved.recipe.id}`, { type: 'success', title: t('org-settings:recipes.saved', { name: outcome.saved.recipe.name }) }, { headers: client.headers() })
}

export default function EditRecipe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const { recipe, categories, venues } = loaderData
  const draft = actionData?.draft ?? draftFrom(recipe)
  return (
    <div className="max-w-3xl space-y-6">
      <p className="flex flex-wrap gap-4">
        <Link to="/settings/recipes" className="text-sm underline">
          {t('recipes.back')}
        </Link>
        <Link to={`/recipes/${recipe.id}`} className="text-sm underline">
          {t('recipes.view')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{recipe.name}</h1>
      <RecipeEditor
        draft={draft}
        revision={actionData?.revision ?? recipe.id}
        errors={actionData?.errors ?? {}}
        formError={actionData?.formError}
        categories={categories}
        venues={venues}
        detected={recipe.detectedAllergens}
        confirmed={recipe.allergensConfirmedAt ? { at: recipe.allergensConfirmedAt, by: recipe.allergensConfirmedBy, timeZone: loaderData.timeZone } : null}
        imageUrl={recipe.imageUrl}
        submitLabel={t('recipes.save')}
      />
      <section aria-labelledby="recipe-danger" className="space-y-3 rounded-lg border border-red-700 p-4 dark:border-red-400">
        <h2 id="recipe-danger" className="text-lg font-semibold">
          {t('dangerZone')}
        </h2>
        <ConfirmForm
          dangerous
          intent="delete"
          trigger={t('recipes.delete')}
          title={t('recipes.deleteTitle', { name: recipe.name })}
          description={t('recipes.deleteHelp')}
          confirmLabel={t('recipes.delete')}
          cancelLabel={tc('actions.cancel')}
          defaultTitle={tc('confirm.defaultTitle')}
        />
      </section>
    </div>
  )
}
