import { describe, expect, test } from 'vitest'
import { originRefusal, ownOrigin } from '../../server/api/middleware/origin.ts'

const config = { appUrl: 'https://mise.example', TRUST_PROXY: false }
const req = (headers: Record<string, string>, method = 'POST', url = 'http://127.0.0.1:3000/logout') => new Request(url, { method, headers })

describe('originRefusal: the one Origin rule of /v1 and the web (ADR 014)', () => {
  test.each([
    ['a foreign origin', { origin: 'https://evil.example' }, 'cross-origin'],
    ['another port of the same host', { origin: 'http://127.0.0.1:4000' }, 'cross-origin'],
    ['the same host over the other scheme', { origin: 'http://mise.example' }, 'cross-origin'],
    ['a look-alike host', { origin: 'https://mise.example.evil.example' }, 'cross-origin'],
    ['Origin: null', { origin: 'null' }, 'opaque-origin'],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 'cross-site'],
    ['Sec-Fetch-Site: same-site (a sibling subdomain or port)', { 'sec-fetch-site': 'same-site', origin: 'https://mise.example' }, 'cross-site'],
    ['cross-site wins over an allowed Origin', { 'sec-fetch-site': 'cross-site', origin: 'https://mise.example' }, 'cross-site'],
    ['a browser (fetch metadata) without Origin', { 'sec-fetch-site': 'same-origin' }, 'missing-origin'],
  ] as const)('refuses %s', (_, headers, reason) => {
    expect(originRefusal(req(headers), config)).toBe(reason)
    for (const method of ['PUT', 'PATCH', 'DELETE']) expect(originRefusal(req(headers, method), config)).toBe(reason)
  })

  test.each([
    ["APP_URL's origin", { origin: 'https://mise.example', 'sec-fetch-site': 'same-origin' }],
    ["the request's own origin", { origin: 'http://127.0.0.1:3000' }],
    ['a program (no Origin, no fetch metadata)', {}],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none', origin: 'https://mise.example' }],
  ] as const)('lets through %s', (_, headers) => {
    expect(originRefusal(req(headers), config)).toBeNull()
  })

  test('GET, HEAD and OPTIONS are never refused', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(originRefusal(req({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, method), config)).toBeNull()
    }
  })

  test('X-Forwarded-Proto/-Host count only with TRUST_PROXY', () => {
    const headers = { origin: 'https://public.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example' }
    expect(originRefusal(req(headers), config)).toBe('cross-origin')
    expect(originRefusal(req(headers), { ...config, TRUST_PROXY: true })).toBeNull()
    expect(ownOrigin(req({ 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'a b' }), true)).toBe('http://127.0.0.1:3000')
  })
})
