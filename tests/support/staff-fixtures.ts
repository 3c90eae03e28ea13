/**
 * Fixtures for the staff and invitation tests, on top of tests/support/orgs.ts: the organisation
 * and its venues are made through the API (POST /v1/orgs, POST /venues); extra members are inserted
 * into `memberships` directly. Inviting needs a verified address, so accounts here are verified in
 * the database unless told otherwise.
 */
import { eq } from 'drizzle-orm'
import { users } from '../../server/db/schema.ts'
import type { Role } from '../../server/orgs/schema.ts'
import { registerUser } from '../api/_helpers.ts'
import { uniqueEmail, type TestApp } from './app.ts'
import { addMembership, createOrg, createVenue, type Actor } from './orgs.ts'

export type Person = Actor

export async function verifyUser(t: TestApp, userId: string): Promise<void> {
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId))
}

/** A signed-in user with no organisation (verified unless `verified: false`). */
export async function newUser(t: TestApp, opts: { verified?: boolean; email?: string; name?: string; locale?: 'en' | 'es' } = {}) {
  const r = await registerUser(t, { email: opts.email ?? uniqueEmail('staff'), name: opts.name, locale: opts.locale })
  if (opts.verified ?? true) await verifyUser(t, r.user.id)
  return r
}

/** An active membership of `orgId` for a new signed-in user. */
export async function addMember(
  t: TestApp,
  orgId: string,
  role: Role,
  opts: { verified?: boolean; venueIds?: string[]; name?: string } = {},
): Promise<Person> {
  const name = opts.name ?? `${role[0]}${role.slice(1).toLowerCase()} Member`
  const r = await newUser(t, { verified: opts.verified, name })
  const membershipId = await addMembership(t, orgId, r.user, role, opts.venueIds)
  return { client: r.client, email: r.email, password: r.password, user: r.user, membershipId }
}

/** An organisation made by "Olivia Owner" (verified unless told otherwise) with venues "Harbour" and "Market". */
export async function newOrg(t: TestApp, opts: { name?: string; ownerVerified?: boolean } = {}) {
  const reg = await newUser(t, { verified: opts.ownerVerified, name: 'Olivia Owner' })
  const orgId = await createOrg(reg, { name: opts.name ?? 'Bistro Group' })
  const venueIds = [await createVenue(reg, orgId, { name: 'Harbour' }), await createVenue(reg, orgId, { name: 'Market' })]
  const me = await reg.client.get(`/v1/orgs/${orgId}/profile`)
  const owner: Person = { client: reg.client, email: reg.email, password: reg.password, user: reg.user, membershipId: me.json.profile.membershipId }
  return { orgId, venueIds, owner, base: `/v1/orgs/${orgId}` }
}
