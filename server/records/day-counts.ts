/**
 * Compliance counts per venue, template and day (the dashboard, the group overview and the daily
 * digest, issue #14), read from `record_day_counts` and recomputed from the records only for the
 * template-days written since (ADR 058). One statement, whatever the number of venues, templates and
 * days, and whether anything had to be recomputed.
 */
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { OrgScope } from '../api/middleware/org-scope.ts'
import { queryRows, type Db } from '../db/client.ts'
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
 * them again). A correction supersedes a record of the same template-day (`addRecord`), so "current" is
 * the recounted records joined with themselves once.
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
  const current = sql`later.id is null`
  const counted = sql`w.status = 'failed' and (${current} or w.kind = any(${outlive}::text[]))`
  return queryRows<RecordCount>(
    db,
    sql`with plan as (
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
    w as (
      select r.id, r.venue_id, r.kind, r.template_id, r.date, r.item_id, r.status, r.late, r.supersedes_id
      from ${records} as r
      join stale as s on r.org_id = s.org_id and r.venue_id = s.venue_id and r.kind = s.kind and r.date = s.date and r.template_id = s.template_id
      where r.org_id = ${scope.orgId}
    ),
    req as (select distinct unnest(${required}::uuid[]) as id),
    recounted as (
      select w.venue_id, w.kind, w.template_id, w.date,
        (count(*) filter (where ${current} and req.id is not null and not w.late))::int as on_time,
        (count(*) filter (where ${current} and req.id is not null and w.late))::int as late,
        (count(*) filter (where ${counted} and res.id is not null))::int as resolved,
        (count(*) filter (where ${counted} and res.id is null))::int as unresolved
      from w
      left join w as later on later.supersedes_id = w.id
      left join req on req.id = w.item_id
      left join ${recordResolutions} as res on res.org_id = ${scope.orgId} and res.record_id = w.id
      group by w.venue_id, w.kind, w.template_id, w.date
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
    )
    select venue_id as "venueId", kind, template_id as "templateId", date::text as "date",
      on_time as "onTime", late, resolved, unresolved
    from stored where fingerprint = wanted
    union all
    select venue_id, kind, template_id, date::text, on_time, late, resolved, unresolved
    from fresh`,
  )
}
