/**
 * Data for the temperature-page benchmarks of scripts/bench.ts (section 6 of docs/benchmarks.md), in the
 * organisation section 4 made (scripts/bench/checklists.ts):
 *
 *   - `seedTemperatures`: through the running server's API, as a user would: TEMPERATURE_LOGS logs
 *     (every venue, every day) of UNITS_PER_LOG units each, CHECKS_PER_DAY checks a day, and today's
 *     readings of the first half of the checks for every unit at the measured venue.
 *   - `TEMPERATURE_YEAR_SQL`: a year of readings for a venue, inserted with the checklists' year
 *     (YearPlan.temperatures) by the same statements runner.
 */
import { apiClient, inParallel, SEED_CONCURRENCY } from './checklists.ts'

export const TEMPERATURE_LOGS = 10
export const UNITS_PER_LOG = 12
export const CHECKS_PER_DAY = 4
/** Unit kinds in turn, with their default ranges. */
const KINDS = ['fridge', 'freezer', 'hot_holding', 'cooking'] as const
/** A reading in range for each kind (°C). */
const READINGS: Record<(typeof KINDS)[number], string> = { fridge: '3', freezer: '-20', hot_holding: '70', cooking: '80' }

export interface TemperatureData {
  /** Log ids in creation order; the log page is measured on the first. */
  temperatureIds: string[]
  units: number
  readingsToday: number
  requests: number
  seconds: number
}

/** Through the API, in the organisation `orgId`, signed in with `cookie` (its owner); readings at `venueId`. */
export async function seedTemperatures(base: string, cookie: string, orgId: string, venueId: string): Promise<TemperatureData> {
  const started = performance.now()
  const api = apiClient(base, cookie)
  const logs = await inParallel(
    SEED_CONCURRENCY,
    Array.from({ length: TEMPERATURE_LOGS }, (_, l) => async () => {
      const { temperature } = await api('POST', `/v1/orgs/${orgId}/temperatures`, {
        name: `Temperature log ${String(l + 1).padStart(2, '0')}`,
        checksPerDay: CHECKS_PER_DAY,
      })
      const units: Array<{ id: string; kind: (typeof KINDS)[number] }> = []
      // One after another: each unit takes the next position.
      for (let u = 0; u < UNITS_PER_LOG; u++) {
        const kind = KINDS[u % KINDS.length]!
        const { item } = await api('POST', `/v1/orgs/${orgId}/temperatures/${temperature.id}/items`, { label: `Unit ${u + 1} of log ${l + 1}`, kind })
        units.push({ id: item.id as string, kind })
      }
      return { id: temperature.id as string, units }
    }),
  )
  // Reading the day creates each log's entry for today.
  const day = await api('GET', `/v1/orgs/${orgId}/venues/${venueId}/temperature-entries`)
  const entryOf = new Map((day.temperatures as Array<{ id: string; entryId: string }>).map((t) => [t.id, t.entryId]))
  const readings = logs.flatMap((log) =>
    log.units.flatMap((unit) =>
      Array.from({ length: CHECKS_PER_DAY / 2 }, (_, slot) => () =>
        api('POST', `/v1/orgs/${orgId}/temperature-entries/${entryOf.get(log.id)}/items/${unit.id}/complete`, { value: READINGS[unit.kind], slot }),
      ),
    ),
  )
  await inParallel(SEED_CONCURRENCY, readings)
  const after = await api('GET', `/v1/orgs/${orgId}/venues/${venueId}/temperature-entries`)
  const done = (after.temperatures as Array<{ progress: { done: number } }>).reduce((s, t) => s + t.progress.done, 0)
  if (after.temperatures.length !== TEMPERATURE_LOGS || done !== readings.length) {
    throw new Error(`seeding went wrong: ${after.temperatures.length} logs and ${done} readings today, expected ${TEMPERATURE_LOGS} and ${readings.length}`)
  }
  return {
    temperatureIds: logs.map((l) => l.id),
    units: TEMPERATURE_LOGS * UNITS_PER_LOG,
    readingsToday: readings.length,
    requests: api.count,
    seconds: (performance.now() - started) / 1000,
  }
}

/**
 * One venue's year of readings: for each day in [$3, $4], each active unit of each log and each check,
 * one current reading in range for the unit's kind (the values seedTemperatures records), as a reading through the API would store it (snapshot of the log's
 * name and the unit's label, kind and range; recorded by the owner at 09:00 + three hours per check).
 * $1 organisation, $2 venue, $3 first day, $4 last day.
 */
export const TEMPERATURE_YEAR_SQL = `
insert into records (org_id, venue_id, kind, template_id, item_id, date, slot, template_name, label, item_type, min, max,
                     value, status, late, recorded_by_membership_id, recorded_by_name, recorded_at)
select $1::uuid, $2::uuid, 'temperature', l.id, i.id, d::date, s, l.name, i.label, i.kind, i.min, i.max,
       case i.kind when 'fridge' then '3' when 'freezer' then '-20' when 'hot_holding' then '70' else '80' end, 'done',
       false, m.id, m.name, d + interval '9 hours' + s * interval '3 hours'
from generate_series($3::date, $4::date, interval '1 day') d
cross join temperature_logs l
join temperature_items i on i.org_id = l.org_id and i.temperature_id = l.id and i.archived_at is null
cross join generate_series(0, l.checks_per_day - 1) s
cross join (select id, name from memberships where org_id = $1::uuid and role = 'OWNER' limit 1) m
where l.org_id = $1::uuid and l.archived_at is null`
