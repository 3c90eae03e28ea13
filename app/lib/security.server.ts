/**
 * React Router's root middleware for every page, page action and resource route, in production,
 * `npm run dev` and any other host (docs/decisions/013 and 014):
 * - refuse a state-changing request from another site (the rule /v1 uses) with a 403, before any
 *   action runs;
 * - give every answer the security headers, pages a Content-Security-Policy with this request's
 *   script nonce (app/entry.server.tsx hands it to React Router's inline scripts), signed-in
 *   answers `Cache-Control: private, no-store`, and every answer whose URL carries a secret
 *   (`?token=`: reset, invitation, device sign-in, supplier order, unsubscribe links) `no-store`.
 */
import type { MiddlewareFunction } from 'react-router'
import { originRefusal } from '../../server/api/middleware/origin.ts'
import { SESSION_COOKIE } from '../../server/auth/sessions.ts'
import { createNonce, isHttps, withSecurityHeaders } from '../../server/http/security-headers.ts'
import { getConfig } from './config.server.ts'
import { readCookie } from './cookies.server.ts'
import { nonceContext } from './context.ts'
import { getLocale, translator } from './i18n.server.ts'

/** Sets the nonce, lets everything below run, then puts the headers on whatever came back. */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const nonce = createNonce()
  context.set(nonceContext, nonce)
  const response = await next()
  const secured = withSecurityHeaders(response, {
    https: isHttps(getConfig().appUrl),
    csp: { kind: 'document', nonce, dev: import.meta.env.DEV },
  })
  if (readCookie(request.headers.get('cookie'), SESSION_COOKIE)) secured.headers.set('Cache-Control', 'private, no-store')
  else if (carriesSecret(request.url)) secured.headers.set('Cache-Control', 'no-store')
  return secured
}

/**
 * Whether a URL holds a secret that grants something: a one-time or signed link's `token`. No cache
 * (browser, proxy, CDN) may keep such a page, whatever the route says (issue #38, ADR 082).
 */
export function carriesSecret(url: string): boolean {
  return new URL(url).searchParams.has('token')
}

/**
 * A POST (or any other state-changing method) from another site never reaches an action. The
 * thrown 403 is rendered by the root error boundary on a page, and sent as it is (plain text) by a
 * resource route.
 */
export const originCheckMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (originRefusal(request, getConfig())) {
    const t = translator(getLocale(request))
    throw new Response([t('errors.crossSiteTitle'), t('errors.crossSite'), t('errors.backHome')].join('\n\n'), {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  return next()
}
