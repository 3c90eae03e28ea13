import { useTranslation } from '../../lib/use-translation'
import type { DayCompliance } from './types'
import { chartAxes, coordinate as c, type ChartBox } from '../charts/axes'
import { html, staticMarkup, type Markup } from '../charts/markup'
import { chartValues } from '../charts/values'

const W = 320
const H = 140
const PAD = { left: 28, right: 8, top: 8, bottom: 20 }
const BOX: ChartBox = { width: W, height: H, pad: PAD }

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
 * as its text alternative. Drawn as static markup, as they are (ADR 078).
 */
export function ComplianceChart(props: { id: string; days: DayCompliance[] }) {
  const { t } = useTranslation('org')
  return <figure className="space-y-2" {...staticMarkup(complianceChartMarkup(props, t))} />
}

/** The inside of the compliance chart's figure: the SVG, its legend and its table of values. */
export function complianceChartMarkup({ id, days }: { id: string; days: DayCompliance[] }, t: (key: string, vars?: Record<string, unknown>) => string): Markup {
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
  const columns = ['date', 'due', 'onTime', 'late', 'missed', 'pending', 'resolved', 'unresolved']
  return html`
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${titleId}" aria-describedby="${tableId}" class="h-auto w-full max-w-xl text-stone-700 dark:text-stone-300">
      <title id="${titleId}">${title}</title>
      ${chartAxes(BOX, { top: '100%', bottom: '0', first, last })}
      ${STATES.map((state) => paths[state] && html`<path d="${paths[state]}" class="${FILL[state]}"></path>`)}
    </svg>
    <ul class="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="${t('dashboard.chart.legend')}">
      ${STATES.map(
        (state) => html`
          <li class="flex items-center gap-1">
            <svg viewBox="0 0 10 10" class="size-3" aria-hidden="true"><rect width="10" height="10" class="${FILL[state]}"></rect></svg>${t(`dashboard.chart.${state}`)}
          </li>`,
      )}
    </ul>
    ${chartValues({
      summary: t('dashboard.chart.values'),
      tableId,
      title,
      rows: html`
        <thead>
          <tr>${columns.map((key) => html`<th scope="col">${t(`dashboard.chart.${key}`)}</th>`)}</tr>
        </thead>
        <tbody>
          ${[...days].reverse().map(
            (day) => html`
              <tr>
                <th scope="row" class="font-normal">${day.date}</th>
                ${[day.due, day.onTime, day.late, day.missed, day.pending, day.failures.resolved, day.failures.unresolved].map((n) => html`<td>${n}</td>`)}
              </tr>`,
          )}
        </tbody>`,
    })}`
}
