import { describe, expect, test } from 'vitest'
import { pagePath, safeRedirect } from '../../app/lib/safe-redirect.ts'
import { HOSTILE_TARGETS } from '../support/hostile-redirects.ts'


/** Hostile-looking targets that still stay on this site: kept, as the browser would resolve them. */
const SAME_SITE: Array<[string, string]> = [
  ['/profile', '/profile'],
  ['/settings/staff?x=1#top', '/settings/staff?x=1#top'],
  ['/%09/evil.com', '/%09/evil.com'],
  ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ['/x/../profile', '/profile'],
  ['/login?redirectTo=//evil.com', '/login?redirectTo=//evil.com'],
  ['/é café', '/%C3%A9%20caf%C3%A9'],
]

describe('safeRedirect', () => {
  test.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))('refuses %s', (_, target) => {
    expect(safeRedirect(target, '/fallback')).toBe('/fallback')
  })

  test.each(SAME_SITE)('keeps %j as %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected)
  })

  test('whatever it returns resolves to this site and carries no control character', () => {
    for (const target of [...HOSTILE_TARGETS, ...SAME_SITE.map(([t]) => t)]) {
      const out = safeRedirect(target)
      // eslint-disable-next-line no-control-regex
      expect(out).not.toMatch(/[\u0000-\u001f\u007f]/)
      expect(out.startsWith('/') && !out.startsWith('//') && !out.startsWith('/\\')).toBe(true)
      expect(new URL(out, 'https://mise.example').origin).toBe('https://mise.example')
      // A Location header can carry it (a CR or LF would make this throw: a 500).
      expect(() => new Headers({ Location: out })).not.toThrow()
    }
  })

  test('non-strings and absurd lengths fall back', () => {
    expect(safeRedirect(null, '/home')).toBe('/home')
    expect(safeRedirect(undefined)).toBe('/')
    expect(safeRedirect(new File(['x'], 'x.txt'))).toBe('/')
    expect(safeRedirect(`/${'a'.repeat(5000)}`)).toBe('/')
  })
})

test('pagePath turns data requests back into the page the user is on', () => {
  const p = (u: string) => pagePath(new Request(`http://x${u}`))
  expect(p('/_.data?_routes=root,routes%2Fvenue%2Fhome')).toBe('/')
  expect(p('/settings/staff.data?_routes=a')).toBe('/settings/staff')
  expect(p('/checklists.data?date=2026-11-22&_routes=a')).toBe('/checklists?date=2026-11-22')
  expect(p('/profile?x=1')).toBe('/profile?x=1')
})
