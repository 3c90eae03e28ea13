import { stringify } from 'csv-stringify/sync'
import type { Route } from './+types/overview.csv'
import { loadOverview } from '../../components/dashboard/overview.server'
import { getLocale, translator } from '../../lib/i18n.server'

/** The group overview as CSV, in the page's order (ADR 048), written with the exports' CSV library. */
export async function loader(args: Route.LoaderArgs) {
  const { rows: venues } = await loadOverview(args)
  const t = translator(getLocale(args.request))
  const header = ['venue', 'date', 'score7', 'score30', 'dayProgress', 'overdue', 'unresolved', 'missed7', 'missed30'].map((k) =>
    k === 'date' ? t('org:dashboard.chart.date') : t(`org:overview.${k}`),
  )
  const rows = venues.map((r) => [
    r.venue.name,
    r.date,
    r.last7.score ?? '',
    r.last30.score ?? '',
    `${r.day.complete}/${r.day.due}`,
    r.day.overdue,
    r.unresolved,
    r.last7.missedLogs,
    r.last30.missedLogs,
  ])
  const body = stringify([header, ...rows], { bom: true })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="overview-${venues[0]?.date ?? 'today'}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
