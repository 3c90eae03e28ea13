import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireUser } from '../../lib/session.server'

/** Authenticated pages: signed-out visitors go to /login and come back here after. */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireUser(args)
  return { user: me.user }
}

export default function AuthedLayout() {
  return <Outlet />
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'
