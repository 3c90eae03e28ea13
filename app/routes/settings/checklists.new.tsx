import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/checklists.new'
import { can } from '../../../server/auth/permissions'
import { checklistDefaults, ChecklistFields } from '../../components/checklists/checklist-fields'
import { CHECKLIST_FIELDS, checklistBody, checklistSchema } from '../../components/checklists/form-bodies.server'
import type { Checklist } from '../../components/checklists/types'
import { SubmitButton } from '../../components/submit-button'
import { FormError } from '../../components/ui/field'
import { api, unauthorizedRedirect } from '../../lib/api.server'
import { useServerForm } from '../../lib/forms'
import { invalidForm, parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  return { venues: org.venues }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const locale = getLocale(args.request)
  const submission = parseForm(form, checklistSchema, locale)
  if (submission.status !== 'success') return invalidForm(submission)
  const client = api(args)
  const result = await client.post<{ checklist: Checklist }>(`/v1/orgs/${org.id}/checklists`, checklistBody(submission.value, 'create'))
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(submission, result.error, locale, { fields: CHECKLIST_FIELDS, headers: client.headers() })
  }
  const { checklist } = result.data
  const t = translator(locale)
  // On to the checklist's page, where its items are added.
  return redirectWithToast(
    `/settings/checklists/${checklist.id}#add-item`,
    { type: 'success', title: t('org-settings:checklists.created', { name: checklist.name }) },
    { headers: client.headers() },
  )
}

export default function NewChecklist({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const form = useServerForm({ id: 'new-checklist', lastResult: actionData?.result, defaultValue: checklistDefaults() })
  return (
    <div className="max-w-xl space-y-4">
      <p>
        <Link to="/settings/checklists" className="text-sm underline">
          {t('checklists.backToList')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('checklists.newTitle')}</h1>
      <p className="text-stone-700 dark:text-stone-300">{t('checklists.newIntro')}</p>
      <Form method="post" className="space-y-4" {...form.formProps}>
        <FormError errors={form.formErrors} />
        <ChecklistFields venues={loaderData.venues} form={form} />
        <SubmitButton width="fit" pendingLabel={t('common:actions.working')}>
          {t('checklists.create')}
        </SubmitButton>
      </Form>
    </div>
  )
}
