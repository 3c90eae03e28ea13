import { randomUUID } from 'node:crypto'
import { TZDate } from '@date-fns/tz'
import { format as formatDate } from 'date-fns'
import { and, eq, inArray } from 'drizzle-orm'
import type { DemoSeeder } from '../db/seed.ts'
import { memberships, recordResolutions, records, temperatureItems, temperatureLogs, venues } from '../db/schema.ts'
import type { TemperatureItemKind } from './schema.ts'
import { DEFAULT_RANGES } from './units.ts'

interface DemoLog {
  name: string
  checkTimes: string[]
  /** Days of history (today excluded). */
  history: number
  units: Array<{ label: string; kind: TemperatureItemKind; base: number }>
}

const DEMO_LOGS: DemoLog[] = [
  {
    name: 'Fridges & freezers',
    checkTimes: ['09:00', '15:00'],
    history: 14,
    units: [
      { label: 'Walk-in fridge', kind: 'fridge', base: 3 },
      { label: 'Under-counter fridge', kind: 'fridge', base: 4 },
      { label: 'Chest freezer', kind: 'freezer', base: -20 },
      { label: 'Ice-cream freezer', kind: 'freezer', base: -19 },
    ],
  },
  {
    name: 'Hot holding',
    checkTimes: ['12:30', '19:30'],
    history: 14,
    units: [
      { label: 'Bain-marie', kind: 'hot_holding', base: 68 },
      { label: 'Soup kettle', kind: 'hot_holding', base: 72 },
    ],
  },
]

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

function at(date: string, time: string, timeZone: string, plusMinutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [hh, mm] = time.split(':').map(Number) as [number, number]
  return new Date(TZDate.tz(timeZone, y, m - 1, d, hh, mm + plusMinutes).getTime())
}

/**
 * Demo temperature logs at both demo venues, set up a fortnight ago (ADR 085: a log is due only from its
 * first day): "Fridges & freezers" (4 units, 2 checks a day) and "Hot holding", each with two weeks of
 * readings at every check; at the first venue an out-of-range reading resolved with a corrective
 * action and re-checked (ADR 022).
 */
export const seedTemperaturesDemo: DemoSeeder = async ({ db }, { orgId, venueIds }) => {
  const [adam] = await db
    .select({ id: memberships.id, name: memberships.name })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.name, ['Adam Admin'])))
  const venueRows = await db.select({ id: venues.id, timeZone: venues.timeZone }).from(venues).where(and(eq(venues.orgId, orgId), inArray(venues.id, venueIds)))
  const places = venueIds.map((id) => venueRows.find((v) => v.id === id)).filter((v) => v !== undefined)
  const zone = places[0]?.timeZone ?? 'UTC'
  const setUp = at(addDays(formatDate(new TZDate(Date.now(), zone), 'yyyy-MM-dd'), -Math.max(...DEMO_LOGS.map((l) => l.history))), '07:30', zone, 0)
  const logs = await db
    .insert(temperatureLogs)
    .values(DEMO_LOGS.map((l, position) => ({ orgId, name: l.name, checksPerDay: l.checkTimes.length, checkTimes: l.checkTimes, position, createdAt: setUp, updatedAt: setUp })))
    .returning({ id: temperatureLogs.id, name: temperatureLogs.name })
  const units = await db
    .insert(temperatureItems)
    .values(
      DEMO_LOGS.flatMap((l) => {
        const temperatureId = logs.find((x) => x.name === l.name)!.id
        return l.units.map((u, position) => ({ orgId, temperatureId, label: u.label, kind: u.kind, ...DEFAULT_RANGES[u.kind], position, createdAt: setUp, updatedAt: setUp }))
      }),
    )
    .returning({ id: temperatureItems.id, label: temperatureItems.label })
  if (!places.length || !adam) return

  const rows: Array<typeof records.$inferInsert> = []
  const resolutions: Array<typeof recordResolutions.$inferInsert> = []
  for (const [venueIndex, venue] of places.entries()) {
    const today = formatDate(new TZDate(Date.now(), venue.timeZone), 'yyyy-MM-dd')
    for (const l of DEMO_LOGS) {
      const templateId = logs.find((x) => x.name === l.name)!.id
      for (let back = l.history; back >= 1; back--) {
        const date = addDays(today, -back)
        l.checkTimes.forEach((time, slot) => {
          l.units.forEach((u, index) => {
            const range = DEFAULT_RANGES[u.kind]
            const base = {
              orgId,
              venueId: venue.id,
              kind: 'temperature' as const,
              templateId,
              itemId: units.find((x) => x.label === u.label)!.id,
              date,
              slot,
              templateName: l.name,
              label: u.label,
              itemType: u.kind,
              min: range.min,
              max: range.max,
              late: false,
              recordedByMembershipId: adam.id,
              recordedByName: adam.name,
            }
            const id = randomUUID()
            const recordedAt = at(date, time, venue.timeZone, index * 2 - 10)
            // The failure of the fortnight: the bain-marie too cool at lunch five days ago, resolved and re-checked.
            if (venueIndex === 0 && l.name === 'Hot holding' && back === 5 && slot === 0 && index === 0) {
              rows.push({ ...base, id, value: '58.5', status: 'failed', recordedAt })
              resolutions.push({ orgId, recordId: id, note: 'Reheated to 75 °C or more', resolvedByMembershipId: adam.id, resolvedByName: adam.name, resolvedAt: at(date, time, venue.timeZone, 5) })
              rows.push({ ...base, id: randomUUID(), value: '66.0', status: 'done', supersedesId: id, recordedAt: at(date, time, venue.timeZone, 30) })
              return
            }
            const value = (u.base + (((back * 7 + slot * 3 + index + venueIndex) % 10) - 5) / 10).toFixed(1)
            rows.push({ ...base, id, value, status: 'done', recordedAt })
          })
        })
      }
    }
  }
  if (rows.length) await db.insert(records).values(rows)
  if (resolutions.length) await db.insert(recordResolutions).values(resolutions)
}
