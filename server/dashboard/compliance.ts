/**
 * Compliance of venues over days, for the venue dashboard and the group overview (issue #14, ADR 048):
 * built on the plan of due work (templates/plan.ts: which cells were due on a day, archived templates
 * included while they were in place), the shared record states (records/service.ts) and the one
 * definition of progress and overdue (templates/day.ts, ADR 041). Pure: the caller loads the plan and
 * the records once for every venue and day, so the number of queries never grows with them.
 */
import type { RecordKind } from '../records/schema.ts'
import type { CountedTemplate, RecordCount } from '../records/day-counts.ts'
import { shiftDay, todayIn, type VenueRecordState } from '../records/service.ts'
import { isOverdue, progressOf, type CellState } from '../templates/day.ts'
import { dueCells, type DueCell, type PlannedTemplate } from '../templates/plan.ts'

/** Whether a kind's failures stay open after a later record of the cell (ADR 022: temperatures do). */
const FAILURES_OUTLIVE_CORRECTIONS: Record<RecordKind, boolean> = { checklist: false, temperature: true }
/** The kinds whose failures outlive corrections, for `recordCounts`. */
export const FAILURES_OUTLIVE = (Object.keys(FAILURES_OUTLIVE_CORRECTIONS) as RecordKind[]).filter((k) => FAILURES_OUTLIVE_CORRECTIONS[k])

/** Every template of the plan with its required items, for `recordCounts` (archived items too: they count on their days). */
export const countedTemplates = (plans: PlannedTemplate[]): CountedTemplate[] =>
  plans.map((p) => ({ kind: p.kind, id: p.id, required: p.items.filter((i) => i.required).map((i) => i.id) }))

/**
 * One venue's day. Due checks are the required cells of the day's plan: each was done on time (recorded
 * on its day), late (recorded on a later day: the record's `late`), missed (no record and the day is
 * over) or is pending (today, not recorded yet). Failures are the failed records of the day, resolved or
 * not (for temperatures, ADR 022: a failure re-checked in range still counts until resolved).
 */
export interface DayCompliance {
  date: string
  due: number
  onTime: number
  late: number
  missed: number
  pending: number
  /** Checklists and temperature logs due that day left with a required check never recorded (day over). */
  missedLogs: number
  failures: { resolved: number; unresolved: number }
}

/** Totals over a span of days, with the score: the share (0–100) of settled due checks done on time; null when none was due. */
export interface ComplianceSummary extends Omit<DayCompliance, 'date'> {
  days: number
  score: number | null
}

/** An unresolved failure, with the page where it is resolved. */
export interface OpenFailure {
  kind: RecordKind
  templateId: string
  templateName: string
  itemId: string
  label: string
  date: string
  slot: number
  href: string
}

/** A template due on the day with its progress and overdue state, judged as the day pages judge them. */
export interface TemplateDay {
  kind: RecordKind
  templateId: string
  complete: boolean
  overdue: boolean
  unresolved: number
}

export interface VenueRef {
  id: string
  timeZone: string
}

const cellKey = (kind: string, templateId: string, itemId: string, date: string, slot: number) => `${kind}|${templateId}|${itemId}|${date}|${slot}`

/** Where a failure is resolved: the checklist's or the log's page on that day and check, at the item (or the unit's check). */
export function failureHref(kind: RecordKind, templateId: string, itemId: string, date: string, slot: number): string {
  const query = new URLSearchParams({ date, check: String(slot + 1) })
  return kind === 'checklist' ? `/checklists/${templateId}?${query}#item-${itemId}` : `/temperatures/${templateId}?${query}#cell-${itemId}-${slot}`
}

/** One venue's record states (its day, and its open failures), indexed by cell: current record and open failures. */
export function indexStates(rows: VenueRecordState[]) {
  const current = new Map<string, VenueRecordState>()
  const open = new Map<string, number>()
  const openRows: VenueRecordState[] = []
  for (const r of rows) {
    const key = cellKey(r.kind, r.templateId, r.itemId, r.date, r.slot)
    if (r.current) current.set(key, r)
    if (r.status !== 'failed' || r.resolved || !(r.current || FAILURES_OUTLIVE_CORRECTIONS[r.kind])) continue
    open.set(key, (open.get(key) ?? 0) + 1)
    openRows.push(r)
  }
  return { current, open, openRows }
}

export type Indexed = ReturnType<typeof indexStates>

function cellState(index: Indexed, key: string): CellState | undefined {
  const record = index.current.get(key)
  if (!record) return undefined
  const open = index.open.get(key) ?? 0
  return { status: record.status, resolved: open === 0, open }
}

export const keyOf = (cell: DueCell) => cellKey(cell.template.kind, cell.template.id, cell.item.id, cell.date, cell.slot)

const templateDayKey = (kind: string, templateId: string, date: string) => `${kind}|${templateId}|${date}`

/**
 * A day's numbers from the database's counts per template: of each template's due checks, as many as
 * its current records of required items made on the day are on time, those made later late (never more
 * than were due), the rest missed once the day is over, pending before.
 */
function countDay(plans: PlannedTemplate[], venue: VenueRef, date: string, today: string, counts: Map<string, RecordCount>, failures: { resolved: number; unresolved: number }): DayCompliance {
  const day: DayCompliance = { date, due: 0, onTime: 0, late: 0, missed: 0, pending: 0, missedLogs: 0, failures }
  for (const [template, cells] of Map.groupBy(dueCells(plans, venue.id, date, venue.timeZone), (c) => c.template)) {
    const count = counts.get(templateDayKey(template.kind, template.id, date))
    const onTime = Math.min(count?.onTime ?? 0, cells.length)
    const late = Math.min(count?.late ?? 0, cells.length - onTime)
    const left = cells.length - onTime - late
    day.due += cells.length
    day.onTime += onTime
    day.late += late
    if (date < today) {
      day.missed += left
      if (left > 0) day.missedLogs++
    } else {
      day.pending += left
    }
  }
  return day
}

/** Sum days into a summary with its score. */
export function summarise(days: DayCompliance[]): ComplianceSummary {
  const sum: ComplianceSummary = { days: days.length, due: 0, onTime: 0, late: 0, missed: 0, pending: 0, missedLogs: 0, failures: { resolved: 0, unresolved: 0 }, score: null }
  for (const d of days) {
    sum.due += d.due
    sum.onTime += d.onTime
    sum.late += d.late
    sum.missed += d.missed
    sum.pending += d.pending
    sum.missedLogs += d.missedLogs
    sum.failures.resolved += d.failures.resolved
    sum.failures.unresolved += d.failures.unresolved
  }
  const settled = sum.due - sum.pending
  sum.score = settled > 0 ? Math.round((sum.onTime / settled) * 100) : null
  return sum
}

/**
 * The templates due at the venue on the day with complete and overdue as the day pages decide them
 * (progressOf and isOverdue): a check is overdue after its due time, the day after it ends.
 */
function templateDays(plans: PlannedTemplate[], venue: VenueRef, date: string, today: string, now: Date, index: Indexed): TemplateDay[] {
  const cells = dueCells(plans, venue.id, date, venue.timeZone, { optional: true })
  const result: TemplateDay[] = []
  for (const [template, ofTemplate] of Map.groupBy(cells, (c) => c.template)) {
    const states = new Map<string, CellState>()
    for (const cell of ofTemplate) {
      const state = cellState(index, keyOf(cell))
      if (state) states.set(keyOf(cell), state)
    }
    let overdue = false
    for (const [slot, ofSlot] of Map.groupBy(ofTemplate, (c) => c.slot)) {
      const { complete } = progressOf(
        ofSlot.map((c) => ({ id: keyOf(c), required: c.item.required })),
        states,
      )
      if (isOverdue({ complete, date, today, now, timeZone: venue.timeZone, dueTime: template.dueTimes[slot] ?? null })) overdue = true
    }
    const { complete, progress } = progressOf(
      ofTemplate.map((c) => ({ id: keyOf(c), required: c.item.required })),
      states,
    )
    result.push({ kind: template.kind, templateId: template.id, complete, overdue, unresolved: progress.unresolved })
  }
  return result
}

export interface VenueCompliance {
  venueId: string
  date: string
  today: string
  /** The `span` days up to `date`, oldest first. */
  days: DayCompliance[]
  /** The templates due on `date`, judged. */
  templates: TemplateDay[]
  /** Unresolved failures of the span, newest first. */
  openFailures: OpenFailure[]
}

/**
 * Each venue's compliance for the `span` days up to its day (`date`, or today in the venue's zone), from
 * one plan, one set of counts per template-day and the record states of the venues' days and open
 * failures, covering them all.
 */
export function venueCompliance(
  plans: PlannedTemplate[],
  data: { counts: RecordCount[]; states: VenueRecordState[] },
  venues: VenueRef[],
  opts: { date?: string; span: number; now: Date },
): VenueCompliance[] {
  const statesByVenue = Map.groupBy(data.states, (s) => s.venueId)
  const countsByVenue = Map.groupBy(data.counts, (c) => c.venueId)
  const names = new Map(plans.map((p) => [`${p.kind}|${p.id}`, { name: p.name, labels: new Map(p.items.map((i) => [i.id, i.label])) }]))
  return venues.map((venue) => {
    const today = todayIn(venue.timeZone, opts.now)
    const date = opts.date ?? today
    const from = shiftDay(date, -(opts.span - 1))
    const counts = new Map<string, RecordCount>()
    const failures = new Map<string, { resolved: number; unresolved: number }>()
    for (const c of countsByVenue.get(venue.id) ?? []) {
      if (c.date < from || c.date > date) continue
      counts.set(templateDayKey(c.kind, c.templateId, c.date), c)
      const day = failures.get(c.date) ?? { resolved: 0, unresolved: 0 }
      day.resolved += c.resolved
      day.unresolved += c.unresolved
      failures.set(c.date, day)
    }
    const index = indexStates((statesByVenue.get(venue.id) ?? []).filter((s) => s.date <= date && s.date >= from))
    const days = Array.from({ length: opts.span }, (_, i) => {
      const day = shiftDay(date, i - opts.span + 1)
      return countDay(plans, venue, day, today, counts, failures.get(day) ?? { resolved: 0, unresolved: 0 })
    })
    const openFailures = index.openRows
      .map((r) => {
        const template = names.get(`${r.kind}|${r.templateId}`)
        return {
          kind: r.kind,
          templateId: r.templateId,
          templateName: template?.name ?? '',
          itemId: r.itemId,
          label: template?.labels.get(r.itemId) ?? '',
          date: r.date,
          slot: r.slot,
          href: failureHref(r.kind, r.templateId, r.itemId, r.date, r.slot),
        }
      })
      .sort((a, b) => b.date.localeCompare(a.date) || a.templateName.localeCompare(b.templateName) || a.label.localeCompare(b.label) || a.slot - b.slot)
    return { venueId: venue.id, date, today, days, templates: templateDays(plans, venue, date, today, opts.now, index), openFailures }
  })
}

/** The days the venues' windows end on (each venue's `date` or today there), for `venueRecordStates`. */
export function windowDays(venues: VenueRef[], opts: { date?: string; now: Date }): string[] {
  return [...new Set(venues.map((v) => opts.date ?? todayIn(v.timeZone, opts.now)))]
}

/** The widest span of days the venues' windows cover, for one record query. */
export function spanRange(venues: VenueRef[], opts: { date?: string; span: number; now: Date }): { from: string; to: string } {
  const ends = venues.map((v) => opts.date ?? todayIn(v.timeZone, opts.now)).sort()
  const to = ends.at(-1) ?? todayIn('UTC', opts.now)
  return { from: shiftDay(ends[0] ?? to, -(opts.span - 1)), to }
}
