/**
 * The server-drawn charts' static markup (ADR 078): `html` escapes every value put into it unless it is
 * markup made by `html` itself, so a unit's label typed by a person can never become markup; and the
 * charts drawn this way are what a browser and a screen reader are given.
 */
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { escapeHtml, html, Markup, staticMarkup } from '../../app/components/charts/markup'
import { TemperatureChart, temperatureChartMarkup } from '../../app/components/temperatures/chart'
import { complianceChartMarkup } from '../../app/components/dashboard/compliance-chart'

const HOSTILE = `Fridge "A" <img src=x onerror=alert('1')> & co`
const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key}(${Object.entries(vars).map(([k, v]) => `${k}=${String(v)}`).join(',')})` : key)

describe('html', () => {
  test('escapes text and attribute values, and leaves markup made by html as it is', () => {
    const inner = html`<b>${'<i>'}</b>`
    const out = html`<p title="${HOSTILE}">${HOSTILE}${inner}</p>`
    expect(out).toBeInstanceOf(Markup)
    expect(out.html).toBe(
      '<p title="Fridge &quot;A&quot; &lt;img src=x onerror=alert(&#x27;1&#x27;)&gt; &amp; co">Fridge &quot;A&quot; &lt;img src=x onerror=alert(&#x27;1&#x27;)&gt; &amp; co<b>&lt;i&gt;</b></p>',
    )
    // A string that only looks like markup is text.
    expect(html`${'<b>x</b>'}`.html).toBe('&lt;b&gt;x&lt;/b&gt;')
    expect(escapeHtml('plain text 3.0 °C')).toBe('plain text 3.0 °C')
  })

  test('lists are written in turn; false, null and undefined write nothing; numbers as they are', () => {
    const values: (string | number)[] = ['a<', 2.5, 'c']
    expect(html`<ul>${values.map((v) => html`<li>${v}</li>`)}</ul>`.html).toBe('<ul><li>a&lt;</li><li>2.5</li><li>c</li></ul>')
    expect(html`[${false}${null}${undefined}${''}${0}]`.html).toBe('[0]')
  })

  test("a template's line breaks and their indentation are left out; a value's are kept", () => {
    const out = html`
      <g>
        <text>${'two\n  lines'}</text>
      </g>`
    expect(out.html).toBe('<g><text>two\n  lines</text></g>')
  })

  test('staticMarkup gives React the markup to write as it is', () => {
    expect(renderToString(<div {...staticMarkup(html`<svg><title>${HOSTILE}</title></svg>`)} />)).toBe(
      '<div><svg><title>Fridge &quot;A&quot; &lt;img src=x onerror=alert(&#x27;1&#x27;)&gt; &amp; co</title></svg></div>',
    )
  })
})

describe('the temperature chart', () => {
  const points = [
    { date: '2026-11-28', slot: 0, value: 3, inRange: true },
    { date: '2026-11-29', slot: 0, value: 9.5, inRange: false },
    { date: '2026-11-29', slot: 0, value: 4, inRange: true },
    { date: '2026-11-29', slot: 1, value: 2, inRange: true },
  ]
  const chart = { id: 'chart-1', label: HOSTILE, points, min: 0, max: 5, unit: 'C' as const, until: '2026-11-29', days: 7 as const, checks: ['08:00', '14:00'] }

  test('draws the range, the axes, one path per state and a table of days × checks, with the label as text', () => {
    const out = temperatureChartMarkup(chart, t).html
    expect(out).not.toContain('<img')
    expect(out).toContain(`<title id="chart-1-title">temperatures.chart.title(label=${escapeHtml(HOSTILE)},days=7)</title>`)
    expect(out.match(/<path /g)).toHaveLength(3) // the axes, the circles, the squares
    expect(out).toContain('<text x="36" y="134">2026-11-23</text>')
    expect(out).toMatch(/<svg viewBox="0 0 320 140" role="img" aria-labelledby="chart-1-title" aria-describedby="chart-1-values" class="[^"]+">/)
    expect(out).toContain('<div class="overflow-x-auto" tabindex="0" role="region" aria-labelledby="chart-1-title"><table id="chart-1-values"')
    expect(out).toContain('<thead><tr><th scope="col">temperatures.chart.date</th><th scope="col">08:00</th><th scope="col">14:00</th></tr></thead>')
    expect(out).toContain('<tr><th scope="row" class="font-normal">2026-11-28</th><td>3.0 °C</td><td>—</td></tr>')
    expect(out).toContain(
      '<tr><th scope="row" class="font-normal">2026-11-29</th><td class="font-semibold text-red-800 dark:text-red-300">temperatures.chart.outOfRange(value=9.5 °C), 4.0 °C</td><td>2.0 °C</td></tr>',
    )
    // No text between elements: a template's layout adds nothing to the page.
    expect(out).not.toMatch(/>\s+</)
  })

  test('without readings: no markers, and the table says so', () => {
    const out = temperatureChartMarkup({ ...chart, points: [] }, t).html
    expect(out.match(/<path /g)).toHaveLength(1)
    expect(out).toContain('<tbody><tr><td>temperatures.chart.empty</td></tr></tbody>')
  })

  test('renders inside its figure', () => {
    const out = renderToString(<TemperatureChart {...chart} />)
    expect(out).toMatch(/^<figure class="space-y-2"><svg /)
    expect(out).toMatch(/<\/details><\/figure>$/)
  })
})

test('the compliance chart: a bar per day of a path per state, a legend and every number in its table', () => {
  const day = (date: string, due: number, onTime: number, late: number, missed: number) => ({ date, due, onTime, late, missed, missedLogs: 0, pending: due - onTime - late - missed, failures: { resolved: 1, unresolved: 0 } })
  const out = complianceChartMarkup({ id: 'venue', days: [day('2026-11-28', 4, 2, 1, 1), day('2026-11-29', 0, 0, 0, 0)] }, t).html
  expect(out.match(/<path d="M[^"]+" class="fill-(green|amber|red)-/g)).toHaveLength(3)
  expect(out.match(/<li class="flex items-center gap-1"><svg viewBox="0 0 10 10" class="size-3" aria-hidden="true">/g)).toHaveLength(4)
  expect(out).toContain('<tr><th scope="row" class="font-normal">2026-11-28</th><td>4</td><td>2</td><td>1</td><td>1</td><td>0</td><td>1</td><td>0</td></tr>')
  // Newest day first in the table.
  expect(out.indexOf('2026-11-29</th>')).toBeLessThan(out.indexOf('2026-11-28</th>'))
  expect(out).not.toMatch(/>\s+</)
})
