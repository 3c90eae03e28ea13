/**
 * The alert scan (issue #14, ADR 050): one pass over every organisation at an instant `now` (a parameter,
 * so tests control the clock). It finds what deserves an alert — a check overdue by the chosen delay, a
 * failure unresolved for the chosen delay, a venue's digest at its local time — within the last
 * CATCH_UP_MS (a process that was down catches up), stores each event once, and e-mails each
 * recipient once: the unique (event, member) delivery row is claimed before the mail is sent, so two
 * processes scanning at once cannot both send it. Quiet hours postpone a mail (not claimed); the next
 * scan after them sends it if the event still stands.
 */
import { and, desc as sqlDesc, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type pino from 'pino'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { isLocale, type Locale } from '../i18n.ts'
import type { Mailer } from '../mail/mailer.ts'
import { users } from '../auth/schema.ts'
import { FAILURES_OUTLIVE, failureHref, indexStates, keyOf, countedTemplates, summarise, venueCompliance } from '../dashboard/compliance.ts'
import { memberships, organisations, venues } from '../orgs/schema.ts'
import { checklists } from '../checklists/schema.ts'
import { RECORD_KINDS, records } from '../records/schema.ts'
import { temperatureLogs } from '../temperatures/schema.ts'
import { recordCounts } from '../records/day-counts.ts'
import { instantOf, shiftDay, todayIn, unresolvedFailures, venueRecordStates } from '../records/service.ts'
import type { OrgScope } from '../scope.ts'
import { dueCells, loadPlan, type PlannedTemplate } from '../templates/plan.ts'
import { format } from 'date-fns'
import { tz } from '@date-fns/tz'
import { alertMail, type DigestContent } from './mail.ts'
import { alertDeliveries, alertEvents, alertPreferences, type AlertKind } from './schema.ts'
import { DEFAULT_PREFERENCES, inQuietHours, settingsOf, type AlertSettings } from './settings.ts'
import { unsubscribeToken } from './unsubscribe.ts'

/** How far back a scan looks: a process down for less than this sends what it missed. */
export const CATCH_UP_MS = 24 * 60 * 60 * 1000
const MINUTE = 60_000

export interface ScanDeps {
  db: Db
  config: Pick<Config, 'appUrl' | 'APP_NAME'>
  mailer: Mailer
  logger: pino.Logger
}

export interface ScanResult {
  events: number
  sent: number
  postponed: number
}

interface Venue {
  id: string
  name: string
  timeZone: string
}

interface Recipient {
  membershipId: string
  name: string
  email: string
  locale: Locale
  role: string
  venueIds: string[]
  prefs: typeof DEFAULT_PREFERENCES
}

interface FoundEvent {
  kind: AlertKind
  venue: Venue
  subject: string
  dueAt: Date
  date: string
  templateName: string
  label: string
  dueTime: string | null
  href: string
}

/** The scan's view of an organisation: every venue, no member limits. */
const systemScope = (orgId: string): OrgScope => ({ orgId, membershipId: null, userId: null, role: 'OWNER', venueIds: null, readOnly: false })

/** Within the window: due by now, not older than the catch-up span. */
const inWindow = (fireAt: Date, now: Date) => fireAt.getTime() <= now.getTime() && now.getTime() - fireAt.getTime() < CATCH_UP_MS

/** Checks with a due time, not fully recorded, whose due time plus the delay has passed (today and yesterday at each venue). */
function overdueEvents(plans: PlannedTemplate[], venue: Venue, index: ReturnType<typeof indexStates>, now: Date, delayMinutes: number): FoundEvent[] {
  const today = todayIn(venue.timeZone, now)
  const found: FoundEvent[] = []
  for (const date of [shiftDay(today, -1), today]) {
    const cells = dueCells(plans, venue.id, date, venue.timeZone)
    for (const [template, ofTemplate] of Map.groupBy(cells, (c) => c.template)) {
      for (const [slot, ofSlot] of Map.groupBy(ofTemplate, (c) => c.slot)) {
        const dueTime = template.dueTimes[slot] ?? null
        if (!dueTime) continue
        const dueAt = instantOf(date, dueTime, venue.timeZone)
        if (!inWindow(new Date(dueAt.getTime() + delayMinutes * MINUTE), now)) continue
        if (ofSlot.every((cell) => index.current.has(keyOf(cell)))) continue
        const query = new URLSearchParams({ date })
        found.push({
          kind: 'overdue',
          venue,
          subject: `${template.kind}:${template.id}:${slot}`,
          dueAt,
          date,
          templateName: template.name,
          label: '',
          dueTime,
          href: template.kind === 'checklist' ? `/checklists/${template.id}?${query}` : `/temperatures/${template.id}?${query}`,
        })
      }
    }
  }
  return found
}

/** The digest's numbers for a venue: yesterday's score and missed work, and every failure still open. */
async function digestContent(db: Db, orgId: string, plans: PlannedTemplate[], venue: Venue, date: string, now: Date): Promise<DigestContent> {
  const scope = systemScope(orgId)
  const filter = { venueIds: [venue.id], from: date, to: date }
  const [counts, states, open] = await Promise.all([
    recordCounts(db, scope, { ...filter, templates: countedTemplates(plans), failuresOutlive: FAILURES_OUTLIVE }),
    venueRecordStates(db, scope, { ...filter, days: [date] }),
    unresolvedFailures(db, scope, { failuresOutlive: FAILURES_OUTLIVE, venueIds: [venue.id], fromDate: shiftDay(date, -29) }),
  ])
  const [compliance] = venueCompliance(plans, { counts, states }, [venue], { date, span: 1, now })
  const day = summarise(compliance!.days)
  const names = new Map(plans.map((p) => [`${p.kind}|${p.id}`, p.name]))
  return {
    score: day.score,
    due: day.due,
    onTime: day.onTime,
    late: day.late,
    missed: day.missed,
    missedNames: compliance!.templates.filter((tpl) => !tpl.complete).map((tpl) => names.get(`${tpl.kind}|${tpl.templateId}`) ?? ''),
    unresolved: open.map((f) => ({ templateName: f.templateName, label: f.label, date: f.date })),
  }
}

/** Active members with an account, their language and alert preferences. */
async function recipientsOf(db: Db, orgId: string): Promise<Recipient[]> {
  const rows = await db
    .select({
      membershipId: memberships.id,
      name: memberships.name,
      email: users.email,
      locale: users.locale,
      role: memberships.role,
      venueIds: memberships.venueIds,
      overdue: alertPreferences.overdue,
      failures: alertPreferences.failures,
      digest: alertPreferences.digest,
      quietStart: alertPreferences.quietStart,
      quietEnd: alertPreferences.quietEnd,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(alertPreferences, eq(alertPreferences.membershipId, memberships.id))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.status, 'active')))
  return rows.map((r) => ({
    membershipId: r.membershipId,
    name: r.name,
    email: r.email,
    locale: isLocale(r.locale) ? r.locale : 'en',
    role: r.role,
    venueIds: r.venueIds,
    prefs: r.overdue === null ? DEFAULT_PREFERENCES : { overdue: r.overdue, failures: r.failures!, digest: r.digest!, quietStart: r.quietStart, quietEnd: r.quietEnd },
  }))
}

/** Who gets an event: the venue's managers and the chosen members, who may use the venue and want this kind. */
function recipientsFor(all: Recipient[], settings: AlertSettings, event: FoundEvent): Recipient[] {
  const wants = { overdue: 'overdue', failure: 'failures', digest: 'digest' } as const
  return all.filter(
    (r) =>
      (r.role === 'OWNER' || r.role === 'ADMIN' || settings.recipientIds.includes(r.membershipId)) &&
      (r.venueIds.length === 0 || r.venueIds.includes(event.venue.id)) &&
      r.prefs[wants[event.kind]],
  )
}

/** Store the event once (found again by later scans) and return its id. */
async function storeEvent(db: Db, orgId: string, e: FoundEvent): Promise<string> {
  const values = { orgId, venueId: e.venue.id, kind: e.kind, subject: e.subject, dueAt: e.dueAt, date: e.date, templateName: e.templateName, label: e.label, dueTime: e.dueTime, href: e.href }
  const [inserted] = await db.insert(alertEvents).values(values).onConflictDoNothing().returning({ id: alertEvents.id })
  if (inserted) return inserted.id
  const [existing] = await db
    .select({ id: alertEvents.id })
    .from(alertEvents)
    .where(and(eq(alertEvents.kind, e.kind), eq(alertEvents.subject, e.subject), eq(alertEvents.dueAt, e.dueAt)))
  return existing!.id
}

/** One pass at `now`. Safe to run in several processes at once: each mail is sent by the one that claims it. */
export async function runAlertScan(deps: ScanDeps, now: Date): Promise<ScanResult> {
  const { db } = deps
  const result: ScanResult = { events: 0, sent: 0, postponed: 0 }
  // Only organisations that can have something to say: a venue, and a checklist, a temperature log or a
  // failed record (records outlive templates). The rest cost nothing per scan, however many there are.
  const orgs = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(
      and(
        exists(db.select({ one: sql`1` }).from(venues).where(and(eq(venues.orgId, organisations.id), isNull(venues.archivedAt)))),
        or(
          exists(db.select({ one: sql`1` }).from(checklists).where(eq(checklists.orgId, organisations.id))),
          exists(db.select({ one: sql`1` }).from(temperatureLogs).where(eq(temperatureLogs.orgId, organisations.id))),
          exists(db.select({ one: sql`1` }).from(records).where(and(eq(records.orgId, organisations.id), eq(records.status, 'failed')))),
        ),
      ),
    )
  const settings = await settingsOf(
    db,
    orgs.map((o) => o.id),
  )
  for (const org of orgs) {
    const s = settings.get(org.id)!
    if (!s.overdue && !s.failures && !s.digest) continue
    try {
      await scanOrg(deps, org, s, now, result)
    } catch (err) {
      deps.logger.error({ err, orgId: org.id }, 'alert scan failed for an organisation')
    }
  }
  return result
}

async function scanOrg(deps: ScanDeps, org: { id: string; name: string }, s: AlertSettings, now: Date, result: ScanResult) {
  const { db } = deps
  const scope = systemScope(org.id)
  const orgVenues: Venue[] = await db
    .select({ id: venues.id, name: venues.name, timeZone: venues.timeZone })
    .from(venues)
    .where(and(eq(venues.orgId, org.id), isNull(venues.archivedAt)))
  if (!orgVenues.length) return
  const plans = await loadPlan(db, org.id, RECORD_KINDS)
  const found: FoundEvent[] = []

  if (s.overdue) {
    const days = [...new Set(orgVenues.flatMap((v) => [shiftDay(todayIn(v.timeZone, now), -1), todayIn(v.timeZone, now)]))].sort()
    const states = await venueRecordStates(db, scope, { venueIds: orgVenues.map((v) => v.id), from: days[0]!, to: days.at(-1)!, days })
    const byVenue = Map.groupBy(states, (r) => r.venueId)
    for (const venue of orgVenues) found.push(...overdueEvents(plans, venue, indexStates(byVenue.get(venue.id) ?? []), now, s.overdueDelayMinutes))
  }

  if (s.failures) {
    const until = new Date(now.getTime() - s.failureDelayMinutes * MINUTE)
    const open = await unresolvedFailures(db, scope, {
      failuresOutlive: FAILURES_OUTLIVE,
      venueIds: orgVenues.map((v) => v.id),
      recordedFrom: new Date(until.getTime() - CATCH_UP_MS),
      recordedTo: until,
    })
    const venueById = new Map(orgVenues.map((v) => [v.id, v]))
    for (const f of open) {
      found.push({
        kind: 'failure',
        venue: venueById.get(f.venueId)!,
        subject: f.id,
        dueAt: f.recordedAt,
        date: f.date,
        templateName: f.templateName,
        label: f.label,
        dueTime: null,
        href: failureHref(f.kind, f.templateId, f.itemId, f.date, f.slot),
      })
    }
  }

  if (s.digest) {
    for (const venue of orgVenues) {
      const today = todayIn(venue.timeZone, now)
      const dueAt = instantOf(today, s.digestTime, venue.timeZone)
      if (!inWindow(dueAt, now)) continue
      found.push({ kind: 'digest', venue, subject: venue.id, dueAt, date: shiftDay(today, -1), templateName: '', label: '', dueTime: s.digestTime, href: '/' })
    }
  }
  if (!found.length) return

  const recipients = await recipientsOf(db, org.id)
  const digests = new Map<string, Promise<DigestContent>>()
  for (const event of found) {
    const eventId = await storeEvent(db, org.id, event)
    result.events++
    const wanted = recipientsFor(recipients, s, event)
    if (!wanted.length) continue
    const done = new Set(
      (
        await db
          .select({ membershipId: alertDeliveries.membershipId })
          .from(alertDeliveries)
          .where(and(eq(alertDeliveries.eventId, eventId), inArray(alertDeliveries.membershipId, wanted.map((r) => r.membershipId))))
      ).map((d) => d.membershipId),
    )
    const localTime = format(now, 'HH:mm', { in: tz(event.venue.timeZone) })
    for (const r of wanted) {
      if (done.has(r.membershipId)) continue
      const quiet = r.prefs.quietStart ? r.prefs : s
      if (inQuietHours(localTime, quiet)) {
        result.postponed++
        continue
      }
      // The claim: whoever inserts the row sends the mail; everyone else finds it taken.
      const [claim] = await db
        .insert(alertDeliveries)
        .values({ orgId: org.id, eventId, membershipId: r.membershipId, email: r.email })
        .onConflictDoNothing()
        .returning({ id: alertDeliveries.id })
      if (!claim) continue
      try {
        let digest: DigestContent | undefined
        if (event.kind === 'digest') {
          if (!digests.has(event.venue.id)) digests.set(event.venue.id, digestContent(db, org.id, plans, event.venue, event.date, now))
          digest = await digests.get(event.venue.id)!
        }
        const token = await unsubscribeToken(db, { membershipId: r.membershipId, kind: event.kind }, now)
        const open = new URLSearchParams({ org: org.id, venue: event.venue.id, to: event.href })
        await deps.mailer.send(
          alertMail({
            locale: r.locale,
            to: r.email,
            name: r.name,
            appName: deps.config.APP_NAME,
            orgName: org.name,
            venueName: event.venue.name,
            event,
            link: `${deps.config.appUrl}/alerts/open?${open}`,
            unsubscribeLink: `${deps.config.appUrl}/unsubscribe?${new URLSearchParams({ token })}`,
            digest,
          }),
        )
        await db.update(alertDeliveries).set({ sentAt: new Date() }).where(eq(alertDeliveries.id, claim.id))
        result.sent++
      } catch (err) {
        // Not sent: give the claim back so a later scan tries again.
        await db.delete(alertDeliveries).where(eq(alertDeliveries.id, claim.id))
        deps.logger.warn({ err, eventId, membershipId: r.membershipId }, 'alert mail failed; will retry')
      }
    }
  }
}

/** The venue's recent alerts for the venue home (newest first), with how many people were e-mailed. */
export async function recentAlerts(db: Db, scope: OrgScope, venueId: string, limit = 10) {
  const rows = await db
    .select({
      id: alertEvents.id,
      kind: alertEvents.kind,
      date: alertEvents.date,
      templateName: alertEvents.templateName,
      label: alertEvents.label,
      dueTime: alertEvents.dueTime,
      href: alertEvents.href,
      createdAt: alertEvents.createdAt,
    })
    .from(alertEvents)
    .where(and(eq(alertEvents.orgId, scope.orgId), eq(alertEvents.venueId, venueId)))
    .orderBy(sqlDesc(alertEvents.createdAt), alertEvents.id)
    .limit(limit)
  const ids = rows.map((r) => r.id)
  const sent = ids.length
    ? await db
        .select({ eventId: alertDeliveries.eventId })
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.orgId, scope.orgId), inArray(alertDeliveries.eventId, ids), isNotNull(alertDeliveries.sentAt)))
    : []
  const counts = Map.groupBy(sent, (d) => d.eventId)
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), emailed: counts.get(r.id)?.length ?? 0 }))
}
