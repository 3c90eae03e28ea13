/**
 * Organisation fixtures for API tests: an organisation with one signed-in client per role, plus an
 * outsider (a member of another organisation only) and an anonymous client.
 *
 *   const o = await createOrgWithActors(t)
 *   await o.basicLimited.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}`)  // 403
 *   await o.outsider.client.get(`/v1/orgs/${o.orgId}`)                        // 404
 *
 * The owner creates the organisation (switched to the Pro plan) and both venues through the API; the other members are
 * inserted straight into `memberships` (active, with a user account), so these fixtures do not
 * depend on the staff/invitation endpoints.
 */
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { memberships, users } from '../../server/db/schema.ts'
import type { Role } from '../../server/orgs/schema.ts'
import { registerUser } from '../api/_helpers.ts'
import type { TestApp } from './app.ts'

export type Client = ReturnType<TestApp['client']>

/** A signed-in person: their client, account and (when a member) membership id. */
export interface Actor {
  client: Client
  user: { id: string; email: string; name: string }
  email: string
  password: string
  membershipId: string
}

export interface OrgWithActors {
  orgId: string
  /** "Venue A" and "Venue B" (in that order by name), both in the organisation's time zone. */
  venueA: string
  venueB: string
  /** Created the organisation (OWNER, all venues). */
  owner: Actor
  /** ADMIN, all venues. */
  admin: Actor
  /** BASIC, all venues. */
  basic: Actor
  /** BASIC limited to venueB only. */
  basicLimited: Actor
  /** OWNER of another organisation (`outsider.orgId`, with venue `outsider.venueId`), no membership here. */
  outsider: Actor & { orgId: string; venueId: string }
  /** A client with no session. */
  anonymous: Client
}

/**
 * Create an organisation through the API as `owner`; returns its id. It is then switched to the Pro
 * plan (self-hosted mode, `PUT …/billing/plan`), so fixtures may add venues, staff and devices beyond
 * the Free plan's limits; `plan: 'free'` keeps it on Free (tests/api/billing.test.ts).
 */
export async function createOrg(owner: { client: Client }, body: Record<string, unknown> = { name: 'Test Kitchen' }, plan: 'free' | 'pro' = 'pro'): Promise<string> {
  const res = await owner.client.post('/v1/orgs', body)
  expect(res.status, res.text).toBe(201)
  const orgId = res.json.organisation.id as string
  if (plan === 'pro') {
    const switched = await owner.client.put(`/v1/orgs/${orgId}/billing/plan`, { plan: 'pro' })
    expect(switched.status, switched.text).toBe(200)
  }
  return orgId
}

/** Create a venue through the API (the caller must be ADMIN+); returns its id. */
export async function createVenue(actor: { client: Client }, orgId: string, body: Record<string, unknown>): Promise<string> {
  const res = await actor.client.post(`/v1/orgs/${orgId}/venues`, body)
  expect(res.status, res.text).toBe(201)
  return res.json.venue.id as string
}

/** Insert an active membership for an existing user (bypassing the staff API); returns its id. */
export async function addMembership(
  t: TestApp,
  orgId: string,
  user: { id: string; email: string; name: string },
  role: Role,
  venueIds: string[] = [],
): Promise<string> {
  const [row] = await t.db
    .insert(memberships)
    .values({ orgId, userId: user.id, name: user.name, email: user.email, role, status: 'active', venueIds, joinedAt: new Date() })
    .returning({ id: memberships.id })
  return row!.id
}

/** Register a new user and make them an active member of the organisation. */
export async function addMember(
  t: TestApp,
  orgId: string,
  role: Role,
  opts: { name?: string; venueIds?: string[]; locale?: 'en' | 'es' } = {},
): Promise<Actor> {
  const reg = await registerUser(t, { name: opts.name ?? `${role} member`, locale: opts.locale })
  return actor(reg, await addMembership(t, orgId, reg.user, role, opts.venueIds))
}

function actor(reg: Omit<Actor, 'membershipId'>, membershipId: string): Actor {
  return { client: reg.client, user: reg.user, email: reg.email, password: reg.password, membershipId }
}

/** Register a new user flagged as platform super admin (member of nothing). */
export async function registerSuperAdmin(t: TestApp) {
  const reg = await registerUser(t, { name: 'Platform Operator' })
  await t.db.update(users).set({ superAdmin: true }).where(eq(users.id, reg.user.id))
  return reg
}

async function ownerMembershipId(t: TestApp, orgId: string, userId: string): Promise<string> {
  const rows = await t.db.select({ id: memberships.id, orgId: memberships.orgId }).from(memberships).where(eq(memberships.userId, userId))
  return rows.find((r) => r.orgId === orgId)!.id
}

/** See the file comment. Each call makes fresh accounts and organisations. */
export async function createOrgWithActors(t: TestApp, opts: { orgName?: string } = {}): Promise<OrgWithActors> {
  const ownerReg = await registerUser(t, { name: 'Olivia Owner' })
  const orgId = await createOrg(ownerReg, { name: opts.orgName ?? 'Test Kitchen', timeZone: 'Europe/Madrid' })
  const owner = actor(ownerReg, await ownerMembershipId(t, orgId, ownerReg.user.id))
  const venueA = await createVenue(owner, orgId, { name: 'Venue A', address: '1 A Street' })
  const venueB = await createVenue(owner, orgId, { name: 'Venue B', address: '2 B Street' })

  const admin = await addMember(t, orgId, 'ADMIN', { name: 'Adam Admin' })
  const basic = await addMember(t, orgId, 'BASIC', { name: 'Bea Basic' })
  const basicLimited = await addMember(t, orgId, 'BASIC', { name: 'Lia Limited', venueIds: [venueB] })

  const outsiderReg = await registerUser(t, { name: 'Oscar Outsider' })
  const outsiderOrg = await createOrg(outsiderReg, { name: 'Other Bistro' })
  const outsiderVenue = await createVenue(outsiderReg, outsiderOrg, { name: 'Other Venue' })
  const outsider = {
    ...actor(outsiderReg, await ownerMembershipId(t, outsiderOrg, outsiderReg.user.id)),
    orgId: outsiderOrg,
    venueId: outsiderVenue,
  }

  return { orgId, venueA, venueB, owner, admin, basic, basicLimited, outsider, anonymous: t.client() }
}
