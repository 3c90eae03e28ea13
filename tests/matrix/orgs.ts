import { memberships } from '../../server/db/schema.ts'
import type { TestApp } from '../support/app.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { adminUp, member, ownerOnly, signedIn, venueMember, type MatrixRow } from './types.ts'

async function throwawayVenue(f: OrgWithActors, name: string) {
  const res = await f.owner.client.post(`/v1/orgs/${f.orgId}/venues`, { name })
  return res.json.venue.id as string
}

async function throwawayMember(t: TestApp, f: OrgWithActors, status: 'active' | 'invited', email?: string) {
  const [row] = await t.db
    .insert(memberships)
    .values({ orgId: f.orgId, name: 'Temp Cook', email: email ?? null, role: 'BASIC', status, invitedAt: status === 'invited' ? new Date() : null })
    .returning({ id: memberships.id })
  return row!.id
}

const org = (f: OrgWithActors) => `/v1/orgs/${f.orgId}`

/** Organisations, venues, profile, onboarding and staff (the organisations issue). */
export const orgRows: MatrixRow[] = [
  { name: 'create organisation', method: 'POST', path: () => '/v1/orgs', body: () => ({ name: 'Matrix Org' }), expect: signedIn },
  { name: 'read organisation', method: 'GET', path: org, expect: member },
  { name: 'update organisation', method: 'PUT', path: org, body: () => ({ name: 'Test Kitchen' }), expect: ownerOnly },
  { name: 'list venues', method: 'GET', path: (f) => `${org(f)}/venues`, expect: member },
  { name: 'create venue', method: 'POST', path: (f) => `${org(f)}/venues`, body: () => ({ name: 'Matrix Venue' }), expect: adminUp },
  { name: 'read venue', method: 'GET', path: (f) => `${org(f)}/venues/${f.venueA}`, expect: venueMember },
  { name: 'update venue', method: 'PUT', path: (f) => `${org(f)}/venues/${f.venueA}`, body: () => ({ address: '1 A Street' }), expect: adminUp },
  { name: 'delete venue', method: 'DELETE', path: async (f, _t, a) => `${org(f)}/venues/${await throwawayVenue(f, `Gone ${a}`)}`, expect: adminUp },
  { name: 'read own org profile', method: 'GET', path: (f) => `${org(f)}/profile`, expect: member },
  { name: 'update own org profile', method: 'PUT', path: (f) => `${org(f)}/profile`, body: (_f, a) => ({ name: `Member ${a}` }), expect: member },
  { name: 'read onboarding', method: 'GET', path: (f) => `${org(f)}/onboarding`, expect: member },
  { name: 'hide onboarding', method: 'POST', path: (f) => `${org(f)}/onboarding/hide`, expect: ownerOnly },
  { name: 'list staff', method: 'GET', path: (f) => `${org(f)}/staff`, expect: adminUp },
  { name: 'add PIN-only member', method: 'POST', path: (f) => `${org(f)}/staff`, body: () => ({ name: 'Pin Cook', role: 'BASIC' }), expect: adminUp },
  { name: 'read member', method: 'GET', path: (f) => `${org(f)}/staff/${f.basic.membershipId}`, expect: adminUp },
  { name: 'update member', method: 'PUT', path: (f) => `${org(f)}/staff/${f.basic.membershipId}`, body: () => ({ name: 'Bea Basic' }), expect: adminUp },
  { name: 'remove member', method: 'DELETE', path: async (f, t) => `${org(f)}/staff/${await throwawayMember(t, f, 'active')}`, expect: adminUp },
  {
    name: 'resend invitation',
    method: 'POST',
    path: async (f, t, a) => `${org(f)}/staff/${await throwawayMember(t, f, 'invited', `invitee.${a}.${Date.now()}@example.com`)}/resend-invite`,
    expect: adminUp,
  },
  { name: 'generate a PIN', method: 'POST', path: (f) => `${org(f)}/staff/generate-pin`, expect: member },
  { name: 'delete organisation', method: 'DELETE', path: org, expect: ownerOnly, last: true },
]
