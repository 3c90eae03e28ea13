/**
 * The security headers of every response Mise sends (docs/decisions/013-security-headers-and-csp.md).
 * One policy, applied by three hosts of the same code: the production process (server/main.ts), the
 * /v1 app wherever it runs (server/api/app.ts) and React Router's root middleware, which adds the
 * per-request script nonce to pages (app/lib/security.server.ts); `npm run dev` adds them in
 * vite.config.ts.
 */
import { randomFillSync } from 'node:crypto'

export type CspKind =
  /** HTML pages: the app's own scripts and the inline hydration scripts carrying this request's nonce. */
  | { kind: 'document'; nonce: string; dev?: boolean }
  /** Static files (sw.js, icons, hashed assets): the same origin-only rules without any inline script. */
  | { kind: 'static' }
  /** JSON answers and files of /v1: nothing to load, never framed. */
  | { kind: 'api' }

/**
 * Random bytes for nonces, drawn from the system's generator 256 nonces at a time: one call into
 * OpenSSL per page cost ~1 % of `/login`'s CPU. Each 16 bytes are handed out once, then overwritten.
 */
const NONCE_BYTES = 16
const noncePool = Buffer.alloc(NONCE_BYTES * 256)
let nonceAt = noncePool.length

/** 128 random bits, base64: a new one for every page. */
export function createNonce(): string {
  if (nonceAt === noncePool.length) {
    randomFillSync(noncePool)
    nonceAt = 0
  }
  const nonce = noncePool.toString('base64', nonceAt, nonceAt + NONCE_BYTES)
  nonceAt += NONCE_BYTES
  return nonce
}

export function contentSecurityPolicy(csp: CspKind): string {
  if (csp.kind === 'api') return "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
  const scripts = csp.kind === 'document' ? `'self' 'nonce-${csp.nonce}'` : "'self'"
  const dev = csp.kind === 'document' && csp.dev === true
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Vite's dev server injects <style> elements for hot reload; the built app has only its stylesheet.
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    // Vite's hot-reload socket, in development only.
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // The billing page's "Upgrade" and "Manage billing" forms end in a redirect to Stripe (ADR 032).
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The headers every response carries, whatever it is. */
export function baseSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  }
}

/**
 * Put the security headers on a response's headers. A Content-Security-Policy the response already
 * has (an upload's sandbox, a page's nonce policy) is kept; the other headers are always set.
 */
export function applySecurityHeaders(headers: Headers, options: { https: boolean; csp: CspKind }): void {
  for (const [name, value] of Object.entries(baseSecurityHeaders(options))) headers.set(name, value)
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy(options.csp))
}

/**
 * The same response with the headers applied: in place when its headers can be changed, else a copy
 * (a Response from fetch() has immutable headers).
 */
export function withSecurityHeaders(response: Response, options: { https: boolean; csp: CspKind }): Response {
  try {
    applySecurityHeaders(response.headers, options)
    return response
  } catch {
    const copy = new Response(response.body, response)
    applySecurityHeaders(copy.headers, options)
    return copy
  }
}

/** HSTS only when the public address is https (a browser would otherwise refuse plain http later). */
export function isHttps(appUrl: string): boolean {
  return appUrl.startsWith('https://')
}
