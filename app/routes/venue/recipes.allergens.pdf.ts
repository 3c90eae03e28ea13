import type { Route } from './+types/recipes.allergens.pdf'
import { api, must } from '../../lib/api.server'
import { requireVenue } from '../../lib/selection.server'

/** The venue's allergen sheet as a PDF, from the API. */
export async function loader(args: Route.LoaderArgs) {
  const { org, venue } = await requireVenue(args)
  const client = api(args)
  const file = must(args.request, client, await client.file('GET', `/v1/orgs/${org.id}/venues/${venue.id}/recipes/allergen-sheet`))
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': file.headers.get('content-disposition') ?? 'attachment; filename="allergens.pdf"',
      'Cache-Control': 'no-store',
    },
  })
}
