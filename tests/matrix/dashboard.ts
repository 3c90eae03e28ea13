import { expect } from 'vitest'
import { adminUp, isDevice, member, venueMember, type MatrixRow } from './types.ts'

const org = (f: { orgId: string }) => `/v1/orgs/${f.orgId}`

/** The venue dashboard and the group overview (issue #14). */
export const dashboardRows: MatrixRow[] = [
  {
    name: "venue A's dashboard (a device without a PIN gets no deliveries)",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/dashboard',
    path: (f) => `${org(f)}/venues/${f.venueA}/dashboard`,
    expect: venueMember,
    check: (res, f, a) => {
      expect(res.json.venue.id).toBe(f.venueA)
      if (a === 'deviceNoPin') expect(res.json.deliveries).toBeNull()
      else expect(res.json.deliveries).toEqual(expect.any(Array))
    },
  },
  {
    name: "venue B's dashboard (the device belongs to venue A)",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/dashboard',
    path: (f) => `${org(f)}/venues/${f.venueB}/dashboard`,
    expect: { ...member, deviceNoPin: 403, devicePin: 403 },
  },
  {
    name: 'group overview (only the venues the member may use)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/overview',
    path: (f) => `${org(f)}/overview`,
    expect: adminUp,
    check: (res, f, a) => {
      if (isDevice(a)) return
      expect((res.json.venues as { venue: { id: string } }[]).map((v) => v.venue.id)).toEqual(expect.arrayContaining([f.venueA, f.venueB]))
    },
  },
]
