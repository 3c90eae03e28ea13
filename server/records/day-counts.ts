/**
 * Compliance counts per venue, template and day (the dashboard, the group overview and the daily
 * digest, issue #14), read from `record_day_counts` and recomputed from the records only for the
 * template-days written since (ADR 058). One statement, whatever the number of venues, templates and
 * days, and whether anything had to be recomputed.
 */
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import { queryManyRows, type Db } from '../db/client.ts'
import { recordDayCounts, recordResolutions, records, type RecordKind } from './schema.ts'
import type { StateFilter } from './service.ts'

export interface RecordCount {
  venueId: string
  kind: RecordKind
  templateId: string
  date: string
  onTime: number
  late: number
  resolved: number
  unresolved: number
}

/** A template whose days are counted, with the items whose records count towards its due checks. */
export interface CountedTemplate {
  kind: RecordKind
  id: string
  required: string[]
}

/** Bump when what a count means changes: every stored count is then recomputed once. */
const COUNT_RULES = 1

/**
 * What a stored count was computed for: the counting rules, whether the template's superseded failures
 * still count (`failuresOutlive`), and its required items. A template whose required items change gets
 * its days recomputed the next time they are read.
 */
export function countFingerprint(template: CountedTemplate, failuresOutlive: readonly RecordKind[]): string {
  const required = [...new Set(template.required)].sort().join(',')
  const digest = createHash('sha256').update(required).digest('base64url').slice(0, 22)
  return `${COUNT_RULES}.${failuresOutlive.includes(template.kind) ? 1 : 0}.${digest}`
}

/**
 * Per venue, day and template between two days: current records of the template's required items made
 * on their day (`onTime`) or later (`late`), and failed records resolved and unresolved — current ones,
 * and superseded ones of the kinds in `failuresOutlive` (ADR 022). Template-days without any record
 * have no row; templates not in `templates` are left out.
 *
 * The stored counts whose fingerprint is still their template's are read as they are; the others (a
 * record or corrective action written since, or a change of required items) are counted from their
 * records and stored back, unless a write has bumped their version meanwhile (then the next read counts
 * them again). Recounting reads each stale template-day's records through an index and is linear in
 * them whatever the planner's estimates (a year inserted at once left them far off: a self-join
 * planned as nested loops took minutes, ADR 058).
 */
export async function recordCounts(
  db: Db,
  scope: OrgScope,
  filter: StateFilter & { templates: CountedTemplate[]; failuresOutlive: RecordKind[] },
): Promise<RecordCount[]> {
  if (!filter.venueIds.length || !filter.templates.length) return []
  const { templates, failuresOutlive } = filter
  const kinds = sql.param(templates.map((t) => t.kind))
  const ids = sql.param(templates.map((t) => t.id))
  const fingerprints = sql.param(templates.map((t) => countFingerprint(t, failuresOutlive)))
  const required = sql.param([...new Set(templates.flatMap((t) => t.required))])
  const outlive = sql.param([...failuresOutlive])
  const c = recordDayCounts
  const counted = sql`m.status = 'failed' and (m.current or m.kind = any(${outlive}::text[]))`
  return queryManyRows<RecordCount>(
    db,
    sql`select venue_id as "venueId", kind, template_id as "templateId", date::text as "date",
      on_time as "onTime", late, resolved, unresolved
    from stored where fingerprint = wanted
    union all
    select venue_id, kind, template_id, date::text, on_time, late, resolved, unresolved
    from fresh`,
    sql`plan as (
      select * from unnest(${kinds}::text[], ${ids}::uuid[], ${fingerprints}::text[]) as p(kind, template_id, fingerprint)
    ),
    stored as (
      select c.org_id, c.venue_id, c.date, c.kind, c.template_id, c.version, c.fingerprint, p.fingerprint as wanted,
             c.on_time, c.late, c.resolved, c.unresolved
      from ${c} as c join plan as p on p.kind = c.kind and p.template_id = c.template_id
      where c.org_id = ${scope.orgId} and c.venue_id = any(${sql.param(filter.venueIds)}::uuid[])
        and c.date >= ${filter.from} and c.date <= ${filter.to}
    ),
    stale as (select * from stored where fingerprint is distinct from wanted),
    -- Each stale template-day's records, through the (organisation, venue, kind, date) index one key
    -- at a time ("offset 0" keeps the lateral subquery a loop over the keys, whatever the estimates).
    w as (
      select r.id, r.venue_id, r.kind, r.template_id, r.date, r.status, r.late, r.supersedes_id,
        r.item_id = any(${required}::uuid[]) as required
      from stale as s
      cross join lateral (
        select x.id, x.venue_id, x.kind, x.template_id, x.date, x.item_id, x.status, x.late, x.supersedes_id
        from ${records} as x
        where x.org_id = s.org_id and x.venue_id = s.venue_id and x.kind = s.kind and x.date = s.date and x.template_id = s.template_id
        offset 0
      ) as r
    ),
    -- A correction supersedes a record of the same template-day, so whatever supersedes one of these is
    -- among them: "current" is a hashed set lookup, linear in the records however they are estimated.
    marked as (
      select w.*, w.id not in (select supersedes_id from w where supersedes_id is not null) as current
      from w
    ),
    recounted as (
      select m.venue_id, m.kind, m.template_id, m.date,
        (count(*) filter (where m.current and m.required and not m.late))::int as on_time,
        (count(*) filter (where m.current and m.required and m.late))::int as late,
        (count(*) filter (where ${counted} and m.resolved))::int as resolved,
        (count(*) filter (where ${counted} and not m.resolved))::int as unresolved
      from (
        select marked.*,
          marked.status = 'failed' and exists (
            select 1 from ${recordResolutions} as res where res.org_id = ${scope.orgId} and res.record_id = marked.id
          ) as resolved
        from marked
      ) as m
      group by m.venue_id, m.kind, m.template_id, m.date
    ),
    fresh as (
      select s.org_id, s.venue_id, s.date, s.kind, s.template_id, s.version, s.wanted,
        coalesce(n.on_time, 0) as on_time, coalesce(n.late, 0) as late,
        coalesce(n.resolved, 0) as resolved, coalesce(n.unresolved, 0) as unresolved
      from stale as s
      left join recounted as n on n.venue_id = s.venue_id and n.kind = s.kind and n.template_id = s.template_id and n.date = s.date
    ),
    saved as (
      update ${c} as c
      set fingerprint = f.wanted, on_time = f.on_time, late = f.late, resolved = f.resolved, unresolved = f.unresolved
      from fresh as f
      where c.org_id = f.org_id and c.venue_id = f.venue_id and c.date = f.date and c.kind = f.kind and c.template_id = f.template_id
        and c.version = f.version
    )`,
  )
}
