/**
 * Shared-device fixtures for API tests: devices are made and paired through the API (an ADMIN creates
 * the device, generates its login link, a fresh client opens it); PINs are set in the database (the
 * PIN-setting routes are rate limited by ADR 016, which is not what these tests are about).
 *
 *   const device = await createDevice(o.admin, o.orgId, o.venueA, 'Kitchen tablet')
 *   const tablet = await pairDevice(t, o.admin, o.orgId, device.id)
 *   await setPin(t, o.orgId, o.basic.membershipId, '4321')
 *   await tablet.post('/v1/auth/device/pin', { pin: '4321' })
 */
import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { pinDigest } from '../../server/auth/pin.ts'
import { memberships } from '../../server/db/schema.ts'
import { freshIp } from '../api/_helpers.ts'
import type { TestApp } from './app.ts'
import type { Client } from './orgs.ts'

export interface CreatedDevice {
  id: string
  name: string
  venue: { id: string; name: string }
}

/** Create a device through the API (the caller must be ADMIN+ with access to the venue). */
export async function createDevice(actor: { client: Client }, orgId: string, venueId: string, name = 'Kitchen tablet'): Promise<CreatedDevice> {
  const res = await actor.client.post(`/v1/orgs/${orgId}/devices`, { name, venueId })
  expect(res.status, res.text).toBe(201)
  return res.json.device
}

/** Generate a login link through the API; returns the link's id and token (and the answer). */
export async function loginLink(actor: { client: Client }, orgId: string, deviceId: string) {
  const res = await actor.client.post(`/v1/orgs/${orgId}/devices/${deviceId}/login/generate`)
  expect(res.status, res.text).toBe(201)
  const url = new URL(res.json.url as string)
  return { id: url.searchParams.get('id')!, token: url.searchParams.get('token')!, url, expiresAt: res.json.expiresAt as string }
}

/** What a link would sign in (GET: changes nothing, ADR 082). */
export const loginPath = (link: { id: string; token: string }) => `/v1/auth/device/login?${new URLSearchParams({ id: link.id, token: link.token })}`

/** Sign `client` in with a link (POST /v1/auth/device/login, a same-origin step). */
export const signInWith = (client: Client, link: { id: string; token: string }, headers?: Record<string, string>) =>
  client.post('/v1/auth/device/login', { id: link.id, token: link.token }, headers)

/** A fresh browser signed in as the device (a new link is generated and used). */
export async function pairDevice(t: TestApp, actor: { client: Client }, orgId: string, deviceId: string): Promise<Client> {
  const link = await loginLink(actor, orgId, deviceId)
  const tablet = t.client({ ip: freshIp() })
  const res = await signInWith(tablet, link)
  expect(res.status, res.text).toBe(200)
  return tablet
}

/** Give a member a PIN, straight in the database. */
export async function setPin(t: TestApp, orgId: string, membershipId: string, pin: string): Promise<void> {
  await t.db
    .update(memberships)
    .set({ pinDigest: await pinDigest(t.db, orgId, pin) })
    .where(and(eq(memberships.orgId, orgId), eq(memberships.id, membershipId)))
}

/** A PIN-only member (no account, no e-mail), active, with this PIN; returns the membership id. */
export async function addPinOnlyMember(t: TestApp, orgId: string, opts: { name?: string; pin: string; venueIds?: string[]; status?: 'active' | 'invited' | 'removed' }): Promise<string> {
  const [row] = await t.db
    .insert(memberships)
    .values({
      orgId,
      name: opts.name ?? 'Pablo Pin',
      role: 'BASIC',
      status: opts.status ?? 'active',
      venueIds: opts.venueIds ?? [],
      pinDigest: opts.status === 'removed' ? null : await pinDigest(t.db, orgId, opts.pin),
      joinedAt: new Date(),
    })
    .returning({ id: memberships.id })
  return row!.id
}
