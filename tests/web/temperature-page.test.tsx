/**
 * The temperature log page (/temperatures/:id) of a log of 12 units × 4 checks with 30 days of readings,
 * through the real route loader calling the real API in-process and the page rendered on the server:
 * the loader data carries only what the page shows (the chart's readings of the days shown, no reading
 * twice) and the HTML stays small (the chart's points are one path, not an element each), whatever the
 * days of history (issue #9).
 */
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import TemperatureLogDay, { loader } from '../../app/routes/venue/temperatures.$temperatureId.tsx'
import type { Runtime } from '../../server/runtime.ts'
import { TEMPERATURE_YEAR_SQL } from '../../scripts/bench/temperatures.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { shiftDay } from '../api/_helpers.ts'

const ORIGIN = 'http://localhost:3999'
const UNITS = 12
const KINDS = ['fridge', 'freezer', 'hot_holding', 'cooking'] as const

let t: TestApp
let o: OrgWithActors
let logId = ''
let today = ''

beforeAll(async () => {
  t = await createTestApp()
  globalThis.__miseRuntime = Promise.resolve({ api: t.app } as unknown as Runtime)
  o = await createOrgWithActors(t)
  const created = await o.admin.client.post(`/v1/orgs/${o.orgId}/temperatures`, { name: 'Kitchen', checksPerDay: 4 })
  expect(created.status, created.text).toBe(201)
  logId = created.json.temperature.id
  for (let u = 0; u < UNITS; u++) {
    const res = await o.admin.client.post(`/v1/orgs/${o.orgId}/temperatures/${logId}/items`, { label: `Unit ${u + 1}`, kind: KINDS[u % KINDS.length] })
    expect(res.status, res.text).toBe(201)
  }
  const day = await o.basic.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}/temperature-entries`)
  expect(day.status, day.text).toBe(200)
  today = day.json.date
})
afterAll(async () => {
  globalThis.__miseRuntime = undefined
  await t.close()
})

function request(path: string) {
  const cookie = [...o.basic.client.jar].map(([k, v]) => `${k}=${v}`).concat(`mise_org_id=${o.orgId}`, `mise_venue_id=${o.venueA}`).join('; ')
  return new Request(`${ORIGIN}${path}`, { headers: { cookie } })
}

/** The page for today: its loader data (as JSON) and its server-rendered HTML. */
async function page(query = '') {
  const path = `/temperatures/${logId}?date=${today}${query}`
  const data = await loader({ request: request(path), params: { temperatureId: logId }, context: undefined } as never)
  const Stub = createRoutesStub([{ path: '/temperatures/:temperatureId', Component: TemperatureLogDay as never, loader: () => data }])
  const html = renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />)
  return { data, json: JSON.stringify(data), html }
}

/** The bytes of the charts' SVG in the page. */
const svgBytes = (html: string) => (html.match(/<svg[\s\S]*?<\/svg>/g) ?? []).reduce((sum, svg) => sum + svg.length, 0)

describe('the temperature log page with 30 days of readings', () => {
  test('loader data carries the days shown once, the chart is a few paths, and both stay small for 12 units × 4 checks × 30 days', async () => {
    const db = t.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<unknown> } }
    await db.$client.query(TEMPERATURE_YEAR_SQL, [o.orgId, o.venueA, shiftDay(today, -29), today])
    // Yesterday's second check found every fridge too warm.
    await db.$client.query(`update records set value = '9', status = 'failed' where org_id = $1 and kind = 'temperature' and item_type = 'fridge' and date = $2 and slot = 1`, [o.orgId, shiftDay(today, -1)])
    const week = await page()
    const month = await page('&chart=30')
    // Every unit's values table is a day per row and a check per column, as on a paper log sheet: 7 days or
    // 30, each with its 4 readings, not a row per reading (Before: 12 × 121 rows and 1,452 cells for the month).
    expect(week.html.match(/<tr>/g)?.length).toBe(UNITS * (1 + 7))
    expect(month.html.match(/<tr>/g)?.length).toBe(UNITS * (1 + 30))
    expect(month.html.match(/<td/g)?.length).toBe(UNITS * 30 * 4)
    expect(month.html).not.toContain('<td>—</td>')
    // The readings out of range are marked in their cell (in words: "9.0 °C (out of range)"; this render has no translations).
    const failed = (d: typeof week) => (d.data as { entry: { items: Array<{ chart: Array<{ inRange: boolean }> }> } }).entry.items.flatMap((i) => i.chart).filter((p) => !p.inRange).length
    expect(failed(month)).toBe(UNITS / KINDS.length)
    expect(month.html.match(/<td class="[^"]*text-red-800[^"]*">temperatures.chart.outOfRange<\/td>/g)?.length).toBe(failed(month))
    // The page's data holds each point of the days shown once, without what the chart never draws.
    const entry = (week.data as { entry: { items: Array<{ chart: Array<Record<string, unknown>> }> } }).entry
    expect(entry.items).toHaveLength(UNITS)
    for (const { chart } of entry.items) {
      expect(chart).toHaveLength(7 * 4)
      expect(chart.every((p) => (p.date as string) >= shiftDay(today, -6))).toBe(true)
      expect(Object.keys(chart[0]!).sort()).toEqual(['date', 'inRange', 'slot', 'value'])
    }
    // Before issue #9's fix: 164 KB of loader data for the week or the month (every reading of 30 days with all its
    // fields); now 38 KB and 101 KB.
    expect(week.json.length).toBeLessThan(60_000)
    expect(month.json.length).toBeLessThan(130_000)
    // One path per marker kind, not an element per reading, with coordinates of one decimal: the fridges
    // have a path of squares for yesterday's readings out of range beside their circles.
    expect(month.html).not.toContain('<circle')
    expect(month.html.match(/<path [^>]*stroke-linecap/g)?.length).toBe(UNITS + UNITS / KINDS.length)
    // Each chart's two axes are one path, and its labels take size and colour from a group.
    expect(month.html.match(/<path d="M36 8V120H312"/g)?.length).toBe(UNITS)
    expect(month.html).not.toMatch(/<line |<text [^>]*font-size/)
    expect(month.html.match(/<svg[\s\S]*?<\/svg>/g)?.join('')).not.toMatch(/\d\.\d{2}/)
    // Before: 187 KB of SVG for the month's 12 charts (an element per reading) and 54 KB for the week; now 47 KB and 21 KB.
    expect(svgBytes(month.html)).toBeLessThan(UNITS * 5_000)
    expect(svgBytes(week.html)).toBeLessThan(UNITS * 2_000)
  })
})
