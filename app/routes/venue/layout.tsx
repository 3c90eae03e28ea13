import { data, Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { OfflineRecording } from '../../components/records/offline'
import { cookieHeaders, requireVenue } from '../../lib/selection.server'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['org'] }

/** Venue-scoped pages: no venue chosen → /venues. */
export async function loader(args: Route.LoaderArgs) {
  const { org, venue, setCookies } = await requireVenue(args)
  return data({ org, venue }, { headers: cookieHeaders(setCookies) })
}

export default function VenueLayout() {
  return (
    <>
      <OfflineRecording />
      <Outlet />
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'
