/**
 * PINs entered on a shared device while offline (ADR 054): the server issues a per-member, per-device
 * verifier when the member enters their PIN online there; the device checks a PIN against it with the
 * browser's own code (app/lib/offline-pin-crypto.ts, run here in Node's WebCrypto) and signs the
 * records it makes; on sync the server attributes them to that member only from that device session,
 * only while the verifier is valid. Revoked when the PIN changes, the member is removed or moved, or
 * the device is signed out.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { derivePin, offlinePinHeader, proofKeyOf, verifierOf } from '../../app/lib/offline-pin-crypto.ts'
import { deviceOfflinePins, memberships, records } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, type CreatedChecklist } from '../support/checklists.ts'
import { addPinOnlyMember, createDevice, pairDevice, setPin } from '../support/devices.ts'
import { createOrgWithActors, type Client, type OrgWithActors } from '../support/orgs.ts'
import { expectError } from './_helpers.ts'

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
  return res.json as { secret: string; iterations: number; verifiers: { membershipId: string; name: string; verifier: string }[] }
}

/** What the device does offline: derive from the PIN typed, find the member whose verifier matches. */
async function checkOffline(tablet: Client, pin: string) {
  const list = await offlinePins(tablet)
  const derived = await derivePin(pin, list.secret, list.iterations)
  for (const v of list.verifiers) {
    if ((await verifierOf(derived, v.membershipId)) === v.verifier) return { membershipId: v.membershipId, proofKey: await proofKeyOf(derived, v.membershipId) }
  }
  return undefined
}

/** A record made offline under that member's PIN, as the sync sends it. */
async function sendOffline(
  tablet: Client,
  holder: { membershipId: string; proofKey: string },
  opts: { key?: string; item?: number; signKey?: string; payload?: Record<string, unknown> } = {},
) {
  const key = opts.key ?? randomUUID()
  const header = await offlinePinHeader(holder.membershipId, holder.proofKey, opts.signKey ?? key)
  return tablet.post(completeUrl(opts.item), opts.payload ?? body(), { 'Idempotency-Key': key, 'Mise-Offline-Pin': header })
}

describe('GET /v1/auth/device/offline-pins', () => {
  test('a verifier for each member who entered their PIN online on this device session; the PIN typed offline finds its member, a wrong one nobody', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const list = await offlinePins(tablet)
    expect(list.iterations).toBeGreaterThanOrEqual(100_000)
    expect(list.verifiers).toEqual([{ membershipId: memberId, name: nameOf(pin), verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }])
    // Nothing that would let the PIN or the proof key be read off the answer.
    expect(JSON.stringify(list)).not.toContain(pin)
    const [row] = await t.db.select().from(deviceOfflinePins).where(eq(deviceOfflinePins.membershipId, memberId))
    expect(JSON.stringify(list)).not.toContain(row!.proofKey)
    expect(row!.verifier).not.toBe(row!.proofKey)

    expect((await checkOffline(tablet, pin))?.membershipId).toBe(memberId)
    expect(await checkOffline(tablet, pin === '9999' ? '9998' : '9999')).toBeUndefined()

    // A second member enters their PIN on the same tablet: both are there.
    const anaPin = uniquePin()
    const ana = await addPinOnlyMember(t, o.orgId, { name: 'Ana Pin', pin: anaPin })
    expect((await tablet.post('/v1/auth/device/pin', { pin: anaPin })).status).toBe(200)
    expect((await offlinePins(tablet)).verifiers.map((v) => v.membershipId).sort()).toEqual([memberId, ana].sort())
    expect((await checkOffline(tablet, anaPin))?.membershipId).toBe(ana)
  })

  test('per device session: another tablet, or this device paired again, has its own secret and no verifier until the PIN is entered there', async () => {
    const { device, tablet, pin } = await tabletWithMember()
    const first = await offlinePins(tablet)
    const again = await pairDevice(t, o.admin, o.orgId, device.id)
    const second = await offlinePins(again)
    expect(second.verifiers).toEqual([])
    expect(second.secret).not.toBe(first.secret)
    expect((await again.post('/v1/auth/device/pin', { pin })).status).toBe(200)
    const issued = await offlinePins(again)
    expect(issued.verifiers).toHaveLength(1)
    expect(issued.verifiers[0]!.verifier).not.toBe(first.verifiers[0]!.verifier)
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
      { 'Idempotency-Key': key, 'Mise-Offline-Pin': await offlinePinHeader(holder.membershipId, holder.proofKey, key) },
    )
    expect(res.status, res.text).toBe(201)
    expect(res.json.record.recordedBy.membershipId).toBe(memberId)
  })

  test('refused without the PIN: a forged or reused signature, a verifier read off the device used as the proof key, another member claimed', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    await tablet.call('DELETE', '/v1/auth/device/pin')
    const invalid = { message: "This record's offline PIN signature is not valid. Enter the PIN and send it again.", data: ['offlinePin'] }
    // Signed for another key.
    expectError(await sendOffline(tablet, holder, { signKey: randomUUID() }), 'ForbiddenError', invalid)
    // What storage on the tablet holds (the verifier) is not the proof key.
    const verifier = (await offlinePins(tablet)).verifiers[0]!.verifier
    expectError(await sendOffline(tablet, { membershipId: memberId, proofKey: verifier }), 'ForbiddenError', invalid)
    // A right signature of one member's key does not make the record another's.
    const other = await tabletWithMember()
    expectError(await sendOffline(tablet, { membershipId: other.memberId, proofKey: holder.proofKey }), 'ForbiddenError', { message: /no longer use/, data: ['offlinePin'] })
    expect(await t.db.select().from(records).where(eq(records.recordedByMembershipId, memberId))).toHaveLength(0)
  })

  test('malformed header → ValidationError; no Idempotency-Key → ValidationError; from a person → 403', async () => {
    const { tablet, pin } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const key = randomUUID()
    expectError(await tablet.post(completeUrl(), body(), { 'Idempotency-Key': key, 'Mise-Offline-Pin': 'someone' }), 'ValidationError', { data: ['offlinePin'] })
    const header = await offlinePinHeader(holder.membershipId, holder.proofKey, key)
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

  test('the member’s PIN changes: the verifier is withdrawn and records signed with the old PIN are refused; the new PIN entered online issues a new one', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    const newPin = uniquePin()
    await setPin(t, o.orgId, memberId, newPin)
    expectError(await sendOffline(tablet, holder), 'ForbiddenError', revoked)
    expect((await offlinePins(tablet)).verifiers).toEqual([])
    expect(await t.db.select().from(deviceOfflinePins).where(eq(deviceOfflinePins.membershipId, memberId))).toHaveLength(0)
    expect(await checkOffline(tablet, pin)).toBeUndefined()
    expect((await tablet.post('/v1/auth/device/pin', { pin: newPin })).status).toBe(200)
    const fresh = (await checkOffline(tablet, newPin))!
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
    expect((await offlinePins(tablet)).verifiers).toEqual([])
  })

  test('the member is moved to another venue only: withdrawn at this device', async () => {
    const { tablet, pin, memberId } = await tabletWithMember()
    const holder = (await checkOffline(tablet, pin))!
    await t.db.update(memberships).set({ venueIds: [o.venueB] }).where(and(eq(memberships.orgId, o.orgId), eq(memberships.id, memberId)))
    expectError(await sendOffline(tablet, holder), 'ForbiddenError', revoked)
    expect((await offlinePins(tablet)).verifiers).toEqual([])
  })

  test('the device is signed out everywhere: its verifiers are deleted and its old session can send nothing', async () => {
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
