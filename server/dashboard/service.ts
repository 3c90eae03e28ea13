/**
 * The venue dashboard (the venue home) and the group overview (issue #14, ADR 048). The day's lists
 * are the checklist and temperature day lists themselves (same numbers as their pages); compliance
 * comes from ./compliance.ts over one plan and one read of record states, so the number of queries is
 * the same whatever the number of templates, days and venues.
 */
import { dayList as checklistDayList } from '../checklists/entries.ts'
import { expectedDeliveries } from '../orders/service.ts'
import { RECORD_KINDS, type RecordKind } from '../records/schema.ts'
import { recordCounts } from '../records/day-counts.ts'
import { venueRecordStates, requireDay, todayIn, type StateFilter } from '../records/service.ts'
import type { ServiceContext } from '../scope.ts'
import { dayList as temperatureDayList } from '../temperatures/entries.ts'
import { dayInfo, publicVenue, type Progress, type WorkVenue } from '../templates/day.ts'
import { loadPlan } from '../templates/plan.ts'
import { byUrgency, nextDueTime } from '../templates/urgency.ts'
import { listVenues } from '../venues/service.ts'
import { FAILURES_OUTLIVE, countedTemplates, spanRange, summarise, venueCompliance, windowDays, type DayCompliance, type OpenFailure, type VenueRef } from './compliance.ts'

/** The chart's longest span; the 7-day view is its last week. */
export const DASHBOARD_DAYS = 30

/** One checklist or temperature log due on the day, as the venue home lists it. */
export interface DueWork {
  kind: RecordKind
  id: string
  name: string
  /** Its page on the day. */
  href: string
  /** When it is due (a log: its next check not yet complete, else its last); null: no time. */
  dueTime: string | null
  complete: boolean
  overdue: boolean
  progress: Progress
  /** Its unresolved failures of the day, each with the page where it is resolved. */
  failures: OpenFailure[]
}


/** The records compliance is judged from: counts per template-day for the window, record states for the venues' days and open failures (two queries). */
async function readRecords(ctx: ServiceContext, plans: Awaited<ReturnType<typeof loadPlan>>, venues: VenueRef[], filter: StateFilter, date: string | undefined, now: Date) {
  const [counts, states] = await Promise.all([
    recordCounts(ctx.db, ctx.scope, { ...filter, templates: countedTemplates(plans), failuresOutlive: FAILURES_OUTLIVE }),
    venueRecordStates(ctx.db, ctx.scope, { ...filter, days: windowDays(venues, { date, now }) }),
  ])
  return { counts, states }
}

function compliancePayload(days: DayCompliance[]) {
  return { days, last7: summarise(days.slice(-7)), last30: summarise(days) }
}

/**
 * The venue's day (`date`, default today there): each due checklist and log with progress, due time,
 * overdue state and unresolved failures, most urgent first; every unresolved failure of the last 30
 * days; the deliveries expected that day (null when the caller may not read orders: a shared device
 * without an active PIN); compliance per day for the 30 days up to the day with 7- and 30-day totals.
 */
export async function venueDashboard(ctx: ServiceContext, venue: WorkVenue, date: string | undefined, opts: { now: Date; deliveries: boolean }) {
  const { db, scope } = ctx
  const { now } = opts
  const day = dayInfo(venue, date, ctx.locale, now)
  const range = spanRange([venue], { date: day.date, span: DASHBOARD_DAYS, now })
  const [checklists, temperatures, plans, deliveries] = await Promise.all([
    checklistDayList(ctx, venue, day.date, now),
    temperatureDayList(ctx, venue, day.date, now),
    loadPlan(db, scope.orgId, RECORD_KINDS),
    opts.deliveries ? expectedDeliveries(db, scope, venue.id, day.date) : null,
  ])
  const data = await readRecords(ctx, plans, [venue], { venueIds: [venue.id], ...range }, day.date, now)
  const [compliance] = venueCompliance(plans, data, [venue], { date: day.date, span: DASHBOARD_DAYS, now })
  const failures = compliance!.openFailures
  const failuresOf = (kind: RecordKind, id: string) => failures.filter((f) => f.kind === kind && f.templateId === id && f.date === day.date)
  const query = `?${new URLSearchParams({ date: day.date })}`
  const due: DueWork[] = [
    ...checklists.checklists.map((c) => ({
      kind: 'checklist' as const,
      id: c.id,
      name: c.name,
      href: `/checklists/${c.id}${query}`,
      dueTime: c.dueTime,
      complete: c.complete,
      overdue: c.overdue,
      progress: c.progress,
      failures: failuresOf('checklist', c.id),
    })),
    ...temperatures.temperatures.map((l) => ({
      kind: 'temperature' as const,
      id: l.id,
      name: l.name,
      href: `/temperatures/${l.id}${query}`,
      dueTime: nextDueTime(l.checks),
      complete: l.complete,
      overdue: l.overdue,
      progress: l.progress,
      failures: failuresOf('temperature', l.id),
    })),
  ].sort(byUrgency)
  return {
    ...day,
    venue: publicVenue(venue),
    due,
    overdue: due.filter((w) => w.overdue).length,
    failures,
    deliveries,
    compliance: compliancePayload(compliance!.days),
  }
}
export type VenueDashboard = Awaited<ReturnType<typeof venueDashboard>>

/**
 * Every venue the caller may see, side by side, for a day (`date`, default today at each venue) and
 * the 7 and 30 days up to it: compliance score, overdue checklists and logs, unresolved failures,
 * missed logs. Seven queries whatever the number of venues, templates and days.
 */
export async function groupOverview(ctx: ServiceContext, date: string | undefined, now: Date) {
  const { db, scope } = ctx
  const venues = await listVenues(db, scope)
  const refs = venues.map((v) => ({ id: v.id, timeZone: v.timeZone }))
  // A day asked for is checked as the day pages check it: not after today at the venue furthest ahead.
  if (date !== undefined) requireDay(date, { locale: ctx.locale, today: refs.map((v) => todayIn(v.timeZone, now)).sort().at(-1) ?? todayIn('UTC', now) })
  const range = spanRange(refs, { date, span: DASHBOARD_DAYS, now })
  const plans = await loadPlan(db, scope.orgId, RECORD_KINDS)
  const data = await readRecords(ctx, plans, refs, { venueIds: refs.map((v) => v.id), ...range }, date, now)
  const compliance = venueCompliance(plans, data, refs, { date, span: DASHBOARD_DAYS, now })
  return {
    venues: venues.map((v, i) => {
      const c = compliance[i]!
      const today = c.days.at(-1)!
      return {
        venue: { id: v.id, name: v.name, timeZone: v.timeZone },
        date: c.date,
        today: c.today,
        day: {
          due: c.templates.length,
          complete: c.templates.filter((t) => t.complete).length,
          overdue: c.templates.filter((t) => t.overdue).length,
          unresolved: c.openFailures.filter((f) => f.date === c.date).length,
          missedLogs: today.missedLogs,
        },
        last7: summarise(c.days.slice(-7)),
        last30: summarise(c.days),
        /** Unresolved failures of the 30 days. */
        unresolved: c.openFailures.length,
      }
    }),
  }
}
export type GroupOverview = Awaited<ReturnType<typeof groupOverview>>
