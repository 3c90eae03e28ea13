import { createContext, data, Form, Link, redirect } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Route } from './+types/checklists'
import { can } from '../../../server/auth/permissions'
import { ArchivedBadge, checklistVenueNames, daysSummary } from '../../components/checklists/checklist-fields'
import { formIds, mergeOrder, moveId, sameOrder } from '../../components/templates/reorder'
import { ReorderList } from '../../components/templates/reorder-list'
import { TemplateFilters } from '../../components/templates/template-filters'
import type { Checklist } from '../../components/checklists/types'
import { Button, ButtonLink } from '../../components/ui/button'
import { Field, FieldMessage, FormError, SelectField } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiClient, type RequestArgs } from '../../lib/api.server'
import { resultErrors, useServerForm, type FormResult } from '../../lib/forms'
import { failureMessages, failureStatus, noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

const EXPORT_FIELDS = ['venueId', 'from', 'to', 'format', 'include'] as const
/** Which records an export holds (the API's `include`). */
const INCLUDE: Record<string, string[]> = { checklists: ['checklists'], temperatures: ['temperatures'], both: ['checklists', 'temperatures'] }
const DATE = /^\d{4}-\d{2}-\d{2}$/

interface Filters {
  search: string
  venue: string
  showArchived: boolean
}

interface ExportValues {
  venueId: string
  from: string
  to: string
  format: string
  include: string
}

interface ActionResult {
  intent: 'export' | 'reorder'
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

/** The filters of the page's address; an unknown venue is ignored. */
function readFilters(url: URL, venues: Array<{ id: string }>): Filters {
  const venue = url.searchParams.get('venue') ?? ''
  const archived = url.searchParams.get('showArchived')
  return {
    search: (url.searchParams.get('search') ?? '').trim(),
    venue: venues.some((v) => v.id === venue) ? venue : '',
    showArchived: archived === 'true' || archived === 'on' || archived === '1',
  }
}

function listPath(orgId: string, filters: Partial<Filters>): string {
  const query = new URLSearchParams()
  if (filters.search) query.set('search', filters.search)
  if (filters.venue) query.set('venueId', filters.venue)
  if (filters.showArchived) query.set('showArchived', 'true')
  const qs = query.toString()
  return `/v1/orgs/${orgId}/checklists${qs ? `?${qs}` : ''}`
}

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
  if (!DATE.test(values.from)) fieldErrors.from = t('org-settings:checklists.export.invalidDate')
  if (!DATE.test(values.to)) fieldErrors.to = t('org-settings:checklists.export.invalidDate')
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
  const [listResult, orgResult] = await Promise.all([
    client.get<{ checklists: Checklist[] }>(listPath(org.id, filters)),
    canExport ? client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`) : Promise.resolve(null),
  ])
  const { checklists } = must(args.request, client, listResult)
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

/** The active checklists in order, all of them and those the page's filters show. */
async function activeOrders(client: ApiClient, request: Request, orgId: string, filters: Filters) {
  const all = must(request, client, await client.get<{ checklists: Checklist[] }>(listPath(orgId, {}))).checklists.filter((c) => !c.archivedAt)
  const full = all.map((c) => c.id)
  if (!filters.search && !filters.venue) return { full, visible: full, all }
  const shown = must(request, client, await client.get<{ checklists: Checklist[] }>(listPath(orgId, { search: filters.search, venue: filters.venue }))).checklists
  return { full, visible: shown.filter((c) => !c.archivedAt).map((c) => c.id), all }
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
  const client = api(args)
  const url = new URL(args.request.url)
  const filters = readFilters(url, org.venues)
  const { full, visible } = await activeOrders(client, args.request, org.id, filters)

  let next: string[]
  let moved: string | undefined
  if (intent === 'move') {
    // Moved past its neighbour in the list as shown (filtered or not); hidden ones keep their places.
    const id = String(form.get('id') ?? '')
    const direction = form.get('direction') === 'down' ? 'down' : 'up'
    next = mergeOrder(full, moveId(visible, id, direction))
    moved = id
  } else if (intent === 'reorder') {
    next = mergeOrder(full, formIds(form))
  } else {
    throw new Response('Bad Request', { status: 400 })
  }

  if (!sameOrder(next, full)) {
    const result = await client.post(`/v1/orgs/${org.id}/checklists/reorder`, { ids: next })
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      const submission = parseForm(form, noFields, locale)
      if (result.error.name !== 'ValidationError') return rejectedForm(submission, result.error, locale, { fields: [], extra: { intent: 'reorder' as const }, headers: client.headers() })
      return refusedForm(submission, { formError: t('org-settings:checklists.reorder.failed') }, { intent: 'reorder' as const }, failureStatus(result.error))
    }
  }
  if (intent === 'reorder') return data<ActionResult>({ intent: 'reorder', ok: true }, { headers: client.headers() })
  // Without JavaScript: back to the same list, scrolled to the moved checklist.
  const back = `/settings/checklists${url.search}${moved ? `#checklist-${encodeURIComponent(moved)}` : ''}`
  if (sameOrder(next, full)) return redirect(back, { headers: client.headers() })
  return redirectWithToast(back, { type: 'success', title: t('org-settings:checklists.reorder.toast') }, { headers: client.headers() })
}

export default function SettingsChecklists({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { checklists, venues, filters, canExport, exportDefaults } = loaderData
  const active = checklists.filter((c) => !c.archivedAt)
  const archived = checklists.filter((c) => c.archivedAt)
  const filtered = Boolean(filters.search || filters.venue)
  const moveError = resultErrors(actionData?.intent === 'reorder' ? actionData.result : undefined)

  const details = (c: Checklist) => (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/settings/checklists/${c.id}`} className="mr-auto min-w-0 font-semibold break-words underline">
          {c.name}
        </Link>
        {c.archivedAt ? <ArchivedBadge /> : null}
      </div>
      {c.description ? <p className="mt-1 text-sm break-words text-stone-700 dark:text-stone-300">{c.description}</p> : null}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('checklists.venues')}</dt>
        <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{checklistVenueNames(c.venueIds, venues, t('checklists.allVenues'))}</dd>
        <dt className="font-medium">{t('checklists.days')}</dt>
        <dd className="text-stone-700 dark:text-stone-300">{daysSummary(c.days, t)}</dd>
        <dt className="font-medium">{t('checklists.dueTime')}</dt>
        <dd className="text-stone-700 dark:text-stone-300">{c.dueTime ?? t('checklists.noDueTime')}</dd>
        <dt className="font-medium">{t('checklists.itemCount')}</dt>
        <dd className="text-stone-700 dark:text-stone-300">{c.itemCount}</dd>
      </dl>
    </>
  )

  const nothingYet = !checklists.length && !filtered && !filters.showArchived
  return (
    <div className="space-y-8">
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{t('checklists.title')}</h1>
          <ButtonLink to="/settings/checklists/new" variant="primary">
            {t('checklists.new')}
          </ButtonLink>
        </div>
        <p className="text-stone-700 dark:text-stone-300">{t('checklists.intro')}</p>

        {nothingYet ? null : (
          <TemplateFilters filters={filters} venues={venues} clearTo="/settings/checklists" />
        )}

        <FormError errors={moveError} />
        {nothingYet ? (
          <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6">
            <p className="font-semibold">{t('checklists.empty')}</p>
            <p className="text-stone-700 dark:text-stone-300">{t('checklists.emptyHelp')}</p>
            <ButtonLink to="/settings/checklists/new" variant="primary">
              {t('checklists.createFirst')}
            </ButtonLink>
          </div>
        ) : !checklists.length ? (
          <p className="rounded-lg border border-dashed border-stone-400 p-6">{t('checklists.noMatch')}</p>
        ) : (
          <>
            {active.length ? (
              <>
                <p className="text-sm text-stone-700 dark:text-stone-300">{filtered ? t('checklists.orderHintFiltered') : t('checklists.orderHint')}</p>
                <ReorderList items={active} nameOf={(c) => c.name} label={t('checklists.listLabel')} idPrefix="checklist-" renderItem={details} />
              </>
            ) : null}
            {archived.length ? (
              <section aria-labelledby="archived-checklists" className="space-y-2">
                <h2 id="archived-checklists" className="text-lg font-semibold">
                  {t('checklists.archivedTitle')}
                </h2>
                <ul className="space-y-2">
                  {archived.map((c) => (
                    <li key={c.id} id={`checklist-${c.id}`} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                      {details(c)}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>

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
