import { createHash } from 'node:crypto'
import { TZDate } from '@date-fns/tz'
import { format as formatDate } from 'date-fns'
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { stringify } from 'csv-stringify/sync'
import PDFDocument from 'pdfkit'
import type { Deps } from '../api/context.ts'
import { notFound, validationError } from '../api/errors.ts'
import { requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import { organisations, recordResolutions, records, venues } from '../db/schema.ts'
import { t, type Locale } from '../i18n.ts'
import { fromCelsius } from '../temperatures/units.ts'
import type { RecordKind } from './schema.ts'

/**
 * Exports of append-only records (checklists now, temperature logs next) for one venue and a date
 * range, as CSV (UTF-8 with a BOM, for Excel) or as a PDF an inspector can read. Both carry the
 * SHA-256 of the CSV body: the hash identifies the data whatever the format.
 */

export type ExportFormat = 'csv' | 'pdf'

export interface ExportInput {
  venueId: string
  /** yyyy-MM-dd, inclusive. */
  from: string
  /** yyyy-MM-dd, inclusive. */
  to: string
  format: ExportFormat
}

export interface ExportFile {
  body: Buffer | string
  contentType: string
  fileName: string
  /** Hex SHA-256 of the CSV body (as UTF-8 bytes, BOM included) — for both formats. */
  sha256: string
}

/** One exported row, before translation. */
export interface ExportRecordRow {
  id: string
  kind: RecordKind
  date: string
  templateName: string
  label: string
  itemType: string
  value: string | null
  status: 'done' | 'failed'
  late: boolean
  slot: number
  min: number | null
  max: number | null
  recordedByName: string
  /** The shared device it was recorded on, if any (the name is then the PIN holder's). */
  recordedByDeviceName: string | null
  recordedAt: Date
  superseded: boolean
  /** A temperature re-check: the record it supersedes was out of range (ADR 022). */
  recheck: boolean
  resolution: { note: string; resolvedByName: string; resolvedByDeviceName: string | null; resolvedAt: Date } | null
}

export interface ExportOptions {
  /** How a value reads in the export (default: yes/no translated, check → "Done", photo → "Photo", temperatures in `unit`, else as is). */
  formatValue?: (row: ExportRecordRow, locale: Locale) => string
  /** The organisation's temperature unit: temperatures (stored in °C) are shown in it, named in the value heading. */
  unit?: 'C' | 'F'
}

type ExportDeps = Pick<Deps, 'db'>

const FILE_PREFIX: Record<RecordKind | 'both', string> = { checklist: 'checklists', temperature: 'temperatures', both: 'records' }
const DATE = /^\d{4}-\d{2}-\d{2}$/

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'
export const PDF_CONTENT_TYPE = 'application/pdf'

/** Checklist records of a venue between two dates (inclusive), as CSV or PDF, in `locale`. */
export function exportChecklistRecords(
  deps: ExportDeps,
  scope: OrgScope,
  input: ExportInput,
  locale: Locale,
  actorName: string,
): Promise<ExportFile> {
  return exportRecords('checklist', deps, scope, input, locale, actorName)
}

/**
 * The generic export under exportChecklistRecords: one kind of records, or several in one file
 * (checklists and temperatures: rows by date, then kind, template, item, check).
 */
export async function exportRecords(
  kinds: RecordKind | readonly RecordKind[],
  deps: ExportDeps,
  scope: OrgScope,
  input: ExportInput,
  locale: Locale,
  actorName: string,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const { venueId, from, to } = input
  if (!DATE.test(from)) throw validationError({ from: t(locale, 'validation.invalid') })
  if (!DATE.test(to) || to < from) throw validationError({ to: t(locale, 'validation.invalid') })

  const { db } = deps
  const [place] = await db
    .select({ venueName: venues.name, timeZone: venues.timeZone, orgName: organisations.name })
    .from(venues)
    .innerJoin(organisations, eq(organisations.id, venues.orgId))
    .where(and(eq(venues.orgId, scope.orgId), eq(venues.id, venueId)))
  if (!place) throw notFound()
  requireVenueAccess(scope, venueId)

  const list = typeof kinds === 'string' ? [kinds] : [...kinds]
  const kind: RecordKind | 'both' = list.length === 1 ? list[0]! : 'both'
  const rows = await loadRows(deps, scope.orgId, list, venueId, from, to)
  const unit = options.unit ?? 'C'
  const formatValue = options.formatValue ?? ((row: ExportRecordRow, l: Locale) => defaultFormatValue(row, l, unit))
  const headings = columnHeadings(kind, locale, list.includes('temperature') ? unit : null)
  const cells = rows.map((row) => rowCells(row, place.timeZone, locale, formatValue))

  const csv = '\uFEFF' + stringify([headings, ...cells.map((r) => r.map(csvSafe))], { record_delimiter: 'windows' })
  const sha256 = createHash('sha256').update(csv, 'utf8').digest('hex')
  const baseName = `${FILE_PREFIX[kind]}-${fileSlug(place.venueName, venueId)}-${from}-${to}`

  if (input.format === 'csv') {
    return { body: csv, contentType: CSV_CONTENT_TYPE, fileName: `${baseName}.csv`, sha256 }
  }
  const body = await renderPdf({
    title: t(locale, `export.title.${kind}`),
    orgName: place.orgName,
    venueName: place.venueName,
    timeZone: place.timeZone,
    from,
    to,
    actorName,
    generatedAt: localTime(new Date(), place.timeZone),
    headings,
    rows: cells,
    marks: rows.map((r) => ({ superseded: r.superseded, failed: r.status === 'failed' })),
    sha256,
    locale,
  })
  return { body, contentType: PDF_CONTENT_TYPE, fileName: `${baseName}.pdf`, sha256 }
}

/**
 * All records of the kind for the venue and dates, each with its resolution (the latest, should there
 * ever be several) and whether a later record superseded it: one query.
 */
async function loadRows(deps: ExportDeps, orgId: string, kinds: RecordKind[], venueId: string, from: string, to: string): Promise<ExportRecordRow[]> {
  const later = alias(records, 'later')
  const result = await deps.db
    .select({
      id: records.id,
      kind: records.kind,
      date: records.date,
      templateName: records.templateName,
      label: records.label,
      itemType: records.itemType,
      value: records.value,
      status: records.status,
      late: records.late,
      slot: records.slot,
      min: records.min,
      max: records.max,
      recordedByName: records.recordedByName,
      recordedByDeviceName: records.recordedByDeviceName,
      recordedAt: records.recordedAt,
      superseded: sql<boolean>`exists (select 1 from ${records} as ${sql.identifier('later')} where ${later.orgId} = ${records.orgId} and ${later.supersedesId} = ${records.id})`,
      recheck: sql<boolean>`exists (select 1 from ${records} as ${sql.identifier('earlier')} where ${sql.identifier('earlier')}.org_id = ${records.orgId} and ${sql.identifier('earlier')}.id = ${records.supersedesId} and ${sql.identifier('earlier')}.status = 'failed')`,
      resolutionNote: recordResolutions.note,
      resolvedByName: recordResolutions.resolvedByName,
      resolvedByDeviceName: recordResolutions.resolvedByDeviceName,
      resolvedAt: recordResolutions.resolvedAt,
    })
    .from(records)
    .leftJoin(recordResolutions, and(eq(recordResolutions.orgId, records.orgId), eq(recordResolutions.recordId, records.id)))
    .where(and(eq(records.orgId, orgId), eq(records.venueId, venueId), inArray(records.kind, kinds), gte(records.date, from), lte(records.date, to)))
    .orderBy(
      asc(records.date),
      asc(records.kind),
      sql`lower(${records.templateName})`,
      asc(records.templateName),
      sql`lower(${records.label})`,
      asc(records.label),
      asc(records.slot),
      asc(records.recordedAt),
      asc(records.id),
      asc(recordResolutions.resolvedAt),
    )

  const byId = new Map<string, ExportRecordRow>()
  for (const r of result) {
    const resolution =
      r.resolutionNote !== null && r.resolvedByName !== null && r.resolvedAt !== null
        ? { note: r.resolutionNote, resolvedByName: r.resolvedByName, resolvedByDeviceName: r.resolvedByDeviceName, resolvedAt: new Date(r.resolvedAt) }
        : null
    const existing = byId.get(r.id)
    // Ordered by resolvedAt: a later resolution row of the same record wins.
    if (existing) {
      if (resolution) existing.resolution = resolution
      continue
    }
    byId.set(r.id, {
      id: r.id,
      kind: r.kind,
      date: r.date,
      templateName: r.templateName,
      label: r.label,
      itemType: r.itemType,
      value: r.value,
      status: r.status,
      late: r.late,
      slot: r.slot,
      min: r.min === null ? null : Number(r.min),
      max: r.max === null ? null : Number(r.max),
      recordedByName: r.recordedByName,
      recordedByDeviceName: r.recordedByDeviceName,
      recordedAt: new Date(r.recordedAt),
      superseded: r.superseded === true,
      recheck: r.kind === 'temperature' && r.recheck === true,
      resolution,
    })
  }
  return [...byId.values()]
}

function columnHeadings(kind: RecordKind | 'both', locale: Locale, unit: 'C' | 'F' | null): string[] {
  return [
    t(locale, 'export.columns.date'),
    t(locale, `export.columns.template.${kind}`),
    t(locale, 'export.columns.item'),
    unit ? t(locale, kind === 'both' ? 'export.columns.valueTemperatures' : 'export.columns.valueUnit', { unit: `°${unit}` }) : t(locale, 'export.columns.value'),
    t(locale, 'export.columns.status'),
    t(locale, 'export.columns.recordedBy'),
    t(locale, 'export.columns.recordedAt'),
    t(locale, 'export.columns.late'),
    t(locale, 'export.columns.correctiveAction'),
    t(locale, 'export.columns.resolvedBy'),
    t(locale, 'export.columns.resolvedAt'),
    t(locale, 'export.columns.superseded'),
  ]
}

function rowCells(row: ExportRecordRow, timeZone: string, locale: Locale, formatValue: NonNullable<ExportOptions['formatValue']>): string[] {
  const yesNo = (b: boolean) => t(locale, b ? 'export.yes' : 'export.no')
  return [
    row.date,
    row.templateName,
    row.kind === 'temperature' ? t(locale, 'export.checkOf', { label: row.label, number: row.slot + 1 }) : row.label,
    formatValue(row, locale),
    t(locale, `export.status.${row.status}`),
    who(row.recordedByName, row.recordedByDeviceName, locale),
    localTime(row.recordedAt, timeZone),
    yesNo(row.late),
    row.resolution?.note ?? '',
    row.resolution ? who(row.resolution.resolvedByName, row.resolution.resolvedByDeviceName, locale) : '',
    row.resolution ? localTime(row.resolution.resolvedAt, timeZone) : '',
    yesNo(row.superseded),
  ]
}

/** Who recorded: the member, "Pablo Pin on Kitchen tablet" on a shared device, or the device alone without a PIN. */
function who(name: string, deviceName: string | null, locale: Locale): string {
  if (deviceName === null) return name
  return name ? t(locale, 'export.onDevice', { name, device: deviceName }) : deviceName
}

function defaultFormatValue(row: ExportRecordRow, locale: Locale, unit: 'C' | 'F'): string {
  const value = row.value ?? ''
  if (row.kind === 'temperature') {
    const celsius = Number(value)
    if (value === '' || !Number.isFinite(celsius)) return value
    const shown = fromCelsius(celsius, unit).toFixed(1)
    return row.recheck ? t(locale, 'export.value.recheck', { value: shown }) : shown
  }
  switch (row.itemType) {
    case 'yes_no':
      return value === 'yes' ? t(locale, 'export.yes') : value === 'no' ? t(locale, 'export.no') : value
    case 'check':
      return value === '' || value === 'true' ? t(locale, 'export.value.check') : value
    case 'photo':
      return t(locale, 'export.value.photo')
    default:
      return value
  }
}

/** yyyy-MM-dd HH:mm in the venue's time zone. */
function localTime(at: Date, timeZone: string): string {
  return formatDate(new TZDate(at.getTime(), timeZone), 'yyyy-MM-dd HH:mm')
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/

/** Keep spreadsheets from running typed text as a formula (numbers such as -18 stay as they are). */
function csvSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell
}

function fileSlug(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || fallback
}

// ---------------------------------------------------------------- PDF

interface PdfInput {
  title: string
  orgName: string
  venueName: string
  timeZone: string
  from: string
  to: string
  actorName: string
  generatedAt: string
  headings: string[]
  rows: string[][]
  /** Per row: drawn greyed when superseded, the status emphasised when failed. */
  marks: Array<{ superseded: boolean; failed: boolean }>
  sha256: string
  locale: Locale
}

const MARGIN = 36
const FOOTER_SPACE = 28
const FONT = 'Helvetica'
const FONT_BOLD = 'Helvetica-Bold'
const CELL_FONT_SIZE = 7.5
const PAD = 3
/** Relative column widths (date, template, item, value, status, by, at, late, action, resolved by, resolved at, superseded). */
const STATUS_COLUMN = 4
const COLUMN_WEIGHTS = [48, 66, 116, 58, 38, 62, 70, 32, 110, 62, 70, 54]

// Characters Helvetica (WinAnsi) can draw beyond Latin-1.
const WIN_ANSI_EXTRA = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜')

/** The built-in fonts only encode WinAnsi: anything else would print as garbage, so show '?' instead. */
function pdfText(text: string): string {
  let out = ''
  for (const ch of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0)!
    const ok = ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)
    out += ok ? ch : ch === '✓' || ch === '✔' ? 'v' : '?'
  }
  return out
}

function renderPdf(input: PdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    bufferPages: true,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    info: { Title: pdfText(`${input.title} — ${input.venueName} — ${input.from} – ${input.to}`), Author: pdfText(input.orgName), Creator: 'Mise' },
    lang: input.locale,
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const { locale } = input
  const left = MARGIN
  const tableWidth = doc.page.width - 2 * MARGIN
  const weightSum = COLUMN_WEIGHTS.reduce((a, b) => a + b, 0)
  const widths = COLUMN_WEIGHTS.map((w) => (w / weightSum) * tableWidth)
  const bottom = () => doc.page.height - doc.page.margins.bottom

  // Header.
  doc.font(FONT_BOLD).fontSize(15).fillColor('black').text(pdfText(input.title), left, MARGIN, { width: tableWidth })
  doc.moveDown(0.4)
  const labelled = (label: string, value: string) => {
    doc.font(FONT_BOLD).fontSize(9).text(pdfText(`${label}: `), { continued: true })
    doc.font(FONT).text(pdfText(value))
  }
  labelled(t(locale, 'export.pdf.organisation'), input.orgName)
  labelled(t(locale, 'export.pdf.venue'), input.venueName)
  labelled(t(locale, 'export.pdf.range'), t(locale, 'export.pdf.rangeValue', { from: input.from, to: input.to }))
  labelled(t(locale, 'export.pdf.generatedAt'), input.generatedAt)
  labelled(t(locale, 'export.pdf.generatedBy'), input.actorName)
  doc.font(FONT).fontSize(8).fillColor('#444444').text(pdfText(t(locale, 'export.pdf.timeZone', { timeZone: input.timeZone })))
  doc.fillColor('black').moveDown(0.6)

  const cellHeight = (text: string, width: number) => doc.heightOfString(text || ' ', { width: width - 2 * PAD })

  const drawRow = (
    cells: string[],
    y: number,
    height: number,
    opts: { bold?: boolean; fill?: string; color?: string; emphasise?: number },
  ) => {
    if (opts.fill) doc.rect(left, y, tableWidth, height).fill(opts.fill)
    let x = left
    cells.forEach((cell, i) => {
      const w = widths[i]!
      const emphasised = opts.emphasise === i
      doc
        .font(opts.bold || emphasised ? FONT_BOLD : FONT)
        .fontSize(CELL_FONT_SIZE)
        .fillColor(emphasised ? '#a40000' : (opts.color ?? 'black'))
      doc.text(cell, x + PAD, y + PAD, { width: w - 2 * PAD, height: height - 2 * PAD, ellipsis: true, lineGap: 0 })
      x += w
    })
    doc.moveTo(left, y + height).lineTo(left + tableWidth, y + height).lineWidth(0.4).strokeColor('#999999').stroke()
    doc.fillColor('black')
  }

  const headingCells = input.headings.map(pdfText)
  const headingHeight = () => {
    doc.font(FONT_BOLD).fontSize(CELL_FONT_SIZE)
    return Math.max(...headingCells.map((h, i) => cellHeight(h, widths[i]!))) + 2 * PAD
  }
  const drawHeading = (y: number): number => {
    const h = headingHeight()
    drawRow(headingCells, y, h, { bold: true, fill: '#e8e8e8' })
    return y + h
  }

  let y = doc.y
  if (!input.rows.length) {
    y = drawHeading(y)
    doc.font(FONT).fontSize(9).text(pdfText(t(locale, 'export.pdf.empty')), left, y + 8, { width: tableWidth })
  } else {
    y = drawHeading(y)
    input.rows.forEach((row, index) => {
      const cells = row.map(pdfText)
      const maxHeight = bottom() - MARGIN - headingHeight()
      doc.font(FONT).fontSize(CELL_FONT_SIZE)
      const height = Math.min(Math.max(...cells.map((c, i) => cellHeight(c, widths[i]!))) + 2 * PAD, maxHeight)
      if (y + height > bottom()) {
        doc.addPage()
        y = drawHeading(MARGIN)
      }
      const mark = input.marks[index]
      drawRow(cells, y, height, {
        fill: mark?.superseded ? '#f3f3f3' : undefined,
        color: mark?.superseded ? '#666666' : undefined,
        emphasise: mark?.failed ? STATUS_COLUMN : undefined,
      })
      y += height
    })
  }

  // Footer on every page: the data's hash and page x of y.
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const savedBottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const footerY = doc.page.height - MARGIN - 10
    doc.moveTo(left, footerY - 6).lineTo(left + tableWidth, footerY - 6).lineWidth(0.4).strokeColor('#999999').stroke()
    doc.font(FONT).fontSize(7.5).fillColor('#333333')
    doc.text(pdfText(t(locale, 'export.pdf.hash', { hash: input.sha256 })), left, footerY, { width: tableWidth * 0.75, lineBreak: false })
    doc.text(pdfText(t(locale, 'export.pdf.page', { page: i - range.start + 1, pages: range.count })), left, footerY, {
      width: tableWidth,
      align: 'right',
      lineBreak: false,
    })
    doc.page.margins.bottom = savedBottom
  }
  doc.flushPages()
  doc.end()
  return done
}
