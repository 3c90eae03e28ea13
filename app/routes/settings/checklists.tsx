import { createContext, data, Form } from 'react-router'
import { useTranslation } from '../../lib/use-translation'
import { z } from 'zod'
import type { Route } from './+types/checklists'
import { can } from '../../../server/auth/permissions'
import { listTemplates, readFilters, reorderTemplates } from '../../components/templates/template-list.server'
import { SummaryRow, TemplateList, TemplateSummary } from '../../components/templates/template-list'
import type { Checklist } from '../../components/checklists/types'
import { isDay } from '../../components/records/dates'
import { Button, ButtonLink } from '../../components/ui/button'
import { Field, FieldMessage, FormError, SelectField } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type RequestArgs } from '../../lib/api.server'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { failureMessages, noFields, parseForm, refusedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'

const EXPORT_FIELDS = ['venueId', 'from', 'to', 'format', 'include'] as const
/** Which records an export holds (the API's `include`). */
const INCLUDE: Record<string, string[]> = { checklists: ['checklists'], temperatures: ['temperatures'], both: ['checklists', 'temperatures'] }

interface ExportValues {
  venueId: string
  from: string
  to: string
  format: string
  include: string
}

interface ActionResult {
  intent: 'export'
  ok?: boolean
  result?: FormResult
}

/** The export form as text; what each field must be is checked below, with messages of this page. */
const exportSchema = z.object({
  venueId: z.string().trim().default(''),
  from: z.string().trim().default(''),
  to: z.string().trim().default(''),
  format: z.string().trim().default('csv'),
  include: z.string().trim().default('checklists'),
})

/** yyyy-MM-dd of today in a time zone, and of `days` days before it. */
function lastDays(timeZone: string, days: number): { from: string; to: string } {
  let to: string
  try {
    to = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  } catch {
    to = new Date().toISOString().slice(0, 10)
  }
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
  return { from, to }
}

// ---------------------------------------------------------------------------------------------
// Export: an action's returned Response is turned into page data by React Router on a document
// request, so the file is answered here, in the route middleware, before the action runs. A failed
// export leaves its errors in the request context for the action to show on the form.

const exportFailureContext = createContext<ActionResult | null>(null)

async function runExport(args: RequestArgs & { context: NonNullable<RequestArgs['context']> }, form: FormData): Promise<Response | ActionResult> {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'records.export')) throw new Response('Forbidden', { status: 403 })
  const locale = getLocale(args.request)
  const t = translator(locale)
  const submission = parseForm(form, exportSchema, locale)
  // Only strings with defaults: it does not fail.
  const values: ExportValues = submission.status === 'success' ? submission.value : { venueId: '', from: '', to: '', format: 'csv', include: 'checklists' }
  const fieldErrors: Record<string, string> = {}
  if (!org.venues.some((v) => v.id === values.venueId)) fieldErrors.venueId = t('org-settings:checklists.export.chooseVenue')
  if (!isDay(values.from)) fieldErrors.from = t('org-settings:checklists.export.invalidDate')
  if (!isDay(values.to)) fieldErrors.to = t('org-settings:checklists.export.invalidDate')
  if (!fieldErrors.from && !fieldErrors.to && values.to < values.from) fieldErrors.to = t('org-settings:checklists.export.toBeforeFrom')
  if (values.format !== 'csv' && values.format !== 'pdf') fieldErrors.format = t('org-settings:checklists.export.chooseFormat')
  const reply = (messages: { fieldErrors?: Record<string, string>; formError?: string }): ActionResult => ({
    intent: 'export',
    result: submission.reply({
      fieldErrors: Object.fromEntries(Object.entries(messages.fieldErrors ?? {}).map(([k, v]) => [k, [v]])),
      formErrors: messages.formError ? [messages.formError] : [],
    }),
  })
  if (Object.keys(fieldErrors).length) return reply({ fieldErrors })

  const client = api(args)
  const { include, ...rest } = values
  const result = await client.file('POST', `/v1/orgs/${org.id}/checklist-entries/export`, { ...rest, include: INCLUDE[include] ?? INCLUDE.checklists })
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return reply(failureMessages(result.error, locale, EXPORT_FIELDS))
  }
  const file = result.data
  const headers = client.headers({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
  for (const name of ['Content-Type', 'Content-Disposition', 'X-Content-SHA256']) {
    const value = file.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(file.body, { status: 200, headers })
}

export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    if (args.request.method !== 'POST') return next()
    const form = await args.request.clone().formData()
    if (form.get('intent') !== 'export') return next()
    const outcome = await runExport(args, form)
    if (outcome instanceof Response) return outcome
    args.context.set(exportFailureContext, outcome)
    return next()
  },
]

// ---------------------------------------------------------------------------------------------

export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireOrg(args)
  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  const filters = readFilters(new URL(args.request.url), org.venues)
  const canExport = can(org.role, 'records.export')
  const client = api(args)
  const [checklists, orgResult] = await Promise.all([
    listTemplates<Checklist>(client, args.request, org.id, 'checklists', filters),
    canExport ? client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`) : Promise.resolve(null),
  ])
  const timeZone = orgResult ? must(args.request, client, orgResult).organisation.timeZone : 'UTC'
  // Last 7 days, today included, in the organisation's zone.
  const range = lastDays(timeZone, 6)
  return {
    checklists,
    venues: org.venues,
    filters,
    canExport,
    exportDefaults: { venueId: venue?.id ?? org.venues[0]?.id ?? '', from: range.from, to: range.to, format: 'csv', include: 'checklists' },
  }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const intent = form.get('intent')
  const locale = getLocale(args.request)
  const t = translator(locale)

  if (intent === 'export') {
    const failure = args.context.get(exportFailureContext)
    if (failure) return data<ActionResult>(failure, { status: 400 })
    return refusedForm(parseForm(form, noFields, locale), { formError: t('errors.unknownServer') }, { intent: 'export' as const })
  }

  if (!can(org.role, 'checklists.manage')) throw new Response('Forbidden', { status: 403 })
  return reorderTemplates(args, form, { orgId: org.id, venues: org.venues, resource: 'checklists', settingsPath: '/settings/checklists', idPrefix: 'checklist-' })
}

export default function SettingsChecklists({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { checklists, venues, canExport, exportDefaults } = loaderData
  return (
    <div className="space-y-8">
      <TemplateList
        kind="checklists"
        list={{ ...loaderData, templates: checklists }}
        errors={resultErrors(actionData?.intent === 'reorder' ? actionData.result : undefined)}
        renderItem={(c) => (
          <TemplateSummary template={c} to={`/settings/checklists/${c.id}`} venues={venues} description={c.description}>
            <SummaryRow term={t('checklists.dueTime')}>{c.dueTime ?? t('checklists.noDueTime')}</SummaryRow>
            <SummaryRow term={t('checklists.itemCount')}>{c.itemCount}</SummaryRow>
          </TemplateSummary>
        )}
      />

      {canExport ? <ExportSection venues={venues} defaults={exportDefaults} result={actionData?.intent === 'export' ? actionData.result : undefined} /> : null}
    </div>
  )
}

function ExportSection({
  venues,
  defaults,
  result,
}: {
  venues: Array<{ id: string; name: string }>
  defaults: ExportValues
  result?: FormResult
}) {
  const { t } = useTranslation('org-settings')
  const { field, group, checked, formProps, formErrors } = useServerForm({ id: 'export-form', lastResult: result, defaultValue: { ...defaults } })
  const format = group('format')
  return (
    <section id="export" aria-labelledby="export-title" className="max-w-xl space-y-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
      <h2 id="export-title" className="text-lg font-semibold">
        {t('checklists.export.title')}
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('checklists.export.intro')}</p>
      {venues.length ? (
        <Form method="post" reloadDocument className="space-y-4" {...formProps}>
          <FormError errors={formErrors} />
          <SelectField label={t('checklists.export.venue')} {...field('venueId')} required>
            {venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('checklists.export.include')} {...field('include')}>
            <option value="checklists">{t('checklists.export.includeChecklists')}</option>
            <option value="temperatures">{t('checklists.export.includeTemperatures')}</option>
            <option value="both">{t('checklists.export.includeBoth')}</option>
          </SelectField>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field label={t('checklists.export.from')} {...field('from')} type="date" required max={defaults.to} />
            <Field label={t('checklists.export.to')} {...field('to')} type="date" required max={defaults.to} />
          </div>
          <fieldset className="space-y-1" aria-describedby={format.errors ? format.errorId : undefined}>
            <legend className="text-sm font-medium">{t('checklists.export.format')}</legend>
            {(['csv', 'pdf'] as const).map((f) => (
              <label key={f} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="format" value={f} defaultChecked={checked('format', f)} className="size-5 accent-blue-700 dark:accent-blue-400" /> {t(`checklists.export.${f}`)}
              </label>
            ))}
            <FieldMessage id={format.errorId} errors={format.errors} />
          </fieldset>
          <Button type="submit" name="intent" value="export" variant="primary">
            {t('checklists.export.submit')}
          </Button>
        </Form>
      ) : (
        <div className="space-y-2">
          <p>{t('checklists.export.noVenues')}</p>
          <ButtonLink to="/settings/venues/new" variant="basic_border">
            {t('checklists.export.addVenue')}
          </ButtonLink>
        </div>
      )}
    </section>
  )
}
