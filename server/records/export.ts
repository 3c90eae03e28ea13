import { createHash } from 'node:crypto'
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { stringify } from 'csv-stringify/sync'
import PDFDocument from 'pdfkit'
import type { Deps } from '../api/context.ts'
import { notFound, validationError } from '../api/errors.ts'
import { requireVenueAccess, type OrgScope } from '../api/middleware/org-scope.ts'
import { organisations, recordResolutions, records, uploads, venues } from '../db/schema.ts'
import { formatInstant, isDay, shownDeviceTime } from '../dates.ts'
import { t, type Locale } from '../i18n.ts'
import { dueCells, loadPlan, type PlannedTemplate } from '../templates/plan.ts'
import { boundShown, readingIn } from '../temperatures/units.ts'
import { signedPhotoUrl } from './photo-links.ts'
import { signOffsBetween } from '../checklists/sign-off.ts'
import type { RecordKind } from './schema.ts'
import { daysBetween, todayIn } from './service.ts'

/**
 * Exports of append-only records (checklists and temperature logs) for one venue and a date range, as
 * CSV (UTF-8 with a BOM, for Excel) or as a PDF an inspector can read. Both carry the SHA-256 of the CSV
 * body: the hash identifies the data whatever the format. Rows follow the checklist's order (templates
 * and items by position), each value with the limits in force when it was recorded, photos as a link
 * (CSV) or a thumbnail (PDF), and a "missed" row for every required check that was due on a past day
 * and has no record (templates/plan.ts), so gaps show (ADR 040).
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
  /** Empty for a missed check. */
  id: string
  kind: RecordKind
  templateId: string
  itemId: string
  date: string
  templateName: string
  label: string
  itemType: string
  value: string | null
  /** "missed": due, and nothing was recorded; "signedOff": a manager's sign-off of the checklist's day (ADR 045). */
  status: 'done' | 'failed' | 'missed' | 'signedOff'
  late: boolean
  slot: number
  min: number | null
  max: number | null
  /** A yes/no item's failing answer when recorded (null: other types; old yes/no records failed on "no"). */
  failsOn: string | null
  /** A measure item's unit when recorded (null: other types). */
  unit: string | null
  /** A choice item's answers when recorded, the failing ones marked (null: other types). */
  options: { label: string; fails: boolean }[] | null
  uploadId: string | null
  uploadContentType: string | null
  /** The note typed with the record (required on some failures); null when none. */
  note?: string | null
  /** A temperature as typed, and the unit typed in (ADR 085). */
  enteredValue?: string | null
  enteredUnit?: string | null
  recordedByName: string
  /** The shared device it was recorded on, if any (the name is then the PIN holder's). */
  recordedByDeviceName: string | null
  /** When the server received it; null for a missed check. */
  recordedAt: Date | null
  /** When the device made it, if it said so (made offline, synced later; ADR 052). */
  deviceRecordedAt?: Date | null
  superseded: boolean
  /** A temperature re-check: the record it supersedes was out of range (ADR 022). */
  recheck: boolean
  resolution: { note: string; resolvedByName: string; resolvedByDeviceName: string | null; resolvedAt: Date; deviceResolvedAt?: Date | null } | null
}

export interface ExportOptions {
  /** How a value reads in the export (default: yes/no translated, check → "Done", photo → "Photo", temperatures in `unit`, else as is). */
  formatValue?: (row: ExportRecordRow, locale: Locale) => string
  /** The organisation's temperature unit: temperatures (stored in °C) are shown in it, named in the value heading. */
  unit?: 'C' | 'F'
  /** The app's address, for absolute photo links in the CSV (default: links relative to it). */
  appUrl?: string
  /** The time by the app's clock: days before today at the venue can have missed checks. */
  now?: Date
}

type ExportDeps = Pick<Deps, 'db'>

const FILE_PREFIX: Record<RecordKind | 'both', string> = { checklist: 'checklists', temperature: 'temperatures', both: 'records' }

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
  if (!isDay(from)) throw validationError({ from: t(locale, 'records.invalidDate') })
  if (!isDay(to) || to < from) throw validationError({ to: t(locale, 'validation.invalid') })

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
  const [recorded, plans, signed] = await Promise.all([
    loadRows(deps, scope.orgId, list, venueId, from, to),
    loadPlan(deps.db, scope.orgId, list),
    list.includes('checklist') ? signOffsBetween(deps.db, scope.orgId, venueId, from, to) : [],
  ])
  const today = todayIn(place.timeZone, options.now)
  const names = new Map(plans.map((p) => [p.id, p.name]))
  const signOffs = signed.map((s) => signOffRow(s, names.get(s.checklistId) ?? '', locale))
  const rows = inChecklistOrder([...recorded, ...missedRows(plans, recorded, venueId, from, to < today ? to : shift(today, -1), place.timeZone), ...signOffs], plans)
  const unit = options.unit ?? 'C'
  const formatValue = options.formatValue ?? ((row: ExportRecordRow, l: Locale) => defaultFormatValue(row, l, unit))
  const headings = columnHeadings(kind, locale, list.includes('temperature') ? unit : null)
  // Photos as signed, expiring links an inspector opens without signing in (ADR 085).
  const links = new Map<string, string>()
  for (const id of new Set(rows.flatMap((r) => (r.uploadId ? [r.uploadId] : [])))) links.set(id, await signedPhotoUrl(db, scope.orgId, id, options.now ?? new Date()))
  const photoLink = (row: ExportRecordRow) => (row.uploadId ? `${options.appUrl ?? ''}${links.get(row.uploadId)}` : null)
  // Rows of templates checked several times a day (and any record of a later check) name their check.
  const severalChecks = new Set(plans.filter((p) => p.checksPerDay > 1).map((p) => p.id))
  const namesCheck = (row: ExportRecordRow) => row.status !== 'signedOff' && (row.kind === 'temperature' || row.slot > 0 || severalChecks.has(row.templateId))
  const cells = rows.map((row) => rowCells(row, place.timeZone, locale, formatValue, unit, photoLink(row), namesCheck(row)))

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
    marks: rows.map((r) => ({ superseded: r.superseded, failed: r.status === 'failed' || r.status === 'missed' })),
    photos: await thumbnails(deps, scope.orgId, rows, locale, photoLink),
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
      templateId: records.templateId,
      itemId: records.itemId,
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
      failsOn: records.failsOn,
      unit: records.unit,
      options: records.options,
      uploadId: records.uploadId,
      uploadContentType: uploads.contentType,
      note: records.note,
      enteredValue: records.enteredValue,
      enteredUnit: records.enteredUnit,
      recordedByName: records.recordedByName,
      recordedByDeviceName: records.recordedByDeviceName,
      recordedAt: records.recordedAt,
      deviceRecordedAt: records.deviceRecordedAt,
      superseded: sql<boolean>`exists (select 1 from ${records} as ${sql.identifier('later')} where ${later.orgId} = ${records.orgId} and ${later.supersedesId} = ${records.id})`,
      recheck: sql<boolean>`exists (select 1 from ${records} as ${sql.identifier('earlier')} where ${sql.identifier('earlier')}.org_id = ${records.orgId} and ${sql.identifier('earlier')}.id = ${records.supersedesId} and ${sql.identifier('earlier')}.status = 'failed')`,
      resolutionNote: recordResolutions.note,
      resolvedByName: recordResolutions.resolvedByName,
      resolvedByDeviceName: recordResolutions.resolvedByDeviceName,
      resolvedAt: recordResolutions.resolvedAt,
      deviceResolvedAt: recordResolutions.deviceResolvedAt,
    })
    .from(records)
    .leftJoin(recordResolutions, and(eq(recordResolutions.orgId, records.orgId), eq(recordResolutions.recordId, records.id)))
    .leftJoin(uploads, and(eq(uploads.orgId, records.orgId), eq(uploads.id, records.uploadId)))
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
        ? {
            note: r.resolutionNote,
            resolvedByName: r.resolvedByName,
            resolvedByDeviceName: r.resolvedByDeviceName,
            resolvedAt: new Date(r.resolvedAt),
            deviceResolvedAt: r.deviceResolvedAt ? new Date(r.deviceResolvedAt) : null,
          }
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
      templateId: r.templateId,
      itemId: r.itemId,
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
      failsOn: r.failsOn ?? (r.itemType === 'yes_no' ? 'no' : null),
      unit: r.unit,
      options: r.options,
      uploadId: r.uploadId,
      uploadContentType: r.uploadContentType,
      note: r.note,
      enteredValue: r.enteredValue,
      enteredUnit: r.enteredUnit,
      recordedByName: r.recordedByName,
      recordedByDeviceName: r.recordedByDeviceName,
      recordedAt: new Date(r.recordedAt),
      deviceRecordedAt: r.deviceRecordedAt ? new Date(r.deviceRecordedAt) : null,
      superseded: r.superseded === true,
      recheck: r.kind === 'temperature' && r.recheck === true,
      resolution,
    })
  }
  return [...byId.values()]
}

/** A manager's sign-off as a row after the checklist's items: who signed and when. */
function signOffRow(s: { id: string; checklistId: string; date: string; signedByName: string; signedAt: Date }, templateName: string, locale: Locale): ExportRecordRow {
  return {
    id: s.id,
    kind: 'checklist',
    templateId: s.checklistId,
    itemId: '',
    date: s.date,
    templateName,
    label: t(locale, 'export.signOff'),
    itemType: 'sign_off',
    value: null,
    status: 'signedOff',
    late: false,
    slot: Number.MAX_SAFE_INTEGER,
    min: null,
    max: null,
    failsOn: null,
    unit: null,
    options: null,
    uploadId: null,
    uploadContentType: null,
    recordedByName: s.signedByName,
    recordedByDeviceName: null,
    recordedAt: new Date(s.signedAt),
    superseded: false,
    recheck: false,
    resolution: null,
  }
}

/** The yyyy-MM-dd day `days` away. */
function shift(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10)
}

/**
 * A "missed" row for every required cell due at the venue from `from` to `last` (days before today)
 * with no record at all, showing the item and limits the template has now.
 */
function missedRows(plans: PlannedTemplate[], recorded: ExportRecordRow[], venueId: string, from: string, last: string, timeZone: string): ExportRecordRow[] {
  if (last < from || !plans.length) return []
  const seen = new Set(recorded.map((r) => `${r.kind}|${r.templateId}|${r.itemId}|${r.date}|${r.slot}`))
  const rows: ExportRecordRow[] = []
  for (let i = 0, n = daysBetween(from, last); i <= n; i++) {
    const day = shift(from, i)
    for (const { template, item, slot } of dueCells(plans, venueId, day, timeZone)) {
      if (seen.has(`${template.kind}|${template.id}|${item.id}|${day}|${slot}`)) continue
      rows.push({
        id: '',
        kind: template.kind,
        templateId: template.id,
        itemId: item.id,
        date: day,
        templateName: template.name,
        label: item.label,
        itemType: item.itemType,
        value: null,
        status: 'missed',
        late: false,
        slot,
        min: item.min,
        max: item.max,
        failsOn: item.itemType === 'yes_no' ? item.failsOn : null,
        unit: item.itemType === 'measure' ? item.unit : null,
        options: item.itemType === 'choice' ? item.options : null,
        uploadId: null,
        uploadContentType: null,
        recordedByName: '',
        recordedByDeviceName: null,
        recordedAt: null,
        superseded: false,
        recheck: false,
        resolution: null,
      })
    }
  }
  return rows
}

/**
 * Rows by day, then kind, then the checklist's own order: templates and items by position (records of
 * templates or items deleted since go after, by name), then check, then time recorded (a missed check
 * has none and goes last).
 */
function inChecklistOrder(rows: ExportRecordRow[], plans: PlannedTemplate[]): ExportRecordRow[] {
  const templateOrder = new Map<string, number>()
  const itemOrder = new Map<string, number>()
  plans.forEach((template, t) => {
    templateOrder.set(template.id, t)
    template.items.forEach((item, i) => itemOrder.set(item.id, i))
  })
  const last = Number.MAX_SAFE_INTEGER
  const text = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en') || (a < b ? -1 : a > b ? 1 : 0)
  return rows.sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
      (templateOrder.get(a.templateId) ?? last) - (templateOrder.get(b.templateId) ?? last) ||
      text(a.templateName, b.templateName) ||
      (itemOrder.get(a.itemId) ?? last) - (itemOrder.get(b.itemId) ?? last) ||
      text(a.label, b.label) ||
      a.slot - b.slot ||
      (a.recordedAt?.getTime() ?? Infinity) - (b.recordedAt?.getTime() ?? Infinity) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/**
 * The limits in force for the value: a number's or temperature's range (temperatures in `unit`, a
 * measure in its own), a yes/no's failing answer, a choice's failing answers.
 */
function limitsText(row: ExportRecordRow, locale: Locale, unit: 'C' | 'F'): string {
  if (row.itemType === 'yes_no') return row.failsOn ? t(locale, `export.limits.failsOn.${row.failsOn}`) : ''
  if (row.itemType === 'choice') {
    const failing = (row.options ?? []).filter((o) => o.fails).map((o) => o.label)
    return failing.length ? t(locale, 'export.limits.failingAnswers', { answers: failing.join(', ') }) : t(locale, 'export.limits.failsOn.none')
  }
  const shown = (v: number, side: 'min' | 'max') => (row.kind === 'temperature' ? (unit === 'C' ? boundShown(v, unit, side)!.toFixed(1) : String(boundShown(v, unit, side))) : String(v))
  const suffix = row.kind === 'temperature' ? ` °${unit}` : row.unit ? ` ${row.unit}` : ''
  if (row.min !== null && row.max !== null) return t(locale, 'export.limits.between', { min: shown(row.min, 'min'), max: shown(row.max, 'max') }) + suffix
  if (row.min !== null) return t(locale, 'export.limits.atLeast', { min: shown(row.min, 'min') }) + suffix
  if (row.max !== null) return t(locale, 'export.limits.atMost', { max: shown(row.max, 'max') }) + suffix
  return ''
}

function columnHeadings(kind: RecordKind | 'both', locale: Locale, unit: 'C' | 'F' | null): string[] {
  return [
    t(locale, 'export.columns.date'),
    t(locale, `export.columns.template.${kind}`),
    t(locale, 'export.columns.item'),
    unit ? t(locale, kind === 'both' ? 'export.columns.valueTemperatures' : 'export.columns.valueUnit', { unit: `°${unit}` }) : t(locale, 'export.columns.value'),
    t(locale, 'export.columns.limits'),
    t(locale, 'export.columns.status'),
    t(locale, 'export.columns.note'),
    t(locale, 'export.columns.recordedBy'),
    t(locale, 'export.columns.recordedAt'),
    t(locale, 'export.columns.late'),
    t(locale, 'export.columns.correctiveAction'),
    t(locale, 'export.columns.resolvedBy'),
    t(locale, 'export.columns.resolvedAt'),
    t(locale, 'export.columns.superseded'),
  ]
}

function rowCells(
  row: ExportRecordRow,
  timeZone: string,
  locale: Locale,
  formatValue: NonNullable<ExportOptions['formatValue']>,
  unit: 'C' | 'F',
  photoLink: string | null,
  namesCheck: boolean,
): string[] {
  const yesNo = (b: boolean) => t(locale, b ? 'export.yes' : 'export.no')
  const missed = row.status === 'missed'
  return [
    row.date,
    row.templateName,
    namesCheck ? t(locale, 'export.checkOf', { label: row.label, number: row.slot + 1 }) : row.label,
    // A photo is a link to it (the PDF shows a thumbnail instead).
    missed ? '' : photoLink ?? formatValue(row, locale),
    limitsText(row, locale, unit),
    t(locale, `export.status.${row.status}`),
    row.note ?? '',
    missed ? '' : who(row.recordedByName, row.recordedByDeviceName, locale),
    row.recordedAt ? when(row.recordedAt, row.deviceRecordedAt, timeZone, locale) : '',
    missed ? '' : yesNo(row.late),
    row.resolution?.note ?? '',
    row.resolution ? who(row.resolution.resolvedByName, row.resolution.resolvedByDeviceName, locale) : '',
    row.resolution ? when(row.resolution.resolvedAt, row.resolution.deviceResolvedAt, timeZone, locale) : '',
    missed ? '' : yesNo(row.superseded),
  ]
}

/** Device and server times further apart than this are both shown (one rule with the record cards). */
export { DEVICE_TIME_SHOWN_AFTER_MS } from '../dates.ts'

/**
 * When it was recorded: the server's time, or "recorded 08:02 on the device, received 08:47" when the
 * device said it made the record more than a few minutes before it reached the server (made offline).
 */
function when(received: Date, device: Date | null | undefined, timeZone: string, locale: Locale): string {
  const shown = shownDeviceTime(received, device)
  if (!shown) return localTime(received, timeZone)
  return t(locale, 'export.deviceTime', { device: localTime(shown, timeZone), received: localTime(received, timeZone) })
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
    const shown = readingIn(celsius, unit, row).toFixed(1)
    return row.recheck ? t(locale, 'export.value.recheck', { value: shown }) : shown
  }
  switch (row.itemType) {
    case 'yes_no':
      return value === 'yes' ? t(locale, 'export.yes') : value === 'no' ? t(locale, 'export.no') : value
    case 'check':
      return value === '' || value === 'true' ? t(locale, 'export.value.check') : value
    case 'photo':
      return t(locale, 'export.value.photo')
    case 'measure':
      return value && row.unit ? `${value} ${row.unit}` : value
    default:
      return value
  }
}

/** yyyy-MM-dd HH:mm in the venue's time zone: the shared helper's fixed form for exports (ADR 039). */
function localTime(at: Date, timeZone: string): string {
  return formatInstant(at, { language: undefined, timeZone, style: 'stamp' })
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
  /** Per row: a photo's link, its label, and its bytes when it can be drawn as a thumbnail. */
  photos: Array<PdfPhoto | null>
  sha256: string
  locale: Locale
}

const MARGIN = 36
const FOOTER_SPACE = 28
const FONT = 'Helvetica'
const FONT_BOLD = 'Helvetica-Bold'
const CELL_FONT_SIZE = 7.5
const PAD = 3
/** Relative column widths (date, template, item, value, limits, status, note, by, at, late, action, resolved by, resolved at, superseded). */
const VALUE_COLUMN = 3
const STATUS_COLUMN = 5
const COLUMN_WEIGHTS = [48, 62, 100, 58, 50, 38, 80, 58, 66, 30, 90, 58, 66, 46]
const THUMBNAIL_HEIGHT = 48
/** At most this many thumbnails in one PDF (photos beyond it are links only): the file stays a sensible size. */
const MAX_THUMBNAILS = 200

interface PdfPhoto {
  link: string
  label: string
  data: Buffer | null
}

/**
 * Per row, its photo: the link, and for the first MAX_THUMBNAILS JPEG or PNG photos (what the PDF
 * format draws) their bytes, read in one query.
 */
async function thumbnails(deps: ExportDeps, orgId: string, rows: ExportRecordRow[], locale: Locale, link: (row: ExportRecordRow) => string | null): Promise<Array<PdfPhoto | null>> {
  const drawable = rows
    .filter((r) => r.uploadId && (r.uploadContentType === 'image/jpeg' || r.uploadContentType === 'image/png'))
    .slice(0, MAX_THUMBNAILS)
    .map((r) => r.uploadId!)
  const found = drawable.length
    ? await deps.db
        .select({ id: uploads.id, data: uploads.data })
        .from(uploads)
        .where(and(eq(uploads.orgId, orgId), inArray(uploads.id, drawable)))
    : []
  const bytes = new Map(found.map((u) => [u.id, Buffer.from(u.data as Uint8Array)]))
  return rows.map((r) => {
    const href = link(r)
    return href ? { link: href, label: t(locale, 'export.value.photo'), data: bytes.get(r.uploadId!) ?? null } : null
  })
}

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
  doc.text(pdfText(t(locale, 'export.pdf.missedNote')))
  doc.fillColor('black').moveDown(0.6)

  const cellHeight = (text: string, width: number) => doc.heightOfString(text || ' ', { width: width - 2 * PAD })

  const drawRow = (
    cells: string[],
    y: number,
    height: number,
    opts: { bold?: boolean; fill?: string; color?: string; emphasise?: number; size?: number },
  ) => {
    if (opts.fill) doc.rect(left, y, tableWidth, height).fill(opts.fill)
    let x = left
    cells.forEach((cell, i) => {
      const w = widths[i]!
      const emphasised = opts.emphasise === i
      doc
        .font(opts.bold || emphasised ? FONT_BOLD : FONT)
        .fontSize(opts.size ?? CELL_FONT_SIZE)
        .fillColor(emphasised ? '#a40000' : (opts.color ?? 'black'))
      doc.text(cell, x + PAD, y + PAD, { width: w - 2 * PAD, height: height - 2 * PAD, ellipsis: true, lineGap: 0 })
      x += w
    })
    doc.moveTo(left, y + height).lineTo(left + tableWidth, y + height).lineWidth(0.4).strokeColor('#999999').stroke()
    doc.fillColor('black')
  }

  const headingCells = input.headings.map(pdfText)
  // A heading wraps between words, never inside one: the heading row's type is made small enough for
  // the longest word of each heading to fit its column.
  doc.font(FONT_BOLD).fontSize(CELL_FONT_SIZE)
  const headingSize = Math.min(
    CELL_FONT_SIZE,
    ...headingCells.flatMap((h, i) => h.split(/\s+/).map((word) => (CELL_FONT_SIZE * (widths[i]! - 2 * PAD)) / (doc.widthOfString(word) + 0.5))),
  )
  const headingHeight = () => {
    doc.font(FONT_BOLD).fontSize(headingSize)
    return Math.max(...headingCells.map((h, i) => cellHeight(h, widths[i]!))) + 2 * PAD
  }
  const drawHeading = (y: number): number => {
    const h = headingHeight()
    drawRow(headingCells, y, h, { bold: true, fill: '#e8e8e8', size: headingSize })
    return y + h
  }

  let y = doc.y
  if (!input.rows.length) {
    y = drawHeading(y)
    doc.font(FONT).fontSize(9).text(pdfText(t(locale, 'export.pdf.empty')), left, y + 8, { width: tableWidth })
  } else {
    y = drawHeading(y)
    input.rows.forEach((row, index) => {
      const photo = input.photos[index] ?? null
      // A photo's cell reads "Photo" (a link to it) above its thumbnail, not the CSV's address.
      const cells = row.map((cell, i) => (photo && i === VALUE_COLUMN ? pdfText(photo.label) : pdfText(cell)))
      const maxHeight = bottom() - MARGIN - headingHeight()
      doc.font(FONT).fontSize(CELL_FONT_SIZE)
      const textHeight = Math.max(...cells.map((c, i) => cellHeight(c, widths[i]!))) + 2 * PAD
      const photoHeight = photo?.data ? cellHeight(cells[VALUE_COLUMN]!, widths[VALUE_COLUMN]!) + THUMBNAIL_HEIGHT + 3 * PAD : 0
      const height = Math.min(Math.max(textHeight, photoHeight), maxHeight)
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
      if (photo) {
        const x = left + widths.slice(0, VALUE_COLUMN).reduce((a, b) => a + b, 0)
        const w = widths[VALUE_COLUMN]!
        const labelHeight = cellHeight(cells[VALUE_COLUMN]!, w)
        doc.link(x + PAD, y + PAD, w - 2 * PAD, labelHeight, photo.link)
        if (photo.data) {
          try {
            doc.image(photo.data, x + PAD, y + 2 * PAD + labelHeight, { fit: [w - 2 * PAD, THUMBNAIL_HEIGHT] })
            doc.link(x + PAD, y + 2 * PAD + labelHeight, w - 2 * PAD, THUMBNAIL_HEIGHT, photo.link)
          } catch {
            // Bytes the PDF cannot draw (a damaged image): the link stays.
          }
        }
      }
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
