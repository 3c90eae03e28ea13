import { data, Link, redirect } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/temperatures'
import { can } from '../../../server/auth/permissions'
import { ArchivedBadge, daysSummary, venueNames } from '../../components/templates/template-fields'
import { formIds, mergeOrder, moveId, sameOrder } from '../../components/templates/reorder'
import { ReorderList } from '../../components/templates/reorder-list'
import { TemplateFilters } from '../../components/templates/template-filters'
import type { TemperatureLog } from '../../components/temperatures/types'
import { ButtonLink } from '../../components/ui/button'
import { FormError } from '../../components/ui/field'
import { api, must, unauthorizedRedirect, type ApiClient } from '../../lib/api.server'
import { resultErrors, type FormResult } from '../../lib/forms'
import { failureStatus, noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { requireOrg } from '../../lib/selection.server'
import { redirectWithToast } from '../../lib/toast.server'

interface Filters {
  search: string
  venue: string
  showArchived: boolean
}

interface ActionResult {
  intent: 'reorder'
  ok?: boolean
  result?: FormResult
}

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
  return `/v1/orgs/${orgId}/temperatures${qs ? `?${qs}` : ''}`
}

export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const filters = readFilters(new URL(args.request.url), org.venues)
  const client = api(args)
  const { temperatures } = must(args.request, client, await client.get<{ temperatures: TemperatureLog[] }>(listPath(org.id, filters)))
  return { temperatures, venues: org.venues, filters }
}

async function activeOrders(client: ApiClient, request: Request, orgId: string, filters: Filters) {
  const all = must(request, client, await client.get<{ temperatures: TemperatureLog[] }>(listPath(orgId, {}))).temperatures.filter((l) => !l.archivedAt)
  const full = all.map((l) => l.id)
  if (!filters.search && !filters.venue) return { full, visible: full }
  const shown = must(request, client, await client.get<{ temperatures: TemperatureLog[] }>(listPath(orgId, { search: filters.search, venue: filters.venue }))).temperatures
  return { full, visible: shown.filter((l) => !l.archivedAt).map((l) => l.id) }
}

export async function action(args: Route.ActionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'temperatures.manage')) throw new Response('Forbidden', { status: 403 })
  const form = await args.request.formData()
  const intent = form.get('intent')
  const locale = getLocale(args.request)
  const t = translator(locale)
  const client = api(args)
  const url = new URL(args.request.url)
  const { full, visible } = await activeOrders(client, args.request, org.id, readFilters(url, org.venues))
  let next: string[]
  let moved: string | undefined
  if (intent === 'move') {
    const id = String(form.get('id') ?? '')
    next = mergeOrder(full, moveId(visible, id, form.get('direction') === 'down' ? 'down' : 'up'))
    moved = id
  } else if (intent === 'reorder') next = mergeOrder(full, formIds(form))
  else throw new Response('Bad Request', { status: 400 })

  if (!sameOrder(next, full)) {
    const result = await client.post(`/v1/orgs/${org.id}/temperatures/reorder`, { ids: next })
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      const submission = parseForm(form, noFields, locale)
      if (result.error.name !== 'ValidationError') return rejectedForm(submission, result.error, locale, { fields: [], extra: { intent: 'reorder' as const }, headers: client.headers() })
      return refusedForm(submission, { formError: t('org-settings:checklists.reorder.failed') }, { intent: 'reorder' as const }, failureStatus(result.error))
    }
  }
  if (intent === 'reorder') return data<ActionResult>({ intent: 'reorder', ok: true }, { headers: client.headers() })
  const back = `/settings/temperatures${url.search}${moved ? `#temperature-${encodeURIComponent(moved)}` : ''}`
  if (sameOrder(next, full)) return redirect(back, { headers: client.headers() })
  return redirectWithToast(back, { type: 'success', title: t('org-settings:checklists.reorder.toast') }, { headers: client.headers() })
}

export default function SettingsTemperatures({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('org-settings')
  const { temperatures, venues, filters } = loaderData
  const active = temperatures.filter((l) => !l.archivedAt)
  const archived = temperatures.filter((l) => l.archivedAt)
  const filtered = Boolean(filters.search || filters.venue)
  const nothingYet = !temperatures.length && !filtered && !filters.showArchived

  const details = (l: TemperatureLog) => (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/settings/temperatures/${l.id}`} className="mr-auto min-w-0 font-semibold break-words underline">
          {l.name}
        </Link>
        {l.archivedAt ? <ArchivedBadge /> : null}
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('checklists.venues')}</dt>
        <dd className="min-w-0 break-words text-stone-700 dark:text-stone-300">{venueNames(l.venueIds, venues, t('checklists.allVenues'))}</dd>
        <dt className="font-medium">{t('checklists.days')}</dt>
        <dd className="text-stone-700 dark:text-stone-300">{daysSummary(l.days, t)}</dd>
        <dt className="font-medium">{t('temperatures.checks')}</dt>
        <dd className="text-stone-700 dark:text-stone-300">{l.checkTimes.map((time, i) => time ?? t('temperatures.checkNumber', { number: i + 1 })).join(' · ')}</dd>
        <dt className="font-medium">{t('temperatures.unitCount')}</dt>
        <dd className="text-stone-700 dark:text-stone-300">{l.itemCount}</dd>
      </dl>
    </>
  )

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('temperatures.title')}</h1>
        <ButtonLink to="/settings/temperatures/new" variant="primary">
          {t('temperatures.new')}
        </ButtonLink>
      </div>
      <p className="text-stone-700 dark:text-stone-300">{t('temperatures.intro')}</p>
      {nothingYet ? null : (
        <TemplateFilters filters={filters} venues={venues} clearTo="/settings/temperatures" />
      )}
      <FormError errors={resultErrors(actionData?.result)} />
      {nothingYet ? (
        <div className="space-y-3 rounded-lg border border-dashed border-stone-400 p-6">
          <p className="font-semibold">{t('temperatures.empty')}</p>
          <ButtonLink to="/settings/temperatures/new" variant="primary">
            {t('temperatures.createFirst')}
          </ButtonLink>
        </div>
      ) : !temperatures.length ? (
        <p className="rounded-lg border border-dashed border-stone-400 p-6">{t('checklists.noMatch')}</p>
      ) : (
        <>
          {active.length ? <ReorderList items={active} nameOf={(l) => l.name} label={t('temperatures.listLabel')} idPrefix="temperature-" renderItem={details} /> : null}
          {archived.length ? (
            <section aria-labelledby="archived-temperatures" className="space-y-2">
              <h2 id="archived-temperatures" className="text-lg font-semibold">
                {t('temperatures.archivedTitle')}
              </h2>
              <ul className="space-y-2">
                {archived.map((l) => (
                  <li key={l.id} id={`temperature-${l.id}`} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                    {details(l)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      <p className="text-sm text-stone-700 dark:text-stone-300">
        <Link to="/settings/checklists#export" className="underline">
          {t('temperatures.exportHint')}
        </Link>
      </p>
    </div>
  )
}
