/**
 * Property-based robustness: random bodies, query strings and path ids sent to every checklist,
 * checklist-entry and upload route of docs/api-contract-checklists.md, as the owner. Whatever arrives,
 * the answer is a documented status — never a 500.
 */
import { addDays, format, parseISO } from 'date-fns'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHECKLIST_ITEM_TYPES } from '../../server/checklists/schema.ts'
import { todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile } from '../support/checklists.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'

const RUNS = 30
const ALLOWED = [200, 201, 204, 400, 403, 404]

let t: TestApp
let o: OrgWithActors
let uploadId: string
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  const up = await uploadFile(t, o.owner.client, o.orgId, { bytes: FILES.png(), name: 'p.png' })
  uploadId = up.json.id
})
afterAll(() => t.close())

/** Real ids of a fresh checklist set, so random requests reach past the 404s too. */
interface Ids {
  checklist: string[]
  item: string[]
  venue: string[]
  upload: string[]
  /** [checklist, item] pairs that belong together. */
  pairs: [string, string][]
}

async function freshIds(): Promise<Ids> {
  const active = await createChecklist(t, o.orgId, {
    dueTime: '00:00',
    items: CHECKLIST_ITEM_TYPES.map((type) => ({ type, min: type === 'number' ? 0 : null, max: type === 'number' ? 5 : null })),
  })
  const archived = await createChecklist(t, o.orgId, { archived: true, venueIds: [o.venueB], items: [{ type: 'yes_no' }, { type: 'check', archived: true }] })
  const foreign = await createChecklist(t, o.outsider.orgId, { items: [{ type: 'check' }] })
  // A failure waiting for its corrective action, so resolve can succeed too.
  const yesNo = active.items.find((i) => i.type === 'yes_no')!
  await o.owner.client.post(`/v1/orgs/${o.orgId}/checklist-entries/${active.id}/items/${yesNo.id}/complete`, { venueId: o.venueA, value: 'no' })
  return {
    checklist: [active.id, archived.id, foreign.id],
    item: [...active.items, ...archived.items, ...foreign.items].map((i) => i.id),
    venue: [o.venueA, o.venueB, o.outsider.venueId],
    upload: [uploadId],
    pairs: [...active.items, ...archived.items, ...foreign.items].map((i, n) => [
      n < active.items.length ? active.id : n < active.items.length + archived.items.length ? archived.id : foreign.id,
      i.id,
    ]),
  }
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries.

/** A path segment: a real id, a random uuid or any string (never "." or "..", which would leave the route). */
const segment = (real: string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/^\.+$/.test(s)) },
    { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'export', 'reorder') },
  )

const today = () => todayIn('Europe/Madrid')

const dateArb = fc.oneof(
  fc.date({ min: new Date('1899-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2024-02-30', '2023-02-29', '0000-01-01', '9999-12-31', '1900-01-01', '2024-1-5', '', ' 2024-01-01'),
  fc.string({ maxLength: 12 }),
  { weight: 3, arbitrary: fc.constant('TODAY') },
)

const idValue = (ids: Ids) => fc.oneof(segment([...ids.venue, ...ids.checklist, ...ids.item, ...ids.upload]), fc.anything())

/** Per field: values that usually pass validation, and wild ones. */
const fields = (ids: Ids): Record<string, { plausible: fc.Arbitrary<unknown>; wild: fc.Arbitrary<unknown> }> => ({
  venueId: { plausible: fc.constantFrom(o.venueA, o.venueB), wild: fc.oneof(idValue(ids), fc.constantFrom(...ids.venue)) },
  date: { plausible: fc.constantFrom('TODAY', '2025-01-06', '2024-02-29'), wild: fc.oneof(dateArb, fc.anything()) },
  from: { plausible: fc.constantFrom('WEEKAGO', 'TODAY'), wild: dateArb },
  to: { plausible: fc.constantFrom('TODAY', '2024-12-31'), wild: dateArb },
  format: { plausible: fc.constantFrom('csv', 'pdf'), wild: fc.oneof(fc.string(), fc.anything()) },
  value: {
    plausible: fc.constantFrom('yes', 'no', 'true', '3.5', '-1', '7', '4,2', 'All good'),
    wild: fc.oneof(fc.constantFrom('false', '1e400', '', ' '), fc.string(), fc.anything()),
  },
  note: { plausible: fc.string({ minLength: 1, maxLength: 40 }), wild: fc.oneof(fc.string({ minLength: 1990, maxLength: 2010 }), fc.anything()) },
  uploadId: { plausible: fc.constantFrom(...ids.upload), wild: fc.oneof(idValue(ids), fc.constant(null)) },
  name: { plausible: fc.string({ minLength: 1, maxLength: 30 }), wild: fc.oneof(fc.string({ maxLength: 120 }), fc.anything()) },
  description: { plausible: fc.string({ maxLength: 30 }), wild: fc.anything() },
  venueIds: {
    plausible: fc.subarray([o.venueA, o.venueB]),
    wild: fc.oneof(fc.array(fc.oneof(fc.constantFrom(...ids.venue), idValue(ids))), fc.anything()),
  },
  days: {
    plausible: fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }),
    wild: fc.oneof(fc.array(fc.integer({ min: -2, max: 9 })), fc.array(fc.anything()), fc.anything()),
  },
  dueTime: { plausible: fc.constantFrom('08:00', '23:59', '00:00', '', null), wild: fc.oneof(fc.constantFrom('24:00', '7:5'), fc.string(), fc.anything()) },
  ids: {
    plausible: fc.shuffledSubarray([...ids.checklist, ...ids.item]),
    wild: fc.oneof(fc.array(idValue(ids)), fc.anything()),
  },
  label: { plausible: fc.string({ minLength: 1, maxLength: 30 }), wild: fc.anything() },
  instructions: { plausible: fc.string({ maxLength: 30 }), wild: fc.anything() },
  type: { plausible: fc.constantFrom(...CHECKLIST_ITEM_TYPES), wild: fc.oneof(fc.string(), fc.anything()) },
  required: { plausible: fc.boolean(), wild: fc.anything() },
  min: { plausible: fc.oneof(fc.integer({ min: -30, max: 10 }), fc.constant(null)), wild: fc.oneof(fc.double(), fc.anything()) },
  max: { plausible: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(null)), wild: fc.oneof(fc.double(), fc.anything()) },
})

/** A body with the route's own fields, mostly plausible (so requests get past validation), or anything. */
const shaped = (ids: Ids, keys: string[] | undefined) => {
  const all = fields(ids)
  const own = keys ?? Object.keys(all)
  const mostlyPlausible = Object.fromEntries(
    own.map((k) => [k, fc.oneof({ weight: 4, arbitrary: all[k]!.plausible }, { weight: 1, arbitrary: all[k]!.wild })]),
  )
  const any = Object.fromEntries(Object.entries(all).map(([k, f]) => [k, fc.oneof(f.plausible, f.wild)]))
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(mostlyPlausible) },
    { weight: 2, arbitrary: fc.record(mostlyPlausible, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record(any, { requiredKeys: [] }) },
  )
}

/** A request body: JSON shaped like the contract's, any JSON, any value, or raw text with any content type. */
const bodyArb = (ids: Ids, keys: string[] | undefined) =>
  fc.oneof(
    { weight: 6, arbitrary: shaped(ids, keys).map((b) => ({ json: b })) },
    { weight: 1, arbitrary: fc.jsonValue().map((b) => ({ json: b })) },
    { weight: 1, arbitrary: fc.object().map((b) => ({ json: b })) },
    { weight: 1, arbitrary: fc.anything().map((b) => ({ json: b })) },
    {
      weight: 1,
      arbitrary: fc.record({
        raw: fc.string({ maxLength: 200 }),
        contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''),
      }),
    },
  )

const queryArb = (ids: Ids) =>
  fc
    .tuple(
      fc.record(
        {
          date: dateArb,
          venueId: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids.venue) }, fc.string({ maxLength: 40 })),
          search: fc.string({ maxLength: 20 }),
          showArchived: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('true', 'false') }, fc.string({ maxLength: 5 })),
        },
        { requiredKeys: [] },
      ),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 2 }) },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }) as Record<string, string>)

function serialise(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
    return text ?? 'null'
  } catch {
    return '"unserialisable"'
  }
}

function withDates(text: string): string {
  return text.replaceAll('TODAY', today()).replaceAll('WEEKAGO', format(addDays(parseISO(today()), -7), 'yyyy-MM-dd'))
}

// ---------------------------------------------------------------------------------------------------
// Routes.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
interface Route {
  method: Method
  /** Path under /v1/orgs/{orgId}; {checklist}, {item}, {venue}, {upload} are filled with random segments. */
  path: string
  /** The fields of the route's body (a request body is sent when present). */
  body?: string[]
}

const routes: Route[] = [
  // Templates.
  { method: 'GET', path: '/checklists' },
  { method: 'POST', path: '/checklists', body: ['name', 'description', 'venueIds', 'days', 'dueTime'] },
  { method: 'POST', path: '/checklists/reorder', body: ['ids'] },
  { method: 'GET', path: '/checklists/{checklist}' },
  { method: 'PUT', path: '/checklists/{checklist}', body: ['name', 'description', 'venueIds', 'days', 'dueTime'] },
  { method: 'DELETE', path: '/checklists/{checklist}' },
  { method: 'POST', path: '/checklists/{checklist}/archive', body: [] },
  { method: 'POST', path: '/checklists/{checklist}/restore', body: [] },
  { method: 'POST', path: '/checklists/{checklist}/duplicate', body: [] },
  { method: 'GET', path: '/checklists/{checklist}/items' },
  { method: 'POST', path: '/checklists/{checklist}/items', body: ['label', 'instructions', 'type', 'required', 'min', 'max'] },
  { method: 'POST', path: '/checklists/{checklist}/items/reorder', body: ['ids'] },
  { method: 'GET', path: '/checklist-items/{item}' },
  { method: 'PUT', path: '/checklist-items/{item}', body: ['label', 'instructions', 'type', 'required', 'min', 'max'] },
  { method: 'DELETE', path: '/checklist-items/{item}' },
  { method: 'POST', path: '/checklist-items/{item}/archive', body: [] },
  { method: 'POST', path: '/checklist-items/{item}/restore', body: [] },
  // Daily work.
  { method: 'GET', path: '/venues/{venue}/checklist-entries' },
  { method: 'GET', path: '/checklist-entries/{checklist}' },
  { method: 'POST', path: '/checklist-entries/{checklist}/items/{item}/complete', body: ['venueId', 'date', 'value', 'note', 'uploadId'] },
  { method: 'POST', path: '/checklist-entries/{checklist}/items/{item}/resolve', body: ['venueId', 'date', 'note'] },
  { method: 'POST', path: '/checklist-entries/export', body: ['venueId', 'from', 'to', 'format'] },
  // Uploads (the multipart POST has its own property below).
  { method: 'GET', path: '/uploads/{upload}' },
  { method: 'POST', path: '/uploads', body: [] },
]

describe.each(routes)('$method $path', (route) => {
  test(`never a 500 (${RUNS} random requests)`, async () => {
    const ids = await freshIds()
    const seen: number[] = []
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...ids.pairs), fc.tuple(segment(ids.checklist), segment(ids.item))),
        segment(ids.venue),
        segment(ids.upload),
        queryArb(ids),
        bodyArb(ids, route.body),
        async ([checklist, item], venue, upload, query, body) => {
          const filled = route.path
            .replace('{checklist}', encodeURIComponent(checklist))
            .replace('{item}', encodeURIComponent(item))
            .replace('{venue}', encodeURIComponent(venue))
            .replace('{upload}', encodeURIComponent(upload))
          const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, withDates(v)])).toString()
          const url = `/v1/orgs/${o.orgId}${filled}${qs ? `?${qs}` : ''}`
          let res
          if (!route.body) {
            res = await o.owner.client.call(route.method, url)
          } else if ('raw' in body) {
            res = await o.owner.client.call(route.method, url, withDates(body.raw), body.contentType ? { 'content-type': body.contentType } : {})
          } else {
            res = await o.owner.client.call(route.method, url, withDates(serialise(body.json)), { 'content-type': 'application/json' })
          }
          seen.push(res.status)
          expect(ALLOWED, `${route.method} ${url} → ${res.status} ${res.text.slice(0, 300)}`).toContain(res.status)
          if (res.status >= 400) expect(res.json?.error?.code, res.text.slice(0, 300)).toBe(res.status)
        },
      ),
      { numRuns: RUNS },
    )
    // FUZZ_DEBUG=1 shows how the answers spread (a route that only ever answers 400/404 is barely tested).
    if (process.env.FUZZ_DEBUG) console.log(route.method, route.path, JSON.stringify(Object.fromEntries([...Map.groupBy(seen, (s) => s)].map(([k, v]) => [k, v.length]))))
    expect(seen).toHaveLength(RUNS)
  })
})

test(`POST /uploads with random multipart files never answers 500 (${RUNS} runs)`, async () => {
  const magic = fc.constantFrom(FILES.png(), FILES.jpeg(), FILES.webp(), FILES.pdf(), FILES.text(), new Uint8Array())
  await fc.assert(
    fc.asyncProperty(
      magic,
      fc.uint8Array({ maxLength: 256 }),
      fc.oneof(fc.constant('file'), fc.string({ maxLength: 10 })),
      fc.string({ maxLength: 80 }),
      fc.oneof(fc.constantFrom('image/png', 'application/pdf', 'text/html', ''), fc.string({ maxLength: 20 })),
      async (head, tail, field, name, type) => {
        const bytes = new Uint8Array([...head, ...tail])
        const res = await uploadFile(t, o.owner.client, o.orgId, { bytes, field, name, type })
        expect(ALLOWED, `${res.status} ${res.text.slice(0, 300)}`).toContain(res.status)
        if (res.status === 201) expect(res.json.size).toBe(bytes.length)
      },
    ),
    { numRuns: RUNS },
  )
})
