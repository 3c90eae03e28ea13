import { randomUUID } from 'node:crypto'
import { TZDate } from '@date-fns/tz'
import { format as formatDate } from 'date-fns'
import { and, eq, inArray } from 'drizzle-orm'
import type { DemoSeeder } from '../db/seed.ts'
import { checklistItems, checklists, memberships, recordResolutions, records, venues } from '../db/schema.ts'
import type { ChecklistItemType } from './schema.ts'

interface DemoItem {
  label: string
  type: ChecklistItemType
  required?: boolean
  min?: number
  max?: number
}

interface DemoChecklist {
  name: string
  description: string
  dueTime: string | null
  days: number[]
  /** Local time the checklist is usually done (hour, minute). */
  doneAt: [number, number]
  items: DemoItem[]
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6]

const DEMO_CHECKLISTS: DemoChecklist[] = [
  {
    name: 'Opening',
    description: 'Before the first service.',
    dueTime: '11:00',
    days: ALL_DAYS,
    doneAt: [8, 10],
    items: [
      { label: 'Lights, extraction and dishwasher on', type: 'check' },
      { label: 'Walk-in fridge closed and clean?', type: 'yes_no' },
      { label: 'Dishwasher rinse temperature (°C)', type: 'number', min: 82, max: 90 },
      { label: 'Notes for the shift', type: 'text', required: false },
    ],
  },
  {
    name: 'Closing',
    description: 'After the last service.',
    dueTime: '23:30',
    days: ALL_DAYS,
    doneAt: [22, 50],
    items: [
      { label: 'Food covered, labelled and dated?', type: 'yes_no' },
      { label: 'Fridge and freezer doors closed', type: 'check' },
      { label: 'Floors swept and mopped', type: 'check' },
      { label: 'Bins emptied and taken out', type: 'check' },
    ],
  },
  {
    name: 'Cleaning',
    description: 'Deep clean, three times a week.',
    dueTime: '16:00',
    days: [1, 3, 5],
    doneAt: [15, 20],
    items: [
      { label: 'Extraction filters degreased', type: 'check' },
      { label: 'Walk-in fridge shelves washed', type: 'check' },
      { label: 'Door handles and switches sanitised', type: 'check' },
    ],
  },
]

const SHIFT_NOTES = ['Fish delivery due at 10:00', 'Two staff off sick: keep the menu short', 'Private party of 20 at 13:00']

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

function localInstant(date: string, [hour, minute]: [number, number], timeZone: string, plusMinutes = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(TZDate.tz(timeZone, y, m - 1, d, hour, minute + plusMinutes).getTime())
}

/** Days of history: the checklists were set up this many days ago (ADR 085: a template is due only from its first day). */
export const DEMO_CHECKLIST_DAYS = 30

/**
 * Demo checklists (Opening, Closing, Cleaning), set up 30 days ago, and the days since at both demo
 * venues, so the dashboard's 7- and 30-day compliance has values: most items recorded on time each
 * day; at Harbour Street one failed rinse temperature three days ago with its corrective action and
 * Closing missed two days ago; at Market Hall Closing recorded late (the next morning) four days ago
 * and one correction (a record superseding a mistyped one) two days ago. A handful of batch inserts.
 */
export const seedChecklistsDemo: DemoSeeder = async ({ db }, { orgId, venueIds }) => {
  const staff = await db
    .select({ id: memberships.id, name: memberships.name })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.name, ['Adam Admin', 'Bea Basic'])))
  const adam = staff.find((s) => s.name === 'Adam Admin')
  const bea = staff.find((s) => s.name === 'Bea Basic')
  const venueRows = await db
    .select({ id: venues.id, timeZone: venues.timeZone })
    .from(venues)
    .where(and(eq(venues.orgId, orgId), inArray(venues.id, venueIds)))
  const places = venueIds.map((id) => venueRows.find((v) => v.id === id)).filter((v) => v !== undefined)

  const firstZone = places[0]?.timeZone ?? 'UTC'
  const setUp = localInstant(addDays(formatDate(new TZDate(Date.now(), firstZone), 'yyyy-MM-dd'), -DEMO_CHECKLIST_DAYS), [7, 30], firstZone)
  const created = await db
    .insert(checklists)
    .values(DEMO_CHECKLISTS.map((c, position) => ({ orgId, name: c.name, description: c.description, dueTime: c.dueTime, days: c.days, position, createdAt: setUp, updatedAt: setUp })))
    .returning({ id: checklists.id, name: checklists.name })
  const itemRows = await db
    .insert(checklistItems)
    .values(
      DEMO_CHECKLISTS.flatMap((c) => {
        const checklistId = created.find((x) => x.name === c.name)!.id
        return c.items.map((item, position) => ({
          orgId,
          checklistId,
          label: item.label,
          type: item.type,
          required: item.required ?? true,
          min: item.min ?? null,
          max: item.max ?? null,
          position,
          createdAt: setUp,
          updatedAt: setUp,
        }))
      }),
    )
    .returning({ id: checklistItems.id, checklistId: checklistItems.checklistId, label: checklistItems.label })
  if (!places.length || !adam) return

  type RecordRow = typeof records.$inferInsert
  const rows: RecordRow[] = []
  const resolutions: Array<typeof recordResolutions.$inferInsert> = []

  places.forEach((venue, venueIndex) => {
    const today = formatDate(new TZDate(Date.now(), venue.timeZone), 'yyyy-MM-dd')
    for (let back = DEMO_CHECKLIST_DAYS - 1; back >= 1; back--) {
      const date = addDays(today, -back)
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
      for (const c of DEMO_CHECKLISTS) {
        if (!c.days.includes(weekday)) continue
        // The missed checklist of the week: nobody did Closing at the first venue two days ago.
        if (venueIndex === 0 && back === 2 && c.name === 'Closing') continue
        // The late one: Closing at the second venue four days ago, recorded the next morning.
        const late = venueIndex === 1 && back === 4 && c.name === 'Closing'
        const checklistId = created.find((x) => x.name === c.name)!.id
        // Bea works at the first venue only (her venue access); Adam everywhere.
        const who = venueIndex === 0 && bea && (back + c.name.length) % 2 === 0 ? bea : adam
        c.items.forEach((item, index) => {
          const itemId = itemRows.find((r) => r.checklistId === checklistId && r.label === item.label)!.id
          let value: string
          let status: 'done' | 'failed' = 'done'
          switch (item.type) {
            case 'check':
              value = 'true'
              break
            case 'yes_no':
              value = 'yes'
              break
            case 'number':
              value = String(83 + ((back + venueIndex) % 5))
              break
            default: {
              // The optional notes: only on some days.
              if ((back + venueIndex) % 3 !== 0) return
              value = SHIFT_NOTES[(back + venueIndex) % SHIFT_NOTES.length]!
            }
          }
          // The failure of the week: the rinse temperature too low at the first venue, three days ago.
          const failing = venueIndex === 0 && back === 3 && item.type === 'number'
          if (failing) {
            value = '74'
            status = 'failed'
          }
          // The correction of the week: a mistyped rinse temperature at the second venue, two days ago.
          const corrected = venueIndex === 1 && back === 2 && item.type === 'number'
          const base = {
            orgId,
            venueId: venue.id,
            kind: 'checklist' as const,
            templateId: checklistId,
            itemId,
            date,
            templateName: c.name,
            label: item.label,
            itemType: item.type,
            min: item.min ?? null,
            max: item.max ?? null,
            late,
            recordedByMembershipId: who.id,
            recordedByName: who.name,
          }
          const id = randomUUID()
          const recordedAt = late ? localInstant(addDays(date, 1), [8, 40], venue.timeZone, index * 2) : localInstant(date, c.doneAt, venue.timeZone, index * 2)
          if (corrected) {
            rows.push({ ...base, id, value: '8.5', status: 'failed', recordedAt })
            rows.push({ ...base, id: randomUUID(), value: '85', status: 'done', supersedesId: id, recordedAt: localInstant(date, c.doneAt, venue.timeZone, index * 2 + 3) })
            return
          }
          rows.push({ ...base, id, value, status, recordedAt })
          if (failing) {
            resolutions.push({
              orgId,
              recordId: id,
              note: 'Descaled the booster heater and re-ran: 84 °C',
              resolvedByMembershipId: adam.id,
              resolvedByName: adam.name,
              resolvedAt: localInstant(date, c.doneAt, venue.timeZone, index * 2 + 25),
            })
          }
        })
      }
    }
  })

  if (rows.length) await db.insert(records).values(rows)
  if (resolutions.length) await db.insert(recordResolutions).values(resolutions)
}
