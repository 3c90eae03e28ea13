import { expect } from 'vitest'
import { ACTORS, adminUp, ownerOnly, type ActorName, type Expected, type MatrixRow } from './types.ts'

const org = (f: { orgId: string }) => `/v1/orgs/${f.orgId}/billing`

/** The matrix runs self-hosted (no Stripe keys): Checkout and the portal are a BadRequestError for the owner. */
const ownerBadRequest: Record<ActorName, Expected> = { ...ownerOnly, owner: 400 }
/** Stripe's webhook needs no session; without Stripe keys it is refused for every caller. */
const refusedForAll = Object.fromEntries(ACTORS.map((a) => [a, 400])) as Record<ActorName, Expected>

/** Billing (docs/decisions/031): OWNER only, but the limits the create pages show are for ADMIN and up. */
export const billingRows: MatrixRow[] = [
  {
    name: 'read billing',
    method: 'GET',
    route: '/v1/orgs/{orgId}/billing',
    path: org,
    expect: ownerOnly,
    check: (res) => expect(res.json.billing).toMatchObject({ plan: 'pro', mode: 'self-hosted', invoices: [] }),
  },
  {
    name: 'read plan limits',
    method: 'GET',
    route: '/v1/orgs/{orgId}/billing/limits',
    path: (f) => `${org(f)}/limits`,
    expect: adminUp,
    check: (res) => expect(res.json).toMatchObject({ plan: 'pro', limits: { venues: null, staff: null, devices: null } }),
  },
  { name: 'switch plan (self-hosted)', method: 'PUT', route: '/v1/orgs/{orgId}/billing/plan', path: (f) => `${org(f)}/plan`, body: () => ({ plan: 'pro' }), expect: ownerOnly },
  { name: 'start checkout (no Stripe keys)', method: 'POST', route: '/v1/orgs/{orgId}/billing/checkout', path: (f) => `${org(f)}/checkout`, expect: ownerBadRequest },
  { name: 'open the portal (no Stripe keys)', method: 'POST', route: '/v1/orgs/{orgId}/billing/portal', path: (f) => `${org(f)}/portal`, expect: ownerBadRequest },
  { name: 'Stripe webhook (no Stripe keys)', method: 'POST', route: '/v1/billing/webhook', path: () => '/v1/billing/webhook', body: () => ({ id: 'evt_1' }), expect: refusedForAll },
]
