/**
 * React Router's route matching, remembered for the paths every page asks again (docs/decisions/074).
 *
 * With lazy route discovery, each document writes its part of the route manifest: React Router
 * matches the page's URL and every ancestor path of it ("/", "/checklists") against all of Mise's
 * route branches. Each match walks the pathless layouts (root, signed in, organisation, venue) of
 * every branch before its own path fails: 50–80 µs a path with Mise's ~75 routes, the same answer for
 * every request of a build. 3–6 % of a page's CPU went there.
 *
 * React Router does it through the static handler context's `_match` (one function per request
 * handler, kept for the build's life). `rememberRouteMatches` wraps it so that each path is matched
 * once: the answer depends on the path and the build's routes only, and React Router reads it without
 * changing it (each use copies the matches it keeps). A context without `_match` (a later React Router
 * may rename it) is left as it is: pages are the same, only slower, and tests/unit/route-matches.test.ts
 * fails so that the next upgrade sees it.
 */

type Match = (location: unknown, allowPartial?: boolean) => unknown

/** Paths remembered per build; past it the memory starts afresh (ancestor paths may hold ids). */
export const MAX_REMEMBERED_PATHS = 256

const remembered = new WeakMap<Match, Match>()

/** `match`, answering each path string from memory after its first call. */
export function rememberingMatch(match: Match): Match {
  const known = remembered.get(match)
  if (known) return known
  const answers = new Map<string, unknown>()
  const wrapped: Match = (location, allowPartial) => {
    if (typeof location !== 'string' || allowPartial) return match(location, allowPartial)
    if (answers.has(location)) return answers.get(location)
    if (answers.size >= MAX_REMEMBERED_PATHS) answers.clear()
    const answer = match(location)
    answers.set(location, answer)
    return answer
  }
  remembered.set(match, wrapped)
  // The wrapped function wraps nothing more when it comes back.
  remembered.set(wrapped, wrapped)
  return wrapped
}

/** Put the remembering match on a request's static handler context; true when React Router had one. */
export function rememberRouteMatches(staticHandlerContext: object): boolean {
  const context = staticHandlerContext as { _match?: unknown }
  if (typeof context._match !== 'function') return false
  context._match = rememberingMatch(context._match as Match)
  return true
}
