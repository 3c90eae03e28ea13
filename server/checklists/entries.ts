/**
 * Daily checklist work: the list of a venue's checklists for a day, one checklist's entry (its items
 * with their records), completing and resolving items. Templates are read straight from their tables,
 * scoped by organisation; records go through the shared machinery of server/records/service.ts.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { notFound, validationError } from '../api/errors.ts'
import { t, type Locale } from '../i18n.ts'
import type { RecordStatus } from '../records/schema.ts'
import { currentRecords, publicRecord, recordHistory, splitHistory, type StoredRecord } from '../records/service.ts'
import type { ServiceContext } from '../scope.ts'
import {
  checkWorkable,
  dayInfo,
  dueOn,
  dueTemplates,
  isOverdue,
  progressOf,
  publicVenue,
  recordWork,
  resolveWork,
  type CellState,
  type WorkVenue,
} from '../templates/day.ts'
import { usedAtVenue } from '../templates/service.ts'
import { findUploadInfo, isImageType } from '../uploads/service.ts'
import { checklistItems, checklists, type ChecklistItemType } from './schema.ts'
import { checklistKind } from './templates.ts'

export { venueForWork, type Progress, type WorkVenue } from '../templates/day.ts'

type ChecklistRow = typeof checklists.$inferSelect
type ItemRow = typeof checklistItems.$inferSelect

// ---------------------------------------------------------------------------------------------------
// Progress: the one place completeness and overdue are decided.

export interface ProgressInput {
  /** The checklist's non-archived items. */
  items: { id: string; required: boolean }[]
  /** The current record of each item that has one, by item id. */
  current: Map<string, CellState>
  date: string
  today: string
  now: Date
  timeZone: string
  dueTime: string | null
}

/**
 * Complete: every required item has a current record, and every current failed record is resolved.
 * Overdue: not complete, and the day is past, or it is today and the due time has passed in the
 * venue's zone. `done` counts items with a current record (done or failed).
 */
export function checklistProgress(input: ProgressInput) {
  const { complete, progress } = progressOf(input.items, input.current)
  return { complete, overdue: isOverdue({ ...input, complete }), progress }
}

function currentByItem(rows: StoredRecord[]) {
  const map = new Map<string, CellState>()
  for (const r of rows) map.set(r.itemId, { status: r.status, resolved: r.resolvedAt !== null })
  return map
}

// ---------------------------------------------------------------------------------------------------
// The day list.

/**
 * The non-archived checklists due at the venue on the day, with progress: four queries (venue by the
 * caller, checklists, their items, their current records) whatever the number of checklists and items.
 */
export async function dayList(ctx: ServiceContext, venue: WorkVenue, date: string | undefined, now = new Date()) {
  const { db, scope } = ctx
  const day = dayInfo(venue, date, ctx.locale, now)
  const lists = await dueTemplates<Pick<ChecklistRow, 'id' | 'name' | 'description' | 'dueTime'>>(ctx, checklistKind, venue.id, day.date, {
    id: checklists.id,
    name: checklists.name,
    description: checklists.description,
    dueTime: checklists.dueTime,
  })
  const ids = lists.map((l) => l.id)
  const [items, current] = ids.length
    ? await Promise.all([
        db
          .select({ id: checklistItems.id, checklistId: checklistItems.checklistId, required: checklistItems.required })
          .from(checklistItems)
          .where(and(eq(checklistItems.orgId, scope.orgId), inArray(checklistItems.checklistId, ids), isNull(checklistItems.archivedAt))),
        currentRecords(db, scope, { kind: 'checklist', venueId: venue.id, date: day.date, templateIds: ids }),
      ])
    : [[], []]
  const itemsByChecklist = Map.groupBy(items, (i) => i.checklistId)
  const recordsByChecklist = Map.groupBy(current, (r) => r.templateId)
  return {
    ...day,
    venue: publicVenue(venue),
    checklists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      description: list.description,
      dueTime: list.dueTime,
      ...checklistProgress({
        items: itemsByChecklist.get(list.id) ?? [],
        current: currentByItem(recordsByChecklist.get(list.id) ?? []),
        date: day.date,
        today: day.today,
        now,
        timeZone: venue.timeZone,
        dueTime: list.dueTime,
      }),
    })),
  }
}

// ---------------------------------------------------------------------------------------------------
// One checklist's entry for a day.

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
    position: item.position,
    archivedAt: item.archivedAt ? item.archivedAt.toISOString() : null,
  }
}

/**
 * The checklist at the venue on the day: every non-archived item, plus items archived since that have
 * records that day (shown as the record kept them), each with its current record and history.
 * Undefined when the organisation has no such checklist, or it is not used at the venue and has no
 * records there that day.
 */
export async function entryDetail(ctx: ServiceContext, venue: WorkVenue, checklistId: string, date: string | undefined, now = new Date()) {
  const { db, scope } = ctx
  const day = dayInfo(venue, date, ctx.locale, now)
  const [checklist] = await db
    .select()
    .from(checklists)
    .where(and(eq(checklists.orgId, scope.orgId), eq(checklists.id, checklistId)))
  if (!checklist) return undefined
  const [items, rows] = await Promise.all([
    db
      .select()
      .from(checklistItems)
      .where(and(eq(checklistItems.orgId, scope.orgId), eq(checklistItems.checklistId, checklist.id)))
      .orderBy(asc(checklistItems.position), asc(checklistItems.createdAt), asc(checklistItems.id)),
    recordHistory(db, scope, { kind: 'checklist', venueId: venue.id, date: day.date, templateIds: [checklist.id] }),
  ])
  if (!usedAtVenue(checklist, venue.id) && rows.length === 0) return undefined

  const recordsByItem = Map.groupBy(rows, (r) => r.itemId)
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
      item: item.archivedAt && kept ? { ...view, label: kept.label, type: kept.itemType as ChecklistItemType, min: kept.min, max: kept.max } : view,
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
        label: kept.label,
        instructions: '',
        type: kept.itemType as ChecklistItemType,
        required: false,
        min: kept.min,
        max: kept.max,
        position: Number.MAX_SAFE_INTEGER,
        archivedAt: null,
      },
      record: record && publicRecord(scope.orgId, record),
      history: history.map((r) => publicRecord(scope.orgId, r)),
    })
  }

  const active = items.filter((i) => !i.archivedAt)
  const activeIds = new Set(active.map((i) => i.id))
  const current = currentByItem(rows.filter((r) => r.current && activeIds.has(r.itemId)))
  return {
    ...day,
    venue: publicVenue(venue),
    checklist: {
      id: checklist.id,
      name: checklist.name,
      description: checklist.description,
      dueTime: checklist.dueTime,
      archivedAt: checklist.archivedAt ? checklist.archivedAt.toISOString() : null,
    },
    /** Is it due on this weekday? On other days nothing new can be recorded. */
    dueThatDay: dueOn(checklist, day.date),
    ...checklistProgress({ items: active, current, date: day.date, today: day.today, now, timeZone: venue.timeZone, dueTime: checklist.dueTime }),
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
  item: Pick<ItemRow, 'type' | 'min' | 'max'>,
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
      if (answer === 'yes') return { value: 'yes', status: 'done' }
      if (answer === 'no') return { value: 'no', status: 'failed' }
      throw validationError({ value: t(locale, 'records.valueYesNo') })
    }
    case 'number': {
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
  const { value, status } = evaluateCompletion(item, input, locale)
  if (input.uploadId) {
    const upload = await findUploadInfo(db, scope, input.uploadId)
    if (!upload) throw validationError({ uploadId: t(locale, 'records.uploadNotFound') })
    if (item.type === 'photo' && !isImageType(upload.contentType)) throw validationError({ uploadId: t(locale, 'records.photoImage') })
  }
  const stored = await recordWork(ctx, {
    kind: 'checklist',
    venue,
    template: checklist,
    item,
    date,
    snapshot: { label: item.label, itemType: item.type, min: item.min, max: item.max },
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
export async function resolveItem(ctx: ServiceContext, venue: WorkVenue, input: { checklistId: string; itemId: string; date?: string; note: string }) {
  const found = await checklistAndItem(ctx, input.checklistId, input.itemId)
  if (!found) throw notFound()
  const stored = await resolveWork(ctx, { kind: 'checklist', venue, templateId: found.checklist.id, itemId: found.item.id, date: input.date, note: input.note })
  return publicRecord(ctx.scope.orgId, stored)
}
