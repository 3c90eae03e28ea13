import { lazyComponent } from '../lib/lazy'

/**
 * The error boundary of the route groups (their layouts export it): its screens are loaded by the
 * browser only when a page shows one (app/lib/lazy.tsx).
 */
export const RouteErrorBoundary = lazyComponent(() => import('./route-error').then((m) => m.RouteError))
