import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/recipes.new'
import { can } from '../../../server/auth/permissions'
import { detectAllergens } from '../../../server/recipes/allergens'
import { draftNames, emptyDraft } from '../../components/recipes/draft'
import { submitEditor } from '../../components/recipes/editor.server'
import { RecipeEditor } from '../../components/recipes/recipe-editor'
import type { Recipe, RecipeCategory } from '../../components/recipes/types'
import { api, must } from '../../lib/api.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'recipes.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const categories = await client.get<{ categories: RecipeCategory[] }>(`/v1/orgs/${org.id}/recipe-categories`)
  return { categories: must(args.request, client, categories).categories, venues: org.venues }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const t = translator(locale)
  const outcome = await submitEditor(args.request, form, client, locale, org.id, (body) => client.post<{ recipe: Recipe }>(`/v1/orgs/${org.id}/recipes`, body))
  if ('edited' in outcome) return outcome.edited
  if ('failed' in outcome) return outcome.failed
  return redirectWithToast(`/settings/recipes/${outcome.saved.recipe.id}`, { type: 'success', title: t('org-settings:recipes.created', { name: outcome.saved.recipe.name }) }, { headers: client.headers() })
}

export default function NewRecipe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const draft = actionData?.draft ?? emptyDraft()
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to="/settings/recipes" className="text-sm underline">
          {t('recipes.back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('recipes.newTitle')}</h1>
      <RecipeEditor
        draft={draft}
        revision={actionData?.revision ?? 'new'}
        errors={actionData?.errors ?? {}}
        formError={actionData?.formError}
        categories={loaderData.categories}
        venues={loaderData.venues}
        detected={detectAllergens(draftNames(draft))}
        confirmed={null}
        imageUrl={null}
        submitLabel={t('recipes.create')}
      />
    </div>
  )
}
