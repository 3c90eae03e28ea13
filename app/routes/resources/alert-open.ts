import { redirect } from 'react-router'
import type { Route } from './+types/alert-open'
import { safeRedirect } from '../../lib/safe-redirect'
import { selectOrgCookies, selectVenueCookie } from '../../lib/selection.server'
import { requireUser } from '../../lib/session.server'

/**
 * /alerts/open?org&venue&to — an alert e-mail's link (ADR 051): the page to fix is a venue page, so
 * the organisation and venue of the alert are chosen first (when the reader is a member who may use
 * them; otherwise the selection is left alone and the page itself decides). Signed-out readers sign in
 * and come back here.
 */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireUser(args)
  const url = new URL(args.request.url)
  const to = safeRedirect(url.searchParams.get('to'), '/')
  const org = me.orgs.find((o) => o.id === url.searchParams.get('org'))
  const venue = org?.venues.find((v) => v.id === url.searchParams.get('venue'))
  const headers = new Headers()
  if (org && venue && me.user.type === 'user') {
    const [orgCookie] = selectOrgCookies(org.id)
    headers.append('Set-Cookie', orgCookie!)
    headers.append('Set-Cookie', selectVenueCookie(venue.id))
  }
  return redirect(to, { headers })
}
