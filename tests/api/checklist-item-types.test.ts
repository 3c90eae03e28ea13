/**
 * Issue #16, "checklist features people expect": multiple-choice items (answers, the failing ones
 * marked), numbers with a unit, and items that ask a failing record for a photo and / or a note —
 * in the template API, on the day (recording, the record's snapshot) and in the export.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { exportChecklistRecords } from '../../server/records/export.ts'
import { todayIn } from '../../server/records/service.ts'
import type { OrgScope } from '../../server/scope.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, FILES, uploadFile } from '../support/checklists.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const base = () => `/v1/orgs/${o.orgId}`
const CLEAN = [
  { label: 'Clean', fails: false },
  { label: 'Dirty', fails: true },
  { label: 'Broken', fails: true },
]

async function newChecklist(actor: Actor = o.admin) {
  const r = await actor.client.post(`${base()}/checklists`, { name: `Types ${Math.random()}` })
  expect(r.status, r.text).toBe(201)
  return r.json.checklist.id as string
}
const addItem = (actor: Actor, checklistId: string, body: Record<string, unknown>) => actor.client.post(`${base()}/checklists/${checklistId}/items`, body)
const complete = (actor: Actor, checklistId: string, itemId: string, body: Record<string, unknown>) =>
  actor.client.post(`${base()}/checklist-entries/${checklistId}/items/${itemId}/complete`, { venueId: o.venueA, ...body })

describe('templates: choice and measure items, fail-required flags', () => {
  test('ADMIN adds a multiple-choice item and a number with a unit; the API shows their answers, unit and flags', async () => {
    const id = await newChecklist()
    const choice = await addItem(o.admin, id, { label: 'Hand-wash basin', type: 'choice', options: [{ label: ' Clean ' }, { label: 'Dirty', fails: true }], noteWhenFailing: true })
    expect(choice.status, choice.text).toBe(201)
    expect(choice.json.item).toMatchObject({
      type: 'choice',
      options: [
        { label: 'Clean', fails: false },
        { label: 'Dirty', fails: true },
      ],
      unit: null,
      min: null,
      max: null,
      failsOn: null,
      photoWhenFailing: false,
      noteWhenFailing: true,
    })
    const measure = await addItem(o.owner, id, { label: 'Sanitiser', type: 'measure', unit: 'ppm', min: 50, max: 200, photoWhenFailing: true })
    expect(measure.status, measure.text).toBe(201)
    expect(measure.json.item).toMatchObject({ type: 'measure', unit: 'ppm', min: 50, max: 200, options: null, photoWhenFailing: true, noteWhenFailing: false })
    // A photo item always carries its photo: the flag is not kept on it.
    const photo = await addItem(o.admin, id, { label: 'Display', type: 'photo', photoWhenFailing: true })
    expect(photo.json.item.photoWhenFailing).toBe(false)
    // A duplicate copies the new fields.
    const copy = await o.admin.client.post(`${base()}/checklists/${id}/duplicate`)
    expect(copy.status, copy.text).toBe(201)
    const items = await o.admin.client.get(`${base()}/checklists/${copy.json.checklist.id}/items`)
    expect(items.json.items.map((i: any) => [i.type, i.unit, i.options?.length ?? null, i.photoWhenFailing, i.noteWhenFailing])).toEqual([
      ['choice', null, 2, false, true],
      ['measure', 'ppm', null, true, false],
      ['photo', null, null, false, false],
    ])
  })

  test('bad input is a ValidationError on its field; nothing is created', async () => {
    const id = await newChecklist()
    const cases: [Record<string, unknown>, string][] = [
      [{ label: 'x', type: 'measure' }, 'unit'],
      [{ label: 'x', type: 'measure', unit: 'furlongs' }, 'unit'],
      [{ label: 'x', type: 'number', unit: 'g' }, 'unit'],
      [{ label: 'x', type: 'choice' }, 'options'],
      [{ label: 'x', type: 'choice', options: [{ label: 'Only one' }] }, 'options'],
      [{ label: 'x', type: 'choice', options: [{ label: 'Same' }, { label: 'same' }] }, 'options'],
      [{ label: 'x', type: 'choice', options: Array.from({ length: 13 }, (_, i) => ({ label: `A${i}` })) }, 'options'],
      [{ label: 'x', type: 'choice', options: [{ label: 'A' }, { label: '' }] }, 'options'],
      [{ label: 'x', type: 'choice', options: [{ label: 'A' }, { label: 'B\u0000' }] }, 'options'],
      [{ label: 'x', type: 'choice', options: [{ label: 'A', other: 1 }, { label: 'B' }] }, 'options'],
      [{ label: 'x', type: 'check', options: CLEAN }, 'options'],
      [{ label: 'x', type: 'choice', options: CLEAN, min: 1 }, 'min'],
      [{ label: 'x', type: 'measure', unit: '%', min: 10, max: 5 }, 'max'],
      [{ label: 'x', type: 'text', noteWhenFailing: 'yes' }, 'noteWhenFailing'],
    ]
    for (const [body, field] of cases) {
      const r = await addItem(o.admin, id, body)
      expectError(r, 'ValidationError', { data: [field] })
    }
    const items = await o.admin.client.get(`${base()}/checklists/${id}/items`)
    expect(items.json.items).toEqual([])
    // Messages in the caller's language.
    const es = await inSpanish(o.admin.client, () => o.admin.client.post(`${base()}/checklists/${id}/items`, { label: 'x', type: 'measure' }))
    expect(es.json.error.data.unit).toBe('Elige la unidad en que se lee este número')
  })

  test('PUT judges the result: a type change needs its fields, and clears the other type’s', async () => {
    const id = await newChecklist()
    const item = (await addItem(o.admin, id, { label: 'Basin', type: 'choice', options: CLEAN })).json.item
    const url = `${base()}/checklist-items/${item.id}`
    expectError(await o.admin.client.put(url, { type: 'measure' }), 'ValidationError', { data: ['unit'] })
    expectError(await o.admin.client.put(url, { unit: 'g' }), 'ValidationError', { data: ['unit'] })
    const measured = await o.admin.client.put(url, { type: 'measure', unit: '°C', max: 5 })
    expect(measured.status, measured.text).toBe(200)
    expect(measured.json.item).toMatchObject({ type: 'measure', unit: '°C', max: 5, options: null })
    expectError(await o.admin.client.put(url, { options: CLEAN }), 'ValidationError', { data: ['options'] })
    expectError(await o.admin.client.put(url, { type: 'choice' }), 'ValidationError', { data: ['options'] })
    const back = await o.admin.client.put(url, { type: 'choice', options: CLEAN.slice(0, 2), noteWhenFailing: true })
    expect(back.json.item).toMatchObject({ type: 'choice', unit: null, min: null, max: null, options: CLEAN.slice(0, 2), noteWhenFailing: true })
  })

  test('BASIC may not add or change items (403); another organisation’s checklist is 404', async () => {
    const id = await newChecklist()
    expectError(await addItem(o.basic, id, { label: 'x', type: 'choice', options: CLEAN }), 'ForbiddenError')
    const item = (await addItem(o.admin, id, { label: 'x', type: 'measure', unit: 'g' })).json.item
    expectError(await o.basic.client.put(`${base()}/checklist-items/${item.id}`, { noteWhenFailing: true }), 'ForbiddenError')
    expectError(await o.outsider.client.post(`${base()}/checklists/${id}/items`, { label: 'x', type: 'measure', unit: 'g' }), 'NotFoundError')
  })
})

describe('the day: recording choice and measure items', () => {
  test('a choice records one of its answers (as labelled, case aside); a marked answer fails; anything else is refused', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'choice', label: 'Basin', options: CLEAN }] })
    const item = c.items[0]!
    const done = await complete(o.basic, c.id, item.id, { value: ' clean ' })
    expect(done.status, done.text).toBe(201)
    expect(done.json.record).toMatchObject({ value: 'Clean', status: 'done', itemType: 'choice', options: CLEAN, unit: null })
    const failed = await complete(o.basic, c.id, item.id, { value: 'Broken' })
    expect(failed.json.record).toMatchObject({ value: 'Broken', status: 'failed' })
    for (const value of [undefined, '', 'Cleanish', 'yes']) {
      expectError(await complete(o.basic, c.id, item.id, { value }), 'ValidationError', { data: ['value'] })
    }
    const entry = await o.basic.client.get(`${base()}/checklist-entries/${c.id}?venueId=${o.venueA}`)
    expect(entry.json.items[0].item).toMatchObject({ type: 'choice', options: CLEAN })
    expect(entry.json.progress).toMatchObject({ failed: 1, unresolved: 1 })
  })

  test('a measure is a number judged by its limits, and the record keeps its unit', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'measure', label: 'Sanitiser', unit: 'ppm', min: 50, max: 200 }] })
    const item = c.items[0]!
    expect((await complete(o.basic, c.id, item.id, { value: '100,5' })).json.record).toMatchObject({ value: '100.5', status: 'done', unit: 'ppm', min: 50, max: 200 })
    expect((await complete(o.basic, c.id, item.id, { value: '20' })).json.record).toMatchObject({ value: '20', status: 'failed', unit: 'ppm' })
    expectError(await complete(o.basic, c.id, item.id, { value: '20 ppm' }), 'ValidationError', { data: ['value'] })
  })
})

describe('the day: photo and note required when failing', () => {
  test('a failing answer without the note is refused (data.note); with it, recorded; a passing answer needs none', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no', label: 'Probe clean?', noteWhenFailing: true }] })
    const item = c.items[0]!
    expectError(await complete(o.basic, c.id, item.id, { value: 'no' }), 'ValidationError', { data: ['note'] })
    expectError(await complete(o.basic, c.id, item.id, { value: 'no', note: '   ' }), 'ValidationError', { data: ['note'] })
    const es = await inSpanish(o.basic.client, () => complete(o.basic, c.id, item.id, { value: 'no' }))
    expect(es.json.error.data.note).toBe('Este elemento necesita una nota cuando falla: di qué está mal')
    const history = await o.basic.client.get(`${base()}/checklist-entries/${c.id}?venueId=${o.venueA}`)
    expect(history.json.items[0].record).toBeNull()
    expect((await complete(o.basic, c.id, item.id, { value: 'no', note: 'Left in the sink' })).json.record).toMatchObject({ status: 'failed', note: 'Left in the sink' })
    expect((await complete(o.basic, c.id, item.id, { value: 'yes' })).status).toBe(201)
  })

  test('a failing reading without a photo is refused (data.uploadId); a non-image is refused; with a photo, recorded', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'number', label: 'Fridge', max: 5, photoWhenFailing: true, noteWhenFailing: true }] })
    const item = c.items[0]!
    const both = await complete(o.basic, c.id, item.id, { value: '9' })
    expectError(both, 'ValidationError', { data: ['uploadId', 'note'] })
    const pdf = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.pdf(), name: 'a.pdf', type: 'application/pdf' })
    expect(pdf.status, pdf.text).toBe(201)
    expectError(await complete(o.basic, c.id, item.id, { value: '9', note: 'Door open', uploadId: pdf.json.id }), 'ValidationError', { data: ['uploadId'] })
    const photo = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.png(), name: 'p.png', type: 'image/png' })
    const ok = await complete(o.basic, c.id, item.id, { value: '9', note: 'Door open', uploadId: photo.json.id })
    expect(ok.status, ok.text).toBe(201)
    expect(ok.json.record).toMatchObject({ status: 'failed', upload: { id: photo.json.id } })
    // In range: neither is needed.
    expect((await complete(o.basic, c.id, item.id, { value: '3' })).json.record).toMatchObject({ status: 'done' })
  })
})

describe('the export', () => {
  test('a measure shows its value with its unit and its limits in that unit; a choice names its failing answers', async () => {
    const org = await createOrgWithActors(t)
    const c = await createChecklist(t, org.orgId, {
      name: 'Closing',
      items: [
        { type: 'measure', label: 'Sanitiser', unit: 'ppm', min: 50, max: 200 },
        { type: 'choice', label: 'Basin', options: CLEAN },
      ],
    })
    const day = todayIn('Europe/Madrid')
    const post = (itemId: string, value: string) => org.basic.client.post(`/v1/orgs/${org.orgId}/checklist-entries/${c.id}/items/${itemId}/complete`, { venueId: org.venueA, value })
    expect((await post(c.items[0]!.id, '120')).status).toBe(201)
    expect((await post(c.items[1]!.id, 'Dirty')).status).toBe(201)
    const scope: OrgScope = { orgId: org.orgId, membershipId: null, userId: randomUUID(), role: 'ADMIN', venueIds: null, readOnly: false }
    const file = await exportChecklistRecords({ db: t.db }, scope, { venueId: org.venueA, from: day, to: day, format: 'csv' }, 'en', 'x')
    const lines = (file.body as string).split('\r\n')
    expect(lines.find((l) => l.includes('Sanitiser'))).toContain(',Sanitiser,120 ppm,50 to 200 ppm,Done,')
    expect(lines.find((l) => l.includes('Basin'))).toContain(',Basin,Dirty,"failing: Dirty, Broken",Failed,')
    const es = await exportChecklistRecords({ db: t.db }, scope, { venueId: org.venueA, from: day, to: day, format: 'csv' }, 'es', 'x')
    expect(es.body).toContain('"fallan: Dirty, Broken"')
  })
})
