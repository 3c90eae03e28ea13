import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireAnonymous } from '../../lib/session.server'

/** Public pages: someone already signed in is sent on (to where they were going, or home). */
export async function loader(args: Route.LoaderArgs) {
  await requireAnonymous(args)
  return null
}

export default function PublicLayout() {
  return <Outlet />
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'
