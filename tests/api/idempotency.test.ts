/**
 * Records made offline and synced later (ADR 052): every record-making call takes an Idempotency-Key
 * (a replay answers the same and records nothing new), and a `recordedAt` by the device's clock that is
 * kept beside the server's time, judged against the server's clock, and shown by the exports.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatInstant } from '../../server/dates.ts'
import { idempotencyKeys, recordResolutions, records } from '../../server/db/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, type CreatedChecklist } from '../support/checklists.ts'
import { createDevice, pairDevice, setPin } from '../support/devices.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError } from './_helpers.ts'

const ZONE = 'Europe/Madrid'
const MINUTE = 60_000
let t: TestApp
let o: OrgWithActors
let today: string

beforeAll(async () => {
  t = await createTestApp({}, { onDisk: true })
  o = await createOrgWithActors(t)
  today = todayIn(ZONE)
})
afterAll(() => t.close())

type Client = Actor['client']
const base = () => `/v1/orgs/${o.orgId}`
const keyed = (key: string) => ({ 'Idempotency-Key': key })
const completeUrl = (checklistId: string, itemId: string) => `${base()}/checklist-entries/${checklistId}/items/${itemId}/complete`
const resolveUrl = (checklistId: string, itemId: string) => `${base()}/checklist-entries/${checklistId}/items/${itemId}/resolve`
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

async function checklist(items: CreatedChecklist['items'][number]['type'][] = ['check']): Promise<CreatedChecklist> {
  return createChecklist(t, o.orgId, { items: items.map((type) => ({ type, min: type === 'number' ? 0 : null, max: type === 'number' ? 5 : null })) })
}

async function recordsOf(itemId: string) {
  return t.db.select().from(records).where(and(eq(records.orgId, o.orgId), eq(records.itemId, itemId)))
}

async function temperatureUnit(actor: Actor) {
  const log = await actor.client.post(`${base()}/temperatures`, { name: `Fridges ${randomUUID().slice(0, 6)}`, checksPerDay: 2 })
  expect(log.status, log.text).toBe(201)
  const unit = await actor.client.post(`${base()}/temperatures/${log.json.temperature.id}/items`, { label: 'Walk-in', kind: 'fridge' })
  expect(unit.status, unit.text).toBe(201)
  const day = await actor.client.get(`${base()}/venues/${o.venueA}/temperature-entries`)
  const entryId = (day.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === log.json.temperature.id)!.entryId
  return { entryId, itemId: unit.json.item.id as string }
}

describe('Idempotency-Key on record-making calls', () => {
  test('the same key twice: one record, and the same status and body (marked as a replay)', async () => {
    const list = await checklist()
    const key = randomUUID()
    const body = { venueId: o.venueA, date: today }
    const first = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    expect(first.status, first.text).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    expect(again.status, again.text).toBe(201)
    expect(again.json).toEqual(first.json)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await recordsOf(list.items[0]!.id)).toHaveLength(1)
  })

  test('different keys (or none): a record each — the second a correction of the first', async () => {
    const list = await checklist()
    const itemId = list.items[0]!.id
    const body = { venueId: o.venueA, date: today }
    const a = await o.basic.client.post(completeUrl(list.id, itemId), body, keyed(randomUUID()))
    const b = await o.basic.client.post(completeUrl(list.id, itemId), body, keyed(randomUUID()))
    const c = await o.basic.client.post(completeUrl(list.id, itemId), body)
    for (const res of [a, b, c]) expect(res.status, res.text).toBe(201)
    expect(b.json.record.supersedesId).toBe(a.json.record.id)
    expect(c.json.record.supersedesId).toBe(b.json.record.id)
    expect(await recordsOf(itemId)).toHaveLength(3)
  })

  test('a key reused with another body or on another call is refused, and records nothing', async () => {
    const list = await checklist(['number', 'number'])
    const [one, two] = list.items
    const key = randomUUID()
    expect((await o.basic.client.post(completeUrl(list.id, one!.id), { venueId: o.venueA, value: '3' }, keyed(key))).status).toBe(201)
    const otherValue = await o.basic.client.post(completeUrl(list.id, one!.id), { venueId: o.venueA, value: '4' }, keyed(key))
    expectError(otherValue, 'BadRequestError', { message: /already used for a different request/ })
    const otherItem = await o.basic.client.post(completeUrl(list.id, two!.id), { venueId: o.venueA, value: '3' }, keyed(key))
    expectError(otherItem, 'BadRequestError', { message: /already used for a different request/ })
    expect(await recordsOf(one!.id)).toHaveLength(1)
    expect(await recordsOf(two!.id)).toHaveLength(0)
    // The order of a body's fields is not a different request.
    const reordered = await o.basic.client.post(completeUrl(list.id, one!.id), { value: '3', venueId: o.venueA }, keyed(key))
    expect(reordered.status, reordered.text).toBe(201)
    expect(await recordsOf(one!.id)).toHaveLength(1)
  })

  test('keys belong to their actor: another member using the same key makes their own record', async () => {
    const list = await checklist()
    const key = randomUUID()
    const body = { venueId: o.venueA }
    const mine = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    const theirs = await o.admin.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    expect(mine.status).toBe(201)
    expect(theirs.status).toBe(201)
    expect(theirs.json.record.id).not.toBe(mine.json.record.id)
    expect(theirs.json.record.recordedBy.name).toBe('Adam Admin')
    expect(await recordsOf(list.items[0]!.id)).toHaveLength(2)
  })

  test('a malformed key is a ValidationError on idempotencyKey', async () => {
    const list = await checklist()
    for (const bad of ['', 'x'.repeat(201), 'has space', 'ñandú']) {
      const res = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), { venueId: o.venueA }, keyed(bad))
      expectError(res, 'ValidationError', { data: ['idempotencyKey'] })
    }
    expect(await recordsOf(list.items[0]!.id)).toHaveLength(0)
  })

  test('a refused call stores no answer: the same key is judged again, and can then succeed', async () => {
    const list = await checklist(['text'])
    const key = randomUUID()
    const empty = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), { venueId: o.venueA, value: '' }, keyed(key))
    expectError(empty, 'ValidationError', { data: ['value'] })
    const keys = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.orgId, o.orgId), eq(idempotencyKeys.key, key)))
    expect(keys).toHaveLength(0)
  })

  test('resolving a failure twice with one key: one resolution, the same answer (not "already resolved")', async () => {
    const list = await checklist(['number'])
    const itemId = list.items[0]!.id
    expect((await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, value: '9' })).json.record.status).toBe('failed')
    const key = randomUUID()
    const body = { venueId: o.venueA, note: 'Moved the stock to the other fridge' }
    const first = await o.basic.client.post(resolveUrl(list.id, itemId), body, keyed(key))
    const again = await o.basic.client.post(resolveUrl(list.id, itemId), body, keyed(key))
    expect(first.status, first.text).toBe(201)
    expect(again.status, again.text).toBe(201)
    expect(again.json).toEqual(first.json)
    const [record] = await recordsOf(itemId)
    expect(await t.db.select().from(recordResolutions).where(eq(recordResolutions.recordId, record!.id))).toHaveLength(1)
    // Without the key, the same call is a second attempt and says why it cannot be.
    expectError(await o.basic.client.post(resolveUrl(list.id, itemId), body), 'BadRequestError', { message: /already/i })
  })

  test('temperature readings and their resolutions take keys too', async () => {
    const { entryId, itemId } = await temperatureUnit(o.admin)
    const url = `${base()}/temperature-entries/${entryId}/items/${itemId}`
    const key = randomUUID()
    const first = await o.basic.client.post(`${url}/complete`, { value: '9.5' }, keyed(key))
    const again = await o.basic.client.post(`${url}/complete`, { value: '9.5' }, keyed(key))
    expect(first.status, first.text).toBe(201)
    expect(again.json).toEqual(first.json)
    expect(await recordsOf(itemId)).toHaveLength(1)
    const resolveKey = randomUUID()
    const r1 = await o.basic.client.post(`${url}/resolve`, { note: 'Door was open' }, keyed(resolveKey))
    const r2 = await o.basic.client.post(`${url}/resolve`, { note: 'Door was open' }, keyed(resolveKey))
    expect(r1.status, r1.text).toBe(201)
    expect(r2.json).toEqual(r1.json)
    expect(await t.db.select().from(recordResolutions).where(eq(recordResolutions.recordId, first.json.record.id))).toHaveLength(1)
    // A second unit reading with a new key is a new record (the re-check of the open failure's check).
    const next = await o.basic.client.post(`${url}/complete`, { value: '4' }, keyed(randomUUID()))
    expect(next.status, next.text).toBe(201)
    expect(await recordsOf(itemId)).toHaveLength(2)
  })

  test('the same key sent twice at the same moment: one record, both answered alike', async () => {
    const list = await checklist()
    const key = randomUUID()
    const body = { venueId: o.venueA }
    const [a, b] = await Promise.all([
      o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key)),
      o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key)),
    ])
    expect(a.status, a.text).toBe(201)
    expect(b.status, b.text).toBe(201)
    expect(b.json).toEqual(a.json)
    expect(await recordsOf(list.items[0]!.id)).toHaveLength(1)
  })

  test('on a shared device the key is the device’s: a replay after the PIN holder changed is still a replay', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA, 'Pass tablet')
    const tablet: Client = await pairDevice(t, o.admin, o.orgId, device.id)
    await setPin(t, o.orgId, o.basic.membershipId, '2468')
    await setPin(t, o.orgId, o.admin.membershipId, '1357')
    expect((await tablet.post('/v1/auth/device/pin', { pin: '2468' })).status).toBe(200)
    const list = await checklist()
    const key = randomUUID()
    const body = { venueId: o.venueA, recordedAt: ago(20 * MINUTE) }
    const first = await tablet.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    expect(first.status, first.text).toBe(201)
    expect(first.json.record.recordedBy).toMatchObject({ name: 'Bea Basic', device: { id: device.id, name: 'Pass tablet' } })
    expect((await tablet.post('/v1/auth/device/pin', { pin: '1357' })).status).toBe(200)
    const again = await tablet.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    expect(again.json).toEqual(first.json)
    expect(await recordsOf(list.items[0]!.id)).toHaveLength(1)
    const [stored] = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.orgId, o.orgId), eq(idempotencyKeys.key, key)))
    expect(stored!.actor).toBe(`device:${device.id}`)
  })

  test('a replay after the server restarted answers the same and records nothing', async () => {
    const list = await checklist()
    const key = randomUUID()
    const body = { venueId: o.venueA, recordedAt: ago(30 * MINUTE) }
    const first = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    expect(first.status, first.text).toBe(201)
    await t.restart()
    const again = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
    expect(again.status, again.text).toBe(201)
    expect(again.json).toEqual(first.json)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await recordsOf(list.items[0]!.id)).toHaveLength(1)
  })

  test('keys expire after 48 hours: the organisation’s next keyed write deletes them, and the key is new again', async () => {
    const list = await checklist()
    const key = randomUUID()
    const body = { venueId: o.venueA }
    expect((await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))).status).toBe(201)
    const [row] = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.orgId, o.orgId), eq(idempotencyKeys.key, key)))
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(48 * 60 * MINUTE)
    t.clock.advance(49 * 60 * MINUTE)
    try {
      const other = await checklist()
      expect((await o.basic.client.post(completeUrl(other.id, other.items[0]!.id), body, keyed(randomUUID()))).status).toBe(201)
      const left = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.orgId, o.orgId), eq(idempotencyKeys.key, key)))
      expect(left).toHaveLength(0)
      const later = await o.basic.client.post(completeUrl(list.id, list.items[0]!.id), body, keyed(key))
      expect(later.status, later.text).toBe(201)
      expect(later.headers.get('idempotent-replayed')).toBeNull()
      expect(await recordsOf(list.items[0]!.id)).toHaveLength(2)
    } finally {
      t.clock.reset()
    }
  })
})

describe('device time (recordedAt)', () => {
  test('kept beside the time the server received it, on records and resolutions', async () => {
    const list = await checklist(['number'])
    const itemId = list.items[0]!.id
    const made = ago(45 * MINUTE)
    const res = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, value: '8', recordedAt: made })
    expect(res.status, res.text).toBe(201)
    expect(res.json.record.deviceRecordedAt).toBe(made)
    expect(Math.abs(Date.parse(res.json.record.recordedAt) - Date.now())).toBeLessThan(MINUTE)
    const resolvedAt = ago(40 * MINUTE)
    const resolved = await o.basic.client.post(resolveUrl(list.id, itemId), { venueId: o.venueA, note: 'Binned it', recordedAt: resolvedAt })
    expect(resolved.status, resolved.text).toBe(201)
    expect(resolved.json.record.resolution.deviceResolvedAt).toBe(resolvedAt)
    // Read back the same way.
    const entry = await o.basic.client.get(`${base()}/checklist-entries/${list.id}?venueId=${o.venueA}`)
    expect(entry.json.items[0].record).toMatchObject({ deviceRecordedAt: made, resolution: { deviceResolvedAt: resolvedAt } })
    // Without it, nothing is claimed.
    const plain = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, value: '3' })
    expect(plain.json.record.deviceRecordedAt).toBeNull()
  })

  test('a device clock in the future (beyond a small tolerance) or more than 12 hours behind is refused, and nothing is recorded', async () => {
    const list = await checklist()
    const itemId = list.items[0]!.id
    const ahead = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, recordedAt: ago(-10 * MINUTE) }, keyed(randomUUID()))
    expectError(ahead, 'ValidationError', { data: ['recordedAt'] })
    expect(ahead.json.error.data.recordedAt).toMatch(/clock is ahead/)
    const behind = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, recordedAt: ago(13 * 60 * MINUTE) })
    expectError(behind, 'ValidationError', { data: ['recordedAt'] })
    expect(behind.json.error.data.recordedAt).toMatch(/more than 12 hours/)
    const garbled = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, recordedAt: 'yesterday' })
    expectError(garbled, 'ValidationError', { data: ['recordedAt'] })
    expect(await recordsOf(itemId)).toHaveLength(0)
    // Within the tolerance either way: taken.
    const slightlyAhead = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, recordedAt: ago(-MINUTE) })
    expect(slightlyAhead.status, slightlyAhead.text).toBe(201)
    const elevenHours = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, recordedAt: ago(11 * 60 * MINUTE) })
    expect(elevenHours.status, elevenHours.text).toBe(201)
  })

  test('corrected by someone else meanwhile: the record made offline still lands, as a new record of the history', async () => {
    const list = await checklist(['number'])
    const itemId = list.items[0]!.id
    const madeOffline = ago(30 * MINUTE)
    const online = await o.admin.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, value: '2' })
    expect(online.status, online.text).toBe(201)
    const synced = await o.basic.client.post(completeUrl(list.id, itemId), { venueId: o.venueA, value: '3', recordedAt: madeOffline }, keyed(randomUUID()))
    expect(synced.status, synced.text).toBe(201)
    expect(synced.json.record).toMatchObject({ supersedesId: online.json.record.id, deviceRecordedAt: madeOffline, value: '3' })
    const entry = await o.basic.client.get(`${base()}/checklist-entries/${list.id}?venueId=${o.venueA}`)
    expect(entry.json.items[0].record.id).toBe(synced.json.record.id)
    expect(entry.json.items[0].history.map((r: { id: string }) => r.id)).toEqual([online.json.record.id])
  })

  test('temperature readings refuse a clock far off too', async () => {
    const { entryId, itemId } = await temperatureUnit(o.admin)
    const url = `${base()}/temperature-entries/${entryId}/items/${itemId}/complete`
    expectError(await o.basic.client.post(url, { value: '3', recordedAt: ago(-30 * MINUTE) }), 'ValidationError', { data: ['recordedAt'] })
    const ok = await o.basic.client.post(url, { value: '3', recordedAt: ago(5 * MINUTE) })
    expect(ok.status, ok.text).toBe(201)
    expect(ok.json.record.deviceRecordedAt).toBe(new Date(Date.parse(ok.json.record.deviceRecordedAt)).toISOString())
  })

  test('the export shows both times when they are more than a few minutes apart', async () => {
    const list = await createChecklist(t, o.orgId, { name: 'Opening offline', venueIds: [o.venueB], items: [{ type: 'check', label: 'Lights on' }, { type: 'check', label: 'Door open' }] })
    const made = new Date(Date.now() - 45 * MINUTE)
    const late = await o.admin.client.post(completeUrl(list.id, list.items[0]!.id), { venueId: o.venueB, recordedAt: made.toISOString() })
    const close = await o.admin.client.post(completeUrl(list.id, list.items[1]!.id), { venueId: o.venueB, recordedAt: ago(MINUTE) })
    expect(late.status, late.text).toBe(201)
    expect(close.status, close.text).toBe(201)
    const res = await o.admin.client.post(`${base()}/checklist-entries/export`, { venueId: o.venueB, from: today, to: today, format: 'csv' })
    expect(res.status, res.text).toBe(200)
    const stamp = (at: string | Date) => formatInstant(at, { language: undefined, timeZone: ZONE, style: 'stamp' })
    const lines = res.text.split('\r\n')
    const lights = lines.find((l) => l.includes('Lights on'))!
    expect(lights).toContain(`recorded ${stamp(made)} on the device, received ${stamp(late.json.record.recordedAt)}`)
    const door = lines.find((l) => l.includes('Door open'))!
    expect(door).toContain(stamp(close.json.record.recordedAt))
    expect(door).not.toContain('on the device')
  })
})
