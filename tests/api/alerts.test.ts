/**
 * Alerts (issue #14, ADR 050/051): overdue checks, unresolved failures and the daily digest e-mailed to
 * a venue's managers (and chosen members) at the right instant of a controlled clock (the scan takes
 * `now`), exactly once even with two workers scanning at once (a second database connection pool on
 * PostgreSQL), quiet hours, the members' own preferences, signed unsubscribe links (valid, tampered,
 * expired), the settings endpoints and the venue home's list of recent alerts. Mail over real SMTP.
 */
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { runAlertScan, type ScanDeps } from '../../server/alerts/scan.ts'
import { createAlertScheduler } from '../../server/alerts/scheduler.ts'
import { alertDeliveries, alertEvents } from '../../server/alerts/schema.ts'
import { openDatabase, type Database } from '../../server/db/client.ts'
import { recordResolutions, records, temperatureItems, temperatureLogs } from '../../server/db/schema.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { instantOf, shiftDay, todayIn } from '../../server/records/service.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createChecklist, type CreatedChecklist } from '../support/checklists.ts'
import { linkFrom } from '../support/mailbox.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError, mailsTo, waitForMailCount } from './_helpers.ts'

const MADRID = 'Europe/Madrid'
let t: TestApp
let deps: ScanDeps
let second: Database | undefined
let secondDeps: ScanDeps
/** Today in Madrid (templates made now are in place from today, not yesterday), and instants of a day there. */
let D: string
const at = (time: string, day = D) => instantOf(day, time, MADRID)
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000)

beforeAll(async () => {
  t = await createTestApp()
  const logger = pino({ level: 'silent' })
  const mailer = createMailer({ smtpUrl: t.mailbox.url, from: t.config.MAIL_FROM, dataDir: t.config.DATA_DIR, logger })
  deps = { db: t.db, config: t.config, mailer, logger }
  // A second worker: on PostgreSQL its own connection pool, as another process would have.
  if (t.databaseUrl) second = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://', migrate: false })
  secondDeps = { ...deps, db: second?.db ?? t.db }
  D = todayIn(MADRID)
})
afterAll(async () => {
  await second?.close()
  await t.close()
})
afterEach(() => t.clock.reset())

const scan = (now: Date) => runAlertScan(deps, now)
/** Mails to an actor about a checklist (its unique name is in the subject). */
const about = (email: string, name: string) => mailsTo(t, email, new RegExp(name))
/** Give in-flight mails a moment to land before asserting none came. */
const settle = () => new Promise((r) => setTimeout(r, 150))

async function checklist(o: OrgWithActors, name: string, dueTime: string, opts: { venueIds?: string[] } = {}) {
  return createChecklist(t, o.orgId, { name, dueTime, venueIds: opts.venueIds ?? [o.venueA], items: [{ type: 'check', label: 'Oven on' }] })
}

async function record(o: OrgWithActors, c: CreatedChecklist, status: 'done' | 'failed', recordedAt: Date, date = D) {
  const [row] = await t.db
    .insert(records)
    .values({
      orgId: o.orgId,
      venueId: o.venueA,
      kind: 'checklist',
      templateId: c.id,
      itemId: c.items[0]!.id,
      date,
      slot: 0,
      templateName: c.name,
      label: c.items[0]!.label,
      itemType: 'check',
      value: status === 'done' ? 'yes' : 'no',
      status,
      recordedByName: 'Cook',
      recordedAt,
    })
    .returning({ id: records.id })
  return row!.id
}

describe('overdue checks', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t, { orgName: 'Overdue Bistro' })
  })

  test('the managers get one e-mail once the check is 30 minutes overdue, with a link to its page; basic members none', async () => {
    const c = await checklist(o, 'Opening ovens', '09:00')
    await scan(at('09:29'))
    await settle()
    expect(about(o.owner.email, 'Opening ovens')).toHaveLength(0)

    const result = await scan(at('09:30'))
    expect(result.sent).toBeGreaterThanOrEqual(2)
    const mail = await waitForMailCount(t, o.owner.email, /Overdue: Opening ovens at Venue A/, 1)
    await waitForMailCount(t, o.admin.email, /Overdue: Opening ovens/, 1)
    expect(mail.text).toContain('09:00')
    const link = linkFrom(mail, '/alerts/open')
    expect(link.origin).toBe(t.config.appUrl)
    expect(link.searchParams.get('org')).toBe(o.orgId)
    expect(link.searchParams.get('venue')).toBe(o.venueA)
    expect(link.searchParams.get('to')).toBe(`/checklists/${c.id}?date=${D}`)
    // One-click unsubscribe headers (RFC 8058).
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3999\/unsubscribe\?token=/m)
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)

    // Later scans find the same event: nothing more is sent.
    await scan(at('09:45'))
    await scan(at('13:00'))
    await settle()
    expect(about(o.owner.email, 'Opening ovens')).toHaveLength(1)
    expect(about(o.basic.email, 'Opening ovens')).toHaveLength(0)
    expect(about(o.basicLimited.email, 'Opening ovens')).toHaveLength(0)
  })

  test('a check recorded in time, a check without a due time and a check at another venue alert nobody', async () => {
    const done = await checklist(o, 'Done on time', '10:00')
    await record(o, done, 'done', at('09:50'))
    await createChecklist(t, o.orgId, { name: 'No due time', dueTime: null, venueIds: [o.venueA], items: [{ type: 'check' }] })
    await scan(at('11:00'))
    await settle()
    for (const name of ['Done on time', 'No due time']) expect(about(o.owner.email, name)).toHaveLength(0)
  })

  test('the delay is the organisation\'s choice; a restarted process catches up within a day, not beyond', async () => {
    const put = await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { overdueDelayMinutes: 5 })
    expect(put.status, put.text).toBe(200)
    await checklist(o, 'Lunch line', '12:00')
    await scan(at('12:04'))
    await settle()
    expect(about(o.owner.email, 'Lunch line')).toHaveLength(0)
    await scan(at('12:05'))
    await waitForMailCount(t, o.owner.email, /Lunch line/, 1)

    // Nothing scanned for hours (the process was down): the next scan sends what was missed, once.
    await checklist(o, 'Afternoon fridge', '15:00')
    await scan(at('21:00'))
    await waitForMailCount(t, o.owner.email, /Afternoon fridge/, 1)
    await scan(at('21:01'))
    await settle()
    expect(about(o.owner.email, 'Afternoon fridge')).toHaveLength(1)

    // Down for more than a day: today's missed check is too old to tell; tomorrow's is sent.
    await checklist(o, 'Stale check', '08:00')
    await scan(at('08:40', shiftDay(D, 1)))
    const stale = await waitForMailCount(t, o.owner.email, /Stale check/, 1)
    await settle()
    expect(about(o.owner.email, 'Stale check')).toHaveLength(1)
    expect(linkFrom(stale, '/alerts/open').searchParams.get('to')).toContain(`date=${shiftDay(D, 1)}`)
    await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { overdueDelayMinutes: 30 })
  })

  test('a temperature log alerts per check: the 14:00 round left undone, not the 08:00 one done in time', async () => {
    const [log] = await t.db
      .insert(temperatureLogs)
      .values({ orgId: o.orgId, name: 'Fridge rounds', checksPerDay: 2, checkTimes: ['08:00', '14:00'], venueIds: [o.venueA] })
      .returning({ id: temperatureLogs.id })
    const [unit] = await t.db
      .insert(temperatureItems)
      .values({ orgId: o.orgId, temperatureId: log!.id, label: 'Walk-in', kind: 'fridge', min: 0, max: 5, position: 0 })
      .returning({ id: temperatureItems.id })
    await t.db.insert(records).values({
      orgId: o.orgId,
      venueId: o.venueA,
      kind: 'temperature',
      templateId: log!.id,
      itemId: unit!.id,
      date: D,
      slot: 0,
      templateName: 'Fridge rounds',
      label: 'Walk-in',
      itemType: 'temperature',
      value: '3',
      status: 'done',
      recordedByName: 'Cook',
      recordedAt: at('07:55'),
    })
    await scan(at('14:29'))
    await settle()
    expect(about(o.owner.email, 'Fridge rounds')).toHaveLength(0)
    await scan(at('14:30'))
    const mail = await waitForMailCount(t, o.owner.email, /Overdue: Fridge rounds at Venue A/, 1)
    expect(mail.text).toContain('was due at 14:00')
    expect(linkFrom(mail, '/alerts/open').searchParams.get('to')).toBe(`/temperatures/${log!.id}?date=${D}`)
    await scan(at('18:00'))
    await settle()
    expect(about(o.owner.email, 'Fridge rounds')).toHaveLength(1)
  })

  test('exactly once with two workers scanning at the same instant', async () => {
    await checklist(o, 'Twin workers', '16:00')
    const now = at('16:30')
    const [a, b] = await Promise.all([runAlertScan(deps, now), runAlertScan(secondDeps, now)])
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(2)
    await waitForMailCount(t, o.owner.email, /Twin workers/, 1)
    await waitForMailCount(t, o.admin.email, /Twin workers/, 1)
    // Again, concurrently, a few times: nothing more.
    await Promise.all([runAlertScan(deps, plus(now, 1)), runAlertScan(secondDeps, plus(now, 1)), runAlertScan(deps, plus(now, 2))])
    await settle()
    expect(about(o.owner.email, 'Twin workers')).toHaveLength(1)
    expect(about(o.admin.email, 'Twin workers')).toHaveLength(1)
    const [event] = await t.db.select({ id: alertEvents.id }).from(alertEvents).where(and(eq(alertEvents.orgId, o.orgId), eq(alertEvents.templateName, 'Twin workers')))
    const rows = await t.db.select({ membershipId: alertDeliveries.membershipId }).from(alertDeliveries).where(eq(alertDeliveries.eventId, event!.id))
    expect(rows.map((r) => r.membershipId).sort()).toEqual([o.owner.membershipId, o.admin.membershipId].sort())
  })

  test('organisations with nothing to alert about (no checklist, log or failure) cost a scan no query', async () => {
    const queriesOfAScan = async () => {
      const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
      const spy = vi.spyOn(client, 'query')
      try {
        await scan(at('03:00'))
        return spy.mock.calls.length
      } finally {
        spy.mockRestore()
      }
    }
    const before = await queriesOfAScan()
    // Three new organisations with venues and members, but nothing that could be overdue or failed.
    for (let i = 0; i < 3; i++) await createOrgWithActors(t, { orgName: `Quiet Cafe ${i}` })
    expect(await queriesOfAScan()).toBe(before)
    // One checklist makes an organisation worth scanning again.
    const busy = await createOrgWithActors(t, { orgName: 'Busy Cafe' })
    await checklist(busy, 'Busy opening', '23:59')
    expect(await queriesOfAScan()).toBeGreaterThan(before)
  })

  test('a chosen member gets alerts too, in their own language; the venue home lists recent alerts', async () => {
    const es = await o.basic.client.put('/v1/profile', { locale: 'es' })
    expect(es.status, es.text).toBe(200)
    const put = await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { recipientIds: [o.basic.membershipId] })
    expect(put.status, put.text).toBe(200)
    expect(put.json.settings.recipientIds).toEqual([o.basic.membershipId])
    await checklist(o, 'Cierre de cocina', '17:00')
    await scan(at('17:30'))
    const mail = await waitForMailCount(t, o.basic.email, /Pendiente: Cierre de cocina en Venue A/, 1)
    expect(mail.text).toContain('Ábrelo y complétalo')

    const list = await o.basic.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}/alerts`)
    expect(list.status, list.text).toBe(200)
    const found = list.json.alerts.find((a: { templateName: string }) => a.templateName === 'Cierre de cocina')
    expect(found).toMatchObject({ kind: 'overdue', date: D, dueTime: '17:00', emailed: 3 })
    expect(found.href).toMatch(/^\/checklists\//)
    // Venue B has none of venue A's alerts; another organisation's member gets 404.
    const other = await o.owner.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueB}/alerts`)
    expect(other.json.alerts.find((a: { templateName: string }) => a.templateName === 'Cierre de cocina')).toBeUndefined()
    expectError(await o.outsider.client.get(`/v1/orgs/${o.orgId}/venues/${o.venueA}/alerts`), 'NotFoundError')
    await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { recipientIds: [] })
  })
})

describe('the scheduler', () => {
  test('two processes\' schedulers (pg-boss on PostgreSQL, timers on PGlite) run scans that send each alert once', async () => {
    const o = await createOrgWithActors(t, { orgName: 'Scheduled Bistro' })
    await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { digest: false })
    await checklist(o, 'Scheduled check', '08:00')
    // The scans run at a fixed instant of the test's day: what the schedulers add is running them.
    let scans = 0
    const process = (d: ScanDeps) =>
      createAlertScheduler({
        scan: async () => {
          scans++
          return runAlertScan(d, at('09:00'))
        },
        intervalMs: 200,
        logger: d.logger,
        databaseUrl: t.databaseUrl,
      })
    const one = process(deps)
    const two = process(secondDeps)
    expect(one.kind).toBe(t.databaseUrl ? 'pg-boss' : 'in-process')
    await Promise.all([one.start(), two.start()])
    try {
      await waitForMailCount(t, o.owner.email, /Scheduled check/, 1, 30_000)
      await waitForMailCount(t, o.admin.email, /Scheduled check/, 1, 30_000)
      const seen = scans
      await expect.poll(() => scans, { timeout: 30_000 }).toBeGreaterThan(seen + 1)
    } finally {
      await Promise.all([one.stop(), two.stop()])
    }
    await settle()
    expect(about(o.owner.email, 'Scheduled check')).toHaveLength(1)
    expect(about(o.admin.email, 'Scheduled check')).toHaveLength(1)
  })
})

describe('unresolved failures', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t, { orgName: 'Failure Bistro' })
  })

  test('a failure unresolved for the delay is e-mailed once with the link to resolve it; a resolved one is not', async () => {
    const c = await checklist(o, 'Probe check', '23:00')
    const recordedAt = at('10:00')
    const failed = await record(o, c, 'failed', recordedAt)
    const r = await checklist(o, 'Resolved probe', '23:00')
    const resolvedId = await record(o, r, 'failed', recordedAt)
    await t.db.insert(recordResolutions).values({ orgId: o.orgId, recordId: resolvedId, note: 'Recalibrated', resolvedByName: 'Chef' })

    await scan(plus(recordedAt, 29))
    await settle()
    expect(about(o.owner.email, 'Probe check')).toHaveLength(0)
    await scan(plus(recordedAt, 30))
    const mail = await waitForMailCount(t, o.owner.email, /Unresolved: Oven on \(Probe check\)/, 1)
    expect(linkFrom(mail, '/alerts/open').searchParams.get('to')).toBe(`/checklists/${c.id}?date=${D}&check=1#item-${c.items[0]!.id}`)
    await scan(plus(recordedAt, 60))
    await settle()
    expect(about(o.owner.email, 'Probe check')).toHaveLength(1)
    expect(about(o.owner.email, 'Resolved probe')).toHaveLength(0)
    expect(failed).toBeTruthy()
  })
})

describe('quiet hours and preferences', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t, { orgName: 'Quiet Bistro' })
    const put = await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { quietStart: '22:00', quietEnd: '07:00', digest: false })
    expect(put.status, put.text).toBe(200)
  })

  test('nothing is sent in quiet hours; what still stands goes out when they end', async () => {
    await checklist(o, 'Early delivery', '06:00')
    const during = await scan(at('06:30'))
    expect(during.postponed).toBeGreaterThanOrEqual(2)
    await settle()
    expect(about(o.owner.email, 'Early delivery')).toHaveLength(0)
    await scan(at('07:00'))
    await waitForMailCount(t, o.owner.email, /Early delivery/, 1)
    await waitForMailCount(t, o.admin.email, /Early delivery/, 1)
  })

  test("a member's own quiet hours and choices win over the organisation's", async () => {
    const prefs = await o.admin.client.put(`/v1/orgs/${o.orgId}/alert-preferences`, { quietStart: '07:00', quietEnd: '09:00' })
    expect(prefs.status, prefs.text).toBe(200)
    expect(prefs.json.preferences).toMatchObject({ overdue: true, failures: true, digest: true, quietStart: '07:00', quietEnd: '09:00' })
    const off = await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-preferences`, { overdue: false })
    expect(off.status, off.text).toBe(200)
    await checklist(o, 'Breakfast buffet', '07:00')
    await scan(at('07:30'))
    await settle()
    expect(about(o.admin.email, 'Breakfast buffet')).toHaveLength(0)
    expect(about(o.owner.email, 'Breakfast buffet')).toHaveLength(0)
    await scan(at('09:00'))
    await waitForMailCount(t, o.admin.email, /Breakfast buffet/, 1)
    await settle()
    expect(about(o.owner.email, 'Breakfast buffet')).toHaveLength(0)
  })

  test('bad settings and preferences are refused with the field', async () => {
    const url = `/v1/orgs/${o.orgId}/alert-settings`
    expectError(await o.owner.client.put(url, { overdueDelayMinutes: -1 }), 'ValidationError', { data: ['overdueDelayMinutes'] })
    expectError(await o.owner.client.put(url, { overdueDelayMinutes: 1441 }), 'ValidationError', { data: ['overdueDelayMinutes'] })
    expectError(await o.owner.client.put(url, { digestTime: '25:00' }), 'ValidationError', { data: ['digestTime'] })
    expectError(await o.owner.client.put(url, { quietStart: '23:00', quietEnd: null }), 'ValidationError', { data: ['quietEnd'] })
    expectError(await o.owner.client.put(url, { quietStart: '23:00', quietEnd: '23:00' }), 'ValidationError', { data: ['quietEnd'] })
    expectError(await o.owner.client.put(url, { recipientIds: [o.outsider.membershipId] }), 'ValidationError', { data: ['recipientIds'] })
    expectError(await o.owner.client.put(url, { digestTime: '07:00\u0000' }), 'ValidationError', { data: ['digestTime'] })
    expectError(await o.owner.client.put(url, { surprise: true }), 'ValidationError')
    expectError(await o.basic.client.put(url, { overdue: false }), 'ForbiddenError')
    expectError(await o.outsider.client.get(url), 'NotFoundError')
    const unchanged = await o.owner.client.get(url)
    expect(unchanged.json.settings).toMatchObject({ overdue: true, overdueDelayMinutes: 30, quietStart: '22:00', quietEnd: '07:00', digest: false, digestTime: '07:00' })
    expectError(await o.basic.client.put(`/v1/orgs/${o.orgId}/alert-preferences`, { quietStart: '07:00' }), 'ValidationError', { data: ['quietEnd'] })
  })
})

describe('the daily digest', () => {
  let o: OrgWithActors
  beforeAll(async () => {
    o = await createOrgWithActors(t, { orgName: 'Digest Bistro' })
    const put = await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { overdue: false, failures: false, digestTime: '06:45' })
    expect(put.status, put.text).toBe(200)
  })

  test("one digest per venue at the chosen local time: yesterday's score, what was missed, what is unresolved", async () => {
    const day = shiftDay(D, 1)
    const c = await checklist(o, 'Closing clean', '22:00')
    const missed = await checklist(o, 'Forgotten log', '20:00')
    await record(o, c, 'failed', at('21:00'))
    expect(missed.id).toBeTruthy()
    await scan(at('06:44', day))
    await settle()
    expect(mailsTo(t, o.owner.email, /summary/)).toHaveLength(0)
    await scan(at('06:45', day))
    const mail = await waitForMailCount(t, o.owner.email, /Venue A: summary of/, 1)
    await waitForMailCount(t, o.owner.email, /Venue B: summary of/, 1)
    expect(mail.text).toMatch(/Score: 50% on time \(1 on time, 0 late, 1 missed of 2 checks\)/)
    expect(mail.text).toContain('- Forgotten log')
    expect(mail.text).toMatch(/1 failure still unresolved:\n- Closing clean: Oven on/)
    await scan(at('09:00', day))
    await settle()
    expect(mailsTo(t, o.owner.email, /Venue A: summary of/)).toHaveLength(1)
    expect(mailsTo(t, o.basic.email, /summary/)).toHaveLength(0)
  })
})

describe('unsubscribe links', () => {
  let o: OrgWithActors
  let link: URL
  beforeAll(async () => {
    o = await createOrgWithActors(t, { orgName: 'Unsubscribe Bistro' })
    await o.owner.client.put(`/v1/orgs/${o.orgId}/alert-settings`, { digest: false })
    await checklist(o, 'Unsub first', '09:00')
    await scan(at('09:30'))
    link = linkFrom(await waitForMailCount(t, o.admin.email, /Unsub first/, 1), '/unsubscribe')
  })
  const url = (token: string) => `/v1/alerts/unsubscribe?${new URLSearchParams({ token })}`

  test('valid: works without signing in, stops that kind of alert for that member only', async () => {
    const token = link.searchParams.get('token')!
    const anonymous = t.client()
    const before = await anonymous.get(url(token))
    expect(before.status, before.text).toBe(200)
    expect(before.json).toEqual({ kind: 'overdue', orgName: 'Unsubscribe Bistro', subscribed: true })
    const done = await anonymous.post('/v1/alerts/unsubscribe', { token })
    expect(done.status, done.text).toBe(200)
    expect(done.json.subscribed).toBe(false)
    // Twice is fine.
    expect((await anonymous.post('/v1/alerts/unsubscribe', { token })).status).toBe(200)
    const prefs = await o.admin.client.get(`/v1/orgs/${o.orgId}/alert-preferences`)
    expect(prefs.json.preferences).toMatchObject({ overdue: false, failures: true, digest: true })

    await checklist(o, 'Unsub second', '11:00')
    await scan(at('11:30'))
    await waitForMailCount(t, o.owner.email, /Unsub second/, 1)
    await settle()
    expect(about(o.admin.email, 'Unsub second')).toHaveLength(0)
  })

  test('tampered: 404, nothing changes', async () => {
    const token = link.searchParams.get('token')!
    const [member, kind, expires, mac] = token.split('.')
    const tampered = [
      `${o.owner.membershipId}.${kind}.${expires}.${mac}`,
      `${member}.digest.${expires}.${mac}`,
      `${member}.${kind}.${Number(expires) + 86_400}.${mac}`,
      `${member}.${kind}.${expires}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`,
      'not-a-token',
    ]
    for (const bad of tampered) {
      expectError(await t.client().get(url(bad)), 'NotFoundError', { message: 'This unsubscribe link is not valid.' })
      expectError(await t.client().post('/v1/alerts/unsubscribe', { token: bad }), 'NotFoundError', { message: null })
    }
    const prefs = await o.owner.client.get(`/v1/orgs/${o.orgId}/alert-preferences`)
    expect(prefs.json.preferences.overdue).toBe(true)
    expectError(await t.client().get(url('a\u0000b')), 'ValidationError', { data: ['token'] })
  })

  test('expired after 90 days: 400', async () => {
    const token = link.searchParams.get('token')!
    t.clock.advance(91 * 86_400_000 + (at('09:30').getTime() - Date.now()))
    expectError(await t.client().get(url(token)), 'BadRequestError', { message: /expired/ })
    expectError(await t.client().post('/v1/alerts/unsubscribe', { token }), 'BadRequestError', { message: /expired/ })
  })
})
