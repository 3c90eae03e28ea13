import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/layout'
import { isDevice, isPersonOnlyPath } from '../../lib/device.server'
import { pagePath } from '../../lib/safe-redirect'
import { requireUser } from '../../lib/session.server'

/** Authenticated pages: signed-out visitors go to /login and come back here after. */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireUser(args)
  // A shared device works at its venue only: people's pages send it home.
  if (isDevice(me) && isPersonOnlyPath(new URL(pagePath(args.request), 'http://mise.invalid').pathname)) throw redirect('/')
  return { user: me.user }
}

export default function AuthedLayout() {
  return <Outlet />
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'
