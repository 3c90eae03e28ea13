/** Any C0 control character or DEL: browsers strip TAB/CR/LF inside URLs, so `/\t/x` becomes `//x`. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** A base only used to resolve a target and compare origins: the real host does not matter. */
const BASE = new URL('http://mise.invalid/')

/**
 * A user-supplied redirect target (a `redirectTo` field or query parameter), made safe: only a path
 * on this site, as the browser itself would resolve it, or the fallback (docs/decisions/014).
 *
 * Refused: anything that is not a string, any control character anywhere, anything that does not
 * start with exactly one `/` (`//evil.com`, `/\evil.com`, `https:…`, `javascript:…`, ` /x`), and
 * anything that resolves to another origin. What is returned is the resolved URL's
 * path + query + fragment, which is itself checked to resolve back to this site (a path such as
 * `/a/..//evil.com` resolves to `//evil.com`, which a browser would read as another host).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2000) return fallback
  if (CONTROL.test(to)) return fallback
  if (to[0] !== '/' || to[1] === '/' || to[1] === '\\') return fallback
  let resolved: URL
  try {
    resolved = new URL(to, BASE)
  } catch {
    return fallback
  }
  if (resolved.origin !== BASE.origin) return fallback
  const path = resolved.pathname + resolved.search + resolved.hash
  if (!isSameSitePath(path)) return fallback
  return path
}

/** A path that, put in a Location header, keeps the browser on this site. */
function isSameSitePath(path: string): boolean {
  if (path[0] !== '/' || path[1] === '/' || path[1] === '\\' || CONTROL.test(path)) return false
  try {
    return new URL(path, BASE).origin === BASE.origin
  } catch {
    return false
  }
}

/**
 * The page path a request is for, as the user sees it: client-side navigations fetch
 * `/<path>.data?_routes=…` (or `/_.data` for the root), which must never end up in a redirectTo.
 */
export function pagePath(request: Request): string {
  const url = new URL(request.url)
  let pathname = url.pathname
  if (pathname.endsWith('.data')) {
    pathname = pathname.slice(0, -'.data'.length)
    if (pathname === '/_' || pathname === '') pathname = '/'
    else if (pathname.endsWith('/_')) pathname = pathname.slice(0, -2) || '/'
  }
  url.searchParams.delete('_routes')
  const search = url.searchParams.toString()
  return pathname + (search ? `?${search}` : '')
}
