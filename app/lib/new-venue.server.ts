import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { z } from 'zod'
import { can } from '../../server/auth/permissions'
import { createVenueBody } from '../../server/venues/routes'
import { api, must, unauthorizedRedirect } from './api.server'
import { invalidForm, parseForm, rejectedForm, requiredText } from './forms.server'
import { getLocale } from './i18n.server'
import { loadPlanSummary } from './plan-limits.server'
import { requireOrg } from './selection.server'
import { timeZones } from './time-zones'

/** The API's address and time zone; a name of only spaces gets the web's message. */
const schema = z.object({ ...createVenueBody.shape, name: requiredText(100) })

/**
 * What a "new venue" form needs, from onboarding (/venues/create) or settings (/settings/venues/new):
 * ADMIN and up; the zones in the reader's language, the organisation's zone first chosen, the plan.
 */
export async function newVenueLoader(args: LoaderFunctionArgs) {
  const { org } = await requireOrg(args)
  if (!can(org.role, 'venue.manage')) throw new Response('Forbidden', { status: 403 })
  const client = api(args)
  const { organisation } = must(args.request, client, await client.get<{ organisation: { timeZone: string } }>(`/v1/orgs/${org.id}`))
  return { zones: timeZones(getLocale(args.request)), defaultZone: organisation.timeZone, planSummary: await loadPlanSummary(args, org.id), billingLink: can(org.role, 'billing.manage') }
}

/** Creates the venue: `{ failure }` to return as the action's answer, or the venue and the API's headers. */
export async function createVenue(args: ActionFunctionArgs) {
  const { org } = await requireOrg(args)
  const form = await args.request.formData()
  const client = api(args)
  const locale = getLocale(args.request)
  const submission = parseForm(form, schema, locale)
  if (submission.status !== 'success') return { failure: invalidForm(submission) }
  const result = await client.post<{ venue: { id: string; name: string } }>(`/v1/orgs/${org.id}/venues`, submission.value)
  if (!result.ok) {
    if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(args.request, client.headers())
    return { failure: rejectedForm(submission, result.error, locale, { fields: ['name', 'address', 'timeZone'] }) }
  }
  return { venue: result.data.venue, headers: client.headers(), locale }
}
