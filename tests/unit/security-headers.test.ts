import { describe, expect, test } from 'vitest'
import { applySecurityHeaders, contentSecurityPolicy, createNonce, withSecurityHeaders } from '../../server/http/security-headers.ts'

const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]))

describe('the Content-Security-Policy (ADR 013)', () => {
  test("pages run only the app's own scripts and this request's nonce; nothing inline, never framed", () => {
    const csp = directives(contentSecurityPolicy({ kind: 'document', nonce: 'abc123' }))
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc123'"])
    expect(csp['style-src']).toEqual(["'self'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['base-uri']).toEqual(["'none'"])
    // Forms post to this origin; the billing forms' redirects may go on to Stripe's Checkout and portal only.
    expect(csp['form-action']).toEqual(["'self'", 'https://checkout.stripe.com', 'https://billing.stripe.com'])
    expect(JSON.stringify(csp)).not.toContain('unsafe')
  })

  test('only the dev server loosens styles (injected by Vite) and allows its hot-reload socket', () => {
    const csp = directives(contentSecurityPolicy({ kind: 'document', nonce: 'n', dev: true }))
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n'"])
    expect(csp['style-src']).toContain("'unsafe-inline'")
    expect(csp['connect-src']).toContain('ws:')
  })

  test('/v1 answers load nothing; static files allow no inline script', () => {
    expect(directives(contentSecurityPolicy({ kind: 'api' }))['default-src']).toEqual(["'none'"])
    expect(directives(contentSecurityPolicy({ kind: 'static' }))['script-src']).toEqual(["'self'"])
  })

  test('nonces are 128 random bits, new every time', () => {
    // Past the pool of 256 several times over: a refill never hands out bytes given before.
    const nonces = new Set(Array.from({ length: 1000 }, createNonce))
    expect(nonces.size).toBe(1000)
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16)
  })
})

describe('applySecurityHeaders', () => {
  test('sets the common headers; HSTS only for an https APP_URL; keeps a CSP already chosen', () => {
    const headers = new Headers({ 'Content-Security-Policy': 'sandbox' })
    applySecurityHeaders(headers, { https: false, csp: { kind: 'api' } })
    expect(Object.fromEntries(headers)).toEqual({
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
    })
    const https = new Headers()
    applySecurityHeaders(https, { https: true, csp: { kind: 'static' } })
    expect(https.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/)
  })

  test('a response with immutable headers (from fetch) is copied, body and status kept', async () => {
    const original = Response.redirect('http://x/y', 302)
    expect(() => original.headers.set('a', 'b')).toThrow()
    const secured = withSecurityHeaders(original, { https: false, csp: { kind: 'static' } })
    expect(secured.status).toBe(302)
    expect(secured.headers.get('location')).toBe('http://x/y')
    expect(secured.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
