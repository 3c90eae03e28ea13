/**
 * PIN secrecy (docs/decisions/016-pin-secrecy.md): every answer that depends on which PINs are in use —
 * setting one's own PIN, adding or changing a member with a PIN, a PIN-only member's generated PIN,
 * generate-pin — is counted per member (5 per 5 minutes, 20 an hour) and per organisation (60 an hour).
 * Past the limit the answer is 429 with Retry-After, the same for a taken PIN and a free one, so the
 * 4-digit space cannot be searched faster than a shared device's lockout allows.
 */
import { eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PIN_LIMITS, pinDigest, pinLimitKeys } from '../../server/auth/pin.ts'
import { memberships, rateLimits, users } from '../../server/db/schema.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const membership = async (id: string) => (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]!
const profile = (o: OrgWithActors) => `/v1/orgs/${o.orgId}/profile`
const MEMBER_MESSAGE = /^Too many PIN attempts\. To keep everyone's PIN secret, try again in \d+ min\.$/
const ORG_MESSAGE = /^Too many PIN attempts in this organisation\. To keep everyone's PIN secret, try again in \d+ min\.$/

/** Let a member's 5-minute window run out (the hourly and organisation windows go on counting). */
async function endBurstWindow(orgId: string, membershipId: string) {
  await t.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, pinLimitKeys(orgId, membershipId).memberBurst))
}

/** A PIN nobody in the organisation has: 5 digits, where generated PINs (4 digits) and the "taken" ones below never are. */
let next = 10_000
const freshPin = () => String(next++)

function expectLimited(res: Awaited<ReturnType<Actor['client']['put']>>, message: RegExp, maxSeconds: number) {
  expectError(res, 'TooManyRequestsError', { message })
  const retry = Number(res.headers.get('retry-after'))
  expect(retry).toBeGreaterThan(0)
  expect(retry).toBeLessThanOrEqual(maxSeconds)
}

describe('one member trying PINs through PUT {org}/profile', () => {
  test('5 answers per 5 minutes; then 429 for a taken and a free PIN alike, and nothing changes', async () => {
    const o = await createOrgWithActors(t)
    // The owner's PIN is the secret the basic member is after.
    await t.db.update(memberships).set({ pinDigest: await pinDigest(t.db, o.orgId, '9321') }).where(eq(memberships.id, o.owner.membershipId))
    const c = o.basic.client
    const answers = []
    for (const pin of ['9318', '9319', '9320', '9321', '9322']) answers.push(await c.put(profile(o), { pin }))
    // Within the limit the member learns the truth about each PIN tried (that is the point of "taken").
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 400, 200])
    expect(answers[3]!.json.error.data.pin).toBe('This PIN is already in use')
    const kept = (await membership(o.basic.membershipId)).pinDigest
    expect(kept).toBe(await pinDigest(t.db, o.orgId, '9322'))

    // Beyond it, the taken PIN and free ones get the very same answer: nothing more is learned.
    const taken = await c.put(profile(o), { pin: '9321' })
    const free = await c.put(profile(o), { pin: '9323' })
    expectLimited(taken, MEMBER_MESSAGE, PIN_LIMITS.memberBurst.windowSeconds)
    expectLimited(free, MEMBER_MESSAGE, PIN_LIMITS.memberBurst.windowSeconds)
    expect(taken.json).toEqual(free.json)
    expect((await membership(o.basic.membershipId)).pinDigest).toBe(kept)
    // In Spanish too.
    // (The API speaks the member's saved language: ADR 017.)
    const es = await inSpanish(c, () => c.put(profile(o), { pin: '9324' }))
    expectError(es, 'TooManyRequestsError', {
      message: /^Demasiados intentos de PIN\. Para que los PIN de todos sigan siendo secretos, vuelve a intentarlo dentro de \d+ min\.$/,
    })

    // Changing one's name is not a PIN answer: it still works; a malformed PIN is still a ValidationError.
    expect((await c.put(profile(o), { name: 'Bea B.' })).status).toBe(200)
    expectError(await c.put(profile(o), { pin: '12' }), 'ValidationError', { data: ['pin'] })
    // Other members are not held back by this member's attempts.
    expect((await o.admin.client.put(profile(o), { pin: freshPin() })).status).toBe(200)
  })

  test('an hour allows 20 answers per member even when the 5-minute windows pass', async () => {
    const o = await createOrgWithActors(t)
    const c = o.basic.client
    for (let round = 0; round < PIN_LIMITS.memberHour.max / PIN_LIMITS.memberBurst.max; round++) {
      for (let i = 0; i < PIN_LIMITS.memberBurst.max; i++) expect((await c.put(profile(o), { pin: freshPin() })).status).toBe(200)
      expectLimited(await c.put(profile(o), { pin: freshPin() }), MEMBER_MESSAGE, PIN_LIMITS.memberBurst.windowSeconds)
      await endBurstWindow(o.orgId, o.basic.membershipId)
    }
    // 20 answered: the next waits for the hour, not for 5 minutes.
    const res = await c.put(profile(o), { pin: freshPin() })
    expectLimited(res, MEMBER_MESSAGE, PIN_LIMITS.memberHour.windowSeconds)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(PIN_LIMITS.memberBurst.windowSeconds)
  })
})

describe('several members of one organisation', () => {
  test('together they get 60 answers an hour; then 429 for everyone there, other organisations unaffected', async () => {
    const o = await createOrgWithActors(t)
    const members = [o.owner, o.admin, o.basic, o.basicLimited]
    let answered = 0
    // Each member stays under their own limits (15 < 20 an hour, 5 per window), yet the organisation fills up.
    while (answered < PIN_LIMITS.org.max) {
      for (const m of members) {
        for (let i = 0; i < PIN_LIMITS.memberBurst.max && answered < PIN_LIMITS.org.max; i++, answered++) {
          expect((await m.client.put(profile(o), { pin: freshPin() })).status).toBe(200)
        }
        await endBurstWindow(o.orgId, m.membershipId)
      }
    }
    expect(answered).toBe(60)
    for (const m of members) {
      expectLimited(await m.client.put(profile(o), { pin: freshPin() }), ORG_MESSAGE, PIN_LIMITS.org.windowSeconds)
      expectLimited(await m.client.post(`/v1/orgs/${o.orgId}/staff/generate-pin`), ORG_MESSAGE, PIN_LIMITS.org.windowSeconds)
    }
    // The outsider's own organisation keeps its own count.
    expect((await o.outsider.client.put(`/v1/orgs/${o.outsider.orgId}/profile`, { pin: freshPin() })).status).toBe(200)
  })
})

describe('every route whose answer depends on the PINs in use shares the count', () => {
  const routes: [string, (o: OrgWithActors, pin: string) => Promise<{ status: number; json: any; headers: Headers; text: string }>][] = [
    ['PUT {org}/profile with a PIN', (o, pin) => o.admin.client.put(profile(o), { pin })],
    ['POST {org}/staff/generate-pin', (o) => o.admin.client.post(`/v1/orgs/${o.orgId}/staff/generate-pin`)],
    ['POST {org}/staff, PIN-only with a PIN', (o, pin) => o.admin.client.post(`/v1/orgs/${o.orgId}/staff`, { name: 'Cook', role: 'BASIC', pin })],
    ['POST {org}/staff, PIN-only with a generated PIN', (o) => o.admin.client.post(`/v1/orgs/${o.orgId}/staff`, { name: 'Cook', role: 'BASIC' })],
    [
      'POST {org}/staff, an invitation with a PIN',
      (o, pin) => o.admin.client.post(`/v1/orgs/${o.orgId}/staff`, { name: 'Cook', email: uniqueEmail(), role: 'BASIC', pin }),
    ],
    ['PUT {org}/staff/{id} with a PIN', (o, pin) => o.admin.client.put(`/v1/orgs/${o.orgId}/staff/${o.basic.membershipId}`, { pin })],
  ]

  test.each(routes)('%s: answers until the member has had 5, then 429', async (_name, call) => {
    const o = await createOrgWithActors(t)
    // Inviting by e-mail needs a verified address.
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, o.admin.user.id))
    // Four answers from the other routes, then this route's fifth still answers…
    const others = routes.filter(([, other]) => other !== call)
    for (const [, other] of others.slice(0, PIN_LIMITS.memberBurst.max - 1)) expect((await other(o, freshPin())).status).toBeLessThan(300)
    expect((await call(o, freshPin())).status).toBeLessThan(300)
    // …and the sixth, whatever the route, is refused before anything is looked up.
    expectLimited(await call(o, freshPin()), MEMBER_MESSAGE, PIN_LIMITS.memberBurst.windowSeconds)
    for (const [, other] of others) expectLimited(await other(o, freshPin()), MEMBER_MESSAGE, PIN_LIMITS.memberBurst.windowSeconds)
  })

  test('an ADMIN looking for the owner’s PIN by adding staff gets no further than 5 answers', async () => {
    const o = await createOrgWithActors(t)
    await t.db.update(memberships).set({ pinDigest: await pinDigest(t.db, o.orgId, '0420') }).where(eq(memberships.id, o.owner.membershipId))
    const statuses: number[] = []
    for (let pin = 415; pin < 425; pin++) {
      const res = await o.admin.client.post(`/v1/orgs/${o.orgId}/staff`, { name: `Probe ${pin}`, role: 'BASIC', pin: String(pin).padStart(4, '0') })
      statuses.push(res.status)
    }
    // 0415–0419 answered (free, so created); 0420 onwards refused: the owner's PIN is not revealed.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429])
    const probes = await t.db.select({ name: memberships.name }).from(memberships).where(like(memberships.name, 'Probe %'))
    expect(probes).toHaveLength(5)
  })
})

describe('normal PIN setting still works', () => {
  test('a member sets, changes and is told of a taken PIN within the limit', async () => {
    const o = await createOrgWithActors(t)
    expect((await o.admin.client.put(profile(o), { pin: '4812' })).status).toBe(200)
    expect((await o.basic.client.put(profile(o), { pin: '4812' })).status).toBe(400)
    const suggestion = await o.basic.client.post(`/v1/orgs/${o.orgId}/staff/generate-pin`)
    expect(suggestion.json.pin).toMatch(/^\d{4}$/)
    expect((await o.basic.client.put(profile(o), { pin: suggestion.json.pin })).status).toBe(200)
    expect((await membership(o.basic.membershipId)).pinDigest).toBe(await pinDigest(t.db, o.orgId, suggestion.json.pin))
  })
})
