import { can } from '../../../server/auth/permissions'
import { api, must, type RequestArgs } from '../../lib/api.server'
import { requireOrg } from '../../lib/selection.server'
import { overviewSort, sortOverview } from './overview'
import type { OverviewRow } from './types'

/** The group overview in the order `?sort=` and `?dir=` ask, for its page and its CSV (ADMIN and up; 403 otherwise). */
export async function loadOverview(args: RequestArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'overview.read')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { venues } = must(args.request, client, await client.get<{ venues: OverviewRow[] }>(`/v1/orgs/${org.id}/overview`))
  const { sort, dir } = overviewSort(new URL(args.request.url))
  return { rows: sortOverview(venues, sort, dir), sort, dir }
}
