/**
 * The error boundary of the route groups (their layouts export it). In the first load (the shell
 * chunk), never fetched when an error shows: the error may be that the network is gone (ADR 083).
 */
export { RouteError as RouteErrorBoundary } from './route-error'
