import { useTranslation } from 'react-i18next'
import type { TemperatureUnit } from './types'

export interface ChartPoint {
  date: string
  slot: number
  value: number
  inRange: boolean
  recordedAt: string
}

const W = 320
const H = 140
const PAD = { left: 36, right: 8, top: 8, bottom: 20 }

function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/**
 * A unit's readings of the last `days` days against its range: plain SVG rendered on the server (no
 * script, no library), with the values listed in a table as its text alternative.
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
  const shown = points.filter((p) => p.date >= from && p.date <= until).sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))
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
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} aria-describedby={tableId} className="h-auto w-full max-w-md text-stone-700 dark:text-stone-300">
        <title id={titleId}>{t('temperatures.chart.title', { label, days })}</title>
        <rect x={PAD.left} y={bandTop} width={W - PAD.left - PAD.right} height={Math.max(0, bandBottom - bandTop)} className="fill-green-100 dark:fill-green-950" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} stroke="currentColor" strokeWidth="1" />
        <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} stroke="currentColor" strokeWidth="1" />
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" fontSize="9" fill="currentColor">
          {hi.toFixed(0)}
        </text>
        <text x={PAD.left - 4} y={H - PAD.bottom} textAnchor="end" fontSize="9" fill="currentColor">
          {lo.toFixed(0)}
        </text>
        <text x={PAD.left} y={H - 6} fontSize="9" fill="currentColor">
          {from}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" fontSize="9" fill="currentColor">
          {until}
        </text>
        {shown.length > 1 ? (
          <polyline points={shown.map((p) => `${x(p.date, p.slot).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')} fill="none" stroke="currentColor" strokeWidth="1" />
        ) : null}
        {shown.map((p) =>
          p.inRange ? (
            <circle key={p.recordedAt} cx={x(p.date, p.slot)} cy={y(p.value)} r="3" className="fill-green-700 dark:fill-green-400" />
          ) : (
            <rect key={p.recordedAt} x={x(p.date, p.slot) - 3.5} y={y(p.value) - 3.5} width="7" height="7" className="fill-red-700 dark:fill-red-400" />
          ),
        )}
      </svg>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 text-sm underline">{t('temperatures.chart.values')}</summary>
        <table id={tableId} className="text-sm">
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
              shown.map((p) => (
                <tr key={p.recordedAt}>
                  <td className="pe-3">{p.date}</td>
                  <td className="pe-3">{p.slot + 1}</td>
                  <td className="pe-3 tabular-nums">{fmt(p.value)}</td>
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
