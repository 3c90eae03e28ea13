import { expect } from 'vitest'
import { signedPhotoUrl } from '../../server/records/photo-links.ts'
import type { TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile, type CreatedChecklist } from '../support/checklists.ts'
import type { OrgWithActors } from '../support/orgs.ts'
import { adminUp, everyone, member, venueMember, venueRecord, venueWork, work, type ActorName, type Expected, type MatrixRow } from './types.ts'

const org = (f: OrgWithActors) => `/v1/orgs/${f.orgId}`

export interface WorkFixture extends CreatedChecklist {
  /** Used at every venue, with the same items. */
  everywhere: CreatedChecklist
  /** A photo recorded on the A-only checklist at venue A, and one recorded at venue B. */
  photoAtA: string
  photoAtB: string
}

/** Items: check, yes/no, photo. */
const ITEMS = [{ type: 'check' as const }, { type: 'yes_no' as const }, { type: 'photo' as const }]

async function recordPhoto(t: TestApp, f: OrgWithActors, checklist: CreatedChecklist, venueId: string): Promise<string> {
  const up = await uploadFile(t, f.owner.client, f.orgId, { bytes: FILES.photo(), name: 'matrix.png' })
  expect(up.status, up.text).toBe(201)
  const done = await f.owner.client.post(`${org(f)}/checklist-entries/${checklist.id}/items/${checklist.items[2]!.id}/complete`, {
    venueId,
    uploadId: up.json.id,
  })
  expect(done.status, done.text).toBe(201)
  return up.json.id as string
}

const fixtures = new Map<string, Promise<WorkFixture>>()
/**
 * A checklist used only at venue A (which basicLimited may not use), one used everywhere, and a photo
 * recorded on each: made once per organisation.
 */
export function onlyAtA(f: OrgWithActors, t: TestApp): Promise<WorkFixture> {
  let made = fixtures.get(f.orgId)
  if (!made) {
    made = (async () => {
      const onlyA = await createChecklist(t, f.orgId, { name: 'Matrix A only', venueIds: [f.venueA], items: ITEMS })
      const everywhere = await createChecklist(t, f.orgId, { name: 'Matrix everywhere', items: ITEMS })
      return { ...onlyA, everywhere, photoAtA: await recordPhoto(t, f, onlyA, f.venueA), photoAtB: await recordPhoto(t, f, everywhere, f.venueB) }
    })()
    fixtures.set(f.orgId, made)
  }
  return made
}

/** Nobody gets it: 404 for every member (e.g. a checklist at a venue where it is not used); the device at A: 403 for venue B. */
const noneOf: Record<ActorName, Expected> = { ...member, basicLimited: 404, basic: 404, admin: 404, owner: 404 }

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

function photoForm() {
  const form = new FormData()
  form.append('file', new Blob([FILES.jpeg() as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'matrix.jpg')
  return form
}

/** Daily work, exports and uploads (the checklists issue, entries side). */
export const entryRows: MatrixRow[] = [
  {
    name: 'day list at venue A',
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/checklist-entries',
    path: (f) => `${org(f)}/venues/${f.venueA}/checklist-entries`,
    expect: venueMember,
  },
  {
    name: 'day list at venue B (no A-only checklist in it)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/venues/{venueId}/checklist-entries',
    path: async (f, t) => {
      await onlyAtA(f, t)
      return `${org(f)}/venues/${f.venueB}/checklist-entries`
    },
    expect: member,
    check: async (res, f, _a, t) => {
      const ids = (res.json.checklists as { id: string }[]).map((c) => c.id)
      const w = await onlyAtA(f, t)
      expect(ids).toContain(w.everywhere.id)
      expect(ids).not.toContain(w.id)
    },
  },
  {
    name: 'entry of the A-only checklist at venue A',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklist-entries/{checklistId}',
    path: async (f, t) => `${org(f)}/checklist-entries/${(await onlyAtA(f, t)).id}?venueId=${f.venueA}`,
    expect: venueMember,
  },
  {
    name: 'entry of the A-only checklist at venue B (not used there)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklist-entries/{checklistId}',
    path: async (f, t) => `${org(f)}/checklist-entries/${(await onlyAtA(f, t)).id}?venueId=${f.venueB}`,
    expect: noneOf,
  },
  {
    name: 'entry of a checklist used everywhere, at venue B',
    method: 'GET',
    route: '/v1/orgs/{orgId}/checklist-entries/{checklistId}',
    path: async (f, t) => `${org(f)}/checklist-entries/${(await onlyAtA(f, t)).everywhere.id}?venueId=${f.venueB}`,
    expect: member,
    check: async (res, f, _a, t) => expect(res.json.items[2].record.upload.id).toBe((await onlyAtA(f, t)).photoAtB),
  },
  {
    name: 'complete an item at venue A',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-entries/{checklistId}/items/{itemId}/complete',
    path: async (f, t) => {
      const w = await onlyAtA(f, t)
      return `${org(f)}/checklist-entries/${w.id}/items/${w.items[0]!.id}/complete`
    },
    body: (f) => ({ venueId: f.venueA }),
    expect: venueWork,
  },
  {
    name: 'complete an item at venue B',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-entries/{checklistId}/items/{itemId}/complete',
    path: async (f, t) => {
      const w = await onlyAtA(f, t)
      return `${org(f)}/checklist-entries/${w.everywhere.id}/items/${w.everywhere.items[0]!.id}/complete`
    },
    body: (f) => ({ venueId: f.venueB, note: 'Matrix' }),
    expect: member,
  },
  {
    name: 'resolve a failure at venue A',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-entries/{checklistId}/items/{itemId}/resolve',
    path: async (f, t) => {
      const w = await onlyAtA(f, t)
      const item = `${org(f)}/checklist-entries/${w.id}/items/${w.items[1]!.id}`
      // A fresh unresolved failure for each caller (a correction to "no" again).
      const failed = await f.owner.client.post(`${item}/complete`, { venueId: f.venueA, value: 'no' })
      expect(failed.status, failed.text).toBe(201)
      return `${item}/resolve`
    },
    body: (f) => ({ venueId: f.venueA, note: 'Moved the stock to the other fridge' }),
    expect: venueWork,
  },
  {
    name: 'sign off a checklist at venue A',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-entries/{checklistId}/sign-off',
    // A fresh checklist asking for a sign-off (no items: complete) for each caller: a day is signed off once.
    path: async (f, t) => `${org(f)}/checklist-entries/${(await createChecklist(t, f.orgId, { name: 'Matrix sign-off', venueIds: [f.venueA], requiresSignOff: true })).id}/sign-off`,
    body: (f) => ({ venueId: f.venueA }),
    expect: adminUp,
  },
  {
    name: 'export venue A',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-entries/export',
    path: (f) => `${org(f)}/checklist-entries/export`,
    body: (f) => ({ venueId: f.venueA, from: day(-7), to: day(1), format: 'csv' }),
    expect: adminUp,
    check: (res) => expect(res.text).toContain('Matrix A only'),
  },
  {
    name: 'export venue B (no A-only records in it)',
    method: 'POST',
    route: '/v1/orgs/{orgId}/checklist-entries/export',
    path: (f) => `${org(f)}/checklist-entries/export`,
    body: (f) => ({ venueId: f.venueB, from: day(-7), to: day(1), format: 'csv' }),
    expect: adminUp,
    check: (res) => {
      expect(res.text).toContain('Matrix everywhere')
      expect(res.text).not.toContain('Matrix A only')
    },
  },
  {
    name: 'upload a photo',
    method: 'POST',
    route: '/v1/orgs/{orgId}/uploads',
    path: (f) => `${org(f)}/uploads`,
    body: () => photoForm(),
    expect: work,
  },
  {
    name: 'read a photo recorded at venue A only',
    method: 'GET',
    route: '/v1/orgs/{orgId}/uploads/{uploadId}',
    path: async (f, t) => `${org(f)}/uploads/${(await onlyAtA(f, t)).photoAtA}`,
    expect: venueRecord,
  },
  {
    name: 'read a photo recorded at venue A only, resized',
    method: 'GET',
    route: '/v1/orgs/{orgId}/uploads/{uploadId}',
    path: async (f, t) => `${org(f)}/uploads/${(await onlyAtA(f, t)).photoAtA}?width=160`,
    expect: venueRecord,
    check: (res) => expect(res.headers.get('content-type')).toBe('image/webp'),
  },
  {
    name: 'read a photo recorded at venue B (the device at A: 404)',
    method: 'GET',
    route: '/v1/orgs/{orgId}/uploads/{uploadId}',
    path: async (f, t) => `${org(f)}/uploads/${(await onlyAtA(f, t)).photoAtB}`,
    expect: { ...member, deviceNoPin: 404, devicePin: 404 },
    check: (res) => expect(res.headers.get('content-type')).toBe('image/png'),
  },
  {
    name: 'open a photo by an export’s signed link (whoever holds the link, signed in or not)',
    method: 'GET',
    route: '/v1/photos/{orgId}/{uploadId}',
    path: async (f, t) => signedPhotoUrl(t.db, f.orgId, (await onlyAtA(f, t)).photoAtB, new Date()),
    expect: everyone,
    check: (res) => expect(res.headers.get('content-type')).toBe('image/png'),
  },
  {
    name: 'a signed photo link changed by one character (404 whoever opens it)',
    method: 'GET',
    route: '/v1/photos/{orgId}/{uploadId}',
    path: async (f, t) => (await signedPhotoUrl(t.db, f.orgId, (await onlyAtA(f, t)).photoAtB, new Date())).replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
    expect: { anonymous: 404, outsider: 404, basicLimited: 404, basic: 404, admin: 404, owner: 404, deviceNoPin: 404, devicePin: 404 },
  },
]
