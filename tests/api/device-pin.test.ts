/**
 * A signed-in shared device (docs/api-contract-devices.md): GET /v1/auth/me as a device, the PIN
 * (PIN-only staff, who may hold it, the wrong-PIN lockout and its end, forgetting it), the server-side
 * idle expiry with a controlled clock, what a device may do with and without a PIN, and the
 * attribution of records ("Pablo Pin on Kitchen tablet").
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { memberships, organisations } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile, type CreatedChecklist } from '../support/checklists.ts'
import { addPinOnlyMember, createDevice, pairDevice, setPin, type CreatedDevice } from '../support/devices.ts'
import { createOrgWithActors, type Client, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'
import { race, RACERS } from '../support/concurrency.ts'

let t: TestApp
let o: OrgWithActors
let device: CreatedDevice
let checklist: CreatedChecklist
let pablo: string
const MINUTE = 60_000
const PABLO_PIN = '4444'

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  device = await createDevice(o.admin, o.orgId, o.venueA, 'Kitchen tablet')
  checklist = await createChecklist(t, o.orgId, { name: 'Opening', items: [{ type: 'check', label: 'Lights on' }, { type: 'yes_no', label: 'Fridge cold' }, { type: 'photo', label: 'Pass' }] })
  pablo = await addPinOnlyMember(t, o.orgId, { name: 'Pablo Pin', pin: PABLO_PIN })
})
afterAll(() => t.close())
beforeEach(() => t.clock.reset())

const org = () => `/v1/orgs/${o.orgId}`
const today = () => todayIn('Europe/Madrid')
const complete = (tablet: Client, itemIndex = 0, body: Record<string, unknown> = {}) =>
  tablet.post(`${org()}/checklist-entries/${checklist.id}/items/${checklist.items[itemIndex]!.id}/complete`, { venueId: o.venueA, ...body })

/** A freshly paired tablet (its own device, so lockouts of one test do not touch another). */
async function freshTablet(name = 'Kitchen tablet', venueId = o.venueA) {
  const d = await createDevice(o.admin, o.orgId, venueId, name)
  return { device: d, tablet: await pairDevice(t, o.admin, o.orgId, d.id) }
}

describe('GET /v1/auth/me on a device', () => {
  test('type device, its one organisation and venue, no PIN yet; then the PIN holder', async () => {
    const tablet = await pairDevice(t, o.admin, o.orgId, device.id)
    const me = await tablet.get('/v1/auth/me', { 'accept-language': 'es' })
    expect(me.status, me.text).toBe(200)
    expect(me.json).toEqual({
      user: { id: device.id, type: 'device', name: 'Kitchen tablet', locale: 'es', superAdmin: false, emailVerified: true },
      orgs: [{ id: o.orgId, name: 'Test Kitchen', role: null, venues: [{ id: o.venueA, name: 'Venue A' }] }],
      device: { id: device.id, name: 'Kitchen tablet', orgId: o.orgId, venueId: o.venueA, pinRequired: true },
      pin: null,
      webVersion: expect.any(String),
      flags: {},
    })
    const entered = await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })
    expect(entered.status, entered.text).toBe(200)
    const since = entered.json.pin.since
    expect(entered.json).toEqual({ pin: { membershipId: pablo, name: 'Pablo Pin', since, lastUsedAt: since, expiresAt: new Date(Date.parse(since) + 5 * MINUTE).toISOString() } })
    expect((await tablet.get('/v1/auth/me')).json.pin).toMatchObject({ membershipId: pablo, name: 'Pablo Pin', since })
    // The settings list says who holds the PIN now.
    expect((await o.admin.client.get(`${org()}/devices/${device.id}`)).json.device.pinHolder).toMatchObject({ membershipId: pablo, name: 'Pablo Pin' })
    expect((await tablet.del('/v1/auth/device/pin')).status).toBe(204)
    expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
    expect((await o.admin.client.get(`${org()}/devices/${device.id}`)).json.device.pinHolder).toBeNull()
  })
})

describe('POST /v1/auth/device/pin', () => {
  test('a member with an account and a PIN-only member both work; another PIN replaces the holder', async () => {
    const { tablet } = await freshTablet()
    await setPin(t, o.orgId, o.basic.membershipId, '5151')
    expect((await tablet.post('/v1/auth/device/pin', { pin: '5151' })).json.pin).toMatchObject({ membershipId: o.basic.membershipId, name: 'Bea Basic' })
    expect((await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })).json.pin).toMatchObject({ membershipId: pablo, name: 'Pablo Pin' })
    expect((await tablet.get('/v1/auth/me')).json.pin.name).toBe('Pablo Pin')
  })

  test('refused alike: nobody’s PIN, a member not allowed at this venue, invited, removed', async () => {
    const { tablet } = await freshTablet()
    await addPinOnlyMember(t, o.orgId, { name: 'Vera Venue B', pin: '6161', venueIds: [o.venueB] })
    await addPinOnlyMember(t, o.orgId, { name: 'Ivy Invited', pin: '6262', status: 'invited' })
    for (const pin of ['9999', '6161', '6262']) {
      const data = expectError(await tablet.post('/v1/auth/device/pin', { pin }), 'ValidationError')
      expect(Object.keys(data!)).toEqual(['pin'])
      expect(data!.pin).toMatch(/^Wrong PIN\. Tries left before PIN entry locks for 5 minutes: \d\.$/)
    }
    expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
  })

  test('a PIN not of 4–6 digits is a ValidationError on `pin` and is not counted', async () => {
    const { tablet } = await freshTablet()
    for (const pin of ['123', '1234567', 'abcd', '12 34', '١٢٣٤']) {
      expect(expectError(await tablet.post('/v1/auth/device/pin', { pin }), 'ValidationError')).toEqual({ pin: 'Use 4 to 6 digits' })
    }
    expect(expectError(await tablet.post('/v1/auth/device/pin', { pin: 1234 }), 'ValidationError')).toHaveProperty('pin')
    expect(expectError(await tablet.post('/v1/auth/device/pin', { pin: '12\u00004' }), 'ValidationError')).toHaveProperty('pin')
    expect(expectError(await tablet.post('/v1/auth/device/pin', {}), 'ValidationError')).toHaveProperty('pin')
    // None of those counted: the first wrong PIN still leaves 4 tries.
    expect(expectError(await tablet.post('/v1/auth/device/pin', { pin: '0000' }), 'ValidationError')!.pin).toMatch(/: 4\.$/)
  })

  test('only for a device: a person’s session 403, no session 401', async () => {
    expectError(await o.owner.client.post('/v1/auth/device/pin', { pin: PABLO_PIN }), 'ForbiddenError', { message: /shared device/ })
    expectError(await o.owner.client.del('/v1/auth/device/pin'), 'ForbiddenError', { message: /shared device/ })
    expectError(await o.anonymous.post('/v1/auth/device/pin', { pin: PABLO_PIN }), 'UnauthorizedError')
    expectError(await o.anonymous.del('/v1/auth/device/pin'), 'UnauthorizedError')
  })
})

describe('wrong-PIN lockout', () => {
  const wrong = (tablet: Client) => tablet.post('/v1/auth/device/pin', { pin: '0001' })

  test('5 wrong PINs lock PIN entry on the device for 5 minutes (429, Retry-After), for every session of it; then it opens', async () => {
    const { device: d, tablet } = await freshTablet()
    const other = await pairDevice(t, o.admin, o.orgId, d.id)
    for (let left = 4; left >= 1; left--) {
      expect(expectError(await wrong(tablet), 'ValidationError')!.pin).toMatch(new RegExp(`: ${left}\\.$`))
    }
    const locked = await wrong(tablet)
    const data = expectError(locked, 'TooManyRequestsError', { message: 'Too many wrong PINs: PIN entry is locked on this device for 5 min.', data: ['pin', 'until'] })
    expect(data!.pin).toBe('locked')
    expect(locked.headers.get('retry-after')).toBe('300')
    const until = Date.parse(data!.until!)
    // The right PIN is not even looked at while locked, on any session of the device.
    t.clock.advance(2 * MINUTE)
    const still = await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })
    expectError(still, 'TooManyRequestsError', { message: /3 min/, data: ['pin', 'until'] })
    expect(Number(still.headers.get('retry-after'))).toBeGreaterThan(170)
    expect(Number(still.headers.get('retry-after'))).toBeLessThanOrEqual(180)
    expectError(await other.post('/v1/auth/device/pin', { pin: PABLO_PIN }), 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
    expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
    // Another device is not locked.
    const { tablet: elsewhere } = await freshTablet('Bar tablet')
    expect((await elsewhere.post('/v1/auth/device/pin', { pin: PABLO_PIN })).status).toBe(200)
    // After 5 minutes the lock ends.
    t.clock.reset()
    t.clock.advance(until - Date.now() + 1000)
    expect((await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })).status).toBe(200)
    expect(expectError(await wrong(other), 'ValidationError')!.pin).toMatch(/: 4\.$/)
  })

  test('in Spanish too', async () => {
    const { tablet } = await freshTablet()
    for (let i = 0; i < 4; i++) await wrong(tablet)
    const locked = await tablet.post('/v1/auth/device/pin', { pin: '0001' }, { 'accept-language': 'es' })
    expectError(locked, 'TooManyRequestsError', { message: /bloqueada en este dispositivo durante 5 min/, data: ['pin', 'until'] })
  })

  test('a right PIN ends a run of mistakes: three people who each mistype once and then get it right never lock the tablet (ADR 080)', async () => {
    const { tablet } = await freshTablet()
    const people = [PABLO_PIN, '8383', '8484']
    await setPin(t, o.orgId, o.basic.membershipId, '8383')
    const ana = await addPinOnlyMember(t, o.orgId, { name: 'Ana Pin', pin: '8484' })
    for (let round = 0; round < 3; round++) {
      for (const pin of people) {
        // One typo each: always the first of a run.
        expect(expectError(await wrong(tablet), 'ValidationError')!.pin).toMatch(/: 4\.$/)
        const right = await tablet.post('/v1/auth/device/pin', { pin })
        expect(right.status, right.text).toBe(200)
      }
    }
    expect((await tablet.get('/v1/auth/me')).json.pin.membershipId).toBe(ana)
  })

  test('5 wrong in a run still lock, whoever typed them', async () => {
    const { tablet } = await freshTablet()
    expect((await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })).status).toBe(200)
    for (let left = 4; left >= 1; left--) expect(expectError(await wrong(tablet), 'ValidationError')!.pin).toMatch(new RegExp(`: ${left}\\.$`))
    expectError(await wrong(tablet), 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
  })

  test('a right PIN of one’s own buys no more guesses than 20 an hour: the budget locks until the oldest is an hour old', async () => {
    const { tablet } = await freshTablet()
    let wrongs = 0
    // An attacker who knows their own PIN: 4 wrong, their own right, again and again.
    for (let i = 0; i < 40 && wrongs < 20; i++) {
      const res = await wrong(tablet)
      if (res.status === 429) break
      expect(res.status, res.text).toBe(400)
      wrongs++
      if (wrongs % 4 === 0) expect((await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })).status).toBe(200)
      t.clock.advance(1000)
    }
    expect(wrongs).toBe(19)
    const locked = await wrong(tablet)
    const data = expectError(locked, 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
    // Locked until the first of the 20 is an hour old: about an hour from now, right PIN or not.
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(55 * 60)
    expectError(await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN }), 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
    t.clock.advance(Date.parse(data!.until!) - t.clock.now().getTime() + 1000)
    expect((await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })).status).toBe(200)
  })

  test('wrong PINs older than 5 minutes no longer count', async () => {
    const { tablet } = await freshTablet()
    for (let i = 0; i < 4; i++) await wrong(tablet)
    t.clock.advance(5 * MINUTE + 1000)
    for (let left = 4; left >= 1; left--) expect(expectError(await wrong(tablet), 'ValidationError')!.pin).toMatch(new RegExp(`: ${left}\\.$`))
    expectError(await wrong(tablet), 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
  })

  test(`${RACERS} parallel wrong PINs are counted one by one: 4 answers, then the lock (never more tries than the rule allows)`, async () => {
    const { tablet } = await freshTablet()
    const { byStatus } = await race((i) => tablet.post('/v1/auth/device/pin', { pin: String(1000 + i) }))
    expect(byStatus).toEqual({ 400: 4, 429: RACERS - 4 })
  })
})

describe('per person: "tap your name, then your PIN" (ADR 080 "Per person")', () => {
  const as = (tablet: Client, membershipId: string, pin: string) => tablet.post('/v1/auth/device/pin', { pin, membershipId })
  let bea: string
  let ana: string
  beforeAll(async () => {
    bea = o.basic.membershipId
    await setPin(t, o.orgId, bea, '8383')
    ana = await addPinOnlyMember(t, o.orgId, { name: 'Ana Person', pin: '2484' })
  })

  test('GET /v1/auth/device/people: active members with a PIN allowed at the venue, sorted by name', async () => {
    const { tablet } = await freshTablet()
    const other = await addPinOnlyMember(t, o.orgId, { name: 'Olga Other Venue', pin: '2585', venueIds: [o.venueB] })
    const res = await tablet.get('/v1/auth/device/people')
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const people = res.json.people as { membershipId: string; name: string }[]
    expect(people.map((p) => p.membershipId)).toEqual(expect.arrayContaining([pablo, bea, ana]))
    expect(people.map((p) => p.membershipId)).not.toContain(other)
    expect(people.map((p) => p.name)).toEqual([...people.map((p) => p.name)].sort((a, b) => a.localeCompare(b)))
  })

  test('the PIN is checked against the person picked alone: someone else’s right PIN is wrong for them', async () => {
    const { tablet } = await freshTablet()
    expect(expectError(await as(tablet, ana, PABLO_PIN), 'ValidationError')!.pin).toMatch(/: 4\.$/)
    const right = await as(tablet, ana, '2484')
    expect(right.status, right.text).toBe(200)
    expect(right.json.pin).toMatchObject({ membershipId: ana, name: 'Ana Person' })
  })

  test('three people each mistype once and then succeed, again and again: nobody is locked', async () => {
    const { tablet } = await freshTablet()
    const people: [string, string][] = [[pablo, PABLO_PIN], [bea, '8383'], [ana, '2484']]
    for (let round = 0; round < 3; round++) {
      for (const [id, pin] of people) {
        expect(expectError(await as(tablet, id, '0001'), 'ValidationError')!.pin).toMatch(/: 4\.$/)
        const right = await as(tablet, id, pin)
        expect(right.status, right.text).toBe(200)
      }
    }
  })

  test('5 wrong for A lock A on this tablet (429); B still signs in; A opens after 5 minutes', async () => {
    const { tablet } = await freshTablet()
    for (let left = 4; left >= 1; left--) expect(expectError(await as(tablet, ana, '0001'), 'ValidationError')!.pin).toMatch(new RegExp(`: ${left}\\.$`))
    const locked = await as(tablet, ana, '0001')
    expectError(locked, 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
    expect(locked.headers.get('retry-after')).toBe('300')
    // A's right PIN is not even looked at while A is locked.
    expectError(await as(tablet, ana, '2484'), 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
    // B and the others keep working, and their first wrong PIN still leaves 4 tries.
    expect((await as(tablet, bea, '8383')).status).toBe(200)
    expect(expectError(await as(tablet, pablo, '0001'), 'ValidationError')!.pin).toMatch(/: 4\.$/)
    expect((await as(tablet, pablo, PABLO_PIN)).status).toBe(200)
    // A on another tablet is not locked.
    const { tablet: elsewhere } = await freshTablet('Bar tablet')
    expect((await as(elsewhere, ana, '2484')).status).toBe(200)
    t.clock.advance(5 * MINUTE + 1000)
    expect((await as(tablet, ana, '2484')).status).toBe(200)
  })

  test('a right PIN for A after 4 wrong clears A’s count', async () => {
    const { tablet } = await freshTablet()
    for (let i = 0; i < 4; i++) await as(tablet, ana, '0001')
    expect((await as(tablet, ana, '2484')).status).toBe(200)
    for (let left = 4; left >= 1; left--) expect(expectError(await as(tablet, ana, '0001'), 'ValidationError')!.pin).toMatch(new RegExp(`: ${left}\\.$`))
  })

  test('a member of another organisation, or not allowed at this venue, is refused like a wrong PIN and counted', async () => {
    const { tablet } = await freshTablet()
    const elsewhere = await createOrgWithActors(t)
    const outsider = await addPinOnlyMember(t, elsewhere.orgId, { name: 'Otto Outsider', pin: '8686' })
    const venueB = await addPinOnlyMember(t, o.orgId, { name: 'Vic Venue B', pin: '2787', venueIds: [o.venueB] })
    const a = expectError(await as(tablet, outsider, '8686'), 'ValidationError')
    const b = expectError(await as(tablet, venueB, '2787'), 'ValidationError')
    const c = expectError(await as(tablet, ana, '0001'), 'ValidationError')
    expect(a).toEqual(c)
    expect(b).toEqual(c)
    expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
  })

  test(`${RACERS} parallel wrong PINs for one person: at most 5 counted, then locked; others unaffected`, async () => {
    const { tablet } = await freshTablet()
    const { byStatus } = await race((i) => as(tablet, ana, String(1000 + i)))
    expect(byStatus).toEqual({ 400: 4, 429: RACERS - 4 })
    expect((await as(tablet, bea, '8383')).status).toBe(200)
  })

  test('the tablet-wide ceiling holds across names: 20 wrong an hour, rotating through people, lock the tablet for everyone', async () => {
    const { tablet } = await freshTablet()
    const names = [pablo, bea, ana]
    let wrongs = 0
    for (let i = 0; i < 40 && wrongs < 19; i++) {
      const res = await as(tablet, names[i % names.length]!, '0001')
      expect(res.status, res.text).toBe(400)
      wrongs++
      // A minute apart: never 5 for one person within 5 minutes, so only the ceiling can stop this.
      t.clock.advance(MINUTE + 1000)
    }
    const locked = await as(tablet, ana, '0001')
    const data = expectError(locked, 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(35 * 60)
    // Everyone, the right PIN included, until the oldest of the 20 is an hour old.
    expectError(await as(tablet, bea, '8383'), 'TooManyRequestsError', { message: null, data: ['pin', 'until'] })
    t.clock.advance(Date.parse(data!.until!) - t.clock.now().getTime() + 1000)
    expect((await as(tablet, bea, '8383')).status).toBe(200)
  })
})

describe('idle: the server forgets a PIN after 5 minutes without use', () => {
  test('every use refreshes it; after 5 idle minutes recording is 401 `pin: expired`, then 403 `pin: required`', async () => {
    const { tablet } = await freshTablet()
    expect((await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })).status).toBe(200)
    t.clock.advance(4 * MINUTE)
    expect((await tablet.get(`${org()}/venues/${o.venueA}/checklist-entries`)).status).toBe(200)
    t.clock.advance(4 * MINUTE)
    // 8 minutes after entering it, but 4 after its last use.
    const made = await complete(tablet)
    expect(made.status, made.text).toBe(201)
    t.clock.advance(5 * MINUTE + 1000)
    const expired = await complete(tablet)
    expect(expectError(expired, 'UnauthorizedError', { message: 'Your PIN was forgotten after 5 minutes without use. Enter it again.', data: ['pin'] })).toEqual({
      pin: 'expired',
    })
    expect(expectError(await complete(tablet), 'ForbiddenError', { message: 'Enter your PIN to record this.', data: ['pin'] })).toEqual({ pin: 'required' })
    expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
  })

  test('a page read after the idle time proceeds without the PIN (cleared); /me shows none', async () => {
    const { tablet } = await freshTablet()
    await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })
    t.clock.advance(5 * MINUTE + 1000)
    expect((await tablet.get(`${org()}/venues/${o.venueA}/checklist-entries`)).status).toBe(200)
    expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
    expectError(await complete(tablet), 'ForbiddenError', { message: null, data: ['pin'] })
  })

  test('exactly at 5 minutes it still holds; the answer says until when', async () => {
    const { tablet } = await freshTablet()
    await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })
    t.clock.advance(5 * MINUTE - 2000)
    const me = await tablet.get('/v1/auth/me')
    expect(me.json.pin).not.toBeNull()
    expect(Date.parse(me.json.pin.expiresAt) - Date.parse(me.json.pin.lastUsedAt)).toBe(5 * MINUTE)
    expect(Date.parse(me.json.pin.expiresAt)).toBeGreaterThan(t.clock.now().getTime() + 4 * MINUTE)
  })

  test('a member removed, or no longer allowed at the venue, loses the PIN at once', async () => {
    const { tablet } = await freshTablet()
    const temp = await addPinOnlyMember(t, o.orgId, { name: 'Tess Temp', pin: '7373' })
    expect((await tablet.post('/v1/auth/device/pin', { pin: '7373' })).status).toBe(200)
    await t.db.update(memberships).set({ venueIds: [o.venueB] }).where(eq(memberships.id, temp))
    expectError(await complete(tablet), 'ForbiddenError', { message: null, data: ['pin'] })
    await t.db.update(memberships).set({ venueIds: [] }).where(eq(memberships.id, temp))
    expect((await tablet.post('/v1/auth/device/pin', { pin: '7373' })).status).toBe(200)
    expect((await o.admin.client.del(`${org()}/staff/${temp}`)).status).toBe(204)
    expect((await tablet.get('/v1/auth/me')).json.pin).toBeNull()
  })
})

describe('what a device may do', () => {
  test('without a PIN: its venue’s pages, but recording is 403 `pin: required`', async () => {
    const { tablet } = await freshTablet()
    expect((await tablet.get(org())).json.organisation.role).toBeNull()
    expect((await tablet.get(`${org()}/venues`)).json.venues.map((v: { id: string }) => v.id)).toEqual([o.venueA])
    expect((await tablet.get(`${org()}/venues/${o.venueA}`)).status).toBe(200)
    expect((await tablet.get(`${org()}/checklists`)).status).toBe(200)
    expect((await tablet.get(`${org()}/checklists/${checklist.id}`)).status).toBe(200)
    expect((await tablet.get(`${org()}/venues/${o.venueA}/checklist-entries`)).json.checklists.map((c: { id: string }) => c.id)).toContain(checklist.id)
    expect((await tablet.get(`${org()}/checklist-entries/${checklist.id}?venueId=${o.venueA}`)).status).toBe(200)
    for (const res of [await complete(tablet), await uploadFile(t, tablet, o.orgId, { bytes: FILES.png(), name: 'p.png' })]) {
      expect(expectError(res, 'ForbiddenError', { message: 'Enter your PIN to record this.', data: ['pin'] })).toEqual({ pin: 'required' })
    }
    const es = await tablet.post(`${org()}/checklist-entries/${checklist.id}/items/${checklist.items[0]!.id}/resolve`, { venueId: o.venueA, note: 'x' }, { 'accept-language': 'es' })
    expectError(es, 'ForbiddenError', { message: 'Introduce tu PIN para registrar esto.', data: ['pin'] })
  })

  test('with a PIN: records are attributed to the PIN holder on the device; resolutions too; histories and exports say so', async () => {
    const { device: d, tablet } = await freshTablet('Kitchen tablet')
    await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })
    const failed = await complete(tablet, 1, { value: 'no', note: 'Warm' })
    expect(failed.status, failed.text).toBe(201)
    expect(failed.json.record.recordedBy).toEqual({ membershipId: pablo, name: 'Pablo Pin', device: { id: d.id, name: 'Kitchen tablet' } })
    const resolved = await tablet.post(`${org()}/checklist-entries/${checklist.id}/items/${checklist.items[1]!.id}/resolve`, { venueId: o.venueA, note: 'Called the engineer' })
    expect(resolved.status, resolved.text).toBe(201)
    expect(resolved.json.record.resolution.resolvedBy).toEqual({ membershipId: pablo, name: 'Pablo Pin', device: { id: d.id, name: 'Kitchen tablet' } })
    const upload = await uploadFile(t, tablet, o.orgId, { bytes: FILES.png(), name: 'pass.png' })
    expect(upload.status, upload.text).toBe(201)
    expect((await complete(tablet, 2, { uploadId: upload.json.id })).status).toBe(201)
    // A person's own record says no device.
    const byHand = await o.basic.client.post(`${org()}/checklist-entries/${checklist.id}/items/${checklist.items[0]!.id}/complete`, { venueId: o.venueB })
    expect(byHand.json.record.recordedBy).toEqual({ membershipId: o.basic.membershipId, name: 'Bea Basic', device: null })
    // Renaming the device later does not rewrite what was recorded.
    await o.admin.client.put(`${org()}/devices/${d.id}`, { name: 'Renamed tablet' })
    const entry = await o.admin.client.get(`${org()}/checklist-entries/${checklist.id}?venueId=${o.venueA}`)
    const fridge = entry.json.items.find((i: { item: { id: string } }) => i.item.id === checklist.items[1]!.id)
    expect(fridge.record.recordedBy.device).toEqual({ id: d.id, name: 'Kitchen tablet' })
    for (const [lang, phrase] of [['en', 'Pablo Pin on Kitchen tablet'], ['es', 'Pablo Pin en Kitchen tablet']] as const) {
      // The export is in the reader's saved language (ADR 017).
      const exportCsv = () => o.admin.client.post(`${org()}/checklist-entries/export`, { venueId: o.venueA, from: today(), to: today(), format: 'csv' })
      const csv = lang === 'es' ? await inSpanish(o.admin.client, exportCsv) : await exportCsv()
      expect(csv.status, csv.text).toBe(200)
      const line = csv.text.split('\n').find((l) => l.includes('Fridge cold'))!
      // Recorded by and resolved by, both on the device.
      expect(line.split(phrase)).toHaveLength(3)
    }
  })

  test('with a PIN, nothing beyond the device column: no other venue, no settings, exports, profile, organisation', async () => {
    const { device: d, tablet } = await freshTablet()
    await tablet.post('/v1/auth/device/pin', { pin: PABLO_PIN })
    const forbidden = async (res: { status: number; json: any; headers: Headers; text: string }, message: string | null = 'Not available on a shared device.') =>
      expectError(res, 'ForbiddenError', { message })
    // Another venue: named in the request → 403.
    await forbidden(await tablet.get(`${org()}/venues/${o.venueB}`), null)
    await forbidden(await tablet.get(`${org()}/venues/${o.venueB}/checklist-entries`), null)
    await forbidden(await complete(tablet, 0, { venueId: o.venueB }), null)
    // Settings, staff, devices, exports, profile, onboarding, organisation changes.
    await forbidden(await tablet.get(`${org()}/devices`))
    await forbidden(await tablet.post(`${org()}/devices/${d.id}/logout`))
    await forbidden(await tablet.post(`${org()}/checklists`, { name: 'Sneaky' }))
    await forbidden(await tablet.put(`${org()}/checklists/${checklist.id}`, { name: 'Sneaky' }))
    await forbidden(await tablet.post(`${org()}/venues`, { name: 'Sneaky' }))
    await forbidden(await tablet.get(`${org()}/staff`))
    await forbidden(await tablet.post(`${org()}/staff`, { name: 'Sneaky', role: 'BASIC' }))
    await forbidden(await tablet.post(`${org()}/staff/generate-pin`))
    await forbidden(await tablet.post(`${org()}/checklist-entries/export`, { venueId: o.venueA, from: today(), to: today(), format: 'csv' }))
    await forbidden(await tablet.get(`${org()}/profile`))
    await forbidden(await tablet.put(`${org()}/profile`, { pin: '1234' }))
    await forbidden(await tablet.get(`${org()}/onboarding`))
    await forbidden(await tablet.put(org(), { name: 'Sneaky' }))
    await forbidden(await tablet.del(org()))
    // Calls of a person: 403.
    for (const res of [
      await tablet.get('/v1/profile'),
      await tablet.put('/v1/profile', { name: 'Sneaky' }),
      await tablet.post('/v1/orgs', { name: 'Sneaky' }),
      await tablet.post('/v1/auth/update-password', { currentPassword: 'x', newPassword: 'a much longer password' }),
      await tablet.post('/v1/auth/verification/resend'),
    ]) {
      await forbidden(res)
    }
    // Another organisation: 404, even naming its own device or venue there.
    expectError(await tablet.get(`/v1/orgs/${o.outsider.orgId}`), 'NotFoundError')
    expectError(await tablet.get(`/v1/orgs/${o.outsider.orgId}/venues/${o.outsider.venueId}/checklist-entries`), 'NotFoundError')
    expectError(await tablet.get(`/v1/orgs/${o.outsider.orgId}/venues/${o.venueA}/checklist-entries`), 'NotFoundError')
    // Still fine at its own venue.
    expect((await complete(tablet)).status).toBe(201)
  })

  test('an organisation that does not ask for PINs: the device records, attributed to the device alone', async () => {
    const other = await createOrgWithActors(t, { orgName: 'No PIN Bistro' })
    await t.db.update(organisations).set({ requirePinOnDevices: false }).where(eq(organisations.id, other.orgId))
    const d = await createDevice(other.admin, other.orgId, other.venueA, 'Bar tablet')
    const tablet = await pairDevice(t, other.admin, other.orgId, d.id)
    expect((await tablet.get('/v1/auth/me')).json.device.pinRequired).toBe(false)
    const list = await createChecklist(t, other.orgId, { items: [{ type: 'check' }] })
    const res = await tablet.post(`/v1/orgs/${other.orgId}/checklist-entries/${list.id}/items/${list.items[0]!.id}/complete`, { venueId: other.venueA })
    expect(res.status, res.text).toBe(201)
    expect(res.json.record.recordedBy).toEqual({ membershipId: null, name: '', device: { id: d.id, name: 'Bar tablet' } })
    // Still nothing beyond the device column.
    expectError(await tablet.post(`/v1/orgs/${other.orgId}/checklists`, { name: 'x' }), 'ForbiddenError', { message: null })
  })
})
