import type { OverviewRow } from './types'

/** The overview's sortable columns (`?sort=`), each with how a row is read for it. */
export const OVERVIEW_COLUMNS = {
  name: (r: OverviewRow) => r.venue.name,
  score7: (r: OverviewRow) => r.last7.score,
  score30: (r: OverviewRow) => r.last30.score,
  overdue: (r: OverviewRow) => r.day.overdue,
  unresolved: (r: OverviewRow) => r.unresolved,
  missed7: (r: OverviewRow) => r.last7.missedLogs,
  missed30: (r: OverviewRow) => r.last30.missedLogs,
} as const
export type OverviewColumn = keyof typeof OVERVIEW_COLUMNS
export type SortDir = 'asc' | 'desc'

/** Read `?sort=` and `?dir=` (unknown values fall back): by default the lowest 7-day score first. */
export function overviewSort(url: URL): { sort: OverviewColumn; dir: SortDir } {
  const sort = url.searchParams.get('sort')
  const dir = url.searchParams.get('dir')
  return { sort: sort && sort in OVERVIEW_COLUMNS ? (sort as OverviewColumn) : 'score7', dir: dir === 'desc' ? 'desc' : 'asc' }
}

/** The rows sorted; a venue without a score (nothing due) comes last either way, then by name. */
export function sortOverview(rows: OverviewRow[], sort: OverviewColumn, dir: SortDir): OverviewRow[] {
  const read = OVERVIEW_COLUMNS[sort]
  const sign = dir === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => {
    const x = read(a)
    const y = read(b)
    if (x === null || y === null) return x === y ? a.venue.name.localeCompare(b.venue.name) : x === null ? 1 : -1
    const order = typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number)
    return order * sign || a.venue.name.localeCompare(b.venue.name)
  })
}
