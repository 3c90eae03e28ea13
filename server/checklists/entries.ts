/**
 * Daily checklist work: the list of a venue's checklists for a day, one checklist's entry (its items
 * with their records), completing and resolving items. Templates are read straight from their tables,
 * scoped by organisation; records go through the shared machinery of server/records/service.ts.
 */
import { and, eq, sql } from 'drizzle-orm'
import { notFound, validationError } from '../api/errors.ts'
import { t, type Locale } from '../i18n.ts'
import type { RecordStatus } from '../records/schema.ts'
import { publicRecord, splitHistory, templateDayRecords, templateDayRecordsOf, type StoredRecord } from '../records/service.ts'
import type { ServiceContext } from '../scope.ts'
import { nestedRows, preparedOnce } from '../db/client.ts'
import {
  cellKey,
  checkSlot,
  entryItemsOf,
  entryItemsSql,
  checksProgress,
  checksProgressOfCounts,
  checkWorkable,
  dayInfo,
  dueAt,
  progressIfDue,
  dueTemplatesWithCounts,
  publicVenue,
  recordWork,
  resolveWork,
  shownCheck,
  type CellState,
  type WorkVenue,
} from '../templates/day.ts'
import { checkTimesOf } from '../templates/schedule.ts'
import { usedAtVenue } from '../templates/service.ts'
import { findUploadInfo, isImageType } from '../uploads/service.ts'
import { checklistItems, checklistSignOffs, checklists, type ChecklistItemType, type ChoiceOption, type MeasureUnit, type YesNoFails } from './schema.ts'
import { checklistKind } from './templates.ts'

export { venueForWork, type Progress, type WorkVenue } from '../templates/day.ts'

type ChecklistRow = typeof checklists.$inferSelect
type ItemRow = typeof checklistItems.$inferSelect

// ---------------------------------------------------------------------------------------------------
// Progress: the one place completeness and overdue are decided.

export interface ProgressInput {
  /** The checklist's non-archived items. */
  items: { id: string; required: boolean }[]
  /** The current record of each cell (item at a check) that has one, by cellKey. */
  current: Map<string, CellState>
  date: string
  today: string
  now: Date
  timeZone: string
  /** Each check's time (HH:mm) or null: one for a checklist due once a day (its due time). */
  times: (string | null)[]
}

/**
 * Complete: every required item has a current record at every check, and every current failed record
 * is resolved. Overdue: a check not complete after its time today, or any check of a past day.
 * `checks` gives each check's own progress (templates/day.ts, shared with temperature logs).
 */
export function checklistProgress(input: ProgressInput) {
  return checksProgress(input.times, input.items, input.current, input, input.now, input.timeZone)
}

/** The times of a checklist's checks: several with their times, or one by its due time. */
export function checklistTimes(row: Pick<ChecklistRow, 'checksPerDay' | 'checkTimes' | 'dueTime'>): (string | null)[] {
  return row.checksPerDay > 1 ? checkTimesOf(row) : [row.dueTime]
}

function currentByCell(rows: (Pick<StoredRecord, 'itemId' | 'slot' | 'status'> & ({ resolvedAt: Date | null } | { resolved: boolean }))[]) {
  const map = new Map<string, CellState>()
  for (const r of rows) map.set(cellKey(r.itemId, r.slot), { status: r.status, resolved: 'resolved' in r ? r.resolved : r.resolvedAt !== null })
  return map
}

// ---------------------------------------------------------------------------------------------------
// The day list.

/**
 * The checklist (archived or not) with its sign-off at the venue on the day, if any, its items and the
 * day's records of it there: one statement (ADR 075).
 */
const entryChecklist = preparedOnce((db) => {
  const s = checklistSignOffs
  return db
    .select({ checklist: checklists, signOff: s, items: entryItemsSql(db, checklistKind), records: nestedRows(templateDayRecords(db)) })
    .from(checklists)
    .leftJoin(s, and(eq(s.orgId, checklists.orgId), eq(s.checklistId, checklists.id), eq(s.venueId, sql.placeholder('venueId')), eq(s.date, sql.placeholder('date'))))
    .where(and(eq(checklists.orgId, sql.placeholder('orgId')), eq(checklists.id, sql.placeholder('templateId'))))
    .prepare('mise_entry_checklist')
})

/**
 * The checklists due at the venue on the day (ADR 085), with progress and sign-off: one statement (the checklists
 * with their sign-offs and what their items and records count, ADR 075; the venue by the caller) whatever the number of
 * checklists and items, and after a write to the day's records or the checklists' items one more, storing what was
 * counted again (ADR 071).
 */
export async function dayList(ctx: ServiceContext, venue: WorkVenue, date: string | undefined, now = new Date()) {
  const day = dayInfo(venue, date, ctx.locale, now)
  const { templates: lists, counts } = await dueTemplatesWithCounts<
    Pick<ChecklistRow, 'id' | 'name' | 'description' | 'dueTime' | 'checksPerDay' | 'checkTimes' | 'requiresSignOff'> & { signedOff: boolean }
  >(
    ctx,
    {
      kind: checklistKind,
      venueId: venue.id,
      timeZone: venue.timeZone,
      date: day.date,
      columns: {
        id: checklists.id,
        name: checklists.name,
        description: checklists.description,
        dueTime: checklists.dueTime,
        checksPerDay: checklists.checksPerDay,
        checkTimes: checklists.checkTimes,
        requiresSignOff: checklists.requiresSignOff,
        // Qualified by hand: drizzle writes a select's own columns unqualified, which the subquery would read as its own.
        signedOff: sql<boolean>`exists (select 1 from ${checklistSignOffs} s where s.org_id = "checklists"."org_id" and s.venue_id = ${sql.placeholder('venueId')}::uuid and s.checklist_id = "checklists"."id" and s.date = ${sql.placeholder('date')}::date)`,
      },
      name: 'day_list',
    },
    { required: checklistItems.required, openFailures: 'current' },
  )
  const countsOf = new Map(counts.map((c) => [`${c.templateId}:${c.slot ?? 'items'}`, c]))
  const itemsOf = (id: string) => {
    const items = countsOf.get(`${id}:items`)
    return { required: items?.done ?? 0, optional: items?.optionalDone ?? 0 }
  }
  return {
    ...day,
    venue: publicVenue(venue),
    checklists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      description: list.description,
      dueTime: list.dueTime,
      checksPerDay: list.checksPerDay,
      requiresSignOff: list.requiresSignOff,
      signedOff: list.signedOff,
      ...checksProgressOfCounts(checklistTimes(list), itemsOf(list.id), (slot) => countsOf.get(`${list.id}:${slot}`), day, now, venue.timeZone),
    })),
  }
}

// ---------------------------------------------------------------------------------------------------
// One checklist's entry for a day.

/** A manager's sign-off (ADR 045) as the API shows it. */
export function publicSignOff(row: Pick<typeof checklistSignOffs.$inferSelect, 'signedByMembershipId' | 'signedByName' | 'signedAt'>) {
  return { signedBy: { membershipId: row.signedByMembershipId, name: row.signedByName }, signedAt: row.signedAt.toISOString() }
}
export type PublicSignOff = ReturnType<typeof publicSignOff>

/** What an answer is judged by beyond its limits, kept only for the types that use it: the failing yes/no answer, the unit, the choices. */
function judgedBy(item: Pick<ItemRow, 'type' | 'failsOn' | 'unit' | 'options'>) {
  return {
    failsOn: item.type === 'yes_no' ? item.failsOn : null,
    unit: item.type === 'measure' ? item.unit : null,
    options: item.type === 'choice' ? item.options : null,
  }
}

function publicItem(item: ItemRow) {
  return {
    id: item.id,
    checklistId: item.checklistId,
    label: item.label,
    instructions: item.instructions,
    type: item.type,
    required: item.required,
    min: item.min,
    max: item.max,
    ...judgedBy(item),
    photoWhenFailing: item.photoWhenFailing,
    noteWhenFailing: item.noteWhenFailing,
    position: item.position,
    archivedAt: item.archivedAt ? item.archivedAt.toISOString() : null,
  }
}

/** What a record kept of its item: label, type, limits, failing answer, unit and answers then. */
function keptItem(kept: StoredRecord) {
  return {
    label: kept.label,
    type: kept.itemType as ChecklistItemType,
    min: kept.min,
    max: kept.max,
    failsOn: kept.failsOn as YesNoFails | null,
    unit: kept.unit as MeasureUnit | null,
    options: kept.options as ChoiceOption[] | null,
  }
}

/**
 * The checklist at the venue on the day: every non-archived item, plus items archived since that have
 * records that day (shown as the record kept them), each with its current record and history.
 * Undefined when the organisation has no such checklist, or it is not used at the venue and has no
 * records there that day.
 */
export async function entryDetail(ctx: ServiceContext, venue: WorkVenue, checklistId: string, date: string | undefined, slot?: number, now = new Date()) {
  const { db, scope } = ctx
  const day = dayInfo(venue, date, ctx.locale, now)
  const [found] = await entryChecklist(db).execute({ orgId: scope.orgId, templateId: checklistId, venueId: venue.id, date: day.date, kind: 'checklist' })
  if (!found) return undefined
  const { checklist, signOff: signed } = found
  const items = entryItemsOf<ItemRow>(db, checklistKind, found.items)
  const rows = templateDayRecordsOf(db, found.records)
  if (!usedAtVenue(checklist, venue.id) && rows.length === 0) return undefined

  const times = checklistTimes(checklist)
  const active = items.filter((i) => !i.archivedAt)
  const activeIds = new Set(active.map((i) => i.id))
  const current = currentByCell(rows.filter((r) => r.current && activeIds.has(r.itemId)))
  const dueThatDay = dueAt(checklist, day.date, venue.timeZone)
  const progress = progressIfDue(dueThatDay, checklistProgress({ items: active, current, date: day.date, today: day.today, now, timeZone: venue.timeZone, times }))
  const shownSlot = shownCheck(ctx, slot, progress.checks)
  const recordsByItem = Map.groupBy(
    rows.filter((r) => r.slot === shownSlot),
    (r) => r.itemId,
  )
  const entries: { item: ReturnType<typeof publicItem>; record: ReturnType<typeof publicRecord> | null; history: ReturnType<typeof publicRecord>[] }[] = []
  const shown = new Set<string>()
  for (const item of items) {
    const recorded = recordsByItem.get(item.id) ?? []
    if (item.archivedAt && recorded.length === 0) continue
    const { record, history } = splitHistory(recorded)
    const kept = record ?? history[0]
    const view = publicItem(item)
    entries.push({
      // An item archived since shows what the record kept (its label, type and limits then).
      item: item.archivedAt && kept ? { ...view, ...keptItem(kept) } : view,
      record: record && publicRecord(scope.orgId, record),
      history: history.map((r) => publicRecord(scope.orgId, r)),
    })
    shown.add(item.id)
  }
  // Records of an item that no longer exists at all (never expected: items with records are archived, not deleted).
  for (const [itemId, recorded] of recordsByItem) {
    if (shown.has(itemId)) continue
    const { record, history } = splitHistory(recorded)
    const kept = (record ?? history[0])!
    entries.push({
      item: {
        id: itemId,
        checklistId: checklist.id,
        instructions: '',
        required: false,
        ...keptItem(kept),
        photoWhenFailing: false,
        noteWhenFailing: false,
        position: Number.MAX_SAFE_INTEGER,
        archivedAt: null,
      },
      record: record && publicRecord(scope.orgId, record),
      history: history.map((r) => publicRecord(scope.orgId, r)),
    })
  }

  return {
    ...day,
    venue: publicVenue(venue),
    checklist: {
      id: checklist.id,
      name: checklist.name,
      description: checklist.description,
      dueTime: checklist.dueTime,
      checksPerDay: checklist.checksPerDay,
      checkTimes: checkTimesOf(checklist),
      monthDays: checklist.monthDays,
      requiresSignOff: checklist.requiresSignOff,
      archivedAt: checklist.archivedAt ? checklist.archivedAt.toISOString() : null,
    },
    /** Is it due on this day (ADR 085: scheduled, and in place by then)? On other days nothing new can be recorded. */
    dueThatDay,
    ...progress,
    /** A manager's sign-off of the day (ADR 045), if given. */
    signOff: signed ? publicSignOff(signed) : null,
    /** The check whose items and records are shown (0-based). */
    slot: shownSlot,
    items: entries,
  }
}

// ---------------------------------------------------------------------------------------------------
// Completing and resolving.

/** The checklist and one of its items, in one query (undefined when either is not the organisation's). */
async function checklistAndItem({ db, scope }: ServiceContext, checklistId: string, itemId: string) {
  const [row] = await db
    .select({ checklist: checklists, item: checklistItems })
    .from(checklistItems)
    .innerJoin(checklists, and(eq(checklists.orgId, checklistItems.orgId), eq(checklists.id, checklistItems.checklistId)))
    .where(and(eq(checklistItems.orgId, scope.orgId), eq(checklistItems.id, itemId), eq(checklistItems.checklistId, checklistId)))
  return row
}

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/

/** Apply the item type's rules to a completion: the value to store and whether it is done or failed. */
export function evaluateCompletion(
  item: Pick<ItemRow, 'type' | 'min' | 'max' | 'failsOn' | 'options'>,
  input: { value?: string | null; uploadId?: string | null },
  locale: Locale,
): { value: string | null; status: RecordStatus } {
  const raw = input.value ?? null
  switch (item.type) {
    case 'check':
      if (raw === null || raw.trim() === 'true') return { value: 'true', status: 'done' }
      throw validationError({ value: t(locale, 'records.valueCheck') })
    case 'yes_no': {
      const answer = raw?.trim().toLowerCase()
      // The item says which answer fails ("no" by default; "yes" for "Any pests seen?"; or neither).
      if (answer === 'yes' || answer === 'no') return { value: answer, status: answer === item.failsOn ? 'failed' : 'done' }
      throw validationError({ value: t(locale, 'records.valueYesNo') })
    }
    case 'choice': {
      // One of the answers (as labelled now, case aside); a marked one fails.
      const answer = raw?.trim().toLowerCase() ?? ''
      const option = item.options.find((o) => o.label.toLowerCase() === answer)
      if (!option) throw validationError({ value: t(locale, 'records.valueChoice') })
      return { value: option.label, status: option.fails ? 'failed' : 'done' }
    }
    case 'number':
    case 'measure': {
      const text = raw?.trim() ?? ''
      const n = NUMBER.test(text) && text.length <= 30 ? Number(text.replace(',', '.')) : NaN
      if (!Number.isFinite(n)) throw validationError({ value: t(locale, 'records.valueNumber') })
      const outside = (item.min !== null && n < item.min) || (item.max !== null && n > item.max)
      return { value: String(n), status: outside ? 'failed' : 'done' }
    }
    case 'text': {
      const text = raw?.trim() ?? ''
      if (!text) throw validationError({ value: t(locale, 'records.valueText') })
      return { value: text, status: 'done' }
    }
    case 'photo':
      if (!input.uploadId) throw validationError({ uploadId: t(locale, 'records.photoRequired') })
      return { value: null, status: 'done' }
  }
}

export interface CompleteInput {
  checklistId: string
  itemId: string
  date?: string
  value?: string | null
  note?: string | null
  uploadId?: string | null
  /** The check of the day (0-based) of a checklist due several times a day; 0 by default. */
  slot?: number
}

/**
 * Record a completion (a correction when the item already has a record that day). The checklist and
 * item must be non-archived, used at the venue and due that day of the week; the day not in the future.
 */
export async function completeItem(ctx: ServiceContext, venue: WorkVenue, input: CompleteInput) {
  const { db, scope, locale } = ctx
  const found = await checklistAndItem(ctx, input.checklistId, input.itemId)
  if (!found) throw notFound()
  const { checklist, item } = found
  const date = checkWorkable(ctx, { venue, template: checklist, item, date: input.date })
  const slot = checkSlot(ctx, input.slot, checklist.checksPerDay) ?? 0
  const { value, status } = evaluateCompletion(item, input, locale)
  // The item may ask a failing record for a photo and / or a note (what went wrong, seen).
  if (status === 'failed') {
    const missing: Record<string, string> = {}
    if (item.photoWhenFailing && !input.uploadId) missing.uploadId = t(locale, 'records.photoWhenFailing')
    if (item.noteWhenFailing && !input.note?.trim()) missing.note = t(locale, 'records.noteWhenFailing')
    if (Object.keys(missing).length) throw validationError(missing)
  }
  if (input.uploadId) {
    const upload = await findUploadInfo(db, scope, input.uploadId)
    if (!upload) throw validationError({ uploadId: t(locale, 'records.uploadNotFound') })
    if ((item.type === 'photo' || item.photoWhenFailing) && !isImageType(upload.contentType)) throw validationError({ uploadId: t(locale, 'records.photoImage') })
  }
  const stored = await recordWork(ctx, {
    kind: 'checklist',
    venue,
    template: checklist,
    item,
    date,
    slot,
    snapshot: {
      label: item.label,
      itemType: item.type,
      min: item.min,
      max: item.max,
      ...judgedBy(item),
    },
    value,
    status,
    note: input.note,
    uploadId: input.uploadId,
  })
  return publicRecord(scope.orgId, stored)
}

/**
 * Resolve the current failed record of an item on a day with a corrective action. Allowed on archived
 * checklists and items too: an old failure can still be closed.
 */
export async function resolveItem(ctx: ServiceContext, venue: WorkVenue, input: { checklistId: string; itemId: string; date?: string; slot?: number; note: string }) {
  const found = await checklistAndItem(ctx, input.checklistId, input.itemId)
  if (!found) throw notFound()
  const slot = checkSlot(ctx, input.slot, found.checklist.checksPerDay) ?? 0
  const stored = await resolveWork(ctx, { kind: 'checklist', venue, templateId: found.checklist.id, itemId: found.item.id, date: input.date, slot, note: input.note })
  return publicRecord(ctx.scope.orgId, stored)
}
