/**
 * The order of a day's work, most urgent first — one rule for the venue home and the day lists
 * (`/checklists`, `/temperatures`; issue #39): overdue, then with unresolved failures, then not
 * complete (by due time), then complete; ties by due time, then name. Pure: the pages import it.
 */

/** What urgency reads of a checklist's or a log's day. */
export interface UrgentWork {
  name: string
  /** When it is due (a log: its next check not complete, else its last: `nextDueTime`); null: no time. */
  dueTime: string | null
  overdue: boolean
  complete: boolean
  progress: { unresolved: number }
}

const rank = (w: UrgentWork) => (w.overdue ? 0 : w.progress.unresolved > 0 ? 1 : w.complete ? 3 : 2)

/** Most urgent first (for `Array.prototype.sort`). */
export function byUrgency(a: UrgentWork, b: UrgentWork): number {
  return rank(a) - rank(b) || (a.dueTime ?? '99:99').localeCompare(b.dueTime ?? '99:99') || a.name.localeCompare(b.name)
}

/** A template's due time on a day of several checks: its first check not complete, else its last. */
export function nextDueTime(checks: { time: string | null; complete: boolean }[]): string | null {
  return (checks.find((c) => !c.complete) ?? checks.at(-1))?.time ?? null
}

/** The list most urgent first (a copy). */
export function inUrgencyOrder<T>(list: T[], work: (item: T) => UrgentWork): T[] {
  return list
    .map((item) => ({ item, work: work(item) }))
    .sort((a, b) => byUrgency(a.work, b.work))
    .map((x) => x.item)
}
