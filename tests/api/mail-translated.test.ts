/**
 * No e-mail carries a translation key or an unfilled `{{placeholder}}` (issue #39), in English or
 * Spanish: every message the app sends, made by its real sender through /v1 (verification and its
 * resend, password reset, invitation and its resend, public-form acknowledgements and the copy to
 * support, the supplier's order, cancellation and credit request), and the alert e-mails (overdue,
 * failure, digest) from their template; all received over real SMTP, subject, text and HTML read. Each
 * template module's every `…Mail` export must have been sent here, so a new e-mail joins the sweep.
 */
import { inArray } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as alertTemplates from '../../server/alerts/mail.ts'
import { users } from '../../server/db/schema.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import * as mailTemplates from '../../server/mail/templates.ts'
import * as orderTemplates from '../../server/orders/mail.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { createSupplier } from '../support/contacts.ts'
import type { ReceivedMail } from '../support/mailbox.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { untranslated } from '../support/untranslated.ts'
import { registerUser, waitForMailCount } from './_helpers.ts'

let t: TestApp
let o: OrgWithActors

beforeAll(async () => {
  t = await createTestApp()
  o = await createOrgWithActors(t)
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, [o.owner.user.id]))
})
afterAll(() => t.close())

const LOCALES = ['en', 'es'] as const

/** Each message: what a reader sees of it (subject, text, and the HTML's words and attributes). */
function problems(mail: ReceivedMail): string[] {
  const html = mail.html
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/\s(?:href|src)="[^"]*"/gi, ' ')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
  return [mail.subject, mail.text, html].flatMap((part) => untranslated(part)).map((found) => `"${mail.subject}" to ${mail.to.join(', ')}: ${found}`)
}

/** Do what sends a message to the address, and return that message once it has arrived. */
async function mailed(to: string, send: () => Promise<unknown>) {
  const before = t.mailbox.messages.filter((m) => m.to.includes(to.toLowerCase())).length
  const res = await send()
  if (res && typeof res === 'object' && 'status' in res) expect((res as { status: number }).status, (res as { text?: string }).text).toBeLessThan(300)
  return waitForMailCount(t, to, /./, before + 1)
}

test('every e-mail, in English and Spanish, has its words and its values filled in', async () => {
  const sent = new Set<string>()
  const received: ReceivedMail[] = []
  const org = `/v1/orgs/${o.orgId}`
  const supplierEmail = 'orders@freshfarm.example'
  const supplier = await createSupplier(o.owner.client, o.orgId, { email: supplierEmail, venueId: o.venueA })

  for (const locale of LOCALES) {
    // Verification, and its resend.
    const person = await registerUser(t, { name: 'Núria Nueva', locale })
    received.push(await waitForMailCount(t, person.email, /./, 1))
    received.push(await mailed(person.email, () => person.client.post('/v1/auth/verification/resend')))
    sent.add('verifyEmailMail')
    // A password reset.
    received.push(await mailed(person.email, () => t.client().post('/v1/auth/forgot-password', { email: person.email })))
    sent.add('resetPasswordMail')

    // The owner writes in this language: invitations go out in it, and the supplier's e-mails too.
    expect((await o.owner.client.put('/v1/profile', { locale })).status).toBe(200)
    const invitee = `invitee.${locale}@example.com`
    const invite = await mailed(invitee, () => o.owner.client.post(`${org}/staff`, { name: 'Iván Invitado', email: invitee, role: 'BASIC' }))
    received.push(invite)
    const member = (await o.owner.client.get(`${org}/staff`)).json.staff.find((m: { email: string | null }) => m.email === invitee)
    received.push(await mailed(invitee, () => o.owner.client.post(`${org}/staff/${member.id}/resend-invite`)))
    sent.add('inviteMail')

    // The public forms: an acknowledgement to the sender in their language, and the copy to support.
    for (const [kind, body] of [
      ['contact', { company: 'Harbour Café', message: 'How much is Pro for 3 venues?' }],
      ['early-access', { company: 'Harbour Café', venues: 3 }],
      ['support', { subject: 'The fridge log', message: 'The walk-in shows twice.' }],
    ] as const) {
      const email = `${kind}.${locale}@example.com`
      received.push(
        await mailed(email, () => t.client().post(`/v1/forms/${kind}`, { name: 'Carla Contact', email, locale, website: '', startedAt: Date.now() - 60_000, ...body })),
      )
      received.push(await waitForMailCount(t, t.config.SUPPORT_EMAIL, new RegExp(`${kind}.*Carla Contact`), LOCALES.indexOf(locale) + 1))
    }
    sent.add('formAckMail').add('formToSupportMail')

    // The supplier: an order sent, then cancelled; another received short, with a credit request.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const draft = async () => {
      const res = await o.owner.client.post(`${org}/venues/${o.venueA}/orders`, {
        supplierId: supplier.contact.id,
        deliveryDate: tomorrow,
        notes: 'Back door, please',
        lines: [{ productId: supplier.products[0]!.id, onHand: 3.5 }, { name: 'Eggs', quantity: 30, unit: 'each', note: 'free range' }],
      })
      expect(res.status, res.text).toBe(201)
      return res.json.order
    }
    const cancelled = await draft()
    received.push(await mailed(supplierEmail, () => o.owner.client.post(`${org}/orders/${cancelled.id}/send`)))
    received.push(await mailed(supplierEmail, () => o.owner.client.post(`${org}/orders/${cancelled.id}/cancel`)))
    const short = await draft()
    received.push(await mailed(supplierEmail, () => o.owner.client.post(`${org}/orders/${short.id}/send`)))
    const receive = await o.owner.client.post(`${org}/orders/${short.id}/receive`, {
      lines: [
        { lineId: short.lines[0].id, receivedQuantity: 2 },
        { lineId: short.lines[1].id, receivedQuantity: 30, issue: 'damaged', note: 'Two cracked' },
      ],
    })
    expect(receive.status, receive.text).toBe(200)
    received.push(await mailed(supplierEmail, () => o.owner.client.post(`${org}/orders/${short.id}/credit-request`)))
    // A third order the supplier changes through its link: the person who sent it is told, in their language.
    const changed = await draft()
    const orderMail = await mailed(supplierEmail, () => o.owner.client.post(`${org}/orders/${changed.id}/send`))
    received.push(orderMail)
    const token = new URL(orderMail.text.match(/https?:\/\/\S*\/supplier\/orders\/\S+/)![0]).searchParams.get('token')!
    const change = { token, lines: [{ lineId: changed.lines[1].id, quantity: 24 }], note: 'Only 24 eggs' }
    received.push(await mailed(o.owner.email, () => t.client().post(`/v1/supplier/orders/${changed.id}/confirm`, change)))
    sent.add('orderMail').add('cancelMail').add('creditMail').add('supplierChangedMail')

    // The alerts, from their template, through the real mailer (the scan's own tests cover when they go).
    const mailer = createMailer({ smtpUrl: t.mailbox.url, from: t.config.MAIL_FROM, dataDir: 'memory://', logger: pino({ level: 'silent' }) })
    const to = `alerts.${locale}@example.com`
    const common = {
      locale,
      to,
      name: 'Ana Admin',
      appName: t.config.APP_NAME,
      orgName: 'Harbour Group',
      venueName: 'Quay',
      link: 'http://localhost:3999/alerts/open?to=%2Fchecklists',
      unsubscribeLink: 'http://localhost:3999/unsubscribe?token=abc',
    }
    const event = { date: '2026-11-24', templateName: 'Opening checks', label: 'Walk-in door shut', dueTime: '09:00' }
    const digest = { score: 86, due: 7, onTime: 5, late: 1, missed: 1, missedNames: ['Closing checks'], unresolved: [{ templateName: 'Fridges', label: 'Walk-in', date: '2026-11-23' }] }
    for (const input of [
      { ...common, event: { ...event, kind: 'overdue' as const } },
      { ...common, event: { ...event, kind: 'overdue' as const, dueTime: null } },
      { ...common, event: { ...event, kind: 'failure' as const } },
      { ...common, event: { ...event, kind: 'digest' as const }, digest },
      { ...common, event: { ...event, kind: 'digest' as const }, digest: { ...digest, score: null, missedNames: [], unresolved: [] } },
      { ...common, event: { ...event, kind: 'digest' as const }, digest: { ...digest, unresolved: [...digest.unresolved, { templateName: 'Fridges', label: 'Reach-in', date: '2026-11-24' }] } },
    ]) {
      received.push(await mailed(to, () => mailer.send(alertTemplates.alertMail(input))))
    }
    sent.add('alertMail')
  }

  // Both languages were sent (a Spanish subject for each English one), and nothing slipped through.
  expect(received.length).toBeGreaterThan(40)
  expect(received.flatMap(problems)).toEqual([])
  const templates = [mailTemplates, orderTemplates, alertTemplates].flatMap((m) => Object.keys(m).filter((name) => /Mail$/.test(name)))
  expect(templates.filter((name) => !sent.has(name))).toEqual([])
})
