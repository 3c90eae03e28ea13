import type { CheckProgress } from '../records/types'

/** A temperature log's check: its progress and its unresolved readings. */
export interface DayCheck extends CheckProgress {
  unresolved: number
}

/** A check's name: its time ("09:00") or "Check 2". */
export function checkName(check: Pick<DayCheck, 'slot' | 'time'>, t: (key: string, vars?: Record<string, unknown>) => string): string {
  return check.time ?? t('temperatures.checkNumber', { number: check.slot + 1 })
}

/** "09:00 4/4 · 15:00 1/4 (overdue)". */
export function checksSummary(checks: DayCheck[], t: (key: string, vars?: Record<string, unknown>) => string): string {
  return checks
    .map((c) => `${checkName(c, t)} ${c.done}/${c.total}${c.overdue ? ` (${t('records.state.overdue').toLowerCase()})` : ''}`)
    .join(' · ')
}
