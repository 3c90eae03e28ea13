/**
 * PINs entered on a shared device while offline (ADR 080, after 054): a BASIC member who enters their
 * PIN online on a device session may pick their name there offline; the device seals the PIN typed for
 * the server with the browser's own code (app/lib/offline-pin-crypto.ts, run here in Node's WebCrypto)
 * and the records it makes carry the seal; on sync the server checks the PIN, only from that device
 * session, only while the member is still on its list. Withdrawn when the PIN changes, the member is
 * removed or moved, or the device is signed out.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { offlinePinHeader, sealPin } from '../../app/lib/offline-pin-crypto.ts'
import { deviceOfflinePins, memberships, records } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, type CreatedChecklist } from '../support/checklists.ts'
import { addPinOnlyMember, createDevice, pairDevice, setPin } from '../support/devices.ts'
import { createOrgWithActors, type Client, type OrgWithActors } from '../support/orgs.ts'
import { expectError } from './_helpers.ts'
import { race, RACERS } from '../support/concurrency.ts'

let t: TestApp
let o: OrgWithActors
let checklist: CreatedChecklist
const ZONE = 'Europe/Madrid'

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  checklist = await createChecklist(t, o.orgId, { name: 'Closing', items: [{ type: 'check', label: 'Door shut' }, { type: 'check', label: 'Bins out' }] })
})
afterAll(() => t.close())
beforeEach(() => t.clock.reset())

const org = () => `/v1/orgs/${o.orgId}`
const completeUrl = (i = 0) => `${org()}/checklist-entries/${checklist.id}/items/${checklist.items[i]!.id}/complete`
const body = () => ({ venueId: o.venueA, date: todayIn(ZONE), recordedAt: new Date(Date.now() - 60_000).toISOString() })

let pinCounter = 0
/** A PIN no one else in the organisation has. */
const uniquePin = () => String(5000 + ++pinCounter)
/** A member's name with no digit of their PIN in it (the answers are searched for the PIN). */
const nameOf = (pin: string) => `Pablo ${[...pin].map((d) => 'abcdefghij'[Number(d)]).join('')}`

/** A fresh tablet (its own device), a member with a PIN who entered it on the tablet online. */
async function tabletWithMember(opts: { venueIds?: string[] } = {}) {
  const device = await createDevice(o.admin, o.orgId, o.venueA, `Tablet ${randomUUID().slice(0, 6)}`)
  const tablet = await pairDevice(t, o.admin, o.orgId, device.id)
  const pin = uniquePin()
  const memberId = await addPinOnlyMember(t, o.orgId, { name: nameOf(pin), pin, venueIds: opts.venueIds })
  const entered = await tablet.post('/v1/auth/device/pin', { pin })
  expect(entered.status, entered.text).toBe(200)
  return { device, tablet, pin, memberId }
}

async function offlinePins(tablet: Client) {
  const res = await tablet.get('/v1/auth/device/offline-pins')
  expect(res.status, res.text).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return res.json as { publicKey: string; members: { membershipId: string; name: string }[] }
}

/** What the device does offline: the member picks their name, the PIN typed is sealed for the server. */
async function checkOffline(tablet: Client, pin: string, membershipId?: string) {
  const list = await offlinePins(tablet)
  const member = membershipId ?? list.members[0]?.membershipId
  if (!member) return undefined
  return { membershipId: member, sealed: await sealPin(list.publicKey, member, pin) }
}

/** A record made offline under that member's sealed PIN, as the sync sends it. */
async function sendOffline(tablet: Client, holder: { membershipId: string; sealed: string }, opts: { key?: string; item?: number; payload?: Record<string, unknown> } = {}) {
  const key = opts.key ?? randomUUID()
  return tablet.post(completeUrl(opts.item), opts.payload ?? body(), { 'Idempotency-Key': key, 'Mise-Offline-Pin': offlinePinHeader(holder.membershipId, holder.sealed) })
}

describe('GET /v1/auth/device/offline-pins', () => {
  test('the BASIC members who entered their PIN online on this device session and the session’s key: nothing a PIN can be tried against', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const list = await offlinePins(tablet)
    expect(list).toEqual({ publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), members: [{ membershipId: memberId, name: nameOf(pin) }] })
    expect(JSON.stringify(list)).not.toContain(pin)
    // Two seals of the same PIN differ (a fresh key each time): a seal cannot be compared with a guess.
    expect(await sealPin(list.publicKey, memberId, pin)).not.toBe(await sealPin(list.publicKey, memberId, pin))

    // A second member enters their PIN on the same tablet: both are there.
    const anaPin = uniquePin()
    const ana = await addPinOnlyMember(t, o.orgId, { name: 'Ana Pin', pin: anaPin })
    expect((await tablet.post('/v1/auth/device/pin', { pin: anaPin })).status).toBe(200)
    expect((await offlinePins(tablet)).members.map((v) => v.membershipId).sort()).toEqual([memberId, ana].sort())
  })

  test('per device session: another tablet, or this device paired again, has its own key and nobody until the PIN is entered there', async () => {
    const { device, tablet, pin } = await tabletWithMember()
    const first = await offlinePins(tablet)
    const again = await pairDevice(t, o.admin, o.orgId, device.id)
    const second = await offlinePins(again)
    expect(second.members).toEqual([])
    expect(second.publicKey).not.toBe(first.publicKey)
    expect((await again.post('/v1/auth/device/pin', { pin })).status).toBe(200)
    expect((await offlinePins(again)).members).toHaveLength(1)
  })

  test('only a signed-in device: a person 403, nobody 401', async () => {
    expectError(await o.owner.client.get('/v1/auth/device/offline-pins'), 'ForbiddenError', { message: 'Only a signed-in shared device can do this.' })
    expectError(await t.client().get('/v1/auth/device/offline-pins'), 'UnauthorizedError')
  })
})

describe('records made offline under a PIN checked on the device', () => {
  test('attributed to that member on that device, with nobody holding the PIN online; a replay is the same record', async () => {
    const { device, tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    expect((await tablet.call('DELETE', '/v1/auth/device/pin')).status).toBe(204)
    // Without the offline PIN, the tablet may not record.
    expectError(await tablet.post(completeUrl(), body()), 'ForbiddenError', { message: 'Enter your PIN to record this.', data: ['pin'] })

    const key = randomUUID()
    const payload = body()
    const made = await sendOffline(tablet, holder, { key, payload })
    expect(made.status, made.text).toBe(201)
    expect(made.json.record.recordedBy).toEqual({ membershipId: memberId, name: nameOf(pin), device: { id: device.id, name: device.name } })
    expect(made.json.record.deviceRecordedAt).toBeTruthy()
    const replay = await sendOffline(tablet, holder, { key, payload })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.json).toEqual(made.json)
    const rows = await t.db.select().from(records).where(and(eq(records.orgId, o.orgId), eq(records.itemId, checklist.items[0]!.id), eq(records.recordedByMembershipId, memberId)))
    expect(rows).toHaveLength(1)
  })

  test('attributed to its maker even while someone else holds the PIN online', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const anaPin = uniquePin()
    await addPinOnlyMember(t, o.orgId, { name: 'Ana Online', pin: anaPin })
    expect((await tablet.post('/v1/auth/device/pin', { pin: anaPin })).status).toBe(200)
    const made = await sendOffline(tablet, holder, { item: 1 })
    expect(made.status, made.text).toBe(201)
    expect(made.json.record.recordedBy.membershipId).toBe(memberId)
  })

  test('a temperature reading too', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const log = await o.admin.client.post(`${org()}/temperatures`, { name: `Fridges ${randomUUID().slice(0, 6)}`, checksPerDay: 1 })
    const unit = await o.admin.client.post(`${org()}/temperatures/${log.json.temperature.id}/items`, { label: 'Walk-in', kind: 'fridge' })
    const day = await o.admin.client.get(`${org()}/venues/${o.venueA}/temperature-entries`)
    const entryId = (day.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === log.json.temperature.id)!.entryId
    const key = randomUUID()
    const res = await tablet.post(
      `${org()}/temperature-entries/${entryId}/items/${unit.json.item.id}/complete`,
      { value: '3.5' },
      { 'Idempotency-Key': key, 'Mise-Offline-Pin': offlinePinHeader(holder.membershipId, holder.sealed) },
    )
    expect(res.status, res.text).toBe(201)
    expect(res.json.record.recordedBy.membershipId).toBe(memberId)
  })

  test('refused without the right PIN: a wrong PIN sealed, a seal of another member’s, a seal for another session’s key', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    await tablet.call('DELETE', '/v1/auth/device/pin')
    const invalid = { message: 'The PIN entered offline for this record was not right. Enter the PIN and send it again.', data: ['offlinePin'] }
    const list = await offlinePins(tablet)
    expectError(await sendOffline(tablet, { membershipId: memberId, sealed: await sealPin(list.publicKey, memberId, pin === '9999' ? '9998' : '9999') }), 'ForbiddenError', invalid)
    // A right PIN sealed for one member does not make the record another's.
    const anaPin = uniquePin()
    const ana = await addPinOnlyMember(t, o.orgId, { name: 'Ana Pin', pin: anaPin })
    expect((await tablet.post('/v1/auth/device/pin', { pin: anaPin })).status).toBe(200)
    await tablet.call('DELETE', '/v1/auth/device/pin')
    expectError(await sendOffline(tablet, { membershipId: memberId, sealed: await sealPin(list.publicKey, ana, anaPin) }), 'ForbiddenError', invalid)
    // Sealed for another tablet's key.
    const other = await tabletWithMember()
    expectError(await sendOffline(tablet, { membershipId: memberId, sealed: await sealPin((await offlinePins(other.tablet)).publicKey, memberId, pin) }), 'ForbiddenError', invalid)
    // A member not on this session's list is refused before anything is opened.
    expectError(await sendOffline(tablet, { membershipId: other.memberId, sealed: await sealPin(list.publicKey, other.memberId, other.pin) }), 'ForbiddenError', { message: /no longer use/, data: ['offlinePin'] })
    expect(await t.db.select().from(records).where(eq(records.recordedByMembershipId, memberId))).toHaveLength(0)
  })

  test('malformed header → ValidationError; no Idempotency-Key → ValidationError; from a person → 403', async () => {
    const { tablet, pin } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const key = randomUUID()
    expectError(await tablet.post(completeUrl(), body(), { 'Idempotency-Key': key, 'Mise-Offline-Pin': 'someone' }), 'ValidationError', { data: ['offlinePin'] })
    const header = offlinePinHeader(holder.membershipId, holder.sealed)
    expectError(await tablet.post(completeUrl(), body(), { 'Mise-Offline-Pin': header }), 'ValidationError', { data: ['idempotencyKey'] })
    expectError(await o.basic.client.post(completeUrl(), body(), { 'Idempotency-Key': key, 'Mise-Offline-Pin': header }), 'ForbiddenError', {
      message: 'Only a signed-in shared device can do this.',
    })
  })

  test('only from the device session it was issued to: the same header from another session of the device is refused', async () => {
    const { device, tablet, pin } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const other = await pairDevice(t, o.admin, o.orgId, device.id)
    expectError(await sendOffline(other, holder), 'ForbiddenError', { message: /no longer use/, data: ['offlinePin'] })
  })
})

describe('revocation', () => {
  const revoked = { message: /no longer use/, data: ['offlinePin'] }

  test('the member’s PIN changes: withdrawn, and records sealed with the old PIN are refused; the new PIN entered online lists them again', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const newPin = uniquePin()
    await setPin(t, o.orgId, memberId, newPin)
    expectError(await sendOffline(tablet, holder), 'ForbiddenError', revoked)
    expect((await offlinePins(tablet)).members).toEqual([])
    expect(await checkOffline(tablet, pin)).toBeUndefined()
    expect((await tablet.post('/v1/auth/device/pin', { pin: newPin })).status).toBe(200)
    const fresh = (await checkOffline(tablet, newPin, memberId))!
    expect((await sendOffline(tablet, fresh)).status).toBe(201)
  })

  test('a record accepted before its PIN changed, its answer lost: the replay gets the stored answer, a new record is refused', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    await tablet.call('DELETE', '/v1/auth/device/pin')
    const key = randomUUID()
    const payload = body()
    const made = await sendOffline(tablet, holder, { key, payload, item: 1 })
    expect(made.status, made.text).toBe(201)
    await setPin(t, o.orgId, memberId, uniquePin())
    const replay = await sendOffline(tablet, holder, { key, payload, item: 1 })
    expect(replay.status, replay.text).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.json).toEqual(made.json)
    // The same key with another body, or a new key: refused (nothing runs on a withdrawn PIN).
    expectError(await sendOffline(tablet, holder, { key, payload: { ...payload, note: 'changed' }, item: 1 }), 'BadRequestError', { message: null })
    expectError(await sendOffline(tablet, holder, { item: 1 }), 'ForbiddenError', revoked)
    expect(await t.db.select().from(records).where(eq(records.recordedByMembershipId, memberId))).toHaveLength(1)
  })

  test('the member is removed (through the API): withdrawn', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const removed = await o.admin.client.call('DELETE', `${org()}/staff/${memberId}`)
    expect(removed.status, removed.text).toBeLessThan(300)
    expectError(await sendOffline(tablet, holder), 'ForbiddenError', revoked)
    expect((await offlinePins(tablet)).members).toEqual([])
  })

  test('the member is moved to another venue only: withdrawn at this device', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    await t.db.update(memberships).set({ venueIds: [o.venueB] }).where(and(eq(memberships.orgId, o.orgId), eq(memberships.id, memberId)))
    expectError(await sendOffline(tablet, holder), 'ForbiddenError', revoked)
    expect((await offlinePins(tablet)).members).toEqual([])
  })

  test('the device is signed out everywhere: its list is deleted and its old session can send nothing', async () => {
    const { device, tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const out = await o.admin.client.post(`${org()}/devices/${device.id}/logout`)
    expect(out.status, out.text).toBeLessThan(300)
    expect(await t.db.select().from(deviceOfflinePins).where(eq(deviceOfflinePins.membershipId, memberId))).toHaveLength(0)
    expectError(await sendOffline(tablet, holder), 'UnauthorizedError')
    expectError(await tablet.get('/v1/auth/device/offline-pins'), 'UnauthorizedError')
  })

  test('the tablet signs itself out: the same', async () => {
    const { tablet, memberId } = await tabletWithMember()
    expect((await tablet.post('/v1/auth/logout')).status).toBeLessThan(300)
    expect(await t.db.select().from(deviceOfflinePins).where(eq(deviceOfflinePins.membershipId, memberId))).toHaveLength(0)
  })
})

describe('the attack of issue #38: read what a stolen tablet holds, search it offline, use the PIN found (ADR 080)', () => {
  test('an ADMIN who entered a PIN on the tablet is never on its list, and a record claimed as them is refused even with their right PIN', async () => {
    const { tablet } = await tabletWithMember()
    const adminPin = uniquePin()
    await setPin(t, o.orgId, o.admin.membershipId, adminPin)
    expect((await tablet.post('/v1/auth/device/pin', { pin: adminPin })).status).toBe(200)
    await tablet.call('DELETE', '/v1/auth/device/pin')
    const list = await offlinePins(tablet)
    expect(list.members.map((m) => m.membershipId)).not.toContain(o.admin.membershipId)
    const sealed = await sealPin(list.publicKey, o.admin.membershipId, adminPin)
    expectError(await sendOffline(tablet, { membershipId: o.admin.membershipId, sealed }), 'ForbiddenError', { message: /no longer use/, data: ['offlinePin'] })
    expect(await t.db.select().from(records).where(eq(records.recordedByMembershipId, o.admin.membershipId))).toHaveLength(0)
  })

  test('a search of all the tablet holds (its list, its key, a record sealed offline) confirms no PIN, not even the right one', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    await tablet.call('DELETE', '/v1/auth/device/pin')
    // All the tablet holds: the answer it fetched and a record waiting to sync (its seal and key).
    const list = await offlinePins(tablet)
    const queued = (await checkOffline(tablet, pin, memberId))!
    expect(JSON.stringify({ list, queued })).not.toContain(pin)
    // The only test a copy of storage allows: make what the tablet would have made from a guess and
    // compare. A seal is made with a fresh key each time, so no guess matches — and since the right PIN
    // does not either (tried 50 times here), a search of all 10,000, for a day or a year, confirms none.
    const guesses = [...Array.from({ length: 50 }, () => pin), ...Array.from({ length: 150 }, (_, i) => String(i * 61).padStart(4, '0'))]
    let confirmed = 0
    for (const guess of guesses) if ((await sealPin(list.publicKey, memberId, guess)) === queued.sealed) confirmed++
    expect(confirmed).toBe(0)
    // The queued record is the member's own, and syncs as theirs.
    expect((await sendOffline(tablet, queued)).status).toBe(201)
  })

  test('every guess must then be asked of the server, counted by the device’s rule: at most 20 an hour (480 a day, 4.8% of 4-digit PINs)', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    await tablet.call('DELETE', '/v1/auth/device/pin')
    const { publicKey } = await offlinePins(tablet)
    const guesses = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')).filter((g) => g !== pin)
    let checked = 0
    let asked = 0
    const end = t.clock.now().getTime() + 2 * 60 * 60_000
    // Two hours of an attacker who sends a guess the moment the server lets them.
    while (t.clock.now().getTime() < end) {
      const res = await sendOffline(tablet, { membershipId: memberId, sealed: await sealPin(publicKey, memberId, guesses[asked++]!, t.clock.now().getTime()) })
      if (res.status === 429) {
        t.clock.advance(Number(res.headers.get('retry-after')) * 1000)
        continue
      }
      expectError(res, 'ForbiddenError', { message: /not right/, data: ['offlinePin'] })
      checked++
    }
    expect(checked).toBeLessThanOrEqual(2 * 20)
    expect(await t.db.select().from(records).where(eq(records.recordedByMembershipId, memberId))).toHaveLength(0)
  })

  test(`${RACERS} parallel records with wrong sealed PINs: counted one by one, 4 checked, then the lock`, async () => {
    const { tablet, memberId } = await tabletWithMember()
    await tablet.call('DELETE', '/v1/auth/device/pin')
    const { publicKey } = await offlinePins(tablet)
    const seals = await Promise.all(Array.from({ length: RACERS }, (_, i) => sealPin(publicKey, memberId, String(100 + i).padStart(4, '0'))))
    const { byStatus } = await race((i) => sendOffline(tablet, { membershipId: memberId, sealed: seals[i]! }))
    expect(byStatus).toEqual({ 403: 4, 429: RACERS - 4 })
  })
})
