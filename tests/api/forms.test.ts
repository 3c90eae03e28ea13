/**
 * Public forms (issue #15, docs/decisions/033-public-forms-and-support.md): contact, support and
 * early access are stored and e-mailed to SUPPORT_EMAIL over real SMTP, with an acknowledgement in the
 * sender's language; a honeypot and a time trap drop bots silently; 429 per IP and per address.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formSubmissions } from '../../server/db/schema.ts'
import { createTestApp, uniqueEmail, type TestApp } from '../support/app.ts'
import { FILES, uploadFile } from '../support/checklists.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError, freshIp, mailsTo } from './_helpers.ts'

const SUPPORT = 'help@mise.test'
let t: TestApp
let o: OrgWithActors
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: SUPPORT })
  o = await createOrgWithActors(t)
})
afterAll(() => t.close())

const stored = (email: string) => t.db.select().from(formSubmissions).where(eq(formSubmissions.senderEmail, email))
const anonymous = (headers?: Record<string, string>) => t.client({ ip: freshIp(), headers })

describe('the contact form', () => {
  test('stored, e-mailed to support with every field, acknowledged to the sender in English', async () => {
    const email = uniqueEmail('contact')
    const ip = freshIp()
    const res = await t.client({ ip }).post('/v1/forms/contact', { name: 'Carla Contact', email, company: 'Harbour Café', message: 'How much is Pro\nfor 3 venues?', website: '', startedAt: Date.now() - 60_000 })
    expect(res.status, res.text).toBe(202)
    expect(res.json).toEqual({ ok: true })

    const [row] = await stored(email)
    expect(row).toMatchObject({ kind: 'contact', senderName: 'Carla Contact', locale: 'en', fields: { company: 'Harbour Café', message: 'How much is Pro\nfor 3 venues?' } })
    expect(row!.ipHash).toMatch(/^[0-9a-f]{32}$/)
    expect(row!.ipHash).not.toContain(ip)

    const toSupport = await t.mailbox.waitFor(SUPPORT, /contact from Carla Contact/)
    expect(toSupport.text).toContain(`From: Carla Contact <${email}>`)
    expect(toSupport.text).toContain('company: Harbour Café')
    expect(toSupport.text).toContain('How much is Pro\nfor 3 venues?')
    const ack = await t.mailbox.waitFor(email, /We received your message/)
    expect(ack.text).toContain('Hello Carla Contact,')
  })

  test('the acknowledgement is in the sender’s language (the body’s, else the request’s)', async () => {
    const email = uniqueEmail('es')
    expect((await anonymous({ 'accept-language': 'es-ES' }).post('/v1/forms/contact', { name: 'Elena', email, message: 'Hola' })).status).toBe(202)
    expect((await t.mailbox.waitFor(email, /Hemos recibido tu mensaje/)).text).toContain('Hola, Elena:')
    const other = uniqueEmail('es-body')
    expect((await anonymous().post('/v1/forms/contact', { name: 'Eva', email: other, message: 'Hola', locale: 'es' })).status).toBe(202)
    await t.mailbox.waitFor(other, /Hemos recibido tu mensaje/)
    expect((await stored(other))[0]!.locale).toBe('es')
  })

  test('clear field errors; nothing stored', async () => {
    const data = expectError(await anonymous().post('/v1/forms/contact', { name: ' ', email: 'not-an-address', message: '' }), 'ValidationError', {
      data: ['name', 'email', 'message'],
    })!
    expect(data).toEqual({ name: 'This field is required', email: 'Enter a valid e-mail address', message: 'This field is required' })
    expectError(await anonymous().post('/v1/forms/contact', { name: 'A', email: uniqueEmail(), message: 'x', phone: '1' }), 'ValidationError', { data: ['phone'] })
    expectError(await anonymous().post('/v1/forms/contact', 'name=A', { 'content-type': 'application/x-www-form-urlencoded' }), 'BadRequestError', { message: null })
  })
})

describe('bots', () => {
  test('the honeypot filled: 202 as for anyone, but nothing stored and no mail', async () => {
    const email = uniqueEmail('bot')
    const res = await anonymous().post('/v1/forms/contact', { name: 'Bot', email, message: 'Buy now', website: 'http://spam.example' })
    expect(res.status).toBe(202)
    expect(await stored(email)).toEqual([])
    await new Promise((r) => setTimeout(r, 300))
    expect(mailsTo(t, email, /.*/)).toEqual([])
  })

  test('the time trap: sent less than 3 seconds after the form was served is dropped the same way', async () => {
    const fast = uniqueEmail('fast')
    expect((await anonymous().post('/v1/forms/early-access', { name: 'Speedy', email: fast, startedAt: Date.now() - 500 })).status).toBe(202)
    expect(await stored(fast)).toEqual([])
    const person = uniqueEmail('person')
    expect((await anonymous().post('/v1/forms/early-access', { name: 'Patient', email: person, venues: 3, startedAt: Date.now() - 20_000 })).status).toBe(202)
    expect((await stored(person))[0]).toMatchObject({ kind: 'early-access', fields: { venues: '3' } })
    await t.mailbox.waitFor(person, /You are on the early-access list/)
  })
})

describe('rate limits (429 with Retry-After)', () => {
  test('10 an hour from one IP address', async () => {
    const client = anonymous()
    for (let i = 0; i < 10; i++) expect((await client.post('/v1/forms/early-access', { name: `N${i}`, email: uniqueEmail('ip') })).status).toBe(202)
    const refused = await client.post('/v1/forms/early-access', { name: 'One more', email: uniqueEmail('ip') })
    expectError(refused, 'TooManyRequestsError')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another kind of form, and another address, are counted apart.
    expect((await client.post('/v1/forms/contact', { name: 'Still', email: uniqueEmail('ip'), message: 'ok' })).status).toBe(202)
    expect((await anonymous().post('/v1/forms/early-access', { name: 'Other IP', email: uniqueEmail('ip') })).status).toBe(202)
  })

  test('5 an hour from one e-mail address, whatever the IP', async () => {
    const email = uniqueEmail('same')
    for (let i = 0; i < 5; i++) expect((await anonymous().post('/v1/forms/contact', { name: 'Same', email, message: `#${i}` })).status).toBe(202)
    expectError(await anonymous().post('/v1/forms/contact', { name: 'Same', email: email.toUpperCase(), message: '#6' }), 'TooManyRequestsError')
    expect(await stored(email)).toHaveLength(5)
  })
})

describe('support requests', () => {
  test('a member’s request carries their organisation, venue and screenshot; support gets a link to it', async () => {
    const up = await uploadFile(t, o.basic.client, o.orgId, { bytes: FILES.png(), name: 'screen.png' })
    expect(up.status, up.text).toBe(201)
    const res = await o.basic.client.post('/v1/forms/support', {
      name: 'Bea Basic',
      email: o.basic.email,
      subject: 'Export is empty',
      message: 'The PDF has no rows',
      orgId: o.orgId,
      venueId: o.venueA,
      uploadId: up.json.id,
    })
    expect(res.status, res.text).toBe(202)
    const [row] = await stored(o.basic.email)
    expect(row).toMatchObject({ kind: 'support', userId: o.basic.user.id, orgId: o.orgId, venueId: o.venueA, uploadId: up.json.id, fields: { subject: 'Export is empty' } })
    const mail = await t.mailbox.waitFor(SUPPORT, /support from Bea Basic: Export is empty/)
    expect(mail.text).toContain(`Organisation: ${o.orgId}`)
    expect(mail.text).toContain(`Screenshot: http://localhost:3999/v1/orgs/${o.orgId}/uploads/${up.json.id}`)
    await t.mailbox.waitFor(o.basic.email, /We received your support request/)
  })

  test('only one’s own organisation, its venues and one’s own upload may be attached', async () => {
    const base = { name: 'X', email: uniqueEmail('x'), subject: 'S', message: 'M' }
    expectError(await anonymous().post('/v1/forms/support', { ...base, orgId: o.orgId }), 'ValidationError', { data: ['orgId'] })
    expectError(await o.outsider.client.post('/v1/forms/support', { ...base, orgId: o.orgId }), 'ValidationError', { data: ['orgId'] })
    expectError(await o.basic.client.post('/v1/forms/support', { ...base, orgId: o.orgId, venueId: o.outsider.venueId }), 'ValidationError', { data: ['venueId'] })
    expectError(await o.basic.client.post('/v1/forms/support', { ...base, venueId: o.venueA }), 'ValidationError', { data: ['venueId'] })
    const others = await uploadFile(t, o.admin.client, o.orgId, { bytes: FILES.png(), name: 'admin.png' })
    expectError(await o.basic.client.post('/v1/forms/support', { ...base, orgId: o.orgId, uploadId: others.json.id }), 'ValidationError', { data: ['uploadId'] })
    expect(await stored(base.email)).toEqual([])
  })
})
