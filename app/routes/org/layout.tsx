import { data, Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { cookieHeaders, requireOrg } from '../../lib/selection.server'

/** Organisation-scoped pages: no organisation chosen → /organisations. */
export async function loader(args: Route.LoaderArgs) {
  const { org, venue, setCookies } = await requireOrg(args)
  return data({ org, venue }, { headers: cookieHeaders(setCookies) })
}

export default function OrgLayout() {
  return <Outlet />
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'
