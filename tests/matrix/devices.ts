import { expect } from 'vitest'
import { freshIp } from '../api/_helpers.ts'
import type { TestApp } from '../support/app.ts'
import { createDevice, loginLink, loginPath } from '../support/devices.ts'
import { freshSession } from './auth.ts'
import { adminUp, everyone, isDevice, type ActorName, type Expected, type MatrixFixture, type MatrixRow } from './types.ts'

const org = (f: MatrixFixture) => `/v1/orgs/${f.orgId}`

/** A throwaway device at venue A for the rows that change, sign out or remove it (the matrix's own device stays). */
async function throwawayDevice(f: MatrixFixture, name: string): Promise<string> {
  return (await createDevice(f.owner, f.orgId, f.venueA, name)).id
}

/** A device's own call: a person 403, anonymous 401, the device (either session) ok. */
const deviceOnly: Record<ActorName, Expected> = { anonymous: 401, outsider: 403, basicLimited: 403, basic: 403, admin: 403, owner: 403, deviceNoPin: 'ok', devicePin: 'ok' }

/** The login link each actor's row opens (path and client are computed separately). */
const links = new Map<string, { id: string; token: string }>()

/** Shared devices: the settings calls (ADMIN and up) and the device's own calls. */
export const deviceRows: MatrixRow[] = [
  {
    name: 'list devices',
    method: 'GET',
    route: '/v1/orgs/{orgId}/devices',
    path: (f) => `${org(f)}/devices`,
    expect: adminUp,
    check: (res, f) => expect((res.json.devices as { id: string }[]).map((d) => d.id)).toContain(f.deviceId),
  },
  { name: 'add a device', method: 'POST', route: '/v1/orgs/{orgId}/devices', path: (f) => `${org(f)}/devices`, body: (f) => ({ name: 'Matrix new tablet', venueId: f.venueA }), expect: adminUp },
  {
    name: 'add a device at venue B',
    method: 'POST',
    route: '/v1/orgs/{orgId}/devices',
    path: (f) => `${org(f)}/devices`,
    body: (f) => ({ name: 'Matrix B tablet', venueId: f.venueB }),
    expect: adminUp,
    check: (res, f) => expect(res.json.device.venue.id).toBe(f.venueB),
  },
  {
    name: 'read the device (it holds a PIN)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/devices/{deviceId}',
    path: (f) => `${org(f)}/devices/${f.deviceId}`,
    expect: adminUp,
    check: (res, f) => expect(res.json.device).toMatchObject({ signedIn: true, pinHolder: { membershipId: f.pinHolder.membershipId } }),
  },
  {
    name: 'rename a device',
    method: 'PUT',
    route: '/v1/orgs/{orgId}/devices/{deviceId}',
    path: async (f, _t, a) => `${org(f)}/devices/${await throwawayDevice(f, `Rename ${a}`)}`,
    body: () => ({ name: 'Renamed tablet' }),
    expect: adminUp,
  },
  {
    name: 'delete a device',
    method: 'DELETE',
    route: '/v1/orgs/{orgId}/devices/{deviceId}',
    path: async (f, _t, a) => `${org(f)}/devices/${await throwawayDevice(f, `Delete ${a}`)}`,
    expect: adminUp,
  },
  {
    name: 'generate a login link',
    method: 'POST',
    route: '/v1/orgs/{orgId}/devices/{deviceId}/login/generate',
    path: async (f, _t, a) => `${org(f)}/devices/${await throwawayDevice(f, `Link ${a}`)}/login/generate`,
    expect: adminUp,
    check: (res) => expect(res.json.url).toMatch(/^http:\/\/localhost:3999\/device-login\?id=[\w-]+&token=[\w-]+$/),
  },
  {
    name: 'sign a device out everywhere',
    method: 'POST',
    route: '/v1/orgs/{orgId}/devices/{deviceId}/logout',
    path: async (f, _t, a) => `${org(f)}/devices/${await throwawayDevice(f, `Logout ${a}`)}/logout`,
    expect: adminUp,
    check: (res) => expect(res.json).toEqual({ sessionsEnded: 0 }),
  },
  {
    name: 'what a login link would sign in (reads only, whoever opens it)',
    method: 'GET',
    route: '/v1/auth/device/login',
    path: async (f, _t, a) => {
      const link = await loginLink(f.admin, f.orgId, await throwawayDevice(f, `Pair ${a}`))
      links.set(`${f.orgId}:${a}`, link)
      return loginPath(link)
    },
    expect: everyone,
    check: (res, f) => expect(res.json.organisation.id).toBe(f.orgId),
  },
  {
    name: 'sign in as a device with a login link (whoever opens it, in a fresh browser)',
    method: 'POST',
    route: '/v1/auth/device/login',
    path: () => '/v1/auth/device/login',
    body: (f, a) => {
      const { id, token } = links.get(`${f.orgId}:${a}`)!
      return { id, token }
    },
    client: (_f, t: TestApp) => t.client({ ip: freshIp() }),
    expect: everyone,
    check: (res, f) => expect(res.json.organisation.id).toBe(f.orgId),
  },
  {
    name: 'a used login link (400 whoever opens it)',
    method: 'GET',
    route: '/v1/auth/device/login',
    path: (f, _t, a) => loginPath(links.get(`${f.orgId}:${a}`)!),
    expect: { anonymous: 400, outsider: 400, basicLimited: 400, basic: 400, admin: 400, owner: 400, deviceNoPin: 400, devicePin: 400 },
  },
  {
    name: 'enter a PIN (a device only; a fresh session of it, so the matrix’s sessions keep their state)',
    method: 'POST',
    route: '/v1/auth/device/pin',
    path: () => '/v1/auth/device/pin',
    client: (f, t, a) => (isDevice(a) ? freshSession(f, t, a) : a === 'anonymous' ? f.anonymous : f[a].client),
    body: (f) => ({ pin: f.pinHolder.pin, membershipId: f.pinHolder.membershipId }),
    expect: deviceOnly,
    check: (res, f) => expect(res.json.pin.membershipId).toBe(f.pinHolder.membershipId),
  },
  {
    name: 'who may enter a PIN on this device (a device only; the PIN holder is among them)',
    method: 'GET',
    route: '/v1/auth/device/people',
    path: () => '/v1/auth/device/people',
    expect: deviceOnly,
    check: (res, f) => expect((res.json.people as { membershipId: string }[]).map((v) => v.membershipId)).toContain(f.pinHolder.membershipId),
  },
  {
    name: 'who may pick their name offline, and the key PINs are sealed with (a device only; the session with a PIN has its BASIC holder)',
    method: 'GET',
    route: '/v1/auth/device/offline-pins',
    path: () => '/v1/auth/device/offline-pins',
    expect: deviceOnly,
    check: (res, f, actor) =>
      expect((res.json.members as { membershipId: string }[]).map((v) => v.membershipId)).toEqual(actor === 'devicePin' ? [f.pinHolder.membershipId] : []),
  },
  {
    name: 'forget the PIN (a device only; a fresh session of it)',
    method: 'DELETE',
    route: '/v1/auth/device/pin',
    path: () => '/v1/auth/device/pin',
    client: (f, t, a) => (isDevice(a) ? freshSession(f, t, a) : a === 'anonymous' ? f.anonymous : f[a].client),
    expect: deviceOnly,
  },
]
