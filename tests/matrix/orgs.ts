import { expect } from 'vitest'
import { memberships } from '../../server/db/schema.ts'
import type { TestApp } from '../support/app.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { ACTORS, adminUp, isDevice, member, memberOrDevice, ownerOnly, signedIn, venueMember, type MatrixRow } from './types.ts'

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
  { name: 'create organisation', method: 'POST', route: '/v1/orgs', path: () => '/v1/orgs', body: () => ({ name: 'Matrix Org' }), expect: signedIn },
  { name: 'read organisation', method: 'GET', route: '/v1/orgs/{orgId}', path: org, expect: memberOrDevice },
  { name: 'update organisation', method: 'PUT', route: '/v1/orgs/{orgId}', path: org, body: () => ({ name: 'Test Kitchen' }), expect: ownerOnly },
  {
    name: 'list venues (a member limited to B sees only B; the device only its venue A)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues',
    path: (f) => `${org(f)}/venues`,
    expect: memberOrDevice,
    check: (res, f, a) => {
      const ids = (res.json.venues as { id: string }[]).map((v) => v.id)
      if (isDevice(a)) return expect(ids).toEqual([f.venueA])
      expect(ids).toContain(f.venueB)
      if (a === 'basicLimited') expect(ids).not.toContain(f.venueA)
      else expect(ids).toContain(f.venueA)
    },
  },
  { name: 'create venue', method: 'POST', route: '/v1/orgs/{orgId}/venues', path: (f) => `${org(f)}/venues`, body: () => ({ name: 'Matrix Venue' }), expect: adminUp },
  { name: 'read venue A', method: 'GET', route: '/v1/orgs/{orgId}/venues/{venueId}', path: (f) => `${org(f)}/venues/${f.venueA}`, expect: venueMember },
  { name: 'read venue B', method: 'GET', route: '/v1/orgs/{orgId}/venues/{venueId}', path: (f) => `${org(f)}/venues/${f.venueB}`, expect: member },
  { name: 'update venue', method: 'PUT', route: '/v1/orgs/{orgId}/venues/{venueId}', path: (f) => `${org(f)}/venues/${f.venueA}`, body: () => ({ address: '1 A Street' }), expect: adminUp },
  { name: 'delete venue', method: 'DELETE', route: '/v1/orgs/{orgId}/venues/{venueId}', path: async (f, _t, a) => `${org(f)}/venues/${await throwawayVenue(f, `Gone ${a}`)}`, expect: adminUp },
  { name: 'read own org profile', method: 'GET', route: '/v1/orgs/{orgId}/profile', path: (f) => `${org(f)}/profile`, expect: member },
  { name: 'update own org profile', method: 'PUT', route: '/v1/orgs/{orgId}/profile', path: (f) => `${org(f)}/profile`, body: (_f, a) => ({ name: `Member ${a}` }), expect: member },
  {
    name: 'set own PIN',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/profile',
    path: (f) => `${org(f)}/profile`,
    body: (_f, a) => ({ pin: String(70_000 + ACTORS.indexOf(a)) }),
    expect: member,
  },
  { name: 'read onboarding', method: 'GET', route: '/v1/orgs/{orgId}/onboarding', path: (f) => `${org(f)}/onboarding`, expect: member },
  { name: 'hide onboarding', method: 'POST', route: '/v1/orgs/{orgId}/onboarding/hide', path: (f) => `${org(f)}/onboarding/hide`, expect: ownerOnly },
  { name: 'list staff', method: 'GET', route: '/v1/orgs/{orgId}/staff', path: (f) => `${org(f)}/staff`, expect: adminUp },
  { name: 'add PIN-only member', method: 'POST', route: '/v1/orgs/{orgId}/staff', path: (f) => `${org(f)}/staff`, body: () => ({ name: 'Pin Cook', role: 'BASIC' }), expect: adminUp },
  { name: 'read member', method: 'GET', route: '/v1/orgs/{orgId}/staff/{staffId}', path: (f) => `${org(f)}/staff/${f.basic.membershipId}`, expect: adminUp },
  {
    name: 'add a member with a PIN',
    method: 'POST',
    route: '/v1/orgs/{orgId}/staff',
    path: (f) => `${org(f)}/staff`,
    body: (_f, a) => ({ name: 'Pin Cook', role: 'BASIC', pin: String(71_000 + ACTORS.indexOf(a)) }),
    expect: adminUp,
  },
  { name: 'update member', method: 'PUT', route: '/v1/orgs/{orgId}/staff/{staffId}', path: (f) => `${org(f)}/staff/${f.basic.membershipId}`, body: () => ({ name: 'Bea Basic' }), expect: adminUp },
  { name: 'remove member', method: 'DELETE', route: '/v1/orgs/{orgId}/staff/{staffId}', path: async (f, t) => `${org(f)}/staff/${await throwawayMember(t, f, 'active')}`, expect: adminUp },
  {
    name: 'resend invitation',
    method: 'POST',
    route: '/v1/orgs/{orgId}/staff/{staffId}/resend-invite',
    path: async (f, t, a) => `${org(f)}/staff/${await throwawayMember(t, f, 'invited', `invitee.${a}.${Date.now()}@example.com`)}/resend-invite`,
    expect: adminUp,
  },
  { name: 'generate a PIN', method: 'POST', route: '/v1/orgs/{orgId}/staff/generate-pin', path: (f) => `${org(f)}/staff/generate-pin`, expect: member },
  { name: 'delete organisation', method: 'DELETE', route: '/v1/orgs/{orgId}', path: org, expect: ownerOnly, last: true },
]
