import { expect } from 'vitest'
import { uniqueEmail } from '../support/app.ts'
import { everyone, isDevice, type MatrixRow } from './types.ts'

/**
 * Public forms (docs/decisions/033): anyone may send them, signed in or not, a device included; each
 * actor writes from its own address so the per-address limit is not what the row measures.
 */
export const formRows: MatrixRow[] = [
  {
    name: 'send the contact form',
    method: 'POST',
    route: '/v1/forms/contact',
    path: () => '/v1/forms/contact',
    body: (_f, a) => ({ name: `Matrix ${a}`, email: uniqueEmail(`contact-${a}`), message: 'Hello' }),
    expect: everyone,
    check: (res) => expect(res.json).toEqual({ ok: true }),
  },
  {
    name: 'sign up for early access',
    method: 'POST',
    route: '/v1/forms/early-access',
    path: () => '/v1/forms/early-access',
    body: (_f, a) => ({ name: `Matrix ${a}`, email: uniqueEmail(`early-${a}`) }),
    expect: everyone,
  },
  {
    name: 'send a support request (no organisation attached)',
    method: 'POST',
    route: '/v1/forms/support',
    path: () => '/v1/forms/support',
    body: (_f, a) => ({ name: `Matrix ${a}`, email: uniqueEmail(`support-${a}`), subject: 'Help', message: 'Something is wrong' }),
    expect: everyone,
  },
  {
    name: 'send a support request about the organisation: its members only (others → 400 on orgId)',
    method: 'POST',
    route: '/v1/forms/support',
    path: () => '/v1/forms/support',
    body: (f, a) => ({ name: `Matrix ${a}`, email: uniqueEmail(`support-org-${a}`), subject: 'Help', message: 'Export', orgId: f.orgId }),
    expect: { anonymous: 400, outsider: 400, basicLimited: 'ok', basic: 'ok', admin: 'ok', owner: 'ok', deviceNoPin: 400, devicePin: 400 },
    check: (res, _f, a) => {
      if (a === 'anonymous' || a === 'outsider' || isDevice(a)) expect(Object.keys(res.json.error.data)).toEqual(['orgId'])
    },
  },
  {
    name: 'send a support request naming a venue: one the member may use (venue A; a member limited to venue B → 403)',
    method: 'POST',
    route: '/v1/forms/support',
    path: () => '/v1/forms/support',
    body: (f, a) => ({ name: `Matrix ${a}`, email: uniqueEmail(`support-venue-${a}`), subject: 'Help', message: 'At A', orgId: f.orgId, venueId: f.venueA }),
    expect: { anonymous: 400, outsider: 400, basicLimited: 403, basic: 'ok', admin: 'ok', owner: 'ok', deviceNoPin: 400, devicePin: 400 },
  },
]
