import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { hashToken, newToken } from '../../server/auth/tokens.ts'
import { memberships } from '../../server/db/schema.ts'
import { freshIp, login, PASSWORD, registerUser } from '../api/_helpers.ts'
import { uniqueEmail, type TestApp } from '../support/app.ts'
import { pairDevice } from '../support/devices.ts'
import { createOrg, type Client, type OrgWithActors } from '../support/orgs.ts'
import { everyone, isDevice, signedIn, type ActorName, type Expected, type MatrixFixture, type MatrixRow } from './types.ts'

/**
 * A second session of the actor (a fresh anonymous client for `anonymous`, a new session of the
 * device for a device), for calls that sign in, sign out or register: the actor's own session stays
 * as it is for the other rows.
 */
export async function freshSession(f: MatrixFixture, t: TestApp, actor: ActorName): Promise<Client> {
  if (actor === 'anonymous') return t.client({ ip: freshIp() })
  if (isDevice(actor)) return pairDevice(t, f.admin, f.orgId, f.deviceId)
  const { client, res } = await login(t, f[actor].email, f[actor].password)
  expect(res.status, res.text).toBe(200)
  return client
}

const hosts = new Map<string, Promise<string>>()
/** Another organisation, owned by someone who is none of the actors, that sends the invitations below. */
function hostOrg(f: OrgWithActors, t: TestApp): Promise<string> {
  let made = hosts.get(f.orgId)
  if (!made) {
    made = registerUser(t, { name: 'Matrix Host' }).then((host) => createOrg(host, { name: 'Matrix Host Kitchen' }))
    hosts.set(f.orgId, made)
  }
  return made
}

/** A live invitation to `email` with a known token (inserted as the staff API would make it). */
async function invitation(f: OrgWithActors, t: TestApp, email: string): Promise<{ id: string; token: string }> {
  const orgId = await hostOrg(f, t)
  const token = newToken()
  const [row] = await t.db
    .insert(memberships)
    .values({
      orgId,
      name: 'Matrix Invitee',
      email,
      role: 'BASIC',
      status: 'invited',
      inviteTokenHash: hashToken(token),
      inviteExpiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      invitedAt: new Date(),
    })
    .returning({ id: memberships.id })
  return { id: row!.id, token }
}

/** The invitation each row made for each actor (path and body are computed separately). */
const links = new Map<string, { id: string; token: string; email: string }>()
const linkKey = (f: OrgWithActors, row: string, a: ActorName) => `${f.orgId}:${row}:${a}`

/** 400 for everyone, signed in or not (a request that no session makes valid). */
const refusedForAll: Record<ActorName, Expected> = { anonymous: 400, outsider: 400, basicLimited: 400, basic: 400, admin: 400, owner: 400, deviceNoPin: 400, devicePin: 400 }
/** A person's own address; anyone else (anonymous, a device) a fresh one. */
const ownEmail = (f: MatrixFixture, a: ActorName) => (a === 'anonymous' || isDevice(a) ? uniqueEmail('nobody') : f[a].email)

/** Health, the document itself, accounts, sessions, passwords, invitations and the user's profile. */
export const authRows: MatrixRow[] = [
  { name: 'health', method: 'GET', route: '/v1/health', path: () => '/v1/health', expect: everyone },
  { name: 'ready', method: 'GET', route: '/v1/ready', path: () => '/v1/ready', expect: everyone },
  { name: 'OpenAPI document', method: 'GET', route: '/v1/openapi.json', path: () => '/v1/openapi.json', expect: everyone },
  {
    name: 'current user (a member limited to B is given only venue B of this organisation)',
    method: 'GET',
    route: '/v1/auth/me',
    path: () => '/v1/auth/me',
    expect: { ...signedIn, deviceNoPin: 'ok', devicePin: 'ok' },
    check: (res, f, a) => {
      const here = (res.json.orgs as { id: string; venues: { id: string }[] }[]).find((o) => o.id === f.orgId)
      if (a === 'outsider') return expect(here).toBeUndefined()
      // A device: its one organisation and its one venue.
      if (isDevice(a)) return expect(res.json).toMatchObject({ user: { type: 'device' }, orgs: [{ id: f.orgId, role: null, venues: [{ id: f.venueA }] }] })
      const venues = here!.venues.map((v) => v.id)
      expect(venues).toContain(f.venueB)
      if (a === 'basicLimited') expect(venues).not.toContain(f.venueA)
      else expect(venues).toContain(f.venueA)
    },
  },
  {
    name: 'register (a new account, whoever asks)',
    method: 'POST',
    route: '/v1/auth/register',
    path: () => '/v1/auth/register',
    client: freshSession,
    body: () => ({ name: 'New Cook', email: uniqueEmail('matrix'), password: PASSWORD }),
    expect: everyone,
  },
  {
    name: 'log in (with the actor’s own account; a wrong password when anonymous)',
    method: 'POST',
    route: '/v1/auth/login',
    path: () => '/v1/auth/login',
    client: (_f, t) => t.client({ ip: freshIp() }),
    body: (f, a) => (a === 'anonymous' || isDevice(a) ? { email: uniqueEmail('nobody'), password: 'not the password' } : { email: f[a].email, password: f[a].password }),
    // A device has no account to sign in with: like anonymous, a wrong address.
    expect: { ...everyone, anonymous: 401, deviceNoPin: 401, devicePin: 401 },
  },
  {
    name: 'log out (a second session, of a person or the device; the first one goes on)',
    method: 'POST',
    route: '/v1/auth/logout',
    path: () => '/v1/auth/logout',
    client: freshSession,
    expect: everyone,
    check: async (_res, f, a) => {
      if (a !== 'anonymous') expect((await f[a].client.get('/v1/auth/me')).status).toBe(200)
    },
  },
  {
    name: 'open an e-mail verification link (changes nothing: on to the page that asks)',
    method: 'GET',
    route: '/v1/auth/verification/verify',
    path: () => `/v1/auth/verification/verify?id=${randomUUID()}&token=nope`,
    expect: { anonymous: 302, outsider: 302, basicLimited: 302, basic: 302, admin: 302, owner: 302, deviceNoPin: 302, devicePin: 302 },
    check: (res) => expect(res.headers.get('location')).toMatch(/\/verify-email\?id=[\w-]+&token=nope$/),
  },
  {
    name: 'verify an e-mail address (no valid link: "invalid", whoever posts it)',
    method: 'POST',
    route: '/v1/auth/verification/verify',
    path: () => '/v1/auth/verification/verify',
    body: () => ({ id: randomUUID(), token: 'nope' }),
    expect: everyone,
    check: (res) => expect(res.json).toEqual({ status: 'invalid' }),
  },
  {
    name: 'resend the verification e-mail (the actors are verified: 400; a device has no address: 403)',
    method: 'POST',
    route: '/v1/auth/verification/resend',
    path: () => '/v1/auth/verification/resend',
    expect: { ...refusedForAll, anonymous: 401, deviceNoPin: 403, devicePin: 403 },
  },
  {
    name: 'forgot password (same answer for every address)',
    method: 'POST',
    route: '/v1/auth/forgot-password',
    path: () => '/v1/auth/forgot-password',
    body: (f, a) => ({ email: ownEmail(f, a) }),
    expect: everyone,
  },
  {
    name: 'reset password (no valid link: 400 whoever asks)',
    method: 'POST',
    route: '/v1/auth/reset-password',
    path: () => '/v1/auth/reset-password',
    body: () => ({ id: randomUUID(), token: 'nope', password: 'a long new password 42' }),
    expect: refusedForAll,
  },
  {
    name: 'change password (to the same one, so the other rows can still sign in)',
    method: 'POST',
    route: '/v1/auth/update-password',
    path: () => '/v1/auth/update-password',
    body: (f, a) => (a === 'anonymous' || isDevice(a) ? { currentPassword: 'x', newPassword: PASSWORD } : { currentPassword: f[a].password, newPassword: f[a].password }),
    expect: signedIn,
  },
  {
    name: 'read an invitation (the link is the credential)',
    method: 'GET',
    route: '/v1/auth/invite',
    path: async (f, t) => {
      const link = await invitation(f, t, uniqueEmail('invitee'))
      return `/v1/auth/invite?${new URLSearchParams(link)}`
    },
    expect: everyone,
    check: (res) => expect(res.json.invite.organisation.name).toBe('Matrix Host Kitchen'),
  },
  {
    name: 'accept an invitation by signing up (a new account in a fresh session)',
    method: 'POST',
    route: '/v1/auth/invite/register',
    path: async (f, t, a) => {
      const email = uniqueEmail('invitee')
      links.set(linkKey(f, 'register', a), { ...(await invitation(f, t, email)), email })
      return '/v1/auth/invite/register'
    },
    client: freshSession,
    body: (f, a) => {
      const { id, token } = links.get(linkKey(f, 'register', a))!
      return { id, token, name: 'New Cook', password: PASSWORD }
    },
    expect: everyone,
  },
  {
    name: 'accept an invitation sent to one’s own address, signed in',
    method: 'POST',
    route: '/v1/auth/invite/accept',
    path: async (f, t, a) => {
      const email = ownEmail(f, a)
      links.set(linkKey(f, 'accept', a), { ...(await invitation(f, t, email)), email })
      return '/v1/auth/invite/accept'
    },
    body: (f, a) => {
      const { id, token } = links.get(linkKey(f, 'accept', a))!
      return { id, token }
    },
    expect: signedIn,
    check: (res) => expect(res.json.organisation.name).toBe('Matrix Host Kitchen'),
  },
  { name: 'read own profile', method: 'GET', route: '/v1/profile', path: () => '/v1/profile', expect: signedIn },
  {
    name: 'update own profile',
    method: 'PUT',
    route: '/v1/profile',
    path: () => '/v1/profile',
    body: (_f, a) => ({ locale: 'en', name: `Matrix ${a}` }),
    expect: signedIn,
  },
]
