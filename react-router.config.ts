import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // React Router's own Origin check covers page actions only, compares with the request URL (wrong
  // behind a TLS proxy) and answers a bare 400 before any middleware. The root middleware applies the
  // one rule of /v1 to every action and resource route instead (docs/decisions/014).
  allowedActionOrigins: ['**'],
  // A route's clientAction (the record pages': ADR 083) stays in the route's own chunk: split out, it was
  // a chunk of its own, and the route's imports were no longer copied into the route's chunk (ADR 061),
  // five more files on those pages' first load.
  splitRouteModules: false,
} satisfies Config
