import { Link } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import type { Route } from './+types/temperatures'
import { can } from '../../../server/auth/permissions'
import { listTemplates, readFilters, reorderTemplates } from '../../components/templates/template-list.server'
import { SummaryRow, TemplateList, TemplateSummary } from '../../components/templates/template-list'
import type { TemperatureLog } from '../../components/temperatures/types'
import { api } from '../../lib/api.server'
import { resultErrors } from '../../lib/forms'
import { requireOrg } from '../../lib/selection.server'

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const filters = readFilters(new URL(args.request.url), org.venues)
  const temperatures = await listTemplates<TemperatureLog>(api(args), args.request, org.id, 'temperatures', filters)
  return { temperatures, venues: org.venues, filters }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  return reorderTemplates(args, form, { orgId: org.id, venues: org.venues, resource: 'temperatures', settingsPath: '/settings/temperatures', idPrefix: 'temperature-' })
}

export default function SettingsTemperatures({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { temperatures, venues } = loaderData
  return (
    <div className="space-y-4">
      <TemplateList
        kind="temperatures"
        list={{ ...loaderData, templates: temperatures }}
        errors={resultErrors(actionData?.result)}
        renderItem={(l) => (
          <TemplateSummary template={l} to={`/settings/temperatures/${l.id}`} venues={venues}>
            <SummaryRow term={t('temperatures.checks')}>{l.checkTimes.map((time, i) => time ?? t('temperatures.checkNumber', { number: i + 1 })).join(' · ')}</SummaryRow>
            <SummaryRow term={t('temperatures.unitCount')}>{l.itemCount}</SummaryRow>
          </TemplateSummary>
        )}
      />
      <p className="text-sm text-stone-700 dark:text-stone-300">
        <Link to="/settings/checklists#export" className="underline">
          {t('temperatures.exportHint')}
        </Link>
      </p>
    </div>
  )
}
