/**
 * The settings list of a kind of template (checklists, temperature logs), server side: its filters
 * (search, venue, showArchived), the API path that lists it, and the move/reorder action shared by both.
 */
import { data, redirect } from 'react-router'
import { api, must, unauthorizedRedirect, type ApiClient, type RequestArgs } from '../../lib/api.server'
import type { FormResult } from '../../lib/forms'
import { failureStatus, noFields, parseForm, refusedForm, rejectedForm } from '../../lib/forms.server'
import { getLocale, translator } from '../../lib/i18n.server'
import { redirectWithToast } from '../../lib/toast.server'
import { formIds, mergeOrder, moveId, sameOrder } from './reorder'
import type { TemplateFilterValues } from './template-filters'

export interface ReorderResult {
  intent: 'reorder'
  ok?: boolean
  result?: FormResult
}

/** The filters of the page's address; an unknown venue is ignored. */
export function readFilters(url: URL, venues: Array<{ id: string }>): TemplateFilterValues {
  const venue = url.searchParams.get('venue') ?? ''
  const archived = url.searchParams.get('showArchived')
  return {
    search: (url.searchParams.get('search') ?? '').trim(),
    venue: venues.some((v) => v.id === venue) ? venue : '',
    showArchived: archived === 'true' || archived === 'on' || archived === '1',
  }
}

/** The API list of a kind (`checklists`, `temperatures`) with the page's filters. */
export function listPath(orgId: string, resource: string, filters: Partial<TemplateFilterValues>): string {
  const query = new URLSearchParams()
  if (filters.search) query.set('search', filters.search)
  if (filters.venue) query.set('venueId', filters.venue)
  if (filters.showArchived) query.set('showArchived', 'true')
  const qs = query.toString()
  return `/v1/orgs/${orgId}/${resource}${qs ? `?${qs}` : ''}`
}

/** The templates of a kind as listed by the API (`{ [resource]: [...] }`). */
export async function listTemplates<T extends { id: string; archivedAt: string | null }>(
  client: ApiClient,
  request: Request,
  orgId: string,
  resource: string,
  filters: Partial<TemplateFilterValues>,
): Promise<T[]> {
  const body = must(request, client, await client.get<Record<string, T[]>>(listPath(orgId, resource, filters)))
  return body[resource] ?? []
}

/** The active templates in order, all of them and those the page's filters show. */
async function activeOrders(client: ApiClient, request: Request, orgId: string, resource: string, filters: TemplateFilterValues) {
  const active = (list: Array<{ id: string; archivedAt: string | null }>) => list.filter((x) => !x.archivedAt).map((x) => x.id)
  const full = active(await listTemplates(client, request, orgId, resource, {}))
  if (!filters.search && !filters.venue) return { full, visible: full }
  return { full, visible: active(await listTemplates(client, request, orgId, resource, { search: filters.search, venue: filters.venue })) }
}

/**
 * A list page's move (no JavaScript: one step up or down in the list as shown, filtered or not;
 * hidden ones keep their places; back to the same list at the moved row) or reorder (with
 * JavaScript: the new order through a fetcher). The caller has checked the role.
 */
export async function reorderTemplates(
  args: RequestArgs,
  form: FormData,
  options: { orgId: string; venues: Array<{ id: string }>; resource: string; settingsPath: string; idPrefix: string },
) {
  const intent = form.get('intent')
  const locale = getLocale(args.request)
  const t = translator(locale)
  const client = api(args)
  const url = new URL(args.request.url)
  const { full, visible } = await activeOrders(client, args.request, options.orgId, options.resource, readFilters(url, options.venues))
  let next: string[]
  let moved: string | undefined
  if (intent === 'move') {
    const id = String(form.get('id') ?? '')
    next = mergeOrder(full, moveId(visible, id, form.get('direction') === 'down' ? 'down' : 'up'))
    moved = id
  } else if (intent === 'reorder') next = mergeOrder(full, formIds(form))
  else throw new Response('Bad Request', { status: 400 })

  if (!sameOrder(next, full)) {
    const result = await client.post(`/v1/orgs/${options.orgId}/${options.resource}/reorder`, { ids: next })
    if (!result.ok) {
      if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
      const submission = parseForm(form, noFields, locale)
      if (result.error.name !== 'ValidationError') return rejectedForm(submission, result.error, locale, { fields: [], extra: { intent: 'reorder' as const }, headers: client.headers() })
      return refusedForm(submission, { formError: t('org-settings:checklists.reorder.failed') }, { intent: 'reorder' as const }, failureStatus(result.error))
    }
  }
  if (intent === 'reorder') return data<ReorderResult>({ intent: 'reorder', ok: true }, { headers: client.headers() })
  const back = `${options.settingsPath}${url.search}${moved ? `#${options.idPrefix}${encodeURIComponent(moved)}` : ''}`
  if (sameOrder(next, full)) return redirect(back, { headers: client.headers() })
  return redirectWithToast(back, { type: 'success', title: t('org-settings:checklists.reorder.toast') }, { headers: client.headers() })
}
