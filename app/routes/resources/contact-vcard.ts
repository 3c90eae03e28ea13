import type { Route } from './+types/contact-vcard'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

/** /contacts/:contactId/vcard — the API's vCard, passed through for the venue page's download link. */
export async function loader(args: Route.LoaderArgs) {
  const { org } = await requireVenue(args)
  const client = api(args)
  const file = must(args.request, client, await client.file('GET', `/v1/orgs/${org.id}/contacts/${encodeURIComponent(args.params.contactId)}/vcard`))
  const headers = client.headers({ 'Cache-Control': 'private, no-store' })
  for (const name of ['content-type', 'content-disposition']) {
    const value = file.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(file.body, { status: 200, headers })
}
