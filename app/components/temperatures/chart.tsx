import { useTranslation } from '../../lib/use-translation'
import type { TemperatureUnit } from './types'
import { ChartAxes, type ChartBox } from '../charts/axes'

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

function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/**
 * The points of the `days` days up to `until` in the order they were recorded (the API's order), with
 * only what the chart draws: the page's data then carries a week's points, not the API's 30 days.
 */
export function chartPoints(points: ApiChartPoint[], until: string, days: 7 | 30): ChartPoint[] {
  const from = shiftDay(until, -(days - 1))
  return points.filter((p) => p.date >= from && p.date <= until).map(({ date, slot, value, inRange }) => ({ date, slot, value, inRange }))
}

/** A coordinate with one decimal, as short as it can be written. */
const c = (n: number) => String(Math.round(n * 10) / 10)

/**
 * A unit's readings of the last `days` days against its range: plain SVG rendered on the server (no
 * script, no library), with the values listed in a table as its text alternative. The markers are one
 * path per state (circles in range, squares out of range), not an element per reading, and coordinates
 * have one decimal.
 */
export function TemperatureChart({
  id,
  label,
  points,
  min,
  max,
  unit,
  until,
  days,
}: {
  id: string
  label: string
  points: ChartPoint[]
  min: number | null
  max: number | null
  unit: TemperatureUnit
  until: string
  days: 7 | 30
}) {
  const { t } = useTranslation('org')
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
  const fmt = (v: number) => `${v.toFixed(1)} °${unit}`
  const at = shown.map((p) => ({ x: x(p.date, p.slot), y: y(p.value), inRange: p.inRange }))
  const circles = at
    .filter((p) => p.inRange)
    .map((p) => `M${c(p.x)} ${c(p.y)}h0`)
    .join('')
  const squares = at
    .filter((p) => !p.inRange)
    .map((p) => `M${c(p.x)} ${c(p.y)}h0`)
    .join('')
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} aria-describedby={tableId} className="h-auto w-full max-w-md text-stone-700 dark:text-stone-300">
        <title id={titleId}>{t('temperatures.chart.title', { label, days })}</title>
        <rect x={PAD.left} y={c(bandTop)} width={W - PAD.left - PAD.right} height={c(Math.max(0, bandBottom - bandTop))} className="fill-green-100 dark:fill-green-950" />
        <ChartAxes box={BOX} top={hi.toFixed(0)} bottom={lo.toFixed(0)} first={from} last={until} />
        {shown.length > 1 ? (
          <polyline points={at.map((p) => `${c(p.x)},${c(p.y)}`).join(' ')} fill="none" stroke="currentColor" strokeWidth="1" />
        ) : null}
        {/* Each marker a zero-length segment: its round cap a circle of radius 3, its square cap a 7 × 7 square. */}
        {circles ? <path d={circles} fill="none" strokeWidth="6" strokeLinecap="round" className="stroke-green-700 dark:stroke-green-400" /> : null}
        {squares ? <path d={squares} fill="none" strokeWidth="7" strokeLinecap="square" className="stroke-red-700 dark:stroke-red-400" /> : null}
      </svg>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 text-sm underline">{t('temperatures.chart.values')}</summary>
        <table id={tableId} className="text-sm [&_td:not(:last-child)]:pe-3 [&_td:nth-child(3)]:tabular-nums">
          <caption className="sr-only">{t('temperatures.chart.title', { label, days })}</caption>
          <thead>
            <tr>
              <th scope="col" className="pe-3 text-start">
                {t('temperatures.chart.date')}
              </th>
              <th scope="col" className="pe-3 text-start">
                {t('temperatures.chart.check')}
              </th>
              <th scope="col" className="pe-3 text-start">
                {t('temperatures.chart.value')}
              </th>
              <th scope="col" className="text-start">
                {t('temperatures.chart.state')}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.length ? (
              shown.map((p, i) => (
                <tr key={i}>
                  <td>{p.date}</td>
                  <td>{p.slot + 1}</td>
                  <td>{fmt(p.value)}</td>
                  <td>{p.inRange ? t('temperatures.inRange') : t('temperatures.outOfRange')}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={4}>{t('temperatures.chart.empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
