import { useTranslation } from '../../lib/use-translation'
import type { TemperatureUnit } from './types'
import { checkName } from './checks'
import { chartAxes, coordinate as c, type ChartBox } from '../charts/axes'
import { html, staticMarkup, type Markup } from '../charts/markup'
import { chartValues } from '../charts/values'
import { shiftDay } from '../records/dates'

/** A point of the chart as the API sends it (GET …/temperature-entries/:id, `items[].chart`). */
export interface ApiChartPoint {
  date: string
  slot: number
  value: number
  inRange: boolean
  recordedAt: string
}

/** What the chart draws of a point. */
export type ChartPoint = Pick<ApiChartPoint, 'date' | 'slot' | 'value' | 'inRange'>

const W = 320
const H = 140
const PAD = { left: 36, right: 8, top: 8, bottom: 20 }
const BOX: ChartBox = { width: W, height: H, pad: PAD }

/**
 * The points of the `days` days up to `until` in the order they were recorded (the API's order), with
 * only what the chart draws: the page's data then carries a week's points, not the API's 30 days.
 */
export function chartPoints(points: ApiChartPoint[], until: string, days: 7 | 30): ChartPoint[] {
  const from = shiftDay(until, -(days - 1))
  return points.filter((p) => p.date >= from && p.date <= until).map(({ date, slot, value, inRange }) => ({ date, slot, value, inRange }))
}

/** A cell of the values table: the readings of one check of one day, in the order they were taken. */
interface GridCell {
  text: string
  failed: boolean
}

/**
 * The values table's rows: one per day with readings, oldest first, with a cell per check, as on a paper
 * log sheet; like the chart, it shows no day without readings. A check read again (a re-check) lists both
 * readings; a check without a reading shows a dash.
 */
function valueGrid(points: ChartPoint[], checks: number, text: (p: ChartPoint) => string): { date: string; cells: GridCell[] }[] {
  const byDay = new Map<string, ChartPoint[][]>()
  for (const p of points) {
    const row = byDay.get(p.date) ?? Array.from({ length: checks }, () => [])
    row[p.slot]!.push(p)
    byDay.set(p.date, row)
  }
  return [...byDay.keys()].sort().map((date) => ({
    date,
    cells: byDay.get(date)!.map((readings) => ({
      text: readings.length ? readings.map(text).join(', ') : '—',
      failed: readings.some((p) => !p.inRange),
    })),
  }))
}

/**
 * A unit's readings of the last `days` days against its range: plain SVG rendered on the server (no
 * script, no library), with the values in a table of days × checks as its text alternative. The markers
 * are one path per state (circles in range, squares out of range), not an element per reading, and
 * coordinates have one decimal. Drawn as static markup (ADR 078): nothing in it changes on the page.
 */
export function TemperatureChart(props: {
  id: string
  label: string
  points: ChartPoint[]
  min: number | null
  max: number | null
  unit: TemperatureUnit
  until: string
  days: 7 | 30
  /** The name of each check of the day (its time, or "Check 2"): the table's columns. */
  checks: string[]
}) {
  const { t } = useTranslation('org')
  return <figure className="space-y-2" {...staticMarkup(temperatureChartMarkup(props, t))} />
}

/** The inside of a unit's chart figure: the SVG and its table of values. */
export function temperatureChartMarkup(
  { id, label, points, min, max, unit, until, days, checks }: Parameters<typeof TemperatureChart>[0],
  t: (key: string, vars?: Record<string, unknown>) => string,
): Markup {
  const from = shiftDay(until, -(days - 1))
  const shown = points.filter((p) => p.date >= from && p.date <= until)
  const values = [...shown.map((p) => p.value), ...(min !== null ? [min] : []), ...(max !== null ? [max] : [])]
  const lo = values.length ? Math.min(...values) - 2 : 0
  const hi = values.length ? Math.max(...values) + 2 : 10
  const x = (date: string, slot: number) => {
    const dayIndex = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
    return PAD.left + ((dayIndex + (slot + 0.5) / 6) / days) * (W - PAD.left - PAD.right)
  }
  const y = (v: number) => PAD.top + ((hi - v) / (hi - lo || 1)) * (H - PAD.top - PAD.bottom)
  const bandTop = y(max ?? hi)
  const bandBottom = y(min ?? lo)
  const titleId = `${id}-title`
  const tableId = `${id}-values`
  const title = t('temperatures.chart.title', { label, days })
  const fmt = (v: number) => `${v.toFixed(1)} °${unit}`
  // A reading of a check the log no longer has (fewer checks a day since) gets its own column, named by number.
  const slots = Math.max(checks.length, ...shown.map((p) => p.slot + 1))
  const columns = Array.from({ length: slots }, (_, slot) => checks[slot] ?? checkName({ slot, time: null }, t))
  const grid = valueGrid(shown, columns.length, (p) => (p.inRange ? fmt(p.value) : t('temperatures.chart.outOfRange', { value: fmt(p.value) })))
  const at = shown.map((p) => ({ x: x(p.date, p.slot), y: y(p.value), inRange: p.inRange }))
  const markers = (inRange: boolean) =>
    at
      .filter((p) => p.inRange === inRange)
      .map((p) => `M${c(p.x)} ${c(p.y)}h0`)
      .join('')
  const circles = markers(true)
  const squares = markers(false)
  // The table: a row per day with readings, a column per check.
  const rows = shown.length
    ? html`
        <thead>
          <tr><th scope="col">${t('temperatures.chart.date')}</th>${columns.map((name) => html`<th scope="col">${name}</th>`)}</tr>
        </thead>
        <tbody>
          ${grid.map(
            ({ date, cells }) => html`
              <tr>
                <th scope="row" class="font-normal">${date}</th>
                ${cells.map((cell) => (cell.failed ? html`<td class="font-semibold text-red-800 dark:text-red-300">${cell.text}</td>` : html`<td>${cell.text}</td>`))}
              </tr>`,
          )}
        </tbody>`
    : html`<tbody><tr><td>${t('temperatures.chart.empty')}</td></tr></tbody>`
  // Each marker a zero-length segment: its round cap a circle of radius 3, its square cap a 7 × 7 square.
  return html`
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${titleId}" aria-describedby="${tableId}" class="h-auto w-full max-w-md text-stone-700 dark:text-stone-300">
      <title id="${titleId}">${title}</title>
      <rect x="${PAD.left}" y="${c(bandTop)}" width="${W - PAD.left - PAD.right}" height="${c(Math.max(0, bandBottom - bandTop))}" class="fill-green-100 dark:fill-green-950"></rect>
      ${chartAxes(BOX, { top: hi.toFixed(0), bottom: lo.toFixed(0), first: from, last: until })}
      ${shown.length > 1 && html`<polyline points="${at.map((p) => `${c(p.x)},${c(p.y)}`).join(' ')}" fill="none" stroke="currentColor"></polyline>`}
      ${circles && html`<path d="${circles}" fill="none" stroke-width="6" stroke-linecap="round" class="stroke-green-700 dark:stroke-green-400"></path>`}
      ${squares && html`<path d="${squares}" fill="none" stroke-width="7" stroke-linecap="square" class="stroke-red-700 dark:stroke-red-400"></path>`}
    </svg>
    ${chartValues({ summary: t('temperatures.chart.values'), tableId, title, titleId, rows })}`
}
