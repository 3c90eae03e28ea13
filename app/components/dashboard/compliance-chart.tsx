import { useTranslation } from '../../lib/use-translation'
import type { DayCompliance } from './types'
import { ChartAxes, type ChartBox } from '../charts/axes'

const W = 320
const H = 140
const PAD = { left: 28, right: 8, top: 8, bottom: 20 }
const BOX: ChartBox = { width: W, height: H, pad: PAD }

/** A coordinate with one decimal, as short as it can be written. */
const c = (n: number) => String(Math.round(n * 10) / 10)

const STATES = ['onTime', 'late', 'missed', 'pending'] as const
type State = (typeof STATES)[number]
/** Colour repeats what the legend and the table say in words (text pairs meet AA in both themes). */
const FILL: Record<State, string> = {
  onTime: 'fill-green-700 dark:fill-green-400',
  late: 'fill-amber-500 dark:fill-amber-300',
  missed: 'fill-red-700 dark:fill-red-400',
  pending: 'fill-stone-300 dark:fill-stone-600',
}

/**
 * A venue's compliance for the last `days.length` days: one stacked bar per day (share of due checks
 * done on time, late, missed, still to do), plain SVG rendered on the server as the temperature charts
 * are (no script, no library; one path per state, not an element per bar), with every number in a table
 * as its text alternative.
 */
export function ComplianceChart({ id, days }: { id: string; days: DayCompliance[] }) {
  const { t } = useTranslation('org')
  const titleId = `${id}-title`
  const tableId = `${id}-values`
  const plotW = W - PAD.left - PAD.right
  const plotH = H - PAD.top - PAD.bottom
  const slot = plotW / Math.max(days.length, 1)
  const bar = Math.max(1, slot * 0.7)
  const paths: Record<State, string> = { onTime: '', late: '', missed: '', pending: '' }
  days.forEach((day, i) => {
    if (!day.due) return
    let bottom = H - PAD.bottom
    const x = PAD.left + i * slot + (slot - bar) / 2
    for (const state of STATES) {
      const h = (day[state] / day.due) * plotH
      if (h <= 0) continue
      paths[state] += `M${c(x)} ${c(bottom - h)}h${c(bar)}v${c(h)}h${c(-bar)}z`
      bottom -= h
    }
  })
  const first = days[0]?.date ?? ''
  const last = days.at(-1)?.date ?? ''
  const title = t('dashboard.chart.title', { count: days.length })
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} aria-describedby={tableId} className="h-auto w-full max-w-xl text-stone-700 dark:text-stone-300">
        <title id={titleId}>{title}</title>
        <ChartAxes box={BOX} top={'100%'} bottom={'0'} first={first} last={last} />
        {STATES.map((state) => (paths[state] ? <path key={state} d={paths[state]} className={FILL[state]} /> : null))}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('dashboard.chart.legend')}>
        {STATES.map((state) => (
          <li key={state} className="flex items-center gap-1">
            <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
              <rect width="10" height="10" className={FILL[state]} />
            </svg>
            {t(`dashboard.chart.${state}`)}
          </li>
        ))}
      </ul>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 text-sm underline">{t('dashboard.chart.values')}</summary>
        {/* Focusable so a keyboard can scroll it sideways on a phone. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
          <table id={tableId} className="text-sm tabular-nums [&_td]:pe-3 [&_th]:pe-3 [&_th]:text-start">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.chart.date')}</th>
                <th scope="col">{t('dashboard.chart.due')}</th>
                <th scope="col">{t('dashboard.chart.onTime')}</th>
                <th scope="col">{t('dashboard.chart.late')}</th>
                <th scope="col">{t('dashboard.chart.missed')}</th>
                <th scope="col">{t('dashboard.chart.pending')}</th>
                <th scope="col">{t('dashboard.chart.resolved')}</th>
                <th scope="col">{t('dashboard.chart.unresolved')}</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="font-normal">
                    {day.date}
                  </th>
                  <td>{day.due}</td>
                  <td>{day.onTime}</td>
                  <td>{day.late}</td>
                  <td>{day.missed}</td>
                  <td>{day.pending}</td>
                  <td>{day.failures.resolved}</td>
                  <td>{day.failures.unresolved}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
