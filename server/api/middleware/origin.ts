import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context.ts'
import { forbidden } from '../errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** GET, HEAD and OPTIONS change nothing; every other method is checked. */
export function isSafeMethod(method: string): boolean {
  return SAFE.has(method.toUpperCase())
}

export type OriginRefusal = 'cross-site' | 'cross-origin' | 'opaque-origin' | 'missing-origin'

/**
 * The CSRF rule shared by /v1 and every web action and resource route (docs/decisions/014):
 * a state-changing request is refused when
 * - `Sec-Fetch-Site` says it comes from another site or another origin of this site
 *   (`cross-site`, `same-site`: e.g. another port of the same host),
 * - `Origin` is `null` (sandboxed frames, data: URLs, some redirects),
 * - `Origin` is neither APP_URL's origin nor the request's own origin (X-Forwarded-Proto/-Host are
 *   believed only with TRUST_PROXY),
 * - a browser that sends fetch metadata (`Sec-Fetch-Site`) sends no `Origin` (browsers always send
 *   it on POST; its absence there means something stripped it).
 * A request with neither header comes from a program, not a browser, and cannot ride on a
 * victim's cookies: it is let through. Returns null when the request may go on.
 */
export function originRefusal(request: Request, config: { appUrl: string; TRUST_PROXY: boolean }): OriginRefusal | null {
  if (isSafeMethod(request.method)) return null
  const site = request.headers.get('sec-fetch-site')
  if (site !== null && site !== 'same-origin' && site !== 'none') return 'cross-site'
  const origin = request.headers.get('origin')
  if (origin === null) return site === null ? null : 'missing-origin'
  if (origin === 'null') return 'opaque-origin'
  const allowed = new Set([new URL(config.appUrl).origin, ownOrigin(request, config.TRUST_PROXY)])
  return allowed.has(origin) ? null : 'cross-origin'
}

/** Refuse state-changing calls made by a browser on another site (CSRF defence for cookie auth). */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refusal = originRefusal(c.req.raw, c.get('deps').config)
    if (refusal === 'cross-site') throw forbidden('Cross-site request refused')
    if (refusal) throw forbidden('Cross-origin request refused')
    return next()
  }
}

/** The origin the browser used to reach this request (the proxy's, when trusted). */
export function ownOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url)
  if (!trustProxy) return url.origin
  const forwardedProto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : url.protocol.slice(0, -1)
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || url.host
  try {
    // Built whole, so a forwarded host without a port does not keep the internal one.
    return new URL(`${proto}://${host}`).origin
  } catch {
    return url.origin // a malformed forwarded header: the request's own origin
  }
}
