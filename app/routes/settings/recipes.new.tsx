import { data, Form, Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/recipes.new'
import { can } from '../../../server/auth/permissions'
import { detectAllergens } from '../../../server/recipes/allergens'
import { draftFrom, draftNames, emptyDraft, type ApiRecipeLike } from '../../components/recipes/draft'
import { editedDraft, submitEditor } from '../../components/recipes/editor.server'
import { RecipeEditor } from '../../components/recipes/recipe-editor'
import { SubmitButton } from '../../components/submit-button'
import { Field, FieldMessage, FormError, inputClasses } from '../../components/ui/field'
import type { Recipe, RecipeCategory } from '../../components/recipes/types'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import { failureMessages } from '../../lib/forms.server'
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
  if (form.get('intent') === 'generate') {
    const text = String(form.get('text') ?? '')
    const url = String(form.get('url') ?? '').trim()
    const result = await client.post<{ draft: ApiRecipeLike; source: string }>(`/v1/orgs/${org.id}/recipes/generate`, url ? { url } : { text })
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      const failure = failureMessages(result.error, locale, ['text', 'url'])
      return data({ importFailed: { text, url, errors: failure.fieldErrors, formError: failure.formError } }, { status: 400, headers: client.headers() })
    }
    return { ...editedDraft(draftFrom(result.data.draft)), imported: result.data.source }
  }
  const outcome = await submitEditor(args.request, form, client, locale, org.id, (body) => client.post<{ recipe: Recipe }>(`/v1/orgs/${org.id}/recipes`, body))
  if ('edited' in outcome) return outcome.edited
  if ('failed' in outcome) return outcome.failed
  return redirectWithToast(`/settings/recipes/${outcome.saved.recipe.id}`, { type: 'success', title: t('org-settings:recipes.created', { name: outcome.saved.recipe.name }) }, { headers: client.headers() })
}

export default function NewRecipe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { t: tc } = useTranslation('common')
  const edited = actionData && 'draft' in actionData ? actionData : undefined
  const failed = actionData && 'importFailed' in actionData ? actionData.importFailed : undefined
  const imported = edited && 'imported' in edited ? edited.imported : undefined
  const draft = edited?.draft ?? emptyDraft()
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to="/settings/recipes" className="text-sm underline">
          {t('recipes.back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('recipes.newTitle')}</h1>
      <section aria-labelledby="import-title" className="space-y-3 rounded-lg border border-stone-300 p-4 dark:border-stone-600">
        <h2 id="import-title" className="text-lg font-semibold">
          {t('recipes.importTitle')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('recipes.importHelp')}</p>
        <Form method="post" className="space-y-3" id="import-form">
          <FormError errors={failed?.formError} />
          <div className="space-y-1">
            <label htmlFor="import-text" className="block font-medium">
              {t('recipes.importText')}
            </label>
            <textarea
              id="import-text"
              name="text"
              rows={6}
              maxLength={50000}
              defaultValue={failed?.text ?? ''}
              className={inputClasses}
              aria-invalid={failed?.errors.text ? true : undefined}
              aria-describedby={failed?.errors.text ? 'import-text-error' : undefined}
            />
            <FieldMessage id="import-text-error" errors={failed?.errors.text} />
          </div>
          <Field label={t('recipes.importUrl')} id="import-url" name="url" type="url" defaultValue={failed?.url ?? ''} errors={failed?.errors.url} hint={t('recipes.importUrlHint')} />
          <SubmitButton name="intent" value="generate" width="fit" variant="basic_border" pendingLabel={tc('actions.working')}>
            {t('recipes.importButton')}
          </SubmitButton>
        </Form>
      </section>
      {imported ? (
        <p role="status" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {t('recipes.imported')}
        </p>
      ) : null}
      <RecipeEditor
        draft={draft}
        revision={edited?.revision ?? 'new'}
        errors={edited?.errors ?? {}}
        formError={edited?.formError}
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
