import { expect, test } from 'vitest'
import { pagePath, safeRedirect } from '../../app/lib/safe-redirect.ts'

test('safeRedirect keeps same-site paths only', () => {
  expect(safeRedirect('/profile')).toBe('/profile')
  expect(safeRedirect('//evil.example/x')).toBe('/')
  expect(safeRedirect('/\\evil.example')).toBe('/')
  expect(safeRedirect('https://evil.example')).toBe('/')
  expect(safeRedirect(null, '/home')).toBe('/home')
})

test('pagePath turns data requests back into the page the user is on', () => {
  const p = (u: string) => pagePath(new Request(`http://x${u}`))
  expect(p('/_.data?_routes=root,routes%2Fvenue%2Fhome')).toBe('/')
  expect(p('/settings/staff.data?_routes=a')).toBe('/settings/staff')
  expect(p('/checklists.data?date=2026-11-22&_routes=a')).toBe('/checklists?date=2026-11-22')
  expect(p('/profile?x=1')).toBe('/profile?x=1')
})
