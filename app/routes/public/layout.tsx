import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireAnonymous } from '../../lib/session.server'
import { honeypotInputProps } from '../../lib/honeypot.server'
import { HoneypotProvider } from '../../components/honeypot'
import type { I18nHandle } from '../../lib/i18n'

export const handle: I18nHandle = { i18n: ['public'] }

/**
 * Public pages: someone already signed in is sent on (to where they were going, or home). Their
 * forms carry the honeypot (components/honeypot.tsx), whose props come from here.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAnonymous(args)
  return { honeypot: await honeypotInputProps() }
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <HoneypotProvider {...loaderData.honeypot}>
      <Outlet />
    </HoneypotProvider>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/route-error-boundary'
