import { randomUUID } from 'node:crypto'
import { TZDate } from '@date-fns/tz'
import { format as formatDate } from 'date-fns'
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError } from '../../server/api/errors.ts'
import type { OrgScope } from '../../server/api/middleware/org-scope.ts'
import { checklistItems, checklists, memberships, organisations, recordResolutions, records, temperatureItems, temperatureLogs, venues } from '../../server/db/schema.ts'
import { seedDemo } from '../../server/db/seed.ts'
import { exportChecklistRecords, exportRecords } from '../../server/records/export.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { uploadFile } from '../support/checklists.ts'
import { createOrgWithActors, type Actor, type OrgWithActors } from '../support/orgs.ts'
import { expectError, inSpanish, sha256 } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const HEADINGS_EN = [
  'Date',
  'Checklist',
  'Item',
  'Value',
  'Limits in force',
  'Status',
  'Note',
  'Recorded by',
  'Recorded at',
  'Late',
  'Corrective action',
  'Resolved by',
  'Resolved at',
  'Superseded',
]
const HEADINGS_ES = [
  'Fecha',
  'Lista de control',
  'Elemento',
  'Valor',
  'Límites vigentes',
  'Estado',
  'Nota',
  'Registrado por',
  'Registrado el',
  'Con retraso',
  'Acción correctiva',
  'Resuelto por',
  'Resuelto el',
  'Sustituido',
]

/** A minimal RFC 4180 reader (quoted cells, doubled quotes, CRLF) for checking the CSV. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

function scopeOf(orgId: string, role: OrgScope['role'] = 'ADMIN', venueIds: string[] | null = null): OrgScope {
  return { orgId, membershipId: null, userId: randomUUID(), role, venueIds, readOnly: false }
}

type NewRecord = typeof records.$inferInsert

/** A checklist record with sensible defaults (a fresh item each time unless one is given). */
function rec(over: Partial<NewRecord> & Pick<NewRecord, 'orgId' | 'venueId' | 'date'>): NewRecord {
  return {
    id: randomUUID(),
    kind: 'checklist',
    templateId: randomUUID(),
    itemId: randomUUID(),
    templateName: 'Opening',
    label: 'An item',
    itemType: 'check',
    value: 'true',
    status: 'done',
    late: false,
    recordedByName: 'Bea Basic',
    recordedAt: new Date('2025-03-10T07:05:00Z'),
    ...over,
  }
}

async function pdfPages(body: Buffer | string): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(body as Buffer))
  const { text } = await extractText(pdf, { mergePages: false })
  return text
}

/** Call the export route and read the raw bytes (the test client decodes text and would drop the BOM). */
async function postExport(actor: Actor, orgId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const cookie = [...actor.client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await t.app.request(
    `/v1/orgs/${orgId}/checklist-entries/export`,
    { method: 'POST', headers: { 'content-type': 'application/json', cookie, ...headers }, body: JSON.stringify(body) },
    { clientIp: '127.0.0.1' },
  )
  const bytes = Buffer.from(await res.arrayBuffer())
  let json: unknown
  if (/json/.test(res.headers.get('content-type') ?? '')) json = JSON.parse(bytes.toString('utf8'))
  return { status: res.status, headers: res.headers, bytes, json: json as any, text: bytes.toString('utf8') }
}

describe('checklist export', () => {
  const FROM = '2025-03-10'
  const TO = '2025-03-11'
  let ids: Record<string, string>
  let opening: { templateId: string; fridge: string; rinse: string }

  beforeAll(async () => {
    const base = { orgId: o.orgId, venueId: o.venueA }
    opening = { templateId: randomUUID(), fridge: randomUUID(), rinse: randomUUID() }
    ids = {
      check: randomUUID(),
      fridgeNo: randomUUID(),
      rinse: randomUUID(),
      notes: randomUUID(),
      photo: randomUUID(),
      formula: randomUUID(),
      wrong: randomUUID(),
      right: randomUUID(),
      late: randomUUID(),
      closing: randomUUID(),
    }
    const rows: NewRecord[] = [
      rec({ ...base, id: ids.check!, date: FROM, templateId: opening.templateId, label: 'Lights on', recordedAt: new Date('2025-03-10T07:05:00Z') }),
      rec({
        ...base,
        id: ids.fridgeNo!,
        date: FROM,
        templateId: opening.templateId,
        itemId: opening.fridge,
        label: 'Walk-in fridge closed?',
        itemType: 'yes_no',
        value: 'no',
        status: 'failed',
        recordedAt: new Date('2025-03-10T07:06:00Z'),
      }),
      rec({
        ...base,
        id: ids.rinse!,
        date: FROM,
        templateId: opening.templateId,
        itemId: opening.rinse,
        label: 'Rinse temperature (°C)',
        itemType: 'number',
        min: 82,
        max: 90,
        value: '74',
        status: 'failed',
        recordedByName: 'Adam Admin',
        recordedAt: new Date('2025-03-10T07:07:00Z'),
      }),
      rec({
        ...base,
        id: ids.notes!,
        date: FROM,
        templateId: opening.templateId,
        label: 'Notes, for the shift',
        itemType: 'text',
        value: 'Ñoquis "caseros" para la cena, pedir más',
        recordedAt: new Date('2025-03-10T07:08:00Z'),
      }),
      rec({ ...base, id: ids.photo!, date: FROM, templateId: opening.templateId, label: 'Photo of the pass', itemType: 'photo', value: null, uploadId: randomUUID() }),
      rec({ ...base, id: ids.formula!, date: FROM, templateName: 'Zz Misc', label: 'Free text', itemType: 'text', value: '=SUM(A1:A2)' }),
      // A correction the next day: the first answer superseded by a second.
      rec({
        ...base,
        id: ids.wrong!,
        date: TO,
        templateId: opening.templateId,
        itemId: opening.fridge,
        label: 'Walk-in fridge closed?',
        itemType: 'yes_no',
        value: 'no',
        status: 'failed',
        recordedAt: new Date('2025-03-11T07:00:00Z'),
      }),
      rec({
        ...base,
        id: ids.right!,
        date: TO,
        templateId: opening.templateId,
        itemId: opening.fridge,
        label: 'Walk-in fridge closed?',
        itemType: 'yes_no',
        value: 'yes',
        supersedesId: ids.wrong!,
        recordedByName: 'Adam Admin',
        recordedAt: new Date('2025-03-11T07:10:00Z'),
      }),
      rec({ ...base, id: ids.late!, date: TO, templateName: 'Closing', label: 'Bins out', late: true, recordedAt: new Date('2025-03-12T09:30:00Z') }),
      // Excluded: other venue, other dates, another kind, another organisation.
      rec({ orgId: o.orgId, venueId: o.venueB, date: FROM, label: 'At venue B' }),
      rec({ ...base, date: '2025-03-09', label: 'The day before' }),
      rec({ ...base, date: '2025-03-12', label: 'The day after' }),
      rec({ ...base, date: FROM, kind: 'temperature', templateName: 'Fridges', label: 'Fridge 1', itemType: 'temperature', value: '4' }),
      rec({ orgId: o.outsider.orgId, venueId: o.outsider.venueId, date: FROM, label: 'Elsewhere' }),
    ]
    await t.db.insert(records).values(rows)
    await t.db.insert(recordResolutions).values([
      {
        orgId: o.orgId,
        recordId: ids.rinse!,
        note: 'Descaled the booster heater and re-ran: 84 °C',
        resolvedByName: 'Adam Admin',
        resolvedAt: new Date('2025-03-10T07:40:00Z'),
      },
    ])
  })

  test('CSV: a BOM, translated headings, one row per record in order, readable values, resolutions and corrections', async () => {
    const file = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { venueId: o.venueA, from: FROM, to: TO, format: 'csv' }, 'en', 'Adam Admin')
    expect(file.contentType).toBe('text/csv; charset=utf-8')
    expect(file.fileName).toBe(`checklists-venue-a-${FROM}-${TO}.csv`)
    expect(typeof file.body).toBe('string')
    const body = file.body as string
    expect(body.startsWith('\uFEFF')).toBe(true)
    expect(file.sha256).toBe(sha256(body))
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/)

    const [headings, ...rows] = parseCsv(body.slice(1))
    expect(headings).toEqual(HEADINGS_EN)
    // Venue A is in Europe/Madrid (UTC+1 in March): times are venue-local.
    const photoId = (await t.db.select({ uploadId: records.uploadId }).from(records).where(eq(records.id, ids.photo!)))[0]!.uploadId
    expect(rows).toEqual([
      [FROM, 'Opening', 'Lights on', 'Done', '', 'Done', '', 'Bea Basic', '2025-03-10 08:05', 'No', '', '', '', 'No'],
      [FROM, 'Opening', 'Notes, for the shift', 'Ñoquis "caseros" para la cena, pedir más', '', 'Done', '', 'Bea Basic', '2025-03-10 08:08', 'No', '', '', '', 'No'],
      // A photo is a link to it.
      // A photo is a signed, expiring link an inspector opens without signing in.
      [FROM, 'Opening', 'Photo of the pass', expect.stringMatching(new RegExp(`^/v1/photos/${o.orgId}/${photoId}\\?expires=\\d+&signature=[\\w-]+$`)), '', 'Done', '', 'Bea Basic', '2025-03-10 08:05', 'No', '', '', '', 'No'],
      [
        FROM,
        'Opening',
        'Rinse temperature (°C)',
        '74',
        // The limits in force when it was recorded.
        '82 to 90',
        'Failed',
        '',
        'Adam Admin',
        '2025-03-10 08:07',
        'No',
        'Descaled the booster heater and re-ran: 84 °C',
        'Adam Admin',
        '2025-03-10 08:40',
        'No',
      ],
      // A yes/no recorded before items said which answer fails was judged by "no".
      [FROM, 'Opening', 'Walk-in fridge closed?', 'No', '“No” fails', 'Failed', '', 'Bea Basic', '2025-03-10 08:06', 'No', '', '', '', 'No'],
      // Typed text never runs as a spreadsheet formula.
      [FROM, 'Zz Misc', 'Free text', "'=SUM(A1:A2)", '', 'Done', '', 'Bea Basic', '2025-03-10 08:05', 'No', '', '', '', 'No'],
      [TO, 'Closing', 'Bins out', 'Done', '', 'Done', '', 'Bea Basic', '2025-03-12 10:30', 'Yes', '', '', '', 'No'],
      [TO, 'Opening', 'Walk-in fridge closed?', 'No', '“No” fails', 'Failed', '', 'Bea Basic', '2025-03-11 08:00', 'No', '', '', '', 'Yes'],
      [TO, 'Opening', 'Walk-in fridge closed?', 'Yes', '“No” fails', 'Done', '', 'Adam Admin', '2025-03-11 08:10', 'No', '', '', '', 'No'],
    ])
    expect(body).not.toMatch(/At venue B|The day before|The day after|Fridge 1|Elsewhere/)
  })

  test('CSV in Spanish: headings, statuses and yes/no translated', async () => {
    const file = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { venueId: o.venueA, from: TO, to: TO, format: 'csv' }, 'es', 'Adam Admin')
    const [headings, ...rows] = parseCsv((file.body as string).slice(1))
    expect(headings).toEqual(HEADINGS_ES)
    expect(rows.map((r) => [r[3], r[5], r[9], r[13]])).toEqual([
      ['Hecho', 'Hecho', 'Sí', 'No'],
      ['No', 'Fallido', 'No', 'Sí'],
      ['Sí', 'Hecho', 'No', 'No'],
    ])
  })

  test('the range is inclusive and an empty range still has the heading row', async () => {
    const one = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { venueId: o.venueA, from: '2025-03-12', to: '2025-03-12', format: 'csv' }, 'en', 'x')
    expect(parseCsv((one.body as string).slice(1)).map((r) => r[2])).toEqual(['Item', 'The day after'])
    const none = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { venueId: o.venueA, from: '2024-01-01', to: '2024-01-31', format: 'csv' }, 'en', 'x')
    expect(parseCsv((none.body as string).slice(1))).toEqual([HEADINGS_EN])
  })

  test('the generic export reads the other kind (temperature logs) the same way', async () => {
    const file = await exportRecords('temperature', { db: t.db }, scopeOf(o.orgId), { venueId: o.venueA, from: FROM, to: TO, format: 'csv' }, 'en', 'x')
    expect(file.fileName).toBe(`temperatures-venue-a-${FROM}-${TO}.csv`)
    const rows = parseCsv((file.body as string).slice(1))
    expect(rows[0]![1]).toBe('Temperature log')
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([['Fridges', 'Fridge 1 — check 1', '4.0']])
  })

  test('PDF: header (organisation, venue, range, generated by), rows, and the CSV hash in the footer', async () => {
    const input = { venueId: o.venueA, from: FROM, to: TO }
    const csv = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { ...input, format: 'csv' }, 'en', 'Adam Admin')
    const pdf = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { ...input, format: 'pdf' }, 'en', 'Adam Admin')
    expect(pdf.contentType).toBe('application/pdf')
    expect(pdf.fileName).toBe(`checklists-venue-a-${FROM}-${TO}.pdf`)
    expect(Buffer.isBuffer(pdf.body)).toBe(true)
    expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.sha256).toBe(csv.sha256)
    expect(pdf.sha256).toBe(sha256(csv.body as string))

    const pages = await pdfPages(pdf.body)
    expect(pages).toHaveLength(1)
    const text = pages[0]!
    for (const expected of [
      'Checklist records',
      'Test Kitchen',
      'Venue A',
      `${FROM} to ${TO}`,
      'Generated by',
      'Adam Admin',
      'Europe/Madrid',
      'Corrective action',
      'Lights on',
      'Walk-in fridge closed?',
      'Descaled the booster',
      'Ñoquis',
      `SHA-256 of the data: ${csv.sha256}`,
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain('At venue B')
  })

  test('PDF in Spanish, over several pages: the heading row and the footer on every page', async () => {
    const templateId = randomUUID()
    await t.db.insert(records).values(
      Array.from({ length: 90 }, (_, i) =>
        rec({
          orgId: o.orgId,
          venueId: o.venueB,
          date: '2025-04-01',
          templateId,
          templateName: 'Limpieza',
          label: `Tarea ${String(i).padStart(3, '0')} — ${'una descripción bastante larga del trabajo '.repeat(i % 3)}`,
          value: 'true',
        }),
      ),
    )
    const input = { venueId: o.venueB, from: '2025-04-01', to: '2025-04-01' }
    const csv = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { ...input, format: 'csv' }, 'es', 'Olivia Owner')
    const pdf = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { ...input, format: 'pdf' }, 'es', 'Olivia Owner')
    const pages = await pdfPages(pdf.body)
    expect(pages.length).toBeGreaterThan(1)
    expect(pages[0]).toContain('Registros de listas de control')
    expect(pages[0]).toContain('Organización')
    expect(pages[0]).toContain('del 2025-04-01 al 2025-04-01')
    expect(pages[0]).toContain('Olivia Owner')
    pages.forEach((page, i) => {
      expect(page).toContain('Acción correctiva')
      expect(page).toContain(`SHA-256 de los datos: ${csv.sha256}`)
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`)
    })
    const all = pages.join('\n')
    for (let i = 0; i < 90; i++) expect(all).toContain(`Tarea ${String(i).padStart(3, '0')}`)
  })

  test('PDF: no column heading is broken mid-word, in either language, for either kind or both', async () => {
    const kinds = ['checklist', 'temperature', ['checklist', 'temperature']] as const
    for (const locale of ['en', 'es'] as const) {
      for (const kind of kinds) {
        const input = { venueId: o.venueA, from: '2024-01-01', to: '2024-01-01' }
        const file = (format: 'csv' | 'pdf') => exportRecords(kind, { db: t.db }, scopeOf(o.orgId), { ...input, format }, locale, 'x')
        const [headings] = parseCsv(((await file('csv')).body as string).slice(1))
        const words = new Set((await pdfPages((await file('pdf')).body))[0]!.split(/\s+/))
        for (const word of headings!.join(' ').split(/\s+/)) expect(words, `${locale} ${String(kind)}: “${word}”`).toContain(word)
      }
    }
  })

  test('PDF: a value longer than a page is cut short, characters the built-in font lacks become "?"; the CSV keeps both', async () => {
    const long = `Start of a long note. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(150)}END-OF-NOTE`
    await t.db.insert(records).values([
      rec({ orgId: o.orgId, venueId: o.venueB, date: '2025-05-01', label: 'Long one', itemType: 'text', value: long }),
      rec({ orgId: o.orgId, venueId: o.venueB, date: '2025-05-01', label: 'Emoji ✓ 🍳 façade', itemType: 'text', value: 'Ça va — “OK” 🙂' }),
    ])
    const input = { venueId: o.venueB, from: '2025-05-01', to: '2025-05-01' }
    const csv = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { ...input, format: 'csv' }, 'en', 'x')
    expect(csv.body).toContain('END-OF-NOTE')
    expect(csv.body).toContain('Emoji ✓ 🍳 façade')
    const pdf = await exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { ...input, format: 'pdf' }, 'en', 'x')
    // The value wraps inside its narrow column: compare with the line breaks flattened.
    const all = (await pdfPages(pdf.body)).join('\n').replace(/\s+/g, ' ')
    expect(all).toContain('Start of a long note. Lorem ipsum')
    expect(all).not.toContain('END-OF-NOTE')
    expect(all).toContain('Emoji v ? façade')
    expect(all).toContain('Ça va — “OK” ?')
    expect(all).toContain(`SHA-256 of the data: ${csv.sha256}`)
  })

  test("another organisation's venue is not found; a member limited to other venues is refused", async () => {
    await expect(
      exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { venueId: o.outsider.venueId, from: FROM, to: TO, format: 'csv' }, 'en', 'x'),
    ).rejects.toMatchObject({ kind: 'NotFoundError' })
    await expect(
      exportChecklistRecords({ db: t.db }, scopeOf(o.orgId), { venueId: randomUUID(), from: FROM, to: TO, format: 'pdf' }, 'en', 'x'),
    ).rejects.toBeInstanceOf(ApiError)
    await expect(
      exportChecklistRecords({ db: t.db }, scopeOf(o.orgId, 'ADMIN', [o.venueB]), { venueId: o.venueA, from: FROM, to: TO, format: 'csv' }, 'en', 'x'),
    ).rejects.toMatchObject({ kind: 'ForbiddenError' })
  })

  describe('POST /v1/orgs/:orgId/checklist-entries/export', () => {
    test('an admin gets the CSV as an attachment with its hash', async () => {
      const r = await postExport(o.admin, o.orgId, { venueId: o.venueA, from: FROM, to: TO, format: 'csv' })
      expect(r.status, r.text).toBe(200)
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="checklists-venue-a-${FROM}-${TO}.csv"`)
      expect(r.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
      const hash = r.headers.get('x-content-sha256')
      expect(hash).toBe(sha256(r.text))
      const [headings, ...rows] = parseCsv(r.text.slice(1))
      expect(headings).toEqual(HEADINGS_EN)
      expect(rows).toHaveLength(9)
      expect(rows.find((row) => row[2] === 'Rinse temperature (°C)')).toEqual(
        expect.arrayContaining(['74', 'Failed', 'Descaled the booster heater and re-ran: 84 °C', 'Adam Admin']),
      )
      expect(rows.filter((row) => row[13] === 'Yes')).toHaveLength(1)
    })

    test('in the caller’s saved language, whatever the browser sends', async () => {
      const body = { venueId: o.venueA, from: FROM, to: TO, format: 'csv' }
      const english = await postExport(o.admin, o.orgId, body, { 'accept-language': 'es-ES,es;q=0.9' })
      expect(english.status, english.text).toBe(200)
      expect(parseCsv(english.text.slice(1))[0]).not.toEqual(HEADINGS_ES)
      o.admin.client.jar.set('mise_lng', 'en')
      try {
        const spanish = await inSpanish(o.admin.client, () => postExport(o.admin, o.orgId, body, { 'accept-language': 'en' }))
        expect(spanish.status, spanish.text).toBe(200)
        expect(parseCsv(spanish.text.slice(1))[0]).toEqual(HEADINGS_ES)
      } finally {
        o.admin.client.jar.delete('mise_lng')
      }
    })

    test('the PDF carries the same hash as the CSV, in its footer and header', async () => {
      const csv = await postExport(o.owner, o.orgId, { venueId: o.venueA, from: FROM, to: TO, format: 'csv' })
      const r = await postExport(o.owner, o.orgId, { venueId: o.venueA, from: FROM, to: TO, format: 'pdf' })
      expect(r.status, r.text).toBe(200)
      expect(r.headers.get('content-type')).toBe('application/pdf')
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="checklists-venue-a-${FROM}-${TO}.pdf"`)
      expect(r.headers.get('x-content-sha256')).toBe(csv.headers.get('x-content-sha256'))
      const text = (await pdfPages(r.bytes)).join('\n')
      expect(text).toContain(`SHA-256 of the data: ${sha256(csv.text)}`)
      expect(text).toContain('Test Kitchen')
      expect(text).toContain('Venue A')
      expect(text).toContain('Olivia Owner')
    })

    test('BASIC members are refused; another organisation’s venue is not found', async () => {
      const body = { venueId: o.venueA, from: FROM, to: TO, format: 'csv' }
      expectError(await o.basic.client.post(`/v1/orgs/${o.orgId}/checklist-entries/export`, body), 'ForbiddenError')
      expectError(await o.admin.client.post(`/v1/orgs/${o.orgId}/checklist-entries/export`, { ...body, venueId: o.outsider.venueId }), 'NotFoundError')
      expectError(await o.outsider.client.post(`/v1/orgs/${o.orgId}/checklist-entries/export`, body), 'NotFoundError')
    })
  })
})

describe('what an inspector needs (issue #16): checklist order, limits in force, photos, missed checks', () => {
  // A real 1×1 PNG (the PDF draws it as a thumbnail).
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
  const ZONE = 'Europe/Madrid'
  const shift = (day: string, n: number) => formatDate(new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000), 'yyyy-MM-dd')

  test('rows follow the checklist, values carry their limits, a photo is a link (CSV) and a thumbnail (PDF), every due check without a record is "missed"', async () => {
    const org = await createOrgWithActors(t)
    const today = formatDate(new TZDate(Date.now(), ZONE), 'yyyy-MM-dd')
    const [d3, d2, d1] = [shift(today, -3), shift(today, -2), shift(today, -1)]
    const since = new Date(`${d3}T12:00:00Z`)
    // Items in an order that is not A–Z; the optional one is never "missed".
    const [c] = await t.db
      .insert(checklists)
      .values({ orgId: org.orgId, name: 'Opening', position: 0, createdAt: since })
      .returning({ id: checklists.id })
    const items = await t.db
      .insert(checklistItems)
      .values([
        { orgId: org.orgId, checklistId: c!.id, label: 'Zebra crossing clear', type: 'check' as const, position: 0, createdAt: since },
        { orgId: org.orgId, checklistId: c!.id, label: 'Any pests seen?', type: 'yes_no' as const, failsOn: 'yes' as const, position: 1, createdAt: since },
        { orgId: org.orgId, checklistId: c!.id, label: 'Photo of the pass', type: 'photo' as const, position: 2, createdAt: since },
        { orgId: org.orgId, checklistId: c!.id, label: 'Anything else', type: 'text' as const, required: false, position: 3, createdAt: since },
      ])
      .returning({ id: checklistItems.id })
    const [, pests, photo] = items
    const [log] = await t.db
      .insert(temperatureLogs)
      .values({ orgId: org.orgId, name: 'Fridges', checksPerDay: 2, position: 0, createdAt: since })
      .returning({ id: temperatureLogs.id })
    const [fridge] = await t.db
      .insert(temperatureItems)
      .values({ orgId: org.orgId, temperatureId: log!.id, label: 'Walk-in', kind: 'fridge', min: 0, max: 5, createdAt: since })
      .returning({ id: temperatureItems.id })

    // Yesterday: the pests question answered "no" (its safe answer), a photo, one of the two fridge checks.
    const entry = (itemId: string) => `/v1/orgs/${org.orgId}/checklist-entries/${c!.id}/items/${itemId}/complete`
    expect((await org.basic.client.post(entry(pests!.id), { venueId: org.venueA, date: d1, value: 'no' })).json.record).toMatchObject({ status: 'done' })
    const upload = await uploadFile(t, org.basic.client, org.orgId, { bytes: PNG, name: 'pass.png', type: 'image/png' })
    expect(upload.status, upload.text).toBe(201)
    const shot = await org.basic.client.post(entry(photo!.id), { venueId: org.venueA, date: d1, uploadId: upload.json.id })
    expect(shot.status, shot.text).toBe(201)
    const day = await org.basic.client.get(`/v1/orgs/${org.orgId}/venues/${org.venueA}/temperature-entries?date=${d1}`)
    const entryId = day.json.temperatures[0].entryId
    const reading = await org.basic.client.post(`/v1/orgs/${org.orgId}/temperature-entries/${entryId}/items/${fridge!.id}/complete`, { value: '3', slot: 0 })
    expect(reading.status, reading.text).toBe(201)
    // Today: pests seen, with the note a failure asks for.
    const seen = await org.basic.client.post(entry(pests!.id), { venueId: org.venueA, value: 'yes', note: 'Mouse droppings by the back door' })
    expect(seen.json.record).toMatchObject({ status: 'failed' })

    const body = { venueId: org.venueA, from: d3, to: today, format: 'csv', include: ['checklists', 'temperatures'] }
    const csv = await postExport(org.admin, org.orgId, body)
    expect(csv.status, csv.text).toBe(200)
    const [, ...rows] = parseCsv(csv.text.slice(1))
    const brief = rows.map((r) => [r[0], r[2], r[3], r[4], r[5]])
    const missedOn = (d: string) => [
      [d, 'Zebra crossing clear', '', '', 'Missed'],
      [d, 'Any pests seen?', '', '“Yes” fails', 'Missed'],
      [d, 'Photo of the pass', '', '', 'Missed'],
      [d, 'Walk-in — check 1', '', '0.0 to 5.0 °C', 'Missed'],
      [d, 'Walk-in — check 2', '', '0.0 to 5.0 °C', 'Missed'],
    ]
    expect(brief).toEqual([
      ...missedOn(d3),
      ...missedOn(d2),
      [d1, 'Zebra crossing clear', '', '', 'Missed'],
      [d1, 'Any pests seen?', 'No', '“Yes” fails', 'Done'],
      [d1, 'Photo of the pass', expect.stringMatching(new RegExp(`^http://localhost:3999/v1/photos/${org.orgId}/${upload.json.id}\\?expires=\\d+&signature=[\\w-]+$`)), '', 'Done'],
      [d1, 'Walk-in — check 1', '3.0', '0.0 to 5.0 °C', 'Done'],
      [d1, 'Walk-in — check 2', '', '0.0 to 5.0 °C', 'Missed'],
      // Today is not over: nothing is missed yet.
      [today, 'Any pests seen?', 'Yes', '“Yes” fails', 'Failed'],
    ])
    // The note typed with the failure is in its own column.
    expect(rows.at(-1)![6]).toBe('Mouse droppings by the back door')

    // The photo's link opens without a session; changed or expired, it opens nothing.
    const link = new URL(rows.find((r) => r[2] === 'Photo of the pass' && r[5] === 'Done')![3]!)
    const open = (path: string) => t.app.request(path, {}, { clientIp: '127.0.0.1' })
    const photoRes = await open(link.pathname + link.search)
    expect(photoRes.status).toBe(200)
    expect(photoRes.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await photoRes.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true)
    const tampered = new URL(link)
    tampered.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 86_400))
    expect((await open(tampered.pathname + tampered.search)).status).toBe(404)
    expect((await open(link.pathname)).status).toBe(404)
    expect((await open(`/v1/photos/${org.orgId}/${photo!.id}${link.search}`)).status).toBe(404)
    t.clock.advance(31 * 86_400_000)
    try {
      expect((await open(link.pathname + link.search)).status).toBe(404)
    } finally {
      t.clock.reset()
    }

    const pdf = await postExport(org.admin, org.orgId, { ...body, format: 'pdf' })
    expect(pdf.status).toBe(200)
    const raw = pdf.bytes.toString('latin1')
    expect(raw).toMatch(/\/Subtype \/Image/)
    expect(raw).toContain(`/v1/photos/${org.orgId}/${upload.json.id}?expires=`)
    const text = (await pdfPages(pdf.bytes)).join('\n')
    expect(text).toContain('Missed')
    expect(text.replace(/\s+/g, ' ')).toContain('Mouse droppings by the back door')
    expect(text).toMatch(/Limits in\s+force/)
  })
})

describe('demo seed', () => {
  test('three checklists set up 30 days ago with their history at both venues, a resolved failure and a correction', async () => {
    const fresh = await createTestApp()
    try {
      const demo = await seedDemo({ db: fresh.db, logger: pino({ level: 'silent' }) }, () => {})
      expect(demo).not.toBeNull()
      const orgId = demo!.orgId
      const lists = await fresh.db.select().from(checklists).where(eq(checklists.orgId, orgId)).orderBy(checklists.position)
      expect(lists.map((c) => [c.name, c.dueTime])).toEqual([
        ['Opening', '11:00'],
        ['Closing', '23:30'],
        ['Cleaning', expect.any(String)],
      ])
      expect(lists[2]!.days).toEqual([1, 3, 5])
      const items = await fresh.db.select().from(checklistItems).where(eq(checklistItems.checklistId, lists[0]!.id)).orderBy(checklistItems.position)
      expect(items.map((i) => [i.label, i.type, i.required, i.min, i.max])).toEqual([
        ['Lights, extraction and dishwasher on', 'check', true, null, null],
        ['Walk-in fridge closed and clean?', 'yes_no', true, null, null],
        ['Dishwasher rinse temperature (°C)', 'number', true, 82, 90],
        ['Notes for the shift', 'text', false, null, null],
      ])

      const venueRows = await fresh.db.select().from(venues).where(eq(venues.orgId, orgId))
      const harbour = venueRows.find((v) => v.name === 'Harbour Street')!
      const market = venueRows.find((v) => v.name === 'Market Hall')!
      const history = await fresh.db.select().from(records).where(and(eq(records.orgId, orgId), eq(records.kind, 'checklist')))
      const today = formatDate(new TZDate(Date.now(), 'Europe/London'), 'yyyy-MM-dd')
      const days = Array.from({ length: 29 }, (_, i) => {
        const d = new Date(`${today}T00:00:00Z`)
        d.setUTCDate(d.getUTCDate() - 29 + i)
        return d.toISOString().slice(0, 10)
      })
      const week = days.slice(-7)
      for (const venue of [harbour, market]) {
        expect([...new Set(history.filter((r) => r.venueId === venue.id).map((r) => r.date))].sort()).toEqual(days)
      }
      expect(new Set(history.map((r) => r.recordedByName))).toEqual(new Set(['Bea Basic', 'Adam Admin']))
      // Bea may only use Harbour Street.
      expect(history.filter((r) => r.recordedByName === 'Bea Basic').every((r) => r.venueId === harbour.id)).toBe(true)
      const staff = await fresh.db.select().from(memberships).where(eq(memberships.orgId, orgId))
      for (const r of history) expect(staff.find((m) => m.id === r.recordedByMembershipId)?.name).toBe(r.recordedByName)

      // The checklist failure's corrective action (the temperature demo adds its own, see temperatures.test.ts).
      const checklistIds = new Set(history.map((r) => r.id))
      const resolutions = (await fresh.db.select().from(recordResolutions).where(eq(recordResolutions.orgId, orgId))).filter((r) => checklistIds.has(r.recordId))
      expect(resolutions).toHaveLength(1)
      expect(resolutions[0]).toMatchObject({ note: 'Descaled the booster heater and re-ran: 84 °C', resolvedByName: 'Adam Admin' })
      const failed = history.find((r) => r.id === resolutions[0]!.recordId)!
      expect(failed).toMatchObject({ status: 'failed', value: '74', label: 'Dishwasher rinse temperature (°C)', min: 82, max: 90 })

      const corrections = history.filter((r) => r.supersedesId)
      expect(corrections).toHaveLength(1)
      expect(history.find((r) => r.id === corrections[0]!.supersedesId)).toBeDefined()

      // And it exports.
      const [org] = await fresh.db.select().from(organisations).where(eq(organisations.id, orgId))
      const file = await exportChecklistRecords(
        { db: fresh.db },
        scopeOf(orgId, 'OWNER'),
        { venueId: harbour.id, from: week[0]!, to: week[6]!, format: 'csv' },
        'en',
        'Olivia Owner',
      )
      expect(file.body).toContain('Descaled the booster heater and re-ran: 84 °C')
      expect(org!.name).toBe('Demo Kitchens')
      const marketRows = await fresh.db
        .select()
        .from(records)
        .where(and(eq(records.orgId, orgId), eq(records.venueId, market.id)))
      expect(marketRows.length).toBeGreaterThan(50)
    } finally {
      await fresh.close()
    }
  })
})
