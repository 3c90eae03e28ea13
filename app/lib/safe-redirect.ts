/** Only same-site paths: never send a user to another site after login. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  return to
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
