import { expect } from 'vitest'
import { unsubscribeToken } from '../../server/alerts/unsubscribe.ts'
import { adminUp, everyone, member, venueMember, type MatrixRow } from './types.ts'

const org = (f: { orgId: string }) => `/v1/orgs/${f.orgId}`
/** A fresh link for the row's POST, made by its `path` (which may wait) and read by its `body` (which may not). */
const tokens = new Map<string, string>()

/** Alerts (issue #14): settings (ADMIN and up), a member's own choices, the venue's recent alerts, unsubscribe links (public). */
export const alertRows: MatrixRow[] = [
  {
    name: "venue A's recent alerts",
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/alerts',
    path: (f) => `${org(f)}/venues/${f.venueA}/alerts`,
    expect: venueMember,
    check: (res) => expect(res.json.alerts).toEqual(expect.any(Array)),
  },
  { name: 'alert settings', method: 'GET', route: '/v1/orgs/{orgId}/alert-settings', path: (f) => `${org(f)}/alert-settings`, expect: adminUp, check: (res) => expect(res.json.settings.overdueDelayMinutes).toEqual(expect.any(Number)) },
  { name: 'change alert settings', method: 'PUT', route: '/v1/orgs/{orgId}/alert-settings', path: (f) => `${org(f)}/alert-settings`, body: () => ({ overdueDelayMinutes: 30 }), expect: adminUp },
  { name: 'own alert preferences', method: 'GET', route: '/v1/orgs/{orgId}/alert-preferences', path: (f) => `${org(f)}/alert-preferences`, expect: member, check: (res) => expect(res.json.preferences.overdue).toEqual(expect.any(Boolean)) },
  { name: 'change own alert preferences', method: 'PUT', route: '/v1/orgs/{orgId}/alert-preferences', path: (f) => `${org(f)}/alert-preferences`, body: () => ({ digest: true }), expect: member },
  {
    name: 'what an unsubscribe link stops (no session needed)',
    method: 'GET',
    route: '/v1/alerts/unsubscribe',
    path: async (f, t) => `/v1/alerts/unsubscribe?${new URLSearchParams({ token: await unsubscribeToken(t.db, { membershipId: f.basic.membershipId, kind: 'digest' }, new Date()) })}`,
    expect: everyone,
    check: (res) => expect(res.json.kind).toBe('digest'),
  },
  {
    name: 'unsubscribe with the link (no session needed)',
    method: 'POST',
    route: '/v1/alerts/unsubscribe',
    path: async (f, t, actor) => {
      tokens.set(`${f.orgId}:${actor}`, await unsubscribeToken(t.db, { membershipId: f.basic.membershipId, kind: 'failure' }, new Date()))
      return '/v1/alerts/unsubscribe'
    },
    body: (f, actor) => ({ token: tokens.get(`${f.orgId}:${actor}`) }),
    expect: everyone,
    check: (res) => expect(res.json).toMatchObject({ kind: 'failure', subscribed: false }),
  },
]
