/**
 * Check, then act (issue #38, docs/decisions/079-check-then-act.md): twenty requests at once at every
 * plan limit and state transition outside orders and PINs. Each race asserts exactly one winner (or
 * exactly the limit), no 5xx, and exactly-once effects: rows in the database, e-mails in the mailbox.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client.ts'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runAlertScan } from '../../server/alerts/scan.ts'
import { organisations } from '../../server/db/schema.ts'
import { checklistSignOffs } from '../../server/checklists/schema.ts'
import { deviceLoginLinks, devices } from '../../server/devices/schema.ts'
import { useLoginLink } from '../../server/devices/service.ts'
import { memberships, venues } from '../../server/orgs/schema.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { recordResolutions, records } from '../../server/records/schema.ts'
import { instantOf, todayIn } from '../../server/records/service.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { createChecklist } from '../support/checklists.ts'
import { expectWinners, race, RACERS } from '../support/concurrency.ts'
import { createDevice, loginLink } from '../support/devices.ts'
import { linkFrom } from '../support/mailbox.ts'
import { addMember, createOrg, createOrgWithActors, createVenue, type OrgWithActors } from '../support/orgs.ts'
import { newUser, verifyUser } from '../support/staff-fixtures.ts'
import { mailsTo as mailsAbout, PASSWORD, registerUser, waitForMailCount } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  await verifyUser(t, o.owner.user.id)
})
afterAll(() => t.close())

const base = (orgId = o.orgId) => `/v1/orgs/${orgId}`

/** A verified owner of a Free organisation with no venue yet. */
async function freeOrg(plan: 'free' | 'pro' = 'free') {
  const owner = await newUser(t, { verified: true, name: 'Fran Free' })
  const orgId = await createOrg(owner, { name: 'Free Kitchen' }, plan)
  return { owner, orgId }
}

const rowsOf = async (table: typeof venues | typeof devices, orgId: string) =>
  (await t.db.select({ n: count() }).from(table).where(eq(table.orgId, orgId)))[0]!.n
const staffCount = async (orgId: string) =>
  (await t.db.select({ n: count() }).from(memberships).where(and(eq(memberships.orgId, orgId), ne(memberships.status, 'removed'))))[0]!.n
const mailsTo = (email: string) => t.mailbox.messages.filter((m) => m.to.includes(email.toLowerCase())).length

/** Wait until the mailbox has taken what was sent (sending happens after the answer for none of these, but SMTP is a socket). */
async function settleMail(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300))
}

describe('plan limits hold under twenty requests at once (Free: 1 venue, 5 staff, 1 device)', () => {
  test('venues: exactly one of twenty is created', async () => {
    const f = await freeOrg()
    const { answers } = await race((i) => f.owner.client.post(`${base(f.orgId)}/venues`, { name: `Venue ${i}` }))
    expectWinners(answers, 1)
    expect(answers.filter((a) => a.status === 403)).toHaveLength(RACERS - 1)
    expect(await rowsOf(venues, f.orgId)).toBe(1)
  })

  test('devices: exactly one of twenty is created', async () => {
    const f = await freeOrg()
    const venueId = await createVenue(f.owner, f.orgId, { name: 'Only' })
    const { answers } = await race((i) => f.owner.client.post(`${base(f.orgId)}/devices`, { name: `Tablet ${i}`, venueId }))
    expectWinners(answers, 1)
    expect(await rowsOf(devices, f.orgId)).toBe(1)
  })

  test('staff: invitations fill the four places left beside the owner, one e-mail each, no more', async () => {
    const f = await freeOrg()
    const emails = Array.from({ length: RACERS }, () => uniqueEmail('race-inv'))
    const { answers } = await race((i) => f.owner.client.post(`${base(f.orgId)}/staff`, { name: `Invited ${i}`, email: emails[i], role: 'BASIC' }))
    expectWinners(answers, 4)
    expect(await staffCount(f.orgId)).toBe(5)
    await settleMail()
    const invited = answers.flatMap((a, i) => (a.status === 201 ? [emails[i]!] : []))
    for (const email of emails) expect(mailsTo(email), email).toBe(invited.includes(email) ? 1 : 0)
  })

  test('staff: PIN-only members and invitations together stop at five', async () => {
    const f = await freeOrg()
    const { answers } = await race((i) =>
      f.owner.client.post(`${base(f.orgId)}/staff`, i % 2 ? { name: `Pin ${i}`, role: 'BASIC' } : { name: `Invited ${i}`, email: uniqueEmail('race-mix'), role: 'BASIC' }),
    )
    expectWinners(answers, 4)
    expect(await staffCount(f.orgId)).toBe(5)
  })

  test('a switch to Free racing venue creations: every created venue answered 201, and Free refuses the next', async () => {
    const f = await freeOrg('pro')
    const { answers } = await race((i) =>
      i === RACERS / 2
        ? f.owner.client.put(`${base(f.orgId)}/billing/plan`, { plan: 'free' })
        : f.owner.client.post(`${base(f.orgId)}/venues`, { name: `Venue ${i}` }),
    )
    for (const a of answers) expect(a.status, a.text).toBeLessThan(500)
    expect(answers[RACERS / 2]!.status).toBe(200)
    const created = answers.filter((a) => a.status === 201).length
    expect(await rowsOf(venues, f.orgId)).toBe(created)
    // A creation is wholly before the switch (on Pro) or wholly after it (on Free, where the first one
    // takes the only place): never counted on Pro and written on Free. The database's transaction ids
    // order them: a venue written by a transaction newer than the one that last changed the
    // organisation's row (the switch) was written after it.
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${venues} v join ${organisations} o on o.id = v.org_id
          where o.id = ${f.orgId} and v.xmin::text::bigint > o.xmin::text::bigint`,
    )
    expect(after!.n).toBeLessThanOrEqual(1)
    const [org] = await t.db.select({ plan: organisations.plan }).from(organisations).where(eq(organisations.id, f.orgId))
    expect(org!.plan).toBe('free')
    expect((await f.owner.client.post(`${base(f.orgId)}/venues`, { name: 'One more' })).status).toBe(403)
  })
})

describe('a venue deleted while devices and staff are created for it', () => {
  test('no device or member is left naming the deleted venue, and nothing answers 5xx', async () => {
    const f = await freeOrg('pro')
    await createVenue(f.owner, f.orgId, { name: 'Stays' })
    const goes = await createVenue(f.owner, f.orgId, { name: 'Goes' })
    const { answers } = await race((i) =>
      i === 0
        ? f.owner.client.del(`${base(f.orgId)}/venues/${goes}`)
        : i % 2
          ? f.owner.client.post(`${base(f.orgId)}/devices`, { name: `Tablet ${i}`, venueId: goes })
          : f.owner.client.post(`${base(f.orgId)}/staff`, { name: `Cook ${i}`, role: 'BASIC', venueIds: [goes] }),
    )
    for (const a of answers) expect(a.status, a.text).toBeLessThan(500)
    const [venueLeft] = await t.db.select({ id: venues.id }).from(venues).where(eq(venues.id, goes))
    if (!venueLeft) {
      expect(answers[0]!.status).toBeLessThan(300)
      const stale = await t.db
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.orgId, f.orgId), sql`${goes}::uuid = any(${memberships.venueIds})`))
      expect(stale).toEqual([])
      expect(await t.db.select({ id: devices.id }).from(devices).where(eq(devices.venueId, goes))).toEqual([])
    }
  })
})

describe('invitations', () => {
  async function invite(email: string) {
    const res = await o.owner.client.post(`${base()}/staff`, { name: 'Ivy Invited', email, role: 'BASIC' })
    expect(res.status, res.text).toBe(201)
    const link = linkFrom(await t.mailbox.waitFor(email, /./), '/invite')
    return { memberId: res.json.member.id as string, id: link.searchParams.get('id')!, token: link.searchParams.get('token')! }
  }

  test('accept: twenty at once by the invitee make one active membership', async () => {
    const invitee = await registerUser(t, { name: 'Ivy Invited' })
    const inv = await invite(invitee.email)
    const { answers } = await race(() => invitee.client.post('/v1/auth/invite/accept', { id: inv.id, token: inv.token }))
    expectWinners(answers, 1)
    const rows = await t.db.select().from(memberships).where(and(eq(memberships.orgId, o.orgId), eq(memberships.userId, invitee.user.id)))
    expect(rows.map((r) => r.status)).toEqual(['active'])
  })

  test('register: twenty sign-ups through one invitation make one account and one membership', async () => {
    const email = uniqueEmail('race-reg')
    const inv = await invite(email)
    const { answers } = await race(() => t.client().post('/v1/auth/invite/register', { id: inv.id, token: inv.token, name: 'Ivy', password: PASSWORD }))
    expectWinners(answers, 1)
    const rows = await t.db.select().from(memberships).where(and(eq(memberships.orgId, o.orgId), eq(memberships.id, inv.memberId)))
    expect(rows[0]!.status).toBe('active')
  })

  test('resend: twenty at once send one new invitation, and its link is the live one', async () => {
    const email = uniqueEmail('race-resend')
    const inv = await invite(email)
    const before = mailsTo(email)
    const { answers } = await race(() => o.owner.client.post(`${base()}/staff/${inv.memberId}/resend-invite`))
    expectWinners(answers, 1)
    await settleMail()
    expect(mailsTo(email)).toBe(before + 1)
    const link = linkFrom(await t.mailbox.waitFor(email, /./), '/invite')
    expect((await t.client().get(`/v1/auth/invite?${link.searchParams}`)).status).toBe(200)
  })

  test('twenty invitations to one address at once: one membership, one e-mail', async () => {
    const email = uniqueEmail('race-same')
    const { answers } = await race(() => o.owner.client.post(`${base()}/staff`, { name: 'Sam Same', email, role: 'BASIC' }))
    expectWinners(answers, 1)
    expect(await t.db.$count(memberships, and(eq(memberships.orgId, o.orgId), eq(memberships.email, email)))).toBe(1)
    await settleMail()
    expect(mailsTo(email)).toBe(1)
  })

  test('revoke: twenty at once remove the invitation once', async () => {
    const inv = await invite(uniqueEmail('race-revoke'))
    const { answers } = await race(() => o.owner.client.del(`${base()}/staff/${inv.memberId}`))
    expectWinners(answers, 1)
    expect((await t.client().get(`/v1/auth/invite?id=${inv.id}&token=${inv.token}`)).status).toBe(404)
  })
})

describe('staff', () => {
  test('removal: twenty at once remove the member once', async () => {
    const member = await addMember(t, o.orgId, 'BASIC')
    const { answers } = await race(() => o.admin.client.del(`${base()}/staff/${member.membershipId}`))
    expectWinners(answers, 1)
  })

  test('two owners demoting each other ten times each at once leave exactly one owner', async () => {
    const f = await freeOrg('pro')
    const second = await addMember(t, f.orgId, 'OWNER')
    const [first] = await t.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.orgId, f.orgId), eq(memberships.userId, f.owner.user.id)))
    const { answers } = await race((i) =>
      i % 2 ? f.owner.client.put(`${base(f.orgId)}/staff/${second.membershipId}`, { role: 'ADMIN' }) : second.client.put(`${base(f.orgId)}/staff/${first!.id}`, { role: 'ADMIN' }),
    )
    for (const a of answers) expect(a.status, a.text).toBeLessThan(500)
    const owners = await t.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.orgId, f.orgId), eq(memberships.role, 'OWNER'), eq(memberships.status, 'active')))
    expect(owners).toHaveLength(1)
  })

  test('an owner removing the other owner while being removed: one owner stays', async () => {
    const f = await freeOrg('pro')
    const second = await addMember(t, f.orgId, 'OWNER')
    const [first] = await t.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.orgId, f.orgId), eq(memberships.userId, f.owner.user.id)))
    const { answers } = await race((i) => (i % 2 ? f.owner.client.del(`${base(f.orgId)}/staff/${second.membershipId}`) : second.client.del(`${base(f.orgId)}/staff/${first!.id}`)))
    expectWinners(answers, 1)
    const owners = await t.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.orgId, f.orgId), eq(memberships.role, 'OWNER'), eq(memberships.status, 'active')))
    expect(owners).toHaveLength(1)
  })
})

describe('devices', () => {
  test('a login link is used once of twenty tries at once', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA, 'Race tablet')
    const link = await loginLink(o.admin, o.orgId, device.id)
    const now = new Date()
    const outcomes = await Promise.all(Array.from({ length: RACERS }, () => useLoginLink(t.db, link.id, link.token, now)))
    expect(outcomes.filter((x) => typeof x === 'object')).toHaveLength(1)
  })

  test('twenty links generated at once leave one live link', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA, 'Link tablet')
    const { answers } = await race(() => o.admin.client.post(`${base()}/devices/${device.id}/login/generate`))
    for (const a of answers) expect(a.status, a.text).toBe(201)
    const live = await t.db
      .select({ id: deviceLoginLinks.id })
      .from(deviceLoginLinks)
      .where(and(eq(deviceLoginLinks.deviceId, device.id), isNull(deviceLoginLinks.usedAt), isNull(deviceLoginLinks.voidedAt)))
    expect(live).toHaveLength(1)
  })

  test('revoke: twenty deletes at once delete the device once', async () => {
    const device = await createDevice(o.admin, o.orgId, o.venueA, 'Doomed tablet')
    const { answers } = await race(() => o.admin.client.del(`${base()}/devices/${device.id}`))
    expectWinners(answers, 1)
  })
})

describe('records', () => {
  test('sign-off: twenty at once sign the day off once', async () => {
    const c = await createChecklist(t, o.orgId, { requiresSignOff: true, items: [{ type: 'yes_no', label: 'Gas off?' }] })
    const done = await o.basic.client.post(`${base()}/checklist-entries/${c.id}/items/${c.items[0]!.id}/complete`, { venueId: o.venueA, value: 'yes' })
    expect(done.status, done.text).toBe(201)
    const { answers } = await race(() => o.admin.client.post(`${base()}/checklist-entries/${c.id}/sign-off`, { venueId: o.venueA }))
    expectWinners(answers, 1)
    expect(await t.db.select().from(checklistSignOffs).where(eq(checklistSignOffs.checklistId, c.id))).toHaveLength(1)
  })

  test('a checklist failure is resolved once of twenty tries at once', async () => {
    const c = await createChecklist(t, o.orgId, { items: [{ type: 'yes_no', label: 'Clean?' }] })
    const path = `${base()}/checklist-entries/${c.id}/items/${c.items[0]!.id}`
    expect((await o.basic.client.post(`${path}/complete`, { venueId: o.venueA, value: 'no' })).json.record.status).toBe('failed')
    const { answers } = await race(() => o.basic.client.post(`${path}/resolve`, { venueId: o.venueA, note: 'Cleaned' }))
    expectWinners(answers, 1)
    const resolutions = await t.db.select().from(recordResolutions).innerJoin(records, eq(records.id, recordResolutions.recordId)).where(eq(records.itemId, c.items[0]!.id))
    expect(resolutions).toHaveLength(1)
  })

  test('a temperature failure is resolved once of twenty tries at once', async () => {
    const log = await o.admin.client.post(`${base()}/temperatures`, { name: 'Race fridges' })
    const unit = await o.admin.client.post(`${base()}/temperatures/${log.json.temperature.id}/items`, { label: 'Walk-in', kind: 'fridge' })
    const list = await o.basic.client.get(`${base()}/venues/${o.venueA}/temperature-entries`)
    const entryId = (list.json.temperatures as { id: string; entryId: string }[]).find((l) => l.id === log.json.temperature.id)!.entryId
    const path = `${base()}/temperature-entries/${entryId}/items/${unit.json.item.id}`
    expect((await o.basic.client.post(`${path}/complete`, { value: '12' })).json.record.status).toBe('failed')
    const { answers } = await race(() => o.basic.client.post(`${path}/resolve`, { note: 'Door shut' }))
    expectWinners(answers, 1)
    const resolutions = await t.db.select().from(recordResolutions).innerJoin(records, eq(records.id, recordResolutions.recordId)).where(eq(records.itemId, unit.json.item.id))
    expect(resolutions).toHaveLength(1)
  })
})

describe('archive, restore and delete', () => {
  test('a template archived and restored by twenty at once: one state, placed last once', async () => {
    const c = await createChecklist(t, o.orgId, { name: 'Race template' })
    const archived = await race(() => o.admin.client.post(`${base()}/checklists/${c.id}/archive`))
    // Archiving is idempotent: every answer is the same archived template, archived at one instant.
    for (const a of archived.answers) expect(a.status, a.text).toBe(200)
    expect(new Set(archived.answers.map((a) => JSON.parse(a.text).checklist.archivedAt)).size).toBe(1)
    const restored = await race(() => o.admin.client.post(`${base()}/checklists/${c.id}/restore`))
    for (const a of restored.answers) expect(a.status, a.text).toBe(200)
    expect(new Set(restored.answers.map((a) => JSON.parse(a.text).checklist.position)).size).toBe(1)
  })

  test('a recipe, a contact and a venue deleted by twenty at once are deleted once', async () => {
    const recipe = await o.admin.client.post(`${base()}/recipes`, { name: 'Race soup', venueIds: [] })
    expect(recipe.status, recipe.text).toBe(201)
    expectWinners((await race(() => o.admin.client.del(`${base()}/recipes/${recipe.json.recipe.id}`))).answers, 1)
    const contact = await o.admin.client.post(`${base()}/contacts`, { name: 'Race Plumbing' })
    expect(contact.status, contact.text).toBe(201)
    expectWinners((await race(() => o.admin.client.del(`${base()}/contacts/${contact.json.contact.id}`))).answers, 1)
    const venueId = await createVenue(o.owner, o.orgId, { name: 'Race venue' })
    expectWinners((await race(() => o.owner.client.del(`${base()}/venues/${venueId}`))).answers, 1)
  })
})

describe('alerts', () => {
  test('twenty scans at the same instant send each overdue alert once', async () => {
    const logger = pino({ level: 'silent' })
    const deps = { db: t.db, config: t.config, mailer: createMailer({ smtpUrl: t.mailbox.url, from: t.config.MAIL_FROM, dataDir: t.config.DATA_DIR, logger }), logger }
    await createChecklist(t, o.orgId, { name: 'Racing ovens', dueTime: '16:00', venueIds: [o.venueA], items: [{ type: 'check', label: 'Oven on' }] })
    const now = instantOf(todayIn('Europe/Madrid'), '16:30', 'Europe/Madrid')
    const results = await Promise.all(Array.from({ length: RACERS }, () => runAlertScan(deps, now)))
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(2)
    for (const email of [o.owner.email, o.admin.email]) await waitForMailCount(t, email, /Racing ovens/, 1)
    await settleMail()
    expect(mailsAbout(t, o.owner.email, /Racing ovens/)).toHaveLength(1)
    expect(mailsAbout(t, o.admin.email, /Racing ovens/)).toHaveLength(1)
  })
})
