import type { Route } from './+types/temperatures.new'
import { can } from '../../../server/auth/permissions'
import { NewTemplatePage } from '../../components/templates/new-template'
import { createTemplateAction } from '../../components/templates/template-detail.server'
import { LOG_FIELDS, logBody, logSchema } from '../../components/temperatures/form-bodies.server'
import { logForms } from '../../components/temperatures/log-fields'
import { requireOrg } from '../../lib/selection.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  return { venues: org.venues }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  return createTemplateAction(args, org.id, 'temperatures', { schema: logSchema, fields: LOG_FIELDS, body: logBody })
}

export default function NewTemperatureLog({ loaderData, actionData }: Route.ComponentProps) {
  // The unit only matters to the units' form, not shown here.
  return <NewTemplatePage kind="temperatures" result={actionData?.result} form={logForms(undefined, loaderData.venues, 'C').details} />
}
