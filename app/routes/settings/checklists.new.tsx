import type { Route } from './+types/checklists.new'
import { can } from '../../../server/auth/permissions'
import { checklistForms } from '../../components/checklists/checklist-fields'
import { CHECKLIST_FIELDS, checklistBody, checklistSchema } from '../../components/checklists/form-bodies.server'
import { StarterLibrary, type ChecklistStarter } from '../../components/checklists/starter-library'
import { NewTemplatePage } from '../../components/templates/new-template'
import { createTemplateAction } from '../../components/templates/template-detail.server'
import { api, must, unauthorizedRedirect } from '../../lib/api.server'
import type { FormResult } from '../../lib/forms'
import { noFields, parseForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { starters } = must(args.request, client, await client.get<{ starters: ChecklistStarter[] }>(`/v1/orgs/${org.id}/checklists/starters`))
  return { venues: org.venues, starters }
}

/** "Use this template": copy the starter (ADR 049) and go to the new checklist's settings page. */
async function copyStarter(args: Route.ActionArgs, orgId: string, form: FormData) {
  const locale = getLocale(args.request)
  const key = String(form.get('starter') ?? '')
  const client = api(args)
  const result = await client.post<{ checklist: { id: string; name: string } }>(`/v1/orgs/${orgId}/checklists/starters/${encodeURIComponent(key)}`)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return rejectedForm(parseForm(form, noFields, locale), result.error, locale, { fields: [], extra: { intent: 'starter' as const, key }, headers: client.headers() })
  }
  const { checklist } = result.data
  return redirectWithToast(
    `/settings/checklists/${checklist.id}`,
    { type: 'success', title: translator(locale)('org-settings:checklists.starters.created', { name: checklist.name }) },
    { headers: client.headers() },
  )
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  // The blank form reads the body itself: a copy of the request tells which form was sent.
  const form = await args.request.clone().formData()
  if (form.get('intent') === 'starter') return copyStarter(args, org.id, form)
  return createTemplateAction(args, org.id, 'checklists', { schema: checklistSchema, fields: CHECKLIST_FIELDS, body: (values) => checklistBody(values, 'create') })
}

export default function NewChecklist({ loaderData, actionData }: Route.ComponentProps) {
  const data = actionData as { intent?: 'starter'; key?: string; result?: FormResult } | undefined
  const starterFailure = data?.intent === 'starter' ? { key: data.key ?? '', result: data.result } : undefined
  return (
    <NewTemplatePage
      kind="checklists"
      result={starterFailure ? undefined : data?.result}
      form={checklistForms(undefined, loaderData.venues).details}
      before={<StarterLibrary starters={loaderData.starters} failed={starterFailure} />}
    />
  )
}
